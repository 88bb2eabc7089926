"""The person's own side of `passport play`, as plain data (no Rich here):
their hand grouped by what each card is good for, and the options of a
decision in words. Only the person's seat is read (R7.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Phase
from engine import cards as C
from engine.actions import decode

from ..table.narrate import listing
from ..table.view import CardLabel, card_label


@dataclass(frozen=True)
class HandGroup:
    title: str
    cards: list[CardLabel]
    note: str = ""


@dataclass(frozen=True)
class HandView:
    size: int
    limit: int
    groups: list[HandGroup]
    ready: str | None           # "You can travel to Peru now." or None


@dataclass(frozen=True)
class Choice:
    number: int
    action: int
    label: str
    note: str = ""


@dataclass
class Menu:
    """A decision put to the person: what is decided, what it is about, the options."""
    title: str
    context: list[str] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)


# ---- the hand -------------------------------------------------------------------------

def hand_view(game, seat: int) -> HandView:
    """The seat's own hand, grouped by what each card is good for."""
    hand = game.hand(seat)
    destination, center = game.destination(seat), game.center
    kinds = [C.card_kind(c) for c in hand]
    left = list(hand)
    groups = []

    def take(test):
        picked = [c for c in left if test(c)]
        for c in picked:
            left.remove(c)
        return [card_label(c) for c in picked]

    def one_of_each(needed):
        """A copy of each kind in `needed` (travel discards one, R6)."""
        ones = [next((c for c in left if C.card_kind(c) == k), None) for k in needed]
        return take(lambda c: c in ones)

    credit = C.CREDIT_CARD in hand
    for country in dict.fromkeys([destination, center]):
        needed = C.REQUIRED_KINDS[country]
        cards = one_of_each(needed)
        missing = [C.ITEM_KINDS[k] for k in needed if k not in kinds]
        note = f"missing {listing(missing)}" if missing else "all three items"
        if missing and credit and len(missing) == 1:
            note += " (Mom's Credit Card can stand in)"
        title = f"For {C.COUNTRIES[country]}" + (" (center)" if country == center else "")
        groups.append(HandGroup(title, cards, note))
    passports = take(lambda c: C.card_kind(c) == C.KIND_PASSPORT)
    groups.append(HandGroup("Passport", passports,
                            "" if passports else "none: you can't travel without one"))
    postcards = take(lambda c: C.card_kind(c) == C.KIND_POSTCARD)
    if postcards:
        groups.append(HandGroup("Postcards", postcards, f"{len(postcards)} of 4 to win"))
    specials = take(lambda c: C.FIRST_SPECIAL <= c < C.FIRST_FORBIDDEN)
    if specials:
        groups.append(HandGroup("Special items", specials))
    forbidden = take(lambda c: C.FIRST_FORBIDDEN <= c < C.FIRST_POSTCARD)
    if forbidden:
        bribe = " unless you use a Bribe" if C.BRIBE in hand else ""
        them = "them" if len(forbidden) > 1 else "it"
        groups.append(HandGroup("Forbidden", forbidden, f"you can't travel holding {them}{bribe}"))
    spares = take(lambda c: C.card_kind(c) in C.REQUIRED_KINDS[destination]
                  or C.card_kind(c) in C.REQUIRED_KINDS[center])
    if spares:
        groups.append(HandGroup("Spare copies", spares, "you hold another of each"))
    others = take(lambda c: True)
    if others:
        groups.append(HandGroup("Other items", others))
    ready = None
    if not game.over and game.decider == seat and game.active == seat:
        if any(decode(a).name in ("travel", "travel-card") for a in game.legal_actions()):
            ready = f"You can travel to {C.COUNTRIES[destination]} now."
    return HandView(len(hand), game.hand_limit(seat), groups, ready)


# ---- the card tracker -----------------------------------------------------------------

