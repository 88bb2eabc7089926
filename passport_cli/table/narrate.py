"""Game steps told in plain words, from one seat's point of view (R7.4).

    narrate(steps, names, viewer=0)      -> ["Bo drew a card.", "You stole Camera from Cy.", ...]
    narrate(steps, names, viewer=PUBLIC) -> what every seat knows ("Bo drew a card.")
    narrate(steps, names, viewer=None)   -> every card named (watch --reveal, replay --all)

`steps` are record steps as values (`engine.steps.Step`: a recorder's
`steps`, or `Step.from_record` of a record file's). A viewer is told only
what that seat saw: public moves (the discard pile, trades, travel, shown
hands, events), the cards it drew, stole, lost or looked at itself, and
nothing else. A card another seat drew is "a card". The PUBLIC viewer, a
spectator, is told a private card only when every seat saw it (the
engine's own test for public knowledge: a steal in a two-player game), so it
hears no more than any one player.

Plain Python on purpose, reading only the card tables and the step values:
`play`, `watch` and `replay` all tell games with it, and it never sees a Game.
"""

from __future__ import annotations

from engine import cards as C
from engine.steps import EventDrawn, Move, Place, Reveal, Shuffle, Step, Where, hand

# Steps that only the seat whose turn it is makes: a change of their seat
# starts a new turn (every turn holds at least one, the action).
TURN_STEPS = frozenset({
    "refill", "draw", "recycle", "offer", "steal", "travel", "dispose", "smuggle",
    "local-guide", "trading-post", "map", "upgrade", "declare", "binoculars",
})
# A viewer that is no seat: a spectator told what every seat knows (R7.4).
PUBLIC = -1

DRAW, DRAW_BOTTOM, DISCARD = Place(Where.DRAW), Place(Where.DRAW_BOTTOM), Place(Where.DISCARD)
LOOK, EVENT, BOX = Place(Where.LOOK), Place(Where.EVENT), Place(Where.BOX)


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


def card_words(card: int) -> str:
    """A card as a person names it: `Camera`, `Passport (Ghana)`."""
    return C.CARD_WORDS[card]


def cards_words(cards) -> str:
    """Cards as a person names them, copies counted: 'Camera and two Tents'."""
    return counted([C.CARD_WORDS[c] for c in cards])


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def plural(name: str) -> str:
    """'Tent' -> 'Tents', 'Local Currency' -> 'Local Currencies'; a name
    that ends in s is its own plural ('Chopsticks', 'Binoculars')."""
    if name.endswith("s"):
        return name
    if name.endswith("y") and name[-2:-1] not in tuple("aeiou"):
        return name[:-1] + "ies"
    return name + "s"


def counted(names, article: bool = False) -> str:
    """Names listed in their order, the copies of one counted: ['Tent',
    'Camera', 'Tent'] -> 'two Tents and Camera' ('two Tents and a Camera'
    with `article`)."""
    names = list(names)
    parts = []
    for name in dict.fromkeys(names):
        n = names.count(name)
        if n == 1:
            parts.append(with_article(name) if article else name)
        else:
            parts.append(f"{NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else n} {plural(name)}")
    return listing(parts)


def count_words(n: int, thing: str = "card") -> str:
    return f"a {thing}" if n == 1 else f"{n} {thing}s"


class Teller:
    """Says who did what, in the second person for the seat spoken to: the
    viewer, unless `you` names another seat (a replay of a person's game
    speaks to that person from every seat's view)."""

    def __init__(self, names: list[str], viewer: int | None, you: int | None = None):
        self.names = list(names)
        self.viewer = viewer
        self.you = viewer if you is None else you

    def who(self, seat: int) -> str:
        """Subject: 'You' or the seat's name."""
        return "You" if seat == self.you else self.names[seat]

    def whom(self, seat: int) -> str:
        """Object: 'you' or the seat's name."""
        return "you" if seat == self.you else self.names[seat]

    def whose(self, seat: int) -> str:
        return "your" if seat == self.you else f"{self.names[seat]}'s"

    def sees(self, *seats: int) -> bool:
        """Whether the viewer saw a private card that only `seats` saw."""
        if self.viewer == PUBLIC:
            return set(range(len(self.names))) <= set(seats)
        return self.viewer is None or self.viewer in seats


