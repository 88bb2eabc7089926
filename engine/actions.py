"""Decisions as values: the phases (`Phase`), action ids (docs/engine.md,
"Action ids") decoded, and an `Action` with the words a person reads.

An action id is an int in [0, NUM_ACTIONS). Its meaning can depend on the
phase (CARD + c is "pay c" while recycling and "take c" afterwards), so the
words for an action take the phase too: `ACTION_TEXTS` has the words of
every action each phase offers, and `action_text` fills them in.
"""

from dataclasses import dataclass
from enum import IntEnum

from . import cards as C
from ._layout import (
    A_BINOCULARS, A_CARD, A_DECLARE, A_DISPOSE, A_DONE, A_DRAW, A_END_TURN,
    A_KIND, A_LOCAL_GUIDE, A_MAP, A_NO, A_RECYCLE, A_SEAT, A_SMUGGLE,
    A_STEAL_FROM, A_TRADE_TO, A_TRADING_POST, A_TRAVEL, A_TRAVEL_CARD,
    A_UPGRADE, A_YES, NUM_ACTIONS, PH_DISCARD, PH_DISPOSE_WITH, PH_LG_TAKE,
    PH_MAIN, PH_MOUSETRAP, PH_OVER, PH_RECYCLE_PAY, PH_RECYCLE_TAKE,
    PH_SMUGGLE_TO, PH_STEAL_PAY, PH_TP_GIVE, PH_TP_PICK, PH_TRADE_ASK,
    PH_TRADE_GIVE, PH_TRADE_REPLY,
)


class Phase(IntEnum):
    """What kind of decision is pending (docs/engine.md, "Phases"). The values
    are the kernels' PH_* codes; `label` is the name docs and messages use."""
    MAIN = PH_MAIN
    RECYCLE_PAY = PH_RECYCLE_PAY
    RECYCLE_TAKE = PH_RECYCLE_TAKE
    TRADE_GIVE = PH_TRADE_GIVE
    TRADE_ASK = PH_TRADE_ASK
    TRADE_REPLY = PH_TRADE_REPLY
    STEAL_PAY = PH_STEAL_PAY
    MOUSETRAP = PH_MOUSETRAP
    DISPOSE_WITH = PH_DISPOSE_WITH
    SMUGGLE_TO = PH_SMUGGLE_TO
    LOCAL_GUIDE_TAKE = PH_LG_TAKE
    TRADING_POST_PICK = PH_TP_PICK
    TRADING_POST_GIVE = PH_TP_GIVE
    DISCARD = PH_DISCARD
    OVER = PH_OVER

    @property
    def label(self) -> str:
        """'trade-reply' for TRADE_REPLY: the phase's name in docs/engine.md."""
        return self.name.lower().replace("_", "-")


@dataclass(frozen=True)
class Decoded:
    """An action id split into its name and argument (seat, card, kind, index)."""
    name: str
    arg: int = -1


# Each name's ids: its first id and how many there are (one, or one per seat,
# card, kind, forbidden item or required item); docs/engine.md "Action ids".
ACTION_IDS = {
    "draw": (A_DRAW, 1), "recycle": (A_RECYCLE, 1), "trade": (A_TRADE_TO, 6),
    "steal": (A_STEAL_FROM, 6), "travel": (A_TRAVEL, 1), "travel-card": (A_TRAVEL_CARD, 3),
    "dispose": (A_DISPOSE, 3), "smuggle": (A_SMUGGLE, 3), "local-guide": (A_LOCAL_GUIDE, 1),
    "trading-post": (A_TRADING_POST, 1), "map": (A_MAP, 6), "upgrade": (A_UPGRADE, 1),
    "declare": (A_DECLARE, 3), "binoculars": (A_BINOCULARS, 6), "end-turn": (A_END_TURN, 1),
    "done": (A_DONE, 1), "yes": (A_YES, 1), "no": (A_NO, 1), "seat": (A_SEAT, 6),
    "card": (A_CARD, C.NUM_CARDS), "kind": (A_KIND, C.NUM_KINDS),
}


