"""How the reference model plays an action: ApplyMixin.

apply() checks the action against legal_actions() and hands it to the method
for the current phase; the rest carries out each multi-step action (Recycle,
Trade, Steal, Dispose and Smuggle, Local Guide, Trading Post) and the
hand-limit discards. The mixin relies on ReferenceGame's state, helpers,
piles and turn structure; ReferenceGame (_game.py) inherits it.
"""

from engine import cards
from engine.cards import (
    CARD_KINDS, DIPLOMAT, EXT_SPECIALS, FIRST_FORBIDDEN, JETSETTER, PICKPOCKET,
)
from engine.reference._vocabulary import (
    BINOCULARS, CARD, DECLARE, DISCARD, DISPOSE, DISPOSE_WITH, DONE, DRAW, END_TURN,
    IllegalAction, KIND, LG_TAKE, LOCAL_GUIDE, LOOK_SIZE, MAIN, MAP, MAX_TRADE_CARDS,
    MOUSETRAP, NO, RECYCLE, RECYCLE_PAY, RECYCLE_TAKE, SEAT, SMUGGLE, SMUGGLE_TO, STEAL_FROM,
    STEAL_PAY, TP_GIVE, TP_PICK, TRADE_ASK, TRADE_GIVE, TRADE_REPLY, TRADE_TO, TRADING_POST,
    TRAVEL, TRAVEL_CARD, UPGRADE, YES, is_event,
)