def turns(steps: list[Step]) -> list[int]:
    """For each step, the number of the turn it belongs to (0 for the first
    turn in `steps`): a turn starts where the seat making turn steps changes."""
    numbers, turn, active = [], -1, None
    for step in steps:
        if step.type in TURN_STEPS and step.seat != active:
            turn, active = turn + 1, step.seat
        numbers.append(max(turn, 0))
    return numbers


def narrate(steps: list[Step], names: list[str], viewer: int | None = None) -> list[str]:
    """Every step's sentences, in order."""
    out: list[str] = []
    for step in steps:
        out.extend(narrate_step(step, names, viewer))
    return out


def narrate_step(step: Step, names: list[str], viewer: int | None = None,
                 you: int | None = None) -> list[str]:
    """The sentences of one record step, as `viewer` saw it (a seat; PUBLIC:
    what every seat saw; None: every card is named), told to the viewer or to
    the seat `you`."""
    t = Teller(names, viewer, you)
    moves = list(step.moves)
    told = _TELLERS.get(step.type, _tell_unknown)
    sentences, rest = told(t, step.seat, step, moves)
    return sentences + _consequences(t, step.seat, rest)


# ---- one function per step type: (teller, seat, step, moves) -> (sentences, moves left) ----

def _take(moves: list, test) -> list[Move]:
    """Remove and return the leading moves that pass `test`."""
    taken = []
    while moves and isinstance(moves[0], Move) and test(moves[0]):
        taken.append(moves.pop(0))
    return taken


def _discarded(seat: int, moves: list) -> list[Move]:
    """The leading moves of cards from `seat`'s hand to the discard pile, taken."""
    return _take(moves, lambda m: m.source == hand(seat) and m.dest == DISCARD)


def _tell_refill(t, seat, step, moves):
    return [f"{t.whose(seat).capitalize()} hand was empty at the start of the turn."], moves


def _tell_draw(t, seat, step, moves):
    if not moves:  # R7.2: no card left to draw anywhere
        return [f"{t.who(seat)} drew nothing: there was no card left to draw."], moves
    return [], moves  # the draws (and any events) tell themselves


def _tell_recycle(t, seat, step, moves):
    _discarded(seat, moves)
    _take(moves, lambda m: m.source == DISCARD and m.dest == hand(seat))
    return [f"{t.who(seat)} recycled {cards_words(step['pay'])} and took "
            f"{card_words(step['take'])} from the discard pile."], moves


def _tell_offer(t, seat, step, moves):
    asked = counted([C.KIND_NAMES[k] for k in step["ask"]], article=True)
    return [f"{t.who(seat)} offered {t.whom(step['to'])} {cards_words(step['give'])} "
            f"for {asked}."], moves


def _tell_reply(t, seat, step, moves):
    if not step["accept"]:
        return [f"{t.who(seat)} declined the offer."], moves
    given = _take(moves, lambda m: m.dest == hand(seat) and m.source.is_hand())
    returned = _take(moves, lambda m: m.source == hand(seat) and m.dest.is_hand())
    offerer = given[0].source.seat if given else (returned[0].dest.seat if returned else None)
    if offerer is None:
        return [f"{t.who(seat)} accepted the offer."], moves
    return [f"{t.who(seat)} accepted: {t.whom(offerer)} "
            f"gave {cards_words([m.card for m in given])} and got "
            f"{cards_words([m.card for m in returned])}."], moves


