"""Plain-Python reference model of Passport.

This module implements docs/engine.md to the letter, favouring readability over
speed: hands are sets, piles are lists, every decision is one method. The fast
numba kernels implement the same contract; a differential test compares the
two (same seed + same actions -> same legal actions and card places).

Rule citations (R4.4, R9.2, ...) refer to ../shared/RULES.md.

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
"""

from engine import cards
from engine.cards import (
    CHARACTERS, EXT_CHARACTERS, EXT_EVENTS, EXT_FORBIDDEN, EXT_POSTCARDS,
    EXT_SPECIALS, FIRST_EVENT, FIRST_FORBIDDEN, FIRST_PASSPORT, FIRST_POSTCARD,
    FIRST_SPECIAL, NUM_CARDS, NUM_COUNTRIES, NUM_ITEMS, NUM_ITEM_KINDS,
    BACKPACKER, SMUGGLER, COLLECTOR, PICKPOCKET, DIPLOMAT, JETSETTER,
    CIVIL_UNREST, LOST_LUGGAGE, AIRLINE_STRIKE, CUSTOMS_CHECK,
    CARD_KINDS, DISTANCE_RANK, REQUIRED_KINDS,
    KIND_PASSPORT, KIND_POSTCARD, FIRST_FORBIDDEN_KIND, NUM_KINDS,
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


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------
class ReferenceGame:
    """One game of Passport, driven by integer actions (docs/engine.md)."""

    def __init__(self, players: int, extensions: int, seed: int, round_cap: int = 200):
        if not 2 <= players <= 6:
            raise ValueError("Passport is for 2 to 6 players")
        if not 0 <= extensions <= 31:
            raise ValueError("extensions is a 5-bit mask")
        if round_cap < 1:
            raise ValueError("round_cap must be at least 1")
        self.players = players
        self.extensions = extensions
        self.round_cap = round_cap
        self.rng = SplitMix64(seed)

        self.characters: list[int] | None = None
        self.hands: list[set[int]] = [set() for _ in range(players)]
        self.draw_pile: list[int] = []
        self.discard_pile: list[int] = []
        self.look: list[int] = []
        self.own: list[int] = []
        self.center = -1
        self.box: list[int] = []
        self.visited: list[list[int]] = [[] for _ in range(players)]

        self.strike_by = -1          # drawer of the Airline Strike in force, or -1
        self.turn = 0                # turns counted from 0 at the start seat
        self.active = -1
        self.phase = MAIN
        self.actions_left = 0
        self.actions_taken = 0
        self.declined_offers = 0
        self._winner = -1
        self._reason = ""
        self._clear_scratch()

        self._setup()
        self._start_turn(self.start_seat)

    # ----- public views --------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> int:
        return self._winner

    @property
    def reason(self) -> str:
        return self._reason

    @property
    def round(self) -> int:
        return self.turn // self.players + 1

    @property
    def decider(self) -> int:
        """The seat that must choose the next action, -1 once the game is over."""
        if self.phase == OVER:
            return -1
        if self.phase in (TRADE_REPLY, MOUSETRAP):
            return self.partner
        if self.phase == DISCARD:
            return self.discard_seat
        return self.active

    def card_places(self) -> list[int]:
        """Where every card is: seat, 100+draw position, 200+discard position, 300+look, -1."""
        places = [-1] * NUM_CARDS
        for seat, hand in enumerate(self.hands):
            for card in hand:
                places[card] = seat
        for i, card in enumerate(self.draw_pile):
            places[card] = 100 + i
        for i, card in enumerate(self.discard_pile):
            places[card] = 200 + i
        for i, card in enumerate(self.look):
            places[card] = 300 + i
        return places

    def countries(self) -> dict:
        return {
            "own": list(self.own),
            "center": self.center,
            "box": list(self.box),
            "visited": [list(v) for v in self.visited],
        }

    # ----- setup (R3; docs/engine.md "Setup") ----------------------------
    def _setup(self) -> None:
        n, rng = self.players, self.rng
        # 1. Characters (R3.4, R9.5)
        if self.extensions & EXT_CHARACTERS:
            self.characters = rng.shuffle(list(range(len(CHARACTERS))))[:n]
        # 2. Countries (R3.2)
        countries = rng.shuffle(list(range(NUM_COUNTRIES)))
        self.own = countries[:n]
        self.center = countries[n]
        self.box = countries[n + 1:]
        # 3. Passports (R3.1): the rest are out of the game
        passports = rng.shuffle(list(range(FIRST_PASSPORT, FIRST_EVENT)))
        for seat in range(n):
            self.hands[seat].add(passports[seat])
        # 4. Items and starting hands (R3.3)
        items = rng.shuffle(list(range(NUM_ITEMS)))
        for seat in range(n):
            self.hands[seat].update(items[3 * seat:3 * seat + 3])
        rest = items[3 * n:]
        # 5. Extension cards shuffled in after the deal (R3.4)
        self.draw_pile = rng.shuffle(rest + self._extension_cards())
        # 6. Start seat (R3.5): closest own country to the center
        self.start_seat = min(range(n), key=lambda s: (DISTANCE_RANK[self.own[s]][self.center], s))

    def _extension_cards(self) -> list[int]:
        """The cards of every extension that is on, in id order."""
        result = []
        for flag, first, last in (
            (EXT_EVENTS, FIRST_EVENT, FIRST_SPECIAL),
            (EXT_SPECIALS, FIRST_SPECIAL, FIRST_FORBIDDEN),
            (EXT_FORBIDDEN, FIRST_FORBIDDEN, FIRST_POSTCARD),
            (EXT_POSTCARDS, FIRST_POSTCARD, NUM_CARDS),
        ):
            if self.extensions & flag:
                result.extend(range(first, last))
        return result

    # ----- small helpers -------------------------------------------------
    def _clear_scratch(self) -> None:
        """Forget the bookkeeping of the action in progress."""
        self.partner = -1            # trade / steal target
        self.given: list[int] = []   # trade: cards offered
        self.asked: list[int] = []   # trade: kinds asked
        self.paid: list[int] = []    # recycle: cards paid
        self.forbidden_card = -1     # dispose / smuggle
        self.tp_last_pos = -1        # trading post: last look position swapped
        self.tp_held_before: set[int] = set()
        self.tp_pick_pos = -1
        self.looked_at = 0           # local guide / trading post: cards lifted
        self.discard_queue: list[int] = []
        self.discard_seat = -1
        self.discard_last = -1

    def _has_character(self, seat: int, character: int) -> bool:
        return self.characters is not None and self.characters[seat] == character

    def _hand_limit(self, seat: int) -> int:
        return 9 if self._has_character(seat, BACKPACKER) else 7   # R4.4

    def _recycle_cost(self, seat: int) -> int:
        return 1 if self._has_character(seat, COLLECTOR) else 2     # R5.2

    def _payable(self, seat: int) -> list[int]:
        """Cards that may pay a cost or be discarded: not forbidden (R9.3), increasing id."""
        return sorted(c for c in self.hands[seat] if not is_forbidden(c))

    def _seats_from(self, seat: int) -> list[int]:
        """Every seat, starting with `seat` and going clockwise."""
        return [(seat + i) % self.players for i in range(self.players)]

    def _others(self, seat: int) -> list[int]:
        return [t for t in range(self.players) if t != seat]

    def _discard(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.discard_pile.append(card)

    def _kind_available(self, kind: int) -> bool:
        """Kinds a trade may ask for in this game (R5.3)."""
        if kind <= KIND_PASSPORT:
            return True
        if kind == KIND_POSTCARD:
            return bool(self.extensions & EXT_POSTCARDS)
        if kind < FIRST_FORBIDDEN_KIND:
            return bool(self.extensions & EXT_SPECIALS)
        return bool(self.extensions & EXT_FORBIDDEN)

    def _swap_own_country(self, seat: int) -> None:
        """Own country to the bottom of the box, the box's top becomes it (R9.1, R9.2)."""
        self.box.append(self.own[seat])
        self.own[seat] = self.box.pop(0)

    def _finish(self, winner: int, reason: str) -> None:
        self._winner = winner
        self._reason = reason
        self.phase = OVER

    def _postcard_check(self) -> bool:
        """R9.4: a player holding 4 postcards wins at once. True if the game ended."""
        if self.phase == OVER:
            return True
        for seat in range(self.players):
            if sum(1 for c in self.hands[seat] if is_postcard(c)) >= 4:
                self._finish(seat, "postcards")
                return True
        return False

    # ----- piles and drawing (R7) ----------------------------------------
    def _reshuffle(self) -> None:
        """R7.1: the discard pile, bottom to top, is shuffled into the new draw pile."""
        self.draw_pile = self.rng.shuffle(self.discard_pile)
        self.discard_pile = []

    def _reshuffle_if_exhausted(self) -> None:
        if not self.draw_pile and self.discard_pile:
            self._reshuffle()

    def _draw_one(self, seat: int) -> None:
        """One draw, with events resolved and replaced (R7.2, R9.1, R10.1)."""
        while True:
            if all(is_event(c) for c in self.draw_pile + self.discard_pile):
                return                                    # R7.2: nothing to draw
            if not self.draw_pile:
                self._reshuffle()
            card = self.draw_pile.pop(0)
            if not is_event(card):
                self.hands[seat].add(card)
                if self._postcard_check():
                    return
                self._reshuffle_if_exhausted()
                return
            self._reshuffle_if_exhausted()
            self._resolve_event(card, seat)
            self.discard_pile.append(card)
            if self.over:
                return
            # the replacement draw (R10.1): go round again

    def _draw_cards(self, seat: int, count: int) -> None:
        for _ in range(count):
            if self.over:
                return
            self._draw_one(seat)

    # ----- events (R9.1) -------------------------------------------------
    def _resolve_event(self, event: int, drawer: int) -> None:
        if event == CIVIL_UNREST:
            for seat in self._seats_from(drawer):
                if self.own[seat] != -1:
                    self._swap_own_country(seat)
        elif event == LOST_LUGGAGE:
            self._lost_luggage(drawer)
        elif event == AIRLINE_STRIKE:
            self.strike_by = drawer
        elif event == CUSTOMS_CHECK:
            self._customs_check(drawer)

    def _lost_luggage(self, drawer: int) -> None:
        """Everyone holding a card passes a random one to the left, all at once."""
        chosen = []
        for seat in self._seats_from(drawer):
            hand = sorted(self.hands[seat])
            if hand:
                chosen.append((seat, hand[self.rng.below(len(hand))]))
        for seat, card in chosen:
            self.hands[seat].remove(card)
        for seat, card in chosen:
            self.hands[(seat + 1) % self.players].add(card)
        self._postcard_check()

    def _customs_check(self, drawer: int) -> None:
        """Every holder of a forbidden item discards a random non-forbidden card."""
        for seat in self._seats_from(drawer):
            hand = self.hands[seat]
            if not hand:
                continue
            payable = self._payable(seat)
            if payable and any(is_forbidden(c) for c in hand):
                self._discard(seat, payable[self.rng.below(len(payable))])

    # ----- travel (R6) ---------------------------------------------------
    def _destination(self, seat: int) -> int:
        return self.own[seat] if self.own[seat] != -1 else self.center

    def _travel_cards(self, seat: int, credit_slot: int = -1) -> list[int] | None:
        """The cards a travel would discard, in order, or None if it is not legal.

        credit_slot: -1 for a plain travel, else the required item (0..2) for
        which Mom's Credit Card stands in.
        """
        hand = self.hands[seat]
        if self.strike_by != -1:                                   # R9.1 Airline Strike
            return None
        if not any(is_passport(c) for c in hand):
            return None
        if credit_slot >= 0 and cards.CREDIT_CARD not in hand:
            return None
        holds_forbidden = any(is_forbidden(c) for c in hand)
        if holds_forbidden and cards.BRIBE not in hand:            # R9.3
            return None
        used = []
        for slot, kind in enumerate(REQUIRED_KINDS[self._destination(seat)]):
            if slot == credit_slot:
                used.append(cards.CREDIT_CARD)
                continue
            matching = sorted(c for c in hand if is_item_of_kind(c, kind))
            if not matching:
                return None
            used.append(matching[0])
        if holds_forbidden:
            used.append(cards.BRIBE)
        return used

    def _travel(self, credit_slot: int) -> None:
        a = self.active
        for card in self._travel_cards(a, credit_slot):
            self._discard(a, card)
        if self.own[a] != -1:
            self.visited[a].append(self.own[a])
            self.own[a] = -1                       # R6.3 own country leaves play
            self._draw_one(a)                      # R6.4 free draw
            if not self.over:
                self._end_action()
        else:
            self.visited[a].append(self.center)
            self._finish(a, "center")              # R1, R8

    # ----- turn structure (R4) -------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.active = seat
        if self.strike_by == seat:                 # R9.1 the strike ends
            self.strike_by = -1
        self.declined_offers = 0
        self.actions_left = 1
        self.actions_taken = 0
        self._clear_scratch()
        self.phase = MAIN
        if not self.hands[seat]:
            self._draw_cards(seat, 3)              # R4.1

    def _end_turn(self) -> None:
        if self.turn == self.round_cap * self.players - 1:
            self._finish(-1, "round_cap")          # R8
            return
        self.turn += 1
        self._start_turn((self.active + 1) % self.players)

    def _end_action(self) -> None:
        """R4.4: count the action, then every seat over its hand limit discards."""
        self.actions_left -= 1
        self.actions_taken += 1
        self._clear_scratch()
        self.discard_queue = self._seats_from(self.active)
        self._next_discard()

    def _next_discard(self) -> None:
        while self.discard_queue:
            seat = self.discard_queue.pop(0)
            if len(self.hands[seat]) > self._hand_limit(seat):
                self.phase = DISCARD
                self.discard_seat = seat
                self.discard_last = -1
                return
        self.discard_seat = -1
        self._resume_main()

    def _resume_main(self) -> None:
        """Back to MAIN; with no action left and no free play, the turn ends."""
        self.phase = MAIN
        if self.actions_left == 0 and not self._free_plays():
            self._end_turn()

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
