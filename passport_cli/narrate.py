"""Game records told in plain words, from one seat's point of view (R7.4).

    narrate(steps, names, viewer=0)      -> ["Bo drew a card.", "You stole Camera from Cy.", ...]
    narrate(steps, names, viewer=PUBLIC) -> what every seat knows ("Bo drew a card.")
    narrate(steps, names, viewer=None)   -> every card named (watch --reveal, replay --all)

`steps` are RECORD.md steps (dicts with seat, action and moves), as
`GameRecorder.steps` holds them or a record file stores them. A viewer is
told only what that seat saw: public moves (the discard pile, trades,
travel, shown hands, events), the cards it drew, stole, lost or looked at
itself, and nothing else. A card another seat drew is "a card". The
PUBLIC viewer, a spectator, is told a private card only when every seat
saw it (the engine's own test for public knowledge: a steal in a
two-player game), so it hears no more than any one player.

Plain Python on purpose, importing only the card tables: `play`, `watch`
and `replay` all tell games with it, and it never sees a Game.
"""

from __future__ import annotations

import re

from engine import cards as C

# Steps that only the seat whose turn it is makes: a change of their seat
# starts a new turn (every turn holds at least one, the action).
TURN_STEPS = frozenset({
    "refill", "draw", "recycle", "offer", "steal", "travel", "dispose", "smuggle",
    "local-guide", "trading-post", "map", "upgrade", "declare", "binoculars",
})
EVENT_NAMES = frozenset(C.EVENTS)
COUNTRY_NAMES = frozenset(C.COUNTRIES)
# A viewer that is no seat: a spectator told what every seat knows (R7.4).
PUBLIC = -1


def card_words(card: str) -> str:
    """A record card id as a person says it: `Camera#2` -> `Camera`."""
    return re.sub(r"#\d+$", "", card)


def listing(words: list[str], conjunction: str = "and") -> str:
    """['a', 'b', 'c'] -> 'a, b and c'; [] -> 'nothing'."""
    words = list(words)
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def with_article(kind: str) -> str:
    """'Umbrella' -> 'an Umbrella'; plural and possessive names stay as they are
    ('Chopsticks', 'Mom's Credit Card')."""
    if kind.startswith("Mom's") or kind.endswith("s"):
        return kind
    return ("an " if kind[0].lower() in "aeiou" else "a ") + kind


def cards_words(cards: list[str]) -> str:
    return listing([card_words(c) for c in cards])


def count_words(n: int, thing: str = "card") -> str:
    return f"a {thing}" if n == 1 else f"{n} {thing}s"


class Teller:
    """Says who did what, in the second person for the viewer."""

    def __init__(self, names: list[str], viewer: int | None):
        self.names = list(names)
        self.viewer = viewer

    def who(self, seat: int) -> str:
        """Subject: 'You' or the seat's name."""
        return "You" if seat == self.viewer else self.names[seat]

    def whom(self, seat: int) -> str:
        """Object: 'you' or the seat's name."""
        return "you" if seat == self.viewer else self.names[seat]

    def whose(self, seat: int) -> str:
        return "your" if seat == self.viewer else f"{self.names[seat]}'s"

    def sees(self, *seats: int) -> bool:
        """Whether the viewer saw a private card that only `seats` saw."""
        if self.viewer == PUBLIC:
            return set(range(len(self.names))) <= set(seats)
        return self.viewer is None or self.viewer in seats


def seat_of(place: str) -> int | None:
    """'hand:2' -> 2; places without a seat -> None."""
    if ":" in place:
        return int(place.split(":")[1])
    return None


def turns(steps: list[dict]) -> list[int]:
    """For each step, the number of the turn it belongs to (0 for the first
    turn in `steps`): a turn starts where the seat making turn steps changes."""
    numbers, turn, active = [], -1, None
    for step in steps:
        if step["action"]["type"] in TURN_STEPS and step["seat"] != active:
            turn, active = turn + 1, step["seat"]
        numbers.append(max(turn, 0))
    return numbers