def _stolen(t, thief, victim, moves) -> str:
    """What was stolen, as the viewer may know it; the move is consumed."""
    stolen = _take(moves, lambda m: m.source == hand(victim) and m.dest == hand(thief))
    return card_words(stolen[0].card) if stolen and t.sees(thief, victim) else "a card"


def _tell_steal(t, seat, step, moves):
    victim, pay = step["from"], step["pay"]
    _discarded(seat, moves)
    paid = f"paid {card_words(pay)} and " if pay is not None else ""
    if any(isinstance(m, Move) and m.source == hand(victim) for m in moves):
        # Without Special items there is no Mousetrap: the steal happens at once.
        card = _stolen(t, seat, victim, moves)
        return [f"{t.who(seat)} {paid}stole {card} from {t.whom(victim)}."], moves
    paid = f"paid {card_words(pay)} to steal" if pay is not None else "set out to steal"
    return [f"{t.who(seat)} {paid} from {t.whom(victim)}."], moves


def _tell_mousetrap(t, seat, step, moves):
    if step["play"]:
        _take(moves, lambda m: m.card == C.MOUSETRAP and m.dest == DISCARD)
        return [f"{t.who(seat)} sprang a Mousetrap: the steal failed and the thief's turn "
                "ended."], moves
    victim = seat
    theft = [m for m in moves if isinstance(m, Move) and m.source == hand(victim)
             and m.dest.is_hand()]
    if not theft:
        return [], moves
    thief = theft[0].dest.seat
    card = _stolen(t, thief, victim, moves)
    return [f"{t.who(thief)} stole {card} from {t.whom(victim)}."], moves


def _tell_travel(t, seat, step, moves):
    shown = []
    while moves and isinstance(moves[0], Reveal):
        shown = moves.pop(0).cards
    _discarded(seat, moves)
    country = _take(moves, lambda m: m.dest.where is Where.VISITED)
    center = bool(country) and country[0].source.where is Where.CENTER
    to = C.COUNTRIES[step["to"]]
    where = f"the center country, {to}," if center else to
    sentence = (f"{t.who(seat)} traveled to {where} with {cards_words(step['use'])}, "
                f"showing {'your' if seat == t.you else 'their'} hand: {cards_words(shown)}.")
    sentences = [sentence]
    if center:
        sentences.append(f"{t.who(seat)} won the game!")
    return sentences, moves


def _tell_dispose(t, seat, step, moves):
    _discarded(seat, moves)
    return [f"{t.who(seat)} disposed of {card_words(step['forbidden'])} together with "
            f"{card_words(step['with'])}."], moves


def _tell_smuggle(t, seat, step, moves):
    _take(moves, lambda m: m.source == hand(seat) and m.dest.is_hand())
    return [f"{t.who(seat)} smuggled {card_words(step['card'])} into {t.whose(step['to'])} "
            "hand."], moves


def _special_played(seat, moves, card) -> None:
    _take(moves, lambda m: m.card == card and m.source == hand(seat) and m.dest == DISCARD)


def _tell_local_guide(t, seat, step, moves):
    _special_played(seat, moves, C.LOCAL_GUIDE)
    seen = [m.card for m in _take(moves, lambda m: m.source == DRAW and m.dest == LOOK)]
    _take(moves, lambda m: m.source == LOOK and m.dest == hand(seat))
    _take(moves, lambda m: m.source == LOOK and m.dest == DRAW_BOTTOM)
    if t.sees(seat):
        took = card_words(step["take"]) if step["take"] is not None else "nothing (only events)"
        return [f"{t.who(seat)} played the Local Guide, saw {cards_words(seen)} on top of the "
                f"draw pile and took {took}; the rest went to the bottom."], moves
    took = "took one of them" if step["take"] is not None else "could take none of them"
    return [f"{t.who(seat)} played the Local Guide: looked at the top "
            f"{count_words(len(seen))} of the draw pile and {took}."], moves


