"""The reference model's game state and its plumbing: class ReferenceGame.

ReferenceGame holds the whole state of one game (hands, piles, countries,
phase, the bookkeeping of the action in progress) and the machinery every
action shares: setup (R3), the public views, small helpers, the piles and
drawing (R7), events (R9.1), travel (R6) and the turn structure (R4). What
is legal now comes from LegalActionsMixin (_legal.py), and playing an action
from ApplyMixin (_apply.py); ReferenceGame inherits both.
"""

from engine import DEFAULT_ROUND_CAP, MAX_PLAYERS, MIN_PLAYERS, cards
from engine.cards import (
    AIRLINE_STRIKE, BACKPACKER, CHARACTERS, CIVIL_UNREST, COLLECTOR, CUSTOMS_CHECK,
    DISTANCE_RANK, EXT_CHARACTERS, EXT_EVENTS, EXT_FORBIDDEN, EXT_POSTCARDS, EXT_SPECIALS,
    FIRST_EVENT, FIRST_FORBIDDEN, FIRST_FORBIDDEN_KIND, FIRST_PASSPORT, FIRST_POSTCARD,
    FIRST_SPECIAL, KIND_PASSPORT, KIND_POSTCARD, LOST_LUGGAGE, NUM_CARDS, NUM_COUNTRIES,
    NUM_ITEMS, REQUIRED_KINDS,
)
from engine.reference._apply import ApplyMixin
from engine.reference._legal import LegalActionsMixin
from engine.reference._vocabulary import (
    DISCARD, MAIN, MOUSETRAP, OVER, TRADE_REPLY, SplitMix64, is_event, is_forbidden,
    is_item_of_kind, is_passport, is_postcard,
)

# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------
class ReferenceGame(LegalActionsMixin, ApplyMixin):
    """One game of Passport, driven by integer actions (docs/engine.md)."""

    def __init__(self, players: int, extensions: int, seed: int,
                 round_cap: int = DEFAULT_ROUND_CAP):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Passport is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if not 0 <= extensions <= cards.ALL_EXTENSIONS:
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
            self.own[a] = -1                       # R6, step 3: the own country leaves play
            self._draw_one(a)                      # R6, step 4: a free draw
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