def narrate(steps: list[dict], names: list[str], viewer: int | None = None) -> list[str]:
    """Every step's sentences, in order."""
    out: list[str] = []
    for step in steps:
        out.extend(narrate_step(step, names, viewer))
    return out


def narrate_step(step: dict, names: list[str], viewer: int | None = None) -> list[str]:
    """The sentences of one record step, as `viewer` saw it (a seat; PUBLIC:
    what every seat saw; None: every card is named)."""
    t = Teller(names, viewer)
    seat, action, moves = step["seat"], step["action"], list(step["moves"])
    kind = action["type"]
    told = _TELLERS.get(kind, _tell_unknown)
    sentences, rest = told(t, seat, action, moves)
    return sentences + _consequences(t, seat, rest)


# ---- one function per step type: (teller, seat, action, moves) -> (sentences, moves left) ----

def _take(moves: list, test) -> list:
    """Remove and return the leading moves that pass `test`."""
    taken = []
    while moves and isinstance(moves[0], list) and test(moves[0]):
        taken.append(moves.pop(0))
    return taken


def _tell_refill(t, seat, action, moves):
    return [f"{t.whose(seat).capitalize()} hand was empty at the start of the turn."], moves


def _tell_draw(t, seat, action, moves):
    if not moves:  # R7.2: no card left to draw anywhere
        return [f"{t.who(seat)} drew nothing: there was no card left to draw."], moves
    return [], moves  # the draws (and any events) tell themselves


def _tell_recycle(t, seat, action, moves):
    hand = f"hand:{seat}"
    _take(moves, lambda m: m[1] == hand and m[2] == "discard")
    _take(moves, lambda m: m[1] == "discard" and m[2] == hand)
    return [f"{t.who(seat)} recycled {cards_words(action['pay'])} and took "
            f"{card_words(action['take'])} from the discard pile."], moves


def _tell_offer(t, seat, action, moves):
    asked = listing([with_article(k) for k in action["ask"]])
    return [f"{t.who(seat)} offered {t.whom(action['to'])} {cards_words(action['give'])} "
            f"for {asked}."], moves


def _tell_reply(t, seat, action, moves):
    if not action["accept"]:
        return [f"{t.who(seat)} declined the offer."], moves
    given = _take(moves, lambda m: m[2] == f"hand:{seat}" and m[1].startswith("hand:"))
    returned = _take(moves, lambda m: m[1] == f"hand:{seat}" and m[2].startswith("hand:"))
    offerer = seat_of(given[0][1]) if given else (seat_of(returned[0][2]) if returned else None)
    if offerer is None:
        return [f"{t.who(seat)} accepted the offer."], moves
    return [f"{t.who(seat)} accepted: {t.who(offerer) if t.viewer != offerer else 'you'} "
            f"gave {cards_words([m[0] for m in given])} and got "
            f"{cards_words([m[0] for m in returned])}."], moves


def _stolen(t, thief, victim, moves) -> str:
    """What was stolen, as the viewer may know it; the move is consumed."""
    stolen = _take(moves, lambda m: m[1] == f"hand:{victim}" and m[2] == f"hand:{thief}")
    return card_words(stolen[0][0]) if stolen and t.sees(thief, victim) else "a card"


def _tell_steal(t, seat, action, moves):
    victim, pay = action["from"], action["pay"]
    _take(moves, lambda m: m[1] == f"hand:{seat}" and m[2] == "discard")
    paid = f"paid {card_words(pay)} and " if pay else ""
    if any(isinstance(m, list) and m[1] == f"hand:{victim}" for m in moves):
        # Without Special items there is no Mousetrap: the steal happens at once.
        card = _stolen(t, seat, victim, moves)
        return [f"{t.who(seat)} {paid}stole {card} from {t.whom(victim)}."], moves
    paid = f"paid {card_words(pay)} to steal" if pay else "set out to steal"
    return [f"{t.who(seat)} {paid} from {t.whom(victim)}."], moves