def decode(action: int) -> Decoded:
    """Split an action id into its name and argument."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    for name, (start, count) in ACTION_IDS.items():
        if start <= action < start + count:
            return Decoded(name, action - start if count > 1 else -1)
    raise AssertionError("unreachable")


def encode(name: str, arg: int = -1) -> int:
    """The action id of a name and argument, the inverse of `decode`."""
    try:
        return _ACTION_OF[(name, arg)]
    except (KeyError, TypeError):  # TypeError: an argument that can't be a key
        raise ValueError(f"no action {name!r} with argument {arg}") from None


# every action id by its name and argument: a book of many moves (openings/)
# is read and looked up by name
_ACTION_OF = {(d.name, d.arg): action for action in range(NUM_ACTIONS) for d in (decode(action),)}

# The words of every action each phase may offer, by the action's name
# (docs/agent-protocol.md, "Phases and action texts", is this table): {seat}
# is a seat's name; {card} a card as people name it (cards.CARD_WORDS: an
# item by its kind, either copy); {kind} a kind (cards.KIND_NAMES);
# {forbidden} a forbidden item; {country} the country the active seat
# travels to (R6); {item} the required item Mom's Credit Card stands in for.
ACTION_TEXTS: dict[Phase, dict[str, str]] = {
    Phase.MAIN: {
        "draw": "draw a card", "recycle": "recycle", "trade": "offer a trade to {seat}",
        "steal": "steal from {seat}", "travel": "travel to {country}",
        "travel-card": "travel to {country}, Mom's Credit Card for the {item}",
        "dispose": "dispose of {forbidden}", "smuggle": "smuggle {forbidden}",
        "local-guide": "play the Local Guide", "trading-post": "play the Trading Post",
        "map": "play the Poorly Drawn Map on {seat}", "upgrade": "play the First-Class Upgrade",
        "declare": "declare {forbidden}",
        "binoculars": "look at {seat}'s hand with the Binoculars", "end-turn": "end the turn",
    },
    Phase.RECYCLE_PAY: {"card": "pay {card}"},
    Phase.RECYCLE_TAKE: {"card": "take {card}"},
    Phase.TRADE_GIVE: {"done": "done", "card": "offer {card}"},
    Phase.TRADE_ASK: {"done": "done", "kind": "ask for {kind}"},
    Phase.TRADE_REPLY: {"yes": "accept the offer", "no": "decline the offer"},
    Phase.STEAL_PAY: {"card": "pay {card}"},
    Phase.MOUSETRAP: {"yes": "play the Mousetrap", "no": "let the steal happen"},
    Phase.DISPOSE_WITH: {"card": "dispose of it with {card}"},
    Phase.SMUGGLE_TO: {"seat": "hand it to {seat}"},
    Phase.LOCAL_GUIDE_TAKE: {"card": "take {card}"},
    Phase.TRADING_POST_PICK: {"done": "done", "card": "take {card}"},
    Phase.TRADING_POST_GIVE: {"card": "put back {card}"},
    Phase.DISCARD: {"card": "discard {card}"},
    Phase.OVER: {},
}
# The words of an action named for a phase that does not offer it.
_OTHER_TEXTS = {**ACTION_TEXTS[Phase.MAIN], "card": "choose {card}", "kind": "ask for {kind}",
                "seat": "hand it to {seat}", "yes": "yes", "no": "no", "done": "done"}


def action_text(action: int, phase: int, seat_names=None, destination=None) -> str:
    """Words for an action in a given phase, e.g. 'steal from Bo', 'pay Camera'
    (ACTION_TEXTS); seats are called by `seat_names`, else 'seat N'."""
    d = decode(action)
    arg = d.arg
    template = ACTION_TEXTS.get(phase, {}).get(d.name, _OTHER_TEXTS[d.name])
    if d.name.startswith("travel") and destination is None:  # the words of no one's travel
        return "travel" if d.name == "travel" else (
            f"travel, Mom's Credit Card for required item {arg + 1}")
    values = {}
    if d.name in ("trade", "steal", "map", "binoculars", "seat"):
        values["seat"] = (seat_names or [f"seat {i}" for i in range(6)])[arg]
    elif d.name == "card":
        values["card"] = C.CARD_WORDS[arg]
    elif d.name == "kind":
        values["kind"] = C.KIND_NAMES[arg]
    elif d.name in ("dispose", "smuggle", "declare"):
        values["forbidden"] = C.FORBIDDEN[arg]
    elif d.name.startswith("travel"):
        values["country"] = C.COUNTRIES[destination]
        if d.name == "travel-card":
            values["item"] = C.ITEM_KINDS[C.REQUIRED_KINDS[destination][arg]]
    return template.format_map(values)


@dataclass(frozen=True)
class Action:
    """A legal action as a value: its id (what `Game.apply` takes) and the
    words a person reads for it where it was offered ('pay Camera', 'offer a
    trade to Bo'), which name cards as people do, not by record id."""
    id: int
    text: str

    @property
    def name(self) -> str:
        """What the action is: 'draw', 'trade', 'card', 'kind', ... (`decode`)."""
        return decode(self.id).name

    @property
    def arg(self) -> int:
        """Its seat, card, kind or index, -1 for none (`decode`)."""
        return decode(self.id).arg

    def __int__(self) -> int:
        return self.id

    def __str__(self) -> str:
        return self.text