def _tell_trading_post(t, seat, step, moves):
    _special_played(seat, moves, C.TRADING_POST)
    seen = [m.card for m in _take(moves, lambda m: m.source == DRAW and m.dest == LOOK)]
    _take(moves, lambda m: LOOK in (m.source, m.dest) and hand(seat) in (m.source, m.dest))
    _take(moves, lambda m: m.source == LOOK and m.dest == DRAW_BOTTOM)
    swaps = step["swaps"]
    if t.sees(seat):
        traded = listing([f"{card_words(given)} for {card_words(taken)}" for given, taken in swaps])
        what = f"swapped {traded}" if swaps else "swapped nothing"
        return [f"{t.who(seat)} played the Trading Post, saw {cards_words(seen)} on top of the "
                f"draw pile and {what}."], moves
    return [f"{t.who(seat)} played the Trading Post and swapped {count_words(len(swaps))} with "
            "the top of the draw pile."], moves


def _tell_map(t, seat, step, moves):
    _special_played(seat, moves, C.POORLY_DRAWN_MAP)
    target = step["target"]
    on = "on " + ("your own country" if target == seat == t.you
                  else "their own country" if target == seat else t.whom(target))
    sentences = [f"{t.who(seat)} played the Poorly Drawn Map {on}."]
    sentences += _country_swaps(t, moves)
    return sentences, moves


def _tell_upgrade(t, seat, step, moves):
    _special_played(seat, moves, C.UPGRADE)
    return [f"{t.who(seat)} played the First-Class Upgrade: two actions this turn."], moves


def _tell_declare(t, seat, step, moves):
    _discarded(seat, moves)
    return [f"{t.who(seat)} played the Customs Declaration and discarded "
            f"{card_words(step['forbidden'])}."], moves


def _tell_binoculars(t, seat, step, moves):
    _special_played(seat, moves, C.BINOCULARS)
    return [f"{t.who(seat)} looked at {t.whose(step['target'])} hand with the Binoculars."], moves


def _tell_discard(t, seat, step, moves):
    _discarded(seat, moves)
    return [f"{t.who(seat)} discarded {cards_words(step['cards'])} "
            "(over the hand limit)."], moves


def _tell_unknown(t, seat, step, moves):
    return [f"{t.who(seat)}: {step.type}."], moves


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
    """Leading (own country: table -> box, new one: box -> table) pairs, told."""
    out = []
    while (len(moves) >= 2 and isinstance(moves[0], Move) and moves[0].source.where is Where.TABLE
           and moves[0].dest == BOX and isinstance(moves[1], Move) and moves[1].source == BOX):
        old, new = moves.pop(0), moves.pop(0)
        owner = old.source.seat
        out.append(f"{t.whose(owner).capitalize()} own country {C.COUNTRIES[old.card]} went back "
                   f"to the box; {t.whom(owner)} "
                   f"now {'need' if owner == t.you else 'needs'} {C.COUNTRIES[new.card]} "
                   "instead.")
    return out


def _draws(t, moves: list) -> str:
    """A leading run of draws into one hand, told."""
    into = moves[0].dest
    drawn = _take(moves, lambda m: m.source == DRAW and m.dest == into)
    if t.sees(into.seat):
        return f"{t.who(into.seat)} drew {cards_words([m.card for m in drawn])}."
    return f"{t.who(into.seat)} drew {count_words(len(drawn))}."