def _tell_mousetrap(t, seat, action, moves):
    if action["play"]:
        _take(moves, lambda m: m[0] == C.SPECIALS[1] and m[2] == "discard")
        return [f"{t.who(seat)} sprang a Mousetrap: the steal failed and the thief's turn "
                "ended."], moves
    victim = seat
    theft = [m for m in moves if isinstance(m, list) and m[1] == f"hand:{victim}"
             and m[2].startswith("hand:")]
    if not theft:
        return [], moves
    thief = seat_of(theft[0][2])
    card = _stolen(t, thief, victim, moves)
    return [f"{t.who(thief)} stole {card} from {t.whom(victim)}."], moves


def _tell_travel(t, seat, action, moves):
    shown = []
    while moves and isinstance(moves[0], dict) and "reveal" in moves[0]:
        shown = moves.pop(0)["reveal"]["cards"]
    _take(moves, lambda m: m[1] == f"hand:{seat}" and m[2] == "discard")
    country = _take(moves, lambda m: m[2].startswith("visited:"))
    center = bool(country) and country[0][1] == "center"
    where = f"the center country, {action['to']}," if center else action["to"]
    sentence = (f"{t.who(seat)} traveled to {where} with {cards_words(action['use'])}, "
                f"showing {'your' if seat == t.viewer else 'their'} hand: {cards_words(shown)}.")
    sentences = [sentence]
    if center:
        sentences.append(f"{t.who(seat)} won the game!" if seat != t.viewer else "You won the game!")
    return sentences, moves


def _tell_dispose(t, seat, action, moves):
    _take(moves, lambda m: m[1] == f"hand:{seat}" and m[2] == "discard")
    return [f"{t.who(seat)} disposed of {action['forbidden']} together with "
            f"{card_words(action['with'])}."], moves


def _tell_smuggle(t, seat, action, moves):
    _take(moves, lambda m: m[1] == f"hand:{seat}" and m[2].startswith("hand:"))
    return [f"{t.who(seat)} smuggled {action['card']} into {t.whose(action['to'])} hand."], moves


def _special_played(t, seat, moves, name) -> None:
    _take(moves, lambda m: m[0] == name and m[1] == f"hand:{seat}" and m[2] == "discard")


def _tell_local_guide(t, seat, action, moves):
    _special_played(t, seat, moves, "Local Guide")
    seen = [m[0] for m in _take(moves, lambda m: m[1] == "draw" and m[2] == "look")]
    _take(moves, lambda m: m[1] == "look" and m[2] == f"hand:{seat}")
    _take(moves, lambda m: m[1] == "look" and m[2] == "draw-bottom")
    if t.sees(seat):
        took = card_words(action["take"]) if action["take"] else "nothing (only events)"
        return [f"{t.who(seat)} played the Local Guide, saw {cards_words(seen)} on top of the "
                f"draw pile and took {took}; the rest went to the bottom."], moves
    took = "took one of them" if action["take"] else "could take none of them"
    return [f"{t.who(seat)} played the Local Guide: looked at the top "
            f"{count_words(len(seen))} of the draw pile and {took}."], moves


def _tell_trading_post(t, seat, action, moves):
    _special_played(t, seat, moves, "Trading Post")
    seen = [m[0] for m in _take(moves, lambda m: m[1] == "draw" and m[2] == "look")]
    _take(moves, lambda m: "look" in (m[1], m[2]) and f"hand:{seat}" in (m[1], m[2]))
    _take(moves, lambda m: m[1] == "look" and m[2] == "draw-bottom")
    swaps = action["swaps"]
    if t.sees(seat):
        traded = listing([f"{card_words(given)} for {card_words(taken)}" for given, taken in swaps])
        what = f"swapped {traded}" if swaps else "swapped nothing"
        return [f"{t.who(seat)} played the Trading Post, saw {cards_words(seen)} on top of the "
                f"draw pile and {what}."], moves
    return [f"{t.who(seat)} played the Trading Post and swapped {count_words(len(swaps))} with "
            "the top of the draw pile."], moves


