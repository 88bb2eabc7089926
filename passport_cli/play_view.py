"""What the person at the table sees, as plain data (no Rich here).

This module is where `passport play` applies R7.4 for the person's seat: it
reads the game and keeps only what that seat may know — its own hand, the
public table, and the cards of other hands that `game.knows(seat, card)`
says it has seen. The rendering code never sees the game.

`watch` and `replay` use the same table for a spectator: the viewer PUBLIC
(narrate.PUBLIC) sees the cards every seat knows, the viewer None every card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import cards as C
from engine.actions import decode

from .narrate import PUBLIC, card_words, listing

@dataclass(frozen=True)
class CardLabel:
    """One card as shown: its words, its playing-card index (R11.8), and a flag."""
    words: str
    index: str = ""
    flag: str = ""  # "forbidden", "passport", "" ...


@dataclass(frozen=True)
class SeatRow:
    name: str
    you: bool
    active: bool
    character: str | None
    hand_size: int
    heading_for: str            # the next destination
    needs: list[str]            # its required items
    visited: list[str]          # countries this seat traveled to
    known: list[str]            # cards of this hand the viewer knows (its own: all)


@dataclass(frozen=True)
class TableView:
    round: int
    active: str
    center: str
    center_needs: list[str]
    seats: list[SeatRow]
    draw_size: int
    box_size: int
    discard_size: int
    discard_top: list[str]      # top few, oldest first, the top last
    strike: str | None          # whose next turn ends an Airline Strike
    extensions: list[str]
    cards_title: str = "Known cards"    # the heading of the `known` column
    own_listed: bool = False    # the viewer's own row lists its hand in `known`


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


# ---- cards ---------------------------------------------------------------------------

def card_label(card: int) -> CardLabel:
    kind = C.card_kind(card)
    flag = ("forbidden" if kind >= C.FIRST_FORBIDDEN_KIND else
            "passport" if kind == C.KIND_PASSPORT else "")
    return CardLabel(card_words(card), C.playing_card_index(card), flag)


def required(country: int) -> list[str]:
    return [C.ITEM_KINDS[k] for k in C.REQUIRED_KINDS[country]]


# ---- the table ------------------------------------------------------------------------

def known_cards(game, viewer: int | None, seat: int) -> list[int]:
    """The cards of `seat`'s hand that `viewer` knows: a seat's own knowledge,
    what every seat knows (PUBLIC), or the whole hand (None)."""
    hand = game.hand(seat)
    if viewer is None or viewer == seat:
        return hand
    if viewer == PUBLIC:
        return [c for c in hand if all(game.knows(s, c) for s in range(game.players))]
    return [c for c in hand if game.knows(viewer, c)]


def table_view(game, viewer: int | None, names: list[str], own_listed: bool = False) -> TableView:
    """The public table, and what `viewer` knows of the other hands (a seat,
    PUBLIC or None, as in `known_cards`). With `own_listed` the viewer's own
    row lists its hand too (replays, which show no separate hand)."""
    rows = []
    for seat in range(game.players):
        destination = game.destination(seat)
        character = game.character(seat)
        known = known_cards(game, viewer, seat)
        rows.append(SeatRow(
            name=names[seat], you=seat == viewer, active=seat == game.active and not game.over,
            character=C.CHARACTERS[character].removeprefix("The ") if character is not None else None,
            hand_size=game.hand_size(seat),
            heading_for=C.COUNTRIES[destination] + (" (center)" if destination == game.center else ""),
            needs=required(destination),
            visited=[C.COUNTRIES[c] for c in game.visited(seat)],
            known=([card_words(c) for c in known]
                   if seat != viewer or own_listed else []),
        ))
    discard = game.discard_pile()
    strike = game.strike_seat
    return TableView(
        round=game.round,
        active="game over" if game.over else
        "your turn" if game.active == viewer else f"{names[game.active]}'s turn",
        center=C.COUNTRIES[game.center],
        center_needs=required(game.center), seats=rows, draw_size=len(game.draw_pile()),
        box_size=len(game.box()), discard_size=len(discard),
        discard_top=[card_words(c) for c in discard[-4:]],
        strike=names[strike] if strike is not None else None,
        extensions=game.config.extension_names,
        cards_title=("Cards in hand" if viewer is None else
                     "Known to all" if viewer == PUBLIC else "Known cards"),
        own_listed=own_listed,
    )


def end_summary(game, names: list[str], viewer: int | None = None):
    """(headline, [(name, countries visited, final hand)]) of a finished game;
    the viewer's seat is told as "You"."""
    outcome = game.outcome
    if outcome.winner is None:
        headline = f"Round {outcome.rounds} was the last (the round cap): nobody won."
    else:
        who = "You" if outcome.winner == viewer else names[outcome.winner]
        how = {"center": f"traveled to the center country, {C.COUNTRIES[game.center]},",
               "postcards": "collected 4 postcards"}[outcome.reason]
        headline = f"{who} {how} and won in round {outcome.rounds}."
    hands = [(names[s], [C.COUNTRIES[c] for c in game.visited(s)],
              [card_words(c) for c in game.hand(s)])
             for s in range(game.players)]
    return headline, hands


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

    credit = C.CREDIT_CARD in hand
    for country in dict.fromkeys([destination, center]):
        needed = C.REQUIRED_KINDS[country]
        cards = take(lambda c, needed=needed: C.card_kind(c) in needed)
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
        groups.append(HandGroup("Forbidden", forbidden, f"you can't travel holding it{bribe}"))
    others = take(lambda c: True)
    if others:
        groups.append(HandGroup("Other items", others))
    ready = None
    if not game.over and game.decider == seat and game.active == seat:
        if any(decode(a).name in ("travel", "travel-card") for a in game.legal_actions()):
            ready = f"You can travel to {C.COUNTRIES[destination]} now."
    return HandView(len(hand), game.hand_limit(seat), groups, ready)


# ---- choices ---------------------------------------------------------------------------

def needed_kinds(game, seat: int) -> set[int]:
    return set(C.REQUIRED_KINDS[game.destination(seat)]) | set(C.REQUIRED_KINDS[game.center])


def choice_note(game, seat: int, action: int) -> str:
    """A word on what an option costs or gives the person (their own cards only)."""
    d = decode(action)
    if d.name == "card":
        kind = C.card_kind(d.arg)
        if kind in C.REQUIRED_KINDS[game.destination(seat)]:
            return f"needed for {C.COUNTRIES[game.destination(seat)]}"
        if kind in C.REQUIRED_KINDS[game.center]:
            return f"needed for {C.COUNTRIES[game.center]}"
        if kind == C.KIND_PASSPORT and d.arg in game.hand(seat):
            others = [c for c in game.hand(seat) if C.card_kind(c) == C.KIND_PASSPORT]
            return "your only passport" if len(others) == 1 else ""
    if d.name == "kind":
        held = {C.card_kind(c) for c in game.hand(seat)}
        if d.arg in needed_kinds(game, seat) and d.arg not in held:
            return "needed"
    return ""


def choices(game, seat: int, names: list[str]) -> list[Choice]:
    """The legal actions, numbered from 1, with words a person reads."""
    return [Choice(number, action.id, action.text, choice_note(game, seat, action.id))
            for number, action in enumerate(game.actions(names), 1)]
