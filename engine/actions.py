"""Decisions as values: the phases (`Phase`), action ids (docs/engine.md,
"Action ids") decoded, and an `Action` with the words a person reads.

An action id is an int in [0, NUM_ACTIONS). Its meaning can depend on the
phase (CARD + c is "pay c" while recycling and "take c" afterwards), so the
words for an action take the phase too.
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


def decode(action: int) -> Decoded:
    """Split an action id into its name and argument."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    table = (
        (A_DRAW, 1, "draw"), (A_RECYCLE, 1, "recycle"), (A_TRADE_TO, 6, "trade"),
        (A_STEAL_FROM, 6, "steal"), (A_TRAVEL, 1, "travel"), (A_TRAVEL_CARD, 3, "travel-card"),
        (A_DISPOSE, 3, "dispose"), (A_SMUGGLE, 3, "smuggle"), (A_LOCAL_GUIDE, 1, "local-guide"),
        (A_TRADING_POST, 1, "trading-post"), (A_MAP, 6, "map"), (A_UPGRADE, 1, "upgrade"),
        (A_DECLARE, 3, "declare"), (A_BINOCULARS, 6, "binoculars"), (A_END_TURN, 1, "end-turn"),
        (A_DONE, 1, "done"), (A_YES, 1, "yes"), (A_NO, 1, "no"), (A_SEAT, 6, "seat"),
        (A_CARD, C.NUM_CARDS, "card"), (A_KIND, C.NUM_KINDS, "kind"),
    )
    for start, count, name in table:
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


def action_text(action: int, phase: int, seat_names=None, destination=None) -> str:
    """Words for an action in a given phase, e.g. 'steal from Bo', 'pay Camera'."""
    d = decode(action)
    names = seat_names or [f"seat {i}" for i in range(6)]
    if d.name == "card":
        verb = {
            PH_RECYCLE_PAY: "pay", PH_STEAL_PAY: "pay", PH_RECYCLE_TAKE: "take",
            PH_TRADE_GIVE: "offer", PH_DISPOSE_WITH: "dispose of it with",
            PH_LG_TAKE: "take", PH_TP_PICK: "take", PH_TP_GIVE: "put back",
            PH_DISCARD: "discard",
        }.get(phase, "choose")
        return f"{verb} {C.CARD_WORDS[d.arg]}"
    if d.name == "kind":
        return f"ask for {C.KIND_NAMES[d.arg]}"
    if d.name == "seat":
        return f"hand it to {names[d.arg]}"
    if d.name in ("yes", "no"):
        if phase == PH_MOUSETRAP:
            return "play the Mousetrap" if d.name == "yes" else "let the steal happen"
        if phase == PH_TRADE_REPLY:
            return "accept the offer" if d.name == "yes" else "decline the offer"
        return d.name
    where = f" to {C.COUNTRIES[destination]}" if destination is not None else ""
    arg = d.arg
    if d.name == "travel-card":
        if destination is None:
            return f"travel, Mom's Credit Card for required item {arg + 1}"
        item = C.ITEM_KINDS[C.REQUIRED_KINDS[destination][arg]]
        return f"travel{where}, Mom's Credit Card for the {item}"
    if d.name in ("dispose", "smuggle", "declare"):
        verb = {"dispose": "dispose of", "smuggle": "smuggle", "declare": "declare"}[d.name]
        return f"{verb} {C.FORBIDDEN[arg]}"
    if d.name in ("trade", "steal", "map", "binoculars"):
        return {
            "trade": f"offer a trade to {names[arg]}",
            "steal": f"steal from {names[arg]}",
            "map": f"play the Poorly Drawn Map on {names[arg]}",
            "binoculars": f"look at {names[arg]}'s hand with the Binoculars",
        }[d.name]
    return {
        "draw": "draw a card", "recycle": "recycle", "travel": f"travel{where}",
        "local-guide": "play the Local Guide", "trading-post": "play the Trading Post",
        "upgrade": "play the First-Class Upgrade", "end-turn": "end the turn", "done": "done",
    }[d.name]


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
