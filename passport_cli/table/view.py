"""The table as a person sees it, as plain data (no Rich here): what
`passport play`, `watch` and `replay` all show of a game.

This module is where R7.4 is applied for a viewer: it reads the game and
keeps only what that viewer may know — a seat's own hand, the public table,
and the cards of other hands that `game.knows(seat, card)` says it has seen.
The viewer PUBLIC (narrate.PUBLIC), a spectator, sees the cards every seat
knows; the viewer None every card. The rendering code never sees the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import cards as C

from .narrate import PUBLIC, card_words, listing


@dataclass(frozen=True)
class CardLabel:
    """One card as shown: its words, its playing-card index (R11.8), and a flag."""
    words: str
    index: str = ""
    flag: str = ""  # "forbidden", "passport", "" ...


# Each character's ability in a few words (R9.5), shown under the table.
CHARACTER_EFFECTS = {
    "Backpacker": "hand limit 9",
    "Smuggler": "may give a forbidden item of their own to anyone, as an action",
    "Collector": "recycling costs 1 card",
    "Pickpocket": "stealing costs no card",
    "Diplomat": "2 bonus cards after a trade they proposed",
    "Jetsetter": "draws 2 cards",
}


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
    round_cap: int              # after this round the game ends without a winner
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
    threats: list[str] = field(default_factory=list)  # rivals near a win, as the viewer knows


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


def threats(game, viewer: int | None, names: list[str], known=None,
            you: int | None = None) -> list[str]:
    """The other players close to a win, from what `viewer` knows of their
    hands (`known_cards`, or `known[seat]` when the caller has them):
    postcards toward the 4 that win (R9.4), and the items of their next
    trip (R6: the center's is the winning one). The seat `you` is told in
    the second person."""
    lines = []
    for seat in range(game.players):
        if seat == viewer or game.over:
            continue
        cards = known[seat] if known is not None else known_cards(game, viewer, seat)
        kinds = [C.card_kind(c) for c in cards]
        postcards = kinds.count(C.KIND_POSTCARD)
        who, hold, are = (("You", "hold", "are") if seat == you else
                          (names[seat], "holds", "is"))
        if postcards >= 2:
            lines.append(f"{who} {hold} {postcards} postcards: 4 win.")
        destination = game.destination(seat)
        held = [C.ITEM_KINDS[k] for k in C.REQUIRED_KINDS[destination] if k in kinds]
        stand_in = C.KIND_CREDIT_CARD in kinds  # Mom's Credit Card for a third item (R9.2)
        where = C.COUNTRIES[destination] + (" (the center)" if destination == game.center else "")
        if len(held) == 3 or (len(held) == 2 and stand_in):
            lines.append(f"{who} {hold} what {where} asks for.")
        elif len(held) == 2:
            lines.append(f"{who} {are} one item from {where}: {hold} {listing(held)}.")
    return lines


def table_view(game, viewer: int | None, names: list[str], own_listed: bool = False,
               you: int | None = None) -> TableView:
    """The public table, and what `viewer` knows of the other hands (a seat,
    PUBLIC or None, as in `known_cards`). With `own_listed` the viewer's own
    row lists its hand too (replays, which show no separate hand). The
    viewer, or the seat `you`, is told in the second person."""
    you = viewer if you is None else you
    rows = []
    knowns = [known_cards(game, viewer, seat) for seat in range(game.players)]
    for seat, known in enumerate(knowns):
        destination = game.destination(seat)
        character = game.character(seat)
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
        round_cap=game.config.round_cap,
        active="game over" if game.over else
        "your turn" if game.active == you else f"{names[game.active]}'s turn",
        center=C.COUNTRIES[game.center],
        center_needs=required(game.center), seats=rows, draw_size=len(game.draw_pile()),
        box_size=len(game.box()), discard_size=len(discard),
        discard_top=[card_words(c) for c in discard[-4:]],
        strike=names[strike] if strike is not None else None,
        extensions=game.config.extension_names,
        cards_title=("Cards in hand" if viewer is None else
                     "Known to all" if viewer == PUBLIC else "Known cards"),
        own_listed=own_listed,
        threats=threats(game, viewer, names, knowns, you),
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


def game_summary(game, steps, names: list[str], viewer: int | None = None) -> list[str]:
    """How each player's game went, a sentence each: offers made and how many
    were accepted, steals, and how close they came (what their next trip
    still lacked, their postcards). Only public facts: every step here was
    seen by all, and a finished game's hands are shown anyway."""
    offers = [0] * game.players
    accepted = [0] * game.players
    steals = [0] * game.players
    last_offer = None
    for step in steps:
        if step.type == "offer":
            offers[step.seat] += 1
            last_offer = step.seat
        elif step.type == "reply" and step["accept"] and last_offer is not None:
            accepted[last_offer] += 1
        elif step.type == "steal":
            steals[step.seat] += 1
    postcards = game.config.extensions & C.EXT_POSTCARDS
    lines = []
    for seat in range(game.players):
        who = "You" if seat == viewer else names[seat]
        trades = (f"{offers[seat]} offer{'s' if offers[seat] != 1 else ''} "
                  f"({accepted[seat]} accepted)")
        stole = f"{steals[seat]} steal{'s' if steals[seat] != 1 else ''}"
        if game.outcome.winner == seat:
            close = "won"
        else:
            held = {C.card_kind(c) for c in game.hand(seat)}
            destination = game.destination(seat)
            lacking = [C.ITEM_KINDS[k] for k in C.REQUIRED_KINDS[destination] if k not in held]
            if C.KIND_PASSPORT not in held:
                lacking.insert(0, "a passport")
            close = (f"{listing(lacking)} short of {C.COUNTRIES[destination]}" if lacking
                     else f"ready to travel to {C.COUNTRIES[destination]}")
        line = f"{who}: {trades}, {stole}; {close}"
        if postcards:
            count = sum(C.card_kind(c) == C.KIND_POSTCARD for c in game.hand(seat))
            line += f"; {count} postcard{'s' if count != 1 else ''}"
        lines.append(line + ".")
    return lines
