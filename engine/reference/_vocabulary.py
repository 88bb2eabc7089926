"""The reference model's vocabulary: the words every part of it speaks.

Action ids and phase names (docs/engine.md), the limits of a trade and of a
look (R5.3, R9.2), the IllegalAction error, the card predicates (is_event,
is_forbidden, ...) and SplitMix64, the game's only source of chance. No game
state lives here; ReferenceGame and its mixins import these names.
"""

from engine.cards import (
    FIRST_EVENT, FIRST_FORBIDDEN, FIRST_PASSPORT, FIRST_POSTCARD, FIRST_SPECIAL,
    NUM_ITEM_KINDS, NUM_ITEMS,
)

# ---------------------------------------------------------------------------
# Action ids (docs/engine.md, "Action ids")
# ---------------------------------------------------------------------------
DRAW = 0
RECYCLE = 1
TRADE_TO = 2          # + seat
STEAL_FROM = 8        # + seat
TRAVEL = 14
TRAVEL_CARD = 15      # + required item slot 0..2
DISPOSE = 18          # + forbidden index 0..2
SMUGGLE = 21          # + forbidden index 0..2
LOCAL_GUIDE = 24
TRADING_POST = 25
MAP = 26              # + seat
UPGRADE = 32
DECLARE = 33          # + forbidden index 0..2
BINOCULARS = 36       # + seat
END_TURN = 42
DONE = 43
YES = 44
NO = 45
SEAT = 46             # + seat
CARD = 52             # + card id
KIND = 118            # + kind id
NUM_ACTIONS = 148

# Phases (docs/engine.md, "Phases and their legal actions")
MAIN = "MAIN"
RECYCLE_PAY = "RECYCLE_PAY"
RECYCLE_TAKE = "RECYCLE_TAKE"
TRADE_GIVE = "TRADE_GIVE"
TRADE_ASK = "TRADE_ASK"
TRADE_REPLY = "TRADE_REPLY"
STEAL_PAY = "STEAL_PAY"
MOUSETRAP = "MOUSETRAP"
DISPOSE_WITH = "DISPOSE_WITH"
SMUGGLE_TO = "SMUGGLE_TO"
LG_TAKE = "LG_TAKE"
TP_PICK = "TP_PICK"
TP_GIVE = "TP_GIVE"
DISCARD = "DISCARD"
OVER = "OVER"

MAX_DECLINED_OFFERS = 3   # R5.3
MAX_TRADE_CARDS = 3       # R5.3: 1 to 3 cards given, 1 to 3 kinds asked
LOOK_SIZE = 3             # R9.2 Local Guide / Trading Post


class IllegalAction(ValueError):
    """Raised by ReferenceGame.apply for an action that is not legal now."""


# ---------------------------------------------------------------------------
# Card predicates
# ---------------------------------------------------------------------------
def is_passport(card: int) -> bool:
    return FIRST_PASSPORT <= card < FIRST_EVENT


def is_event(card: int) -> bool:
    return FIRST_EVENT <= card < FIRST_SPECIAL


def is_forbidden(card: int) -> bool:
    return FIRST_FORBIDDEN <= card < FIRST_POSTCARD


def is_postcard(card: int) -> bool:
    return card >= FIRST_POSTCARD


def is_item_of_kind(card: int, kind: int) -> bool:
    return card < NUM_ITEMS and card % NUM_ITEM_KINDS == kind


# ---------------------------------------------------------------------------
# Random numbers (docs/engine.md, "Random numbers")
# ---------------------------------------------------------------------------
MASK64 = (1 << 64) - 1


class SplitMix64:
    """The game's only source of chance."""

    def __init__(self, seed: int):
        self.state = seed % (1 << 64)

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n

    def shuffle(self, items: list) -> list:
        """Fisher-Yates from the end, in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

