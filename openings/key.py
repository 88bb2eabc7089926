"""The key of an early decision: what a seat knows at the first decision of
one of its first turns, abstracted so that positions that play the same
share a key (docs/openings.md).

    key = opening_key(view)          # None: not a book decision
    move = action_class(view, a)     # ("trade", 1): an action relative to the seat
    a = class_action(view, move)     # back to an action id, if legal there

Only what the seat may know goes in (R7.4): the key is read from
`engine.seen.state_seen_by(view)`, the state in words that an outside
program is told, so a hidden card can't reach it. Cards are abstracted by
role: a passport, an item the seat's next trip needs (its own country
until it has been there, then the center), an item the trip after needs
(the center), a second copy of a needed kind, any other item, and each
special item, forbidden item and postcard by what it is. Seats are counted
from the deciding seat (+1 is the next to play), so the key does not depend
on which seat number the table gave.
"""

from __future__ import annotations

from collections import Counter

from engine import cards as C
from engine.actions import decode, encode
from engine.seen import state_seen_by
from engine.steps import CARD_IDS

# The rounds whose first decisions have keys: a game's opening.
BOOK_ROUNDS = 2
# Raised whenever what a key holds changes: a book of other keys is refused.
KEY_VERSION = 1
# Actions whose argument is a seat: relative to the deciding seat in a class.
SEAT_ACTIONS = frozenset({"trade", "steal", "map", "binoculars"})

_COUNTRY_IDS = {name: country for country, name in enumerate(C.COUNTRIES)}


def _needs(country: str) -> set[int]:
    return set(C.REQUIRED_KINDS[_COUNTRY_IDS[country]])


def opening_key(view) -> str | None:
    """The key of `view`'s decision, or None when it is not a book decision:
    the first decision of one of the seat's turns in the first BOOK_ROUNDS
    rounds (a main decision before any action or declined offer)."""
    if view.phase.label != "main" or not view.legal_actions:
        return None
    state = state_seen_by(view)
    seat, players = view.seat, view.config.players
    if (state["round"] > BOOK_ROUNDS or state["active"] != seat or state["declined_offers"]
            or state["actions_taken"]):
        return None
    own = state["countries"][seat]
    trip = _needs(own) if own is not None else _needs(state["center"])
    later = _needs(state["center"]) - trip if own is not None else set()
    roles: Counter = Counter()
    seen_kinds: Counter = Counter()
    for name in state["hand"]:
        card = CARD_IDS[name]
        kind = C.CARD_KINDS[card]
        seen_kinds[kind] += 1
        roles[_role(card, kind, trip, later, seen_kinds[kind])] += 1
    needed = trip | later | {C.KIND_PASSPORT}
    rivals = []
    for step in range(1, players):
        other = (seat + step) % players
        known = [C.CARD_KINDS[CARD_IDS[name]] for name in state["known_cards"][other]]
        useful = sum(kind in needed for kind in known)
        rivals.append(f"+{step}:{state['hand_sizes'][other]}/{useful}")
    recyclable = sum(C.CARD_KINDS[CARD_IDS[name]] in needed for name in state["discard_pile"])
    parts = [f"v{KEY_VERSION}", f"p{players}", f"x{view.config.extensions}",
             f"r{state['round']}", f"s{(seat - state['start_seat']) % players}",
             "hand " + " ".join(f"{role}{count}" for role, count in sorted(roles.items())),
             "rivals " + " ".join(rivals), f"discard {recyclable}"]
    if own is None:
        parts.append("home")  # the seat has been to its own country
    if state["characters"] is not None:
        parts.append(f"as {state['characters'][seat]}")
    if state["strike_seat"] is not None:
        parts.append(f"strike +{(state['strike_seat'] - seat) % players}")
    return " | ".join(parts)


def _role(card: int, kind: int, trip: set[int], later: set[int], copy: int) -> str:
    if kind == C.KIND_PASSPORT:
        return "passport"
    if card >= C.FIRST_SPECIAL:  # specials, forbidden items and postcards by what they are
        return C.KIND_NAMES[kind].replace(" ", "-").lower()
    if kind in trip:
        return "trip" if copy == 1 else "spare"
    if kind in later:
        return "later" if copy == 1 else "spare"
    return "other"


def action_class(view, action: int) -> tuple[str, int]:
    """An action of `view`'s seat as a book stores it: its name, and its
    argument, a seat counted from the deciding seat for SEAT_ACTIONS."""
    decoded = decode(action)
    if decoded.name in SEAT_ACTIONS:
        return decoded.name, (decoded.arg - view.seat) % view.config.players
    return decoded.name, decoded.arg


def class_action(view, move: tuple[str, int]) -> int | None:
    """The action id of a book move in `view`, or None when it is not legal
    there (a book move is always checked before it is played)."""
    name, arg = move
    if name in SEAT_ACTIONS:
        if not 0 <= arg < view.config.players:
            return None
        arg = (view.seat + arg) % view.config.players
    try:
        action = encode(name, arg)
    except ValueError:
        return None
    return action if action in view.legal_actions else None