def _event(t, event: int, moves: list, drawer: int | None) -> list[str]:
    """An event drawn: what it did, up to its closing move."""
    name = C.CARD_NAMES[event]
    by = f"{t.who(drawer)} drew" if drawer is not None else "Drawn:"
    out = [f"{by} the event {name}!"]
    effects = []
    while moves:
        move = moves[0]
        if isinstance(move, Move) and move.card == event and move.source == EVENT:
            moves.pop(0)
            break
        if isinstance(move, Reveal):
            moves.pop(0)
            effects.append(f"{t.who(move.seat)} showed {cards_words(move.cards)}.")
        elif isinstance(move, Shuffle):
            effects.append(_shuffle(moves.pop(0)))
        elif isinstance(move, Move) and move.source.where is Where.TABLE:
            effects += _country_swaps(t, moves) or [_fallback(t, moves.pop(0))]
        elif isinstance(move, Move) and move.source.is_hand() and move.dest == DISCARD:
            moves.pop(0)
            effects.append(f"{t.who(move.source.seat)} lost {card_words(move.card)} "
                           "(caught holding a forbidden item).")
        elif isinstance(move, Move) and move.source.is_hand() and move.dest.is_hand():
            moves.pop(0)
            giver, receiver = move.source.seat, move.dest.seat
            card = card_words(move.card) if t.sees(giver, receiver) else "a card"
            effects.append(f"{t.who(giver)} passed {card} to {t.whom(receiver)}.")
        else:
            effects.append(_fallback(t, moves.pop(0)))
    if event == C.AIRLINE_STRIKE:
        until = f"{t.whose(drawer)} next turn" if drawer is not None else "the drawer's next turn"
        out.append(f"Nobody may travel until {until}.")
    elif event == C.LOST_LUGGAGE:
        out.append("Every player passed a random card to the player on their left.")
    elif event == C.CUSTOMS_CHECK:
        out.append("Every hand was shown.")
    elif event == C.CIVIL_UNREST:
        out.append("Every own country still on the table was swapped for one from the box.")
    return out + effects


def _shuffle(entry: Shuffle) -> str:
    return (f"The discard pile ({count_words(len(entry.cards))}) was shuffled into a new "
            "draw pile.")


def _fallback(t, move) -> str:
    """Any other move, told as plainly as the viewer may see it."""
    if not isinstance(move, Move):
        return ""
    source, dest = move.source, move.dest
    src = source.seat if source.is_hand() else None
    dst = dest.seat if dest.is_hand() else None
    if move.country:
        return f"{C.COUNTRIES[move.card]} moved from {source} to {dest}."
    if src is not None and dest == DISCARD:
        return f"{t.who(src)} discarded {card_words(move.card)}."
    if source == DISCARD and dst is not None:
        return f"{t.who(dst)} took {card_words(move.card)} from the discard pile."
    if src is not None and dst is not None:
        shown = card_words(move.card) if t.sees(src, dst) else "a card"
        return f"{shown[0].upper() + shown[1:]} passed from {t.whom(src)} to {t.whom(dst)}."
    if dst is not None:
        shown = card_words(move.card) if t.sees(dst) else "a card"
        return f"{t.who(dst)} got {shown}."
    return ""


def _consequences(t, seat: int, moves: list) -> list[str]:
    """Draws, events and shuffles left after a step's own moves."""
    out = []
    while moves:
        move = moves[0]
        if isinstance(move, EventDrawn):
            moves.pop(0)
            drawer = move.drawer if move.drawer is not None else _next_drawer(moves)
            out += _event(t, move.card, moves, seat if drawer is None else drawer)
        elif isinstance(move, Shuffle):
            out.append(_shuffle(moves.pop(0)))
        elif isinstance(move, Reveal):
            moves.pop(0)
            out.append(f"{t.who(move.seat)} showed {cards_words(move.cards)}.")
        elif isinstance(move, Move) and move.source == DRAW and move.dest.is_hand():
            out.append(_draws(t, moves))
        else:
            out.append(_fallback(t, moves.pop(0)))
    return [sentence for sentence in out if sentence]


def _next_drawer(moves: list) -> int | None:
    """The drawer of an event a record does not name: the seat of the
    replacement draw after the event closes."""
    closing = None
    for i, move in enumerate(moves):
        if isinstance(move, Move) and move.source == EVENT:
            closing = i
            break
    if closing is None:
        return None
    for move in moves[closing + 1:]:
        if isinstance(move, Move) and move.source == DRAW and move.dest.is_hand():
            return move.dest.seat
    return None
