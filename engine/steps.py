"""What happens in a game, as values: places, moves, and record steps.

The kernels log every card that moves as integers; `Game.apply` decodes
the log once into these values (a `StepLog`); `engine.record` groups them
into record steps (`Step`) and writes them as record text (docs/record-format.md). A step read
from a record file is parsed back once (`Step.from_record`). Code that tells
a game in words reads these values: a hand is `Place(Where.HAND, 2)`, never
the string "hand:2", and a card is its id, never its record name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from . import cards as C

CARD_IDS = {name: card for card, name in enumerate(C.CARD_NAMES)}
COUNTRY_IDS = {name: country for country, name in enumerate(C.COUNTRIES)}
KIND_IDS = {name: kind for kind, name in enumerate(C.KIND_NAMES)}


class Where(Enum):
    """The kinds of place a card or country can be in (docs/record-format.md, "Places")."""
    DRAW = "draw"                # the draw pile (a card moved from or to its top)
    DRAW_BOTTOM = "draw-bottom"  # the bottom of the draw pile
    DISCARD = "discard"
    HAND = "hand"                # a seat's hand
    TABLE = "table"              # a seat's own country, on the table
    CENTER = "center"
    BOX = "box"
    VISITED = "visited"          # the countries a seat traveled to
    LOOK = "look"                # set aside by a Local Guide or Trading Post
    EVENT = "event"              # an event being resolved


SEATED = frozenset({Where.HAND, Where.TABLE, Where.VISITED})


@dataclass(frozen=True)
class Place:
    """A place: its kind and, for a hand, a table place or visited countries, the seat."""
    where: Where
    seat: int | None = None

    def __post_init__(self):
        if (self.seat is not None) != (self.where in SEATED):
            raise ValueError(f"{self.where.value} {'needs' if self.seat is None else 'has no'} seat")

    def __str__(self) -> str:
        """The record's place string: 'hand:2', 'discard'."""
        return self.where.value if self.seat is None else f"{self.where.value}:{self.seat}"

    @classmethod
    def parse(cls, text: str) -> Place:
        """The place of a record's place string; ValueError if it is none."""
        name, colon, seat = text.partition(":")
        try:
            where = Where(name)
        except ValueError:
            raise ValueError(f"{text!r} is not a place") from None
        if where not in SEATED:
            if colon:
                raise ValueError(f"{text!r} is not a place")
            return cls(where)
        if not (seat.isdigit() and int(seat) < 6):
            raise ValueError(f"{text!r} is not a place")
        return cls(where, int(seat))

    def is_hand(self, seat: int | None = None) -> bool:
        """A hand; with `seat`, that seat's hand."""
        return self.where is Where.HAND and (seat is None or self.seat == seat)


def hand(seat: int) -> Place:
    return Place(Where.HAND, seat)


# ---- what one action did: the entries of a StepLog, and of a record step's moves ----

@dataclass(frozen=True)
class Move:
    """One card (or, with `country`, a country) that moved from `source` to `dest`."""
    card: int
    source: Place
    dest: Place
    country: bool = False


@dataclass(frozen=True)
class Shuffle:
    """The discard pile shuffled into a new draw pile (R7.1), top card first."""
    cards: tuple[int, ...]


@dataclass(frozen=True)
class EventDrawn:
    """An event drawn from the pile and resolved (R9.1); `drawer` is None
    where a record does not say (records name only the event)."""
    card: int
    drawer: int | None = None


@dataclass(frozen=True)
class Reveal:
    """A whole hand shown to every seat (travel, Customs Check; R7.4)."""
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class TurnBegins:
    """A seat's turn begins (its refill draws follow, if any). Not in records."""
    seat: int
    turn: int


@dataclass(frozen=True)
class Look:
    """A private look at a hand with the Binoculars. Not in records: the
    `binoculars` step says who looked at whom."""
    viewer: int
    target: int


Entry = Move | Shuffle | EventDrawn | Reveal | TurnBegins | Look


@dataclass
class StepLog:
    """What one `Game.apply` did, in order."""
    entries: list[Entry] = field(default_factory=list)


def entry_to_record(entry: Entry):
    """A step log entry as a record's move entry; None for what a record doesn't show."""
    if isinstance(entry, Move):
        name = C.COUNTRIES[entry.card] if entry.country else C.CARD_NAMES[entry.card]
        return [name, str(entry.source), str(entry.dest)]
    if isinstance(entry, Shuffle):
        return {"shuffle": [C.CARD_NAMES[c] for c in entry.cards]}
    if isinstance(entry, EventDrawn):
        return {"event": C.CARD_NAMES[entry.card]}
    if isinstance(entry, Reveal):
        return {"reveal": {"seat": entry.seat, "cards": [C.CARD_NAMES[c] for c in entry.cards]}}
    if isinstance(entry, Look):
        return None
    raise ValueError(f"{entry!r} has no place in a record")


