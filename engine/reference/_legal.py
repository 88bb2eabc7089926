"""What the reference model lets the decider do now: LegalActionsMixin.

One method per phase lists the legal action ids (docs/engine.md, "Phases and
their legal actions"); legal_actions() picks the one for the current phase
and sorts its answer. The mixin reads ReferenceGame's state and helpers and
changes nothing; ReferenceGame (_game.py) inherits it.
"""

from engine import cards
from engine.cards import FIRST_FORBIDDEN, NUM_KINDS, PICKPOCKET, SMUGGLER
from engine.reference._vocabulary import (
    BINOCULARS, CARD, DECLARE, DISCARD, DISPOSE, DISPOSE_WITH, DONE, DRAW, END_TURN, KIND,
    LG_TAKE, LOCAL_GUIDE, MAIN, MAP, MAX_DECLINED_OFFERS, MOUSETRAP, NO, OVER, RECYCLE,
    RECYCLE_PAY, RECYCLE_TAKE, SEAT, SMUGGLE, SMUGGLE_TO, STEAL_FROM, STEAL_PAY, TP_GIVE,
    TP_PICK, TRADE_ASK, TRADE_GIVE, TRADE_REPLY, TRADE_TO, TRADING_POST, TRAVEL, TRAVEL_CARD,
    UPGRADE, YES, is_event,
)


class LegalActionsMixin:
    """The legal actions of ReferenceGame, phase by phase."""

    # ----- legal actions --------------------------------------------------
    def legal_actions(self) -> list[int]:
        """Every legal action id for the decider, increasing."""
        handler = {
            MAIN: self._legal_main,
            RECYCLE_PAY: self._legal_recycle_pay,
            RECYCLE_TAKE: self._legal_recycle_take,
            TRADE_GIVE: self._legal_trade_give,
            TRADE_ASK: self._legal_trade_ask,
            TRADE_REPLY: self._legal_trade_reply,
            STEAL_PAY: self._legal_steal_pay,
            MOUSETRAP: self._legal_mousetrap,
            DISPOSE_WITH: self._legal_dispose_with,
            SMUGGLE_TO: self._legal_smuggle_to,
            LG_TAKE: self._legal_lg_take,
            TP_PICK: self._legal_tp_pick,
            TP_GIVE: self._legal_tp_give,
            DISCARD: self._legal_discard,
            OVER: lambda: [],
        }[self.phase]
        return sorted(handler())

    def _free_plays(self) -> list[int]:
        """Customs Declaration and Binoculars, playable any time on one's turn (R9.2)."""
        a, hand = self.active, self.hands[self.active]
        actions = []
        if cards.DECLARATION in hand:
            actions += [DECLARE + f for f in range(3) if FIRST_FORBIDDEN + f in hand]
        if cards.BINOCULARS in hand:
            actions += [BINOCULARS + t for t in self._others(a) if self.hands[t]]
        return actions

    def _legal_main(self) -> list[int]:
        a, hand = self.active, self.hands[self.active]
        actions = self._free_plays()
        if self.actions_left == 0:
            return actions + [END_TURN]
        payable = self._payable(a)
        actions.append(DRAW)                                                    # R7.3
        if len(payable) >= self._recycle_cost(a):
            actions.append(RECYCLE)                                             # R5.2
        for t in self._others(a):
            if self.declined_offers < MAX_DECLINED_OFFERS and hand and self.hands[t]:
                actions.append(TRADE_TO + t)                                    # R5.3
            if self.hands[t] and (payable or self._has_character(a, PICKPOCKET)):
                actions.append(STEAL_FROM + t)                                  # R5.4
        if self._travel_cards(a) is not None:
            actions.append(TRAVEL)                                              # R6
        for slot in range(3):
            if self._travel_cards(a, slot) is not None:
                actions.append(TRAVEL_CARD + slot)
        for f in range(3):
            if FIRST_FORBIDDEN + f in hand:
                if payable:
                    actions.append(DISPOSE + f)                                 # R9.3
                if self._has_character(a, SMUGGLER):
                    actions.append(SMUGGLE + f)                                 # R9.5
        if cards.LOCAL_GUIDE in hand:
            actions.append(LOCAL_GUIDE)
        if cards.TRADING_POST in hand:
            actions.append(TRADING_POST)
        if cards.POORLY_DRAWN_MAP in hand:
            actions += [MAP + t for t in range(self.players) if self.own[t] != -1]
        if cards.UPGRADE in hand and self.actions_taken == 0 and self.actions_left == 1:
            actions.append(UPGRADE)
        return actions

    def _legal_ascending_payment(self, seat: int, last: int, remaining: int) -> list[int]:
        """CARD+c for payable c > last leaving enough payable cards above c."""
        candidates = [c for c in self._payable(seat) if c > last]
        return [CARD + c for i, c in enumerate(candidates)
                if len(candidates) - i - 1 >= remaining - 1]

    def _legal_recycle_pay(self) -> list[int]:
        a = self.active
        last = self.paid[-1] if self.paid else -1
        return self._legal_ascending_payment(a, last, self._recycle_cost(a) - len(self.paid))

    def _legal_recycle_take(self) -> list[int]:
        return [CARD + c for c in self.discard_pile if not is_event(c)]    # R5.2

    def _legal_trade_give(self) -> list[int]:
        last = self.given[-1] if self.given else -1
        actions = [CARD + c for c in self.hands[self.active] if c > last]
        if self.given:
            actions.append(DONE)
        return actions

    def _legal_trade_ask(self) -> list[int]:
        last = self.asked[-1] if self.asked else 0
        actions = [KIND + k for k in range(last, NUM_KINDS) if self._kind_available(k)]
        if self.asked:
            actions.append(DONE)
        return actions

    def _legal_trade_reply(self) -> list[int]:
        return [YES, NO] if self._cards_for_asked_kinds() is not None else [NO]

    def _legal_steal_pay(self) -> list[int]:
        return [CARD + c for c in self._payable(self.active)]

    def _legal_mousetrap(self) -> list[int]:
        return [YES, NO] if cards.MOUSETRAP in self.hands[self.partner] else [NO]

    def _legal_dispose_with(self) -> list[int]:
        return [CARD + c for c in self._payable(self.active)]

    def _legal_smuggle_to(self) -> list[int]:
        return [SEAT + t for t in self._others(self.active)]

    def _legal_lg_take(self) -> list[int]:
        return [CARD + c for c in self.look if not is_event(c)]

    def _tp_pickable(self) -> list[int]:
        """Look cards that may still be swapped: not events, past the last swap (R9.2)."""
        return [c for pos, c in enumerate(self.look)
                if pos > self.tp_last_pos and not is_event(c)]

    def _tp_givable(self) -> list[int]:
        """Hand cards a held before the Trading Post (any card, R10.7)."""
        return [c for c in self.hands[self.active] if c in self.tp_held_before]

    def _legal_tp_pick(self) -> list[int]:
        return [CARD + c for c in self._tp_pickable()] + [DONE]

    def _legal_tp_give(self) -> list[int]:
        return [CARD + c for c in self._tp_givable()]

    def _legal_discard(self) -> list[int]:
        seat = self.discard_seat
        remaining = len(self.hands[seat]) - self._hand_limit(seat)
        return self._legal_ascending_payment(seat, self.discard_last, remaining)
