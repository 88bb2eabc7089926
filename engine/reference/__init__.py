"""Plain-Python reference model of Passport.

This package implements docs/engine.md to the letter, favouring readability over
speed: hands are sets, piles are lists, every decision is one method. The fast
numba kernels implement the same contract; a differential test compares the
two (same seed + same actions -> same legal actions and card places).

Rule citations (R4.4, R9.2, ...) refer to engine/RULES.md.

Piles:
    draw_pile     list, index 0 is the top
    discard_pile  list, index 0 is the bottom (oldest), the end is the top
    look          the cards a Local Guide / Trading Post has lifted off the pile
    box           list of countries, index 0 is the top

Readings of points docs/engine.md leaves open (keep the kernels in step):
    - Setup step 5 shuffles even when no card extension is on.
    - An accepted trade hands over the partner's cards chosen from its hand
      as it was before the exchange (R5.3), not including the cards just given.
    - Recycle's take is followed by the postcard check (R8, R9.4).
    - Local Guide reshuffles an emptied draw pile only if it lifted a card.
    - Trading Post: the picked look card stays in look until the card given
      for it is chosen (TP_GIVE); then the two change places.
    - With no action left, the free-play MAIN is re-offered after each free
      play only while a free play is still legal; otherwise the turn ends.

Modules (everything public is re-exported here; import from engine.reference):
    _vocabulary   action ids, phases, limits, IllegalAction, card predicates,
                  SplitMix64
    _game         ReferenceGame: state, setup, helpers, piles, events, travel,
                  turn structure
    _legal        LegalActionsMixin: the legal actions of each phase
    _apply        ApplyMixin: apply() and the steps of each action
"""

from engine.reference._game import ReferenceGame
from engine.reference._vocabulary import (
    BINOCULARS, CARD, DECLARE, DISCARD, DISPOSE, DISPOSE_WITH, DONE, DRAW, END_TURN, KIND,
    LG_TAKE, LOCAL_GUIDE, LOOK_SIZE, MAIN, MAP, MASK64, MAX_DECLINED_OFFERS, MAX_TRADE_CARDS,
    MOUSETRAP, NO, NUM_ACTIONS, OVER, RECYCLE, RECYCLE_PAY, RECYCLE_TAKE, SEAT, SMUGGLE,
    SMUGGLE_TO, STEAL_FROM, STEAL_PAY, TP_GIVE, TP_PICK, TRADE_ASK, TRADE_GIVE, TRADE_REPLY,
    TRADE_TO, TRADING_POST, TRAVEL, TRAVEL_CARD, UPGRADE, YES, IllegalAction, SplitMix64,
    is_event, is_forbidden, is_item_of_kind, is_passport, is_postcard,
)

__all__ = [
    # action ids
    "DRAW", "RECYCLE", "TRADE_TO", "STEAL_FROM", "TRAVEL", "TRAVEL_CARD", "DISPOSE", "SMUGGLE",
    "LOCAL_GUIDE", "TRADING_POST", "MAP", "UPGRADE", "DECLARE", "BINOCULARS", "END_TURN",
    "DONE", "YES", "NO", "SEAT", "CARD", "KIND", "NUM_ACTIONS",
    # phases
    "MAIN", "RECYCLE_PAY", "RECYCLE_TAKE", "TRADE_GIVE", "TRADE_ASK", "TRADE_REPLY",
    "STEAL_PAY", "MOUSETRAP", "DISPOSE_WITH", "SMUGGLE_TO", "LG_TAKE", "TP_PICK", "TP_GIVE",
    "DISCARD", "OVER",
    # limits
    "MAX_DECLINED_OFFERS", "MAX_TRADE_CARDS", "LOOK_SIZE",
    # errors, card predicates, random numbers, the game
    "IllegalAction", "is_passport", "is_event", "is_forbidden", "is_postcard",
    "is_item_of_kind", "MASK64", "SplitMix64", "ReferenceGame",
]