def entry_from_record(move) -> Entry:
    """The typed entry of a record's move entry that `validate_document` has checked."""
    if isinstance(move, list):
        name, source, dest = move
        country = name in COUNTRY_IDS
        card = COUNTRY_IDS[name] if country else CARD_IDS[name]
        return Move(card, Place.parse(source), Place.parse(dest), country)
    if "shuffle" in move:
        return Shuffle(tuple(CARD_IDS[c] for c in move["shuffle"]))
    if "event" in move:
        return EventDrawn(CARD_IDS[move["event"]])
    shown = move["reveal"]
    return Reveal(shown["seat"], tuple(CARD_IDS[c] for c in shown["cards"]))


# ---- record steps ---------------------------------------------------------------------

# The fields of each step type's action (docs/record-format.md, "Step types") and their
# types: card, cards, card? (a card or null), seat, kinds, bool, country,
# swaps ([[hand card, pile card], ...]).
ACTION_FIELDS = {
    "refill": {}, "draw": {}, "upgrade": {},
    "recycle": {"pay": "cards", "take": "card"},
    "offer": {"to": "seat", "give": "cards", "ask": "kinds"},
    "reply": {"accept": "bool"},
    "steal": {"pay": "card?", "from": "seat"},
    "mousetrap": {"play": "bool"},
    "travel": {"to": "country", "use": "cards"},
    "dispose": {"forbidden": "card", "with": "card"},
    "smuggle": {"card": "card", "to": "seat"},
    "local-guide": {"take": "card?"},
    "trading-post": {"swaps": "swaps"},
    "map": {"target": "seat"},
    "declare": {"forbidden": "card"},
    "binoculars": {"target": "seat"},
    "discard": {"cards": "cards"},
}

_TO_IDS = {
    "card": lambda v: CARD_IDS[v], "card?": lambda v: None if v is None else CARD_IDS[v],
    "cards": lambda v: tuple(CARD_IDS[c] for c in v), "seat": int, "bool": bool,
    "country": lambda v: COUNTRY_IDS[v], "kinds": lambda v: tuple(KIND_IDS[k] for k in v),
    "swaps": lambda v: tuple((CARD_IDS[given], CARD_IDS[taken]) for given, taken in v),
}
_TO_NAMES = {
    "card": lambda v: C.CARD_NAMES[v], "card?": lambda v: None if v is None else C.CARD_NAMES[v],
    "cards": lambda v: [C.CARD_NAMES[c] for c in v], "seat": int, "bool": bool,
    "country": lambda v: C.COUNTRIES[v], "kinds": lambda v: [C.KIND_NAMES[k] for k in v],
    "swaps": lambda v: [[C.CARD_NAMES[given], C.CARD_NAMES[taken]] for given, taken in v],
}


@dataclass(frozen=True)
class Step:
    """One record step: one decision of one seat as a person would say it
    (docs/record-format.md, "Step types"), typed. `fields` holds its action's fields by their
    record names, cards, kinds and countries as ids ('pay': (4, 20));
    `moves` what moved; `engine_actions` the engine action ids it took."""
    seat: int
    type: str
    fields: dict
    moves: tuple[Entry, ...]
    engine_actions: tuple[int, ...] = ()

    def __getitem__(self, name: str):
        """An action field by its record name: step["pay"]."""
        return self.fields[name]

    def to_record(self) -> dict:
        """The record step (with its `engine_actions` field)."""
        kinds = ACTION_FIELDS[self.type]
        action = {"type": self.type}
        action.update({name: _TO_NAMES[kind](self.fields[name]) for name, kind in kinds.items()})
        moves = [m for m in map(entry_to_record, self.moves) if m is not None]
        return {"seat": self.seat, "action": action, "moves": moves,
                "engine_actions": list(self.engine_actions)}

    @classmethod
    def from_record(cls, step: dict) -> Step:
        """The typed step of a record step that `validate_document` has
        checked (`engine_actions` may be missing: another program wrote it)."""
        action = step["action"]
        kinds = ACTION_FIELDS[action["type"]]
        fields = {name: _TO_IDS[kinds[name]](action[name]) for name in kinds}
        return cls(step["seat"], action["type"], fields,
                   tuple(entry_from_record(m) for m in step["moves"]),
                   tuple(step.get("engine_actions", ())))