def _tell_map(t, seat, action, moves):
    _special_played(t, seat, moves, "Poorly Drawn Map")
    target = action["target"]
    on = "on " + ("your own country" if target == seat == t.viewer
                  else "their own country" if target == seat else t.whom(target))
    sentences = [f"{t.who(seat)} played the Poorly Drawn Map {on}."]
    sentences += _country_swaps(t, moves)
    return sentences, moves


def _tell_upgrade(t, seat, action, moves):
    _special_played(t, seat, moves, "First-Class Upgrade")
    return [f"{t.who(seat)} played the First-Class Upgrade: two actions this turn."], moves


def _tell_declare(t, seat, action, moves):
    _take(moves, lambda m: m[1] == f"hand:{seat}" and m[2] == "discard")
    return [f"{t.who(seat)} played the Customs Declaration and discarded "
            f"{action['forbidden']}."], moves


def _tell_binoculars(t, seat, action, moves):
    _special_played(t, seat, moves, "Binoculars")
    return [f"{t.who(seat)} looked at {t.whose(action['target'])} hand with the Binoculars."], moves


def _tell_discard(t, seat, action, moves):
    _take(moves, lambda m: m[1] == f"hand:{seat}" and m[2] == "discard")
    return [f"{t.who(seat)} discarded {cards_words(action['cards'])} "
            "(over the hand limit)."], moves


def _tell_unknown(t, seat, action, moves):
    return [f"{t.who(seat)}: {action['type']}."], moves


_TELLERS = {
    "refill": _tell_refill, "draw": _tell_draw, "recycle": _tell_recycle,
    "offer": _tell_offer, "reply": _tell_reply, "steal": _tell_steal,
    "mousetrap": _tell_mousetrap, "travel": _tell_travel, "dispose": _tell_dispose,
    "smuggle": _tell_smuggle, "local-guide": _tell_local_guide,
    "trading-post": _tell_trading_post, "map": _tell_map, "upgrade": _tell_upgrade,
    "declare": _tell_declare, "binoculars": _tell_binoculars, "discard": _tell_discard,
}


# ---- what follows a step's own moves: draws, events, shuffles ---------------------------

def _country_swaps(t, moves: list) -> list[str]:
    """Leading `[own, table:N, box]`, `[new, box, table:N]` pairs, told."""
    out = []
    while len(moves) >= 2 and isinstance(moves[0], list) and moves[0][1].startswith("table:") \
            and moves[0][2] == "box" and isinstance(moves[1], list) and moves[1][1] == "box":
        old, new = moves.pop(0), moves.pop(0)
        owner = seat_of(old[1])
        out.append(f"{t.whose(owner).capitalize()} own country {old[0]} went back to the box; "
                   f"{t.whom(owner) if owner == t.viewer else t.names[owner]} "
                   f"now {'need' if owner == t.viewer else 'needs'} {new[0]} instead.")
    return out


def _draws(t, moves: list) -> str | None:
    """A leading run of draws into one hand, told."""
    first = moves[0]
    hand = first[2]
    drawn = _take(moves, lambda m: m[1] == "draw" and m[2] == hand)
    seat = seat_of(hand)
    if t.sees(seat):
        return f"{t.who(seat)} drew {cards_words([m[0] for m in drawn])}."
    return f"{t.who(seat)} drew {count_words(len(drawn))}."