class ApplyMixin:
    """Playing actions on a ReferenceGame, phase by phase."""

    # ----- applying actions ----------------------------------------------
    def apply(self, action: int) -> None:
        """Play one action for the decider; IllegalAction (state unchanged) if not legal."""
        if action not in self.legal_actions():
            raise IllegalAction(f"action {action} is not legal in phase {self.phase}")
        action = int(action)
        {
            MAIN: self._apply_main,
            RECYCLE_PAY: self._apply_recycle_pay,
            RECYCLE_TAKE: self._apply_recycle_take,
            TRADE_GIVE: self._apply_trade_give,
            TRADE_ASK: self._apply_trade_ask,
            TRADE_REPLY: self._apply_trade_reply,
            STEAL_PAY: self._apply_steal_pay,
            MOUSETRAP: self._apply_mousetrap,
            DISPOSE_WITH: self._apply_dispose_with,
            SMUGGLE_TO: self._apply_smuggle_to,
            LG_TAKE: self._apply_lg_take,
            TP_PICK: self._apply_tp_pick,
            TP_GIVE: self._apply_tp_give,
            DISCARD: self._apply_discard,
        }[self.phase](action)

    def _apply_main(self, action: int) -> None:
        a = self.active
        if action == DRAW:                                       # R5.1
            self._draw_cards(a, 2 if self._has_character(a, JETSETTER) else 1)
            if not self.over:
                self._end_action()
        elif action == RECYCLE:                                  # R5.2
            self.phase = RECYCLE_PAY
        elif TRADE_TO <= action < STEAL_FROM:                    # R5.3
            self.partner = action - TRADE_TO
            self.phase = TRADE_GIVE
        elif STEAL_FROM <= action < TRAVEL:                      # R5.4
            self.partner = action - STEAL_FROM
            if self._has_character(a, PICKPOCKET):
                self._after_steal_paid()
            else:
                self.phase = STEAL_PAY
        elif action == TRAVEL:                                   # R6
            self._travel(-1)
        elif TRAVEL_CARD <= action < DISPOSE:
            self._travel(action - TRAVEL_CARD)
        elif DISPOSE <= action < SMUGGLE:                        # R9.3
            self.forbidden_card = FIRST_FORBIDDEN + action - DISPOSE
            self.phase = DISPOSE_WITH
        elif SMUGGLE <= action < LOCAL_GUIDE:                    # R9.5
            self.forbidden_card = FIRST_FORBIDDEN + action - SMUGGLE
            self.phase = SMUGGLE_TO
        elif action == LOCAL_GUIDE:
            self._play_local_guide()
        elif action == TRADING_POST:
            self._play_trading_post()
        elif MAP <= action < UPGRADE:                            # R9.2 Poorly Drawn Map
            self._discard(a, cards.POORLY_DRAWN_MAP)
            self._swap_own_country(action - MAP)
            self._end_action()
        elif action == UPGRADE:                                  # R9.2 First-Class Upgrade
            self._discard(a, cards.UPGRADE)
            self.actions_left = 2
        elif DECLARE <= action < BINOCULARS:                     # R9.2 Customs Declaration
            self._discard(a, cards.DECLARATION)
            self._discard(a, FIRST_FORBIDDEN + action - DECLARE)
            self._resume_main()
        elif BINOCULARS <= action < END_TURN:                    # R9.2 Binoculars
            self._discard(a, cards.BINOCULARS)                   # (knowledge only)
            self._resume_main()
        elif action == END_TURN:
            self._end_turn()

    # Recycle (R5.2)
    def _apply_recycle_pay(self, action: int) -> None:
        card = action - CARD
        self._discard(self.active, card)
        self.paid.append(card)
        if len(self.paid) == self._recycle_cost(self.active):
            self.phase = RECYCLE_TAKE

    def _apply_recycle_take(self, action: int) -> None:
        card = action - CARD
        self.discard_pile.remove(card)
        self.hands[self.active].add(card)
        if not self._postcard_check():                           # R8: after each card arrives
            self._end_action()

    # Trade (R5.3)
    def _apply_trade_give(self, action: int) -> None:
        if action != DONE:
            self.given.append(action - CARD)
        if action == DONE or len(self.given) == MAX_TRADE_CARDS:
            self.phase = TRADE_ASK

    def _apply_trade_ask(self, action: int) -> None:
        if action != DONE:
            self.asked.append(action - KIND)
        if action == DONE or len(self.asked) == MAX_TRADE_CARDS:
            self.phase = TRADE_REPLY

    def _cards_for_asked_kinds(self) -> list[int] | None:
        """The cards the partner hands over, lowest id per asked kind, or None if short.

        Chosen from the partner's hand *before* the exchange (R5.3).
        """
        available = sorted(self.hands[self.partner])
        chosen = []
        for kind in self.asked:
            card = next((c for c in available if CARD_KINDS[c] == kind), None)
            if card is None:
                return None
            available.remove(card)
            chosen.append(card)
        return chosen

    def _apply_trade_reply(self, action: int) -> None:
        a, t = self.active, self.partner
        if action == NO:
            self.declined_offers += 1                            # R5.3: action not used
            self._clear_scratch()
            self.phase = MAIN
            return
        received = self._cards_for_asked_kinds()
        for card in sorted(self.given):
            self.hands[a].remove(card)
            self.hands[t].add(card)
        for card in received:
            self.hands[t].remove(card)
            self.hands[a].add(card)
        if self._postcard_check():                               # R8: counted as a group
            return
        self._draw_cards(a, 2 if self._has_character(a, DIPLOMAT) else 1)
        if not self.over:
            self._end_action()

    # Steal (R5.4)
    def _apply_steal_pay(self, action: int) -> None:
        self._discard(self.active, action - CARD)
        self._after_steal_paid()

    def _after_steal_paid(self) -> None:
        if self.extensions & EXT_SPECIALS:
            self.phase = MOUSETRAP                               # asked even without one
        else:
            self._steal()

    def _apply_mousetrap(self, action: int) -> None:
        if action == YES:                                        # R9.2 Mousetrap
            self._discard(self.partner, cards.MOUSETRAP)
            self._end_turn()                                     # no hand limit, no more plays
        else:
            self._steal()

    def _steal(self) -> None:
        victim = sorted(self.hands[self.partner])
        card = victim[self.rng.below(len(victim))]               # R10.3
        self.hands[self.partner].remove(card)
        self.hands[self.active].add(card)
        if not self._postcard_check():
            self._end_action()

    # Dispose (R9.3) and the Smuggler (R9.5)
    def _apply_dispose_with(self, action: int) -> None:
        self._discard(self.active, self.forbidden_card)
        self._discard(self.active, action - CARD)
        self._end_action()

    def _apply_smuggle_to(self, action: int) -> None:
        self.hands[self.active].remove(self.forbidden_card)
        self.hands[action - SEAT].add(self.forbidden_card)
        self._end_action()

    # Local Guide (R9.2)
    def _lift_look(self) -> None:
        """The top min(3, size) cards of the draw pile go to look, in order."""
        self.look = self.draw_pile[:LOOK_SIZE]
        del self.draw_pile[:LOOK_SIZE]
        self.looked_at = len(self.look)

    def _play_local_guide(self) -> None:
        self._discard(self.active, cards.LOCAL_GUIDE)
        self._lift_look()
        if any(not is_event(c) for c in self.look):
            self.phase = LG_TAKE
        else:
            self._finish_local_guide()

    def _apply_lg_take(self, action: int) -> None:
        card = action - CARD
        self.look.remove(card)
        self.hands[self.active].add(card)
        self._finish_local_guide()

    def _finish_local_guide(self) -> None:
        """Look to the bottom; reshuffle only if the Guide emptied the pile (R7.1)."""
        lifted_any = self.looked_at > 0
        self.draw_pile.extend(self.look)                         # to the bottom, same order
        self.look = []
        if self._postcard_check():
            return
        if lifted_any:
            self._reshuffle_if_exhausted()
        self._end_action()

    # Trading Post (R9.2)
    def _play_trading_post(self) -> None:
        a = self.active
        self._discard(a, cards.TRADING_POST)
        self._lift_look()
        self.tp_last_pos = -1
        self.tp_held_before = set(self.hands[a])
        self._continue_trading_post()

    def _continue_trading_post(self) -> None:
        if self._tp_pickable() and self._tp_givable():
            self.phase = TP_PICK
        else:
            self._finish_trading_post()

    def _apply_tp_pick(self, action: int) -> None:
        if action == DONE:
            self._finish_trading_post()
        else:
            self.tp_pick_pos = self.look.index(action - CARD)
            self.phase = TP_GIVE

    def _apply_tp_give(self, action: int) -> None:
        given, pos = action - CARD, self.tp_pick_pos
        taken = self.look[pos]
        self.hands[self.active].remove(given)
        self.hands[self.active].add(taken)
        self.look[pos] = given
        self.tp_last_pos = pos
        self.tp_pick_pos = -1
        self._continue_trading_post()

    def _finish_trading_post(self) -> None:
        self.draw_pile.extend(self.look)                         # to the bottom, position order
        self.look = []
        if not self._postcard_check():                           # R8: counted as a group
            self._end_action()

    # Hand limit (R4.4)
    def _apply_discard(self, action: int) -> None:
        card, seat = action - CARD, self.discard_seat
        self._discard(seat, card)
        self.discard_last = card
        if len(self.hands[seat]) == self._hand_limit(seat):
            self._next_discard()