@dataclass(frozen=True)
class TrackedKind:
    """Where the copies of one kind are, as far as a seat knows."""
    kind: str
    copies: int                 # in this game (R3: two of each item, a passport a player ...)
    yours: int
    seen: list[tuple[str, int]]  # (player, copies) known in another hand
    discarded: int
    unseen: int                 # in the draw pile or in a hand the seat has not seen


def tracker(game, seat: int, names: list[str]) -> list[TrackedKind]:
    """Every kind of card in the game, its copies placed as `seat` knows
    them: its own hand, what it has seen of other hands, the discard pile
    (public), and the rest, unseen (R7.4)."""
    discard = [C.card_kind(c) for c in game.discard_pile()]
    hands = {other: [C.card_kind(c) for c in game.hand(other)
                     if other == seat or game.knows(seat, c)]
             for other in range(game.players)}
    rows = []
    for kind in range(C.NUM_KINDS):
        copies = game.copies(kind)
        if not copies:
            continue
        seen = [(names[other], hands[other].count(kind)) for other in range(game.players)
                if other != seat and kind in hands[other]]
        yours, discarded = hands[seat].count(kind), discard.count(kind)
        rows.append(TrackedKind(C.KIND_NAMES[kind], copies, yours, seen, discarded,
                                copies - yours - discarded - sum(n for _, n in seen)))
    return rows


# ---- choices ---------------------------------------------------------------------------

def needed_kinds(game, seat: int) -> set[int]:
    return set(C.REQUIRED_KINDS[game.destination(seat)]) | set(C.REQUIRED_KINDS[game.center])


def choice_note(game, seat: int, action: int, picked=()) -> str:
    """A word on what an option costs or gives the person (their own cards
    only); `picked`: the cards already chosen for the same payment or offer."""
    d = decode(action)
    if d.name == "card":
        kind = C.card_kind(d.arg)
        kept = [c for c in game.hand(seat)
                if C.card_kind(c) == kind and c != d.arg and c not in picked]
        needing = [country for country in dict.fromkeys((game.destination(seat), game.center))
                   if kind in C.REQUIRED_KINDS[country]]  # each trip discards a copy (R6)
        if needing:
            return ("a spare copy" if len(kept) >= len(needing)
                    else f"needed for {C.COUNTRIES[needing[0]]}")
        if kind == C.KIND_PASSPORT and d.arg in game.hand(seat):
            return "" if kept else "your only passport"
    if d.name == "yes" and game.phase == Phase.TRADE_REPLY:
        return reply_note(game, seat)
    if d.name == "kind":  # a kind to ask for in a trade: one the person lacks and needs
        held = {C.card_kind(c) for c in game.hand(seat)}
        if d.arg not in held and (d.arg in needed_kinds(game, seat)
                                  or d.arg == C.KIND_PASSPORT):  # no travel without one (R6)
            return "needed"
    return ""


def reply_note(game, seat: int) -> str:
    """What accepting the pending offer takes from the person that they need
    and does not give back: their only passport (R6: no travel without one),
    items of their next destination or the center."""
    _, given, asked = game.pending_offer()
    hand = game.hand(seat)
    held = [C.card_kind(c) for c in hand]
    back = [C.card_kind(c) for c in given]

    def none_left(kind):
        return held.count(kind) + back.count(kind) <= asked.count(kind)
    if C.KIND_PASSPORT in asked and none_left(C.KIND_PASSPORT):
        return ("you would give your only passport" if held.count(C.KIND_PASSPORT) == 1
                else "you would give every passport")
    needed = [C.ITEM_KINDS[k] for k in dict.fromkeys(asked)
              if k in needed_kinds(game, seat) and none_left(k)]
    return f"you would give up {listing(needed)}, which you need" if needed else ""


def choices(game, seat: int, names: list[str]) -> list[Choice]:
    """The legal actions, numbered from 1, with words a person reads."""
    return [Choice(number, action.id, action.text, choice_note(game, seat, action.id))
            for number, action in enumerate(game.actions(names), 1)]