def _event(t, name: str, moves: list, drawer: int | None) -> list[str]:
    """An event drawn: what it did, up to its closing move."""
    by = f"{t.who(drawer)} drew" if drawer is not None else "Drawn:"
    out = [f"{by} the event {name}!"]
    effects = []
    while moves:
        move = moves[0]
        if isinstance(move, list) and move[0] == name and move[1] == "event":
            moves.pop(0)
            break
        if isinstance(move, dict) and "reveal" in move:
            shown = moves.pop(0)["reveal"]
            effects.append(f"{t.who(shown['seat'])} showed {cards_words(shown['cards'])}.")
        elif isinstance(move, dict) and "shuffle" in move:
            effects.append(_shuffle(moves.pop(0)))
        elif isinstance(move, list) and move[1].startswith("table:"):
            effects += _country_swaps(t, moves) or [_fallback(t, moves.pop(0))]
        elif isinstance(move, list) and move[1].startswith("hand:") and move[2] == "discard":
            moves.pop(0)
            effects.append(f"{t.who(seat_of(move[1]))} lost {card_words(move[0])} "
                           "(caught holding a forbidden item).")
        elif isinstance(move, list) and move[1].startswith("hand:") and move[2].startswith("hand:"):
            moves.pop(0)
            giver, receiver = seat_of(move[1]), seat_of(move[2])
            card = card_words(move[0]) if t.sees(giver, receiver) else "a card"
            effects.append(f"{t.who(giver)} passed {card} to {t.whom(receiver)}.")
        else:
            effects.append(_fallback(t, moves.pop(0)))
    if name == "Airline Strike":
        until = f"{t.whose(drawer)} next turn" if drawer is not None else "the drawer's next turn"
        out.append(f"Nobody may travel until {until}.")
    elif name == "Lost Luggage":
        out.append("Every player passed a random card to the player on their left.")
    elif name == "Customs Check":
        out.append("Every hand was shown.")
    elif name == "Civil Unrest":
        out.append("Every own country still on the table was swapped for one from the box.")
    return out + effects


def _shuffle(entry: dict) -> str:
    return (f"The discard pile ({count_words(len(entry['shuffle']))}) was shuffled into a new "
            "draw pile.")


def _fallback(t, move) -> str:
    """Any other move, told as plainly as the viewer may see it."""
    if not isinstance(move, list):
        return ""
    card, source, dest = move
    src, dst = seat_of(source) if source.startswith("hand:") else None, \
        seat_of(dest) if dest.startswith("hand:") else None
    if card in COUNTRY_NAMES:
        return f"{card} moved from {source} to {dest}."
    if src is not None and dest == "discard":
        return f"{t.who(src)} discarded {card_words(card)}."
    if source == "discard" and dst is not None:
        return f"{t.who(dst)} took {card_words(card)} from the discard pile."
    if src is not None and dst is not None:
        shown = card_words(card) if t.sees(src, dst) else "a card"
        return f"{shown[0].upper() + shown[1:]} passed from {t.whom(src)} to {t.whom(dst)}."
    if dst is not None:
        shown = card_words(card) if t.sees(dst) else "a card"
        return f"{t.who(dst)} got {shown}."
    return ""


def _consequences(t, seat: int, moves: list) -> list[str]:
    """Draws, events and shuffles left after a step's own moves."""
    out = []
    while moves:
        move = moves[0]
        if isinstance(move, dict) and "event" in move:
            moves.pop(0)
            drawer = _next_drawer(moves)
            out += _event(t, move["event"], moves, seat if drawer is None else drawer)
        elif isinstance(move, dict) and "shuffle" in move:
            out.append(_shuffle(moves.pop(0)))
        elif isinstance(move, dict) and "reveal" in move:
            shown = moves.pop(0)["reveal"]
            out.append(f"{t.who(shown['seat'])} showed {cards_words(shown['cards'])}.")
        elif isinstance(move, list) and move[1] == "draw" and move[2].startswith("hand:"):
            out.append(_draws(t, moves))
        else:
            out.append(_fallback(t, moves.pop(0)))
    return [sentence for sentence in out if sentence]


def _next_drawer(moves: list) -> int | None:
    """The drawer of an event: the seat of the replacement draw after it closes."""
    closing = None
    for i, move in enumerate(moves):
        if isinstance(move, list) and move[1] == "event":
            closing = i
            break
    if closing is None:
        return None
    for move in moves[closing + 1:]:
        if isinstance(move, list) and move[1] == "draw" and move[2].startswith("hand:"):
            return seat_of(move[2])
        if isinstance(move, dict) and "event" in move:
            continue
    return None
