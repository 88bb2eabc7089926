"""Is an array a state this engine could be in? Checked before a state from
outside (`Game(config, state)`, `Game.restore`) reaches a kernel: numba checks
no bounds, so a count or an index out of range would read or write outside
the array. Plain numpy, at the boundary only: the kernels never call it.

What is checked (the layout is engine/_layout.py):
- the shape, and that the values are whole numbers;
- the header agrees with the game's config (players, extensions, round cap);
- every seat, phase, reason, count, slot index, card, kind and country field
  is within its range, and the decider is a seat exactly while the game runs;
- the phase's own fields: the decider it names, a target for an offer or a
  steal, cards still to pay or discard, cards set aside to look at, what a
  Trading Post took (listed only while it is played);
- the turn's actions: one, or two after an Upgrade, left and taken
  together, and a move in progress has its action still to complete;
- a move in progress can take its next step: an offer being composed has
  room for its next card or kind, a Trading Post for its next swap, a
  steal's target holds a card, a Dispose or a Smuggle names a forbidden
  item its seat holds, a discard stops at the hand limit;
- every card is in exactly one place: a hand, the draw pile's ring, the
  discard pile, the cards set aside (look), out of the game or an event being
  resolved; the draw pile, the discard pile and the look slots list exactly
  the cards whose place says so, each once;
- each hand's size and count of each kind are those of the cards in it,
  and no event is in a hand;
- who knows where a card is, where the rules say it outright: a seat its
  own hand, every seat the public places, the looker the cards set aside;
- the box's ring holds distinct countries; the knowledge, pool and memory
  blocks hold only bits and counts of seats that play, and each seat's
  shuffle pool is where its counts say (docs/engine.md, "Knowledge");
- and, the fields being in range, the seat to decide has a legal action.
"""

from __future__ import annotations

import numpy as np

from . import _layout as L
from ._core import is_forbidden
from ._turns import hand_limit
from .cards import (
    CARD_KINDS, EXT_CHARACTERS, NUM_CARDS, NUM_CHARACTERS, NUM_COUNTRIES, NUM_KINDS, SMUGGLER,
)

MAX_SLOTS = 3  # GIVE, ASK, LOOK and TAKEN each have three
CARD_KIND = np.array(CARD_KINDS, np.int64)


class StateError(ValueError):
    """An array that is not a state this engine could be in."""


def check_state(state, players: int, extensions: int, round_cap: int) -> np.ndarray:
    """The state as a fresh int64 array, or StateError saying what is wrong."""
    S = _fresh_array(state, "a state")
    _Checker(S, players, extensions, round_cap).run()
    if S[L.PHASE] != L.PH_OVER:
        # every field is in range now, so the kernel may read the state
        from .kernels import legal_actions
        if legal_actions(S, np.empty(L.NUM_ACTIONS, np.int64)) == 0:
            raise StateError("not a state of this game: the seat to decide has no legal action")
    return S


def _fresh_array(value, what: str) -> np.ndarray:
    """`value` as a fresh int64 array of a state's shape, or StateError."""
    array = np.asarray(value)
    if array.shape != (L.STATE_SIZE,):
        raise StateError(f"{what} has {L.STATE_SIZE} fields, not shape {array.shape}")
    if array.dtype.kind not in "iu":
        raise StateError(f"{what} holds whole numbers, not {array.dtype}")
    return array.astype(np.int64, copy=True)


class _Checker:
    def __init__(self, S, players, extensions, round_cap):
        self.S = S
        self.n = players
        self.extensions = extensions
        self.round_cap = round_cap

    def fail(self, message: str):
        raise StateError(f"not a state of this game: {message}")

    def field(self, name: str, low: int, high: int) -> int:
        """The header field `name`, checked to lie in low..high."""
        value = int(self.S[getattr(L, name)])
        if not low <= value <= high:
            self.fail(f"{name} is {value}, outside {low}..{high}")
        return value

    def block(self, name: str, count: int, low: int, high: int) -> np.ndarray:
        start = getattr(L, name)
        values = self.S[start:start + count]
        bad = np.flatnonzero((values < low) | (values > high))
        if bad.size:
            i = int(bad[0])
            self.fail(f"{name}[{i}] is {int(values[i])}, outside {low}..{high}")
        return values

    def run(self) -> None:
        S, n = self.S, self.n
        self.field("PLAYERS", n, n)
        self.field("EXT", self.extensions, self.extensions)
        self.field("ROUND_CAP", self.round_cap, self.round_cap)
        self.field("START_SEAT", 0, n - 1)
        self.field("TURN", 0, n * (self.round_cap + 1))
        self.field("ACTIVE", 0, n - 1)
        phase = self.field("PHASE", 0, L.PH_OVER)
        over = phase == L.PH_OVER
        self.field("DECIDER", -1, -1) if over else self.field("DECIDER", 0, n - 1)
        left = self.field("ACTIONS_LEFT", 0, 2)
        done = self.field("ACTIONS_TAKEN", 0, 2)
        if not 1 <= left + done <= 2:  # R4.3, R9.2 Upgrade
            self.fail(f"a turn of {left} actions left and {done} taken")
        if phase not in (L.PH_MAIN, L.PH_DISCARD, L.PH_OVER) and left < 1:
            self.fail(f"a move in progress in phase {phase} with no action left for it")
        self.field("DECLINED", 0, L.MAX_DECLINED_OFFERS)
        self.field("STRIKE", -1, n - 1)
        winner = self.field("WINNER", -1, n - 1)
        reason = self.field("REASON", L.REASON_NONE, L.REASON_ROUND_CAP)
        if over != (reason != L.REASON_NONE):
            self.fail("the game-over reason does not match the phase")
        if (winner >= 0) != (reason in (L.REASON_CENTER, L.REASON_POSTCARDS)):
            self.fail("the winner does not match the game-over reason")
        self.field("TARGET", -1, n - 1)
        self.field("LAST", -1, max(NUM_CARDS, NUM_KINDS) - 1)
        if phase in (L.PH_RECYCLE_PAY, L.PH_DISCARD):
            self.field("NEED", 1, NUM_CARDS)  # cards still to pay or discard
        else:
            self.field("NEED", 0, 0)
        self.field("FORBIDDEN_CARD", -1, NUM_CARDS - 1)
        self.field("DISCARDER", -1, n - 1)
        self.field("LIMIT_CHECKED", 0, n)
        given = self.field("N_GIVE", 0, MAX_SLOTS)
        self.block("GIVE", given, 0, NUM_CARDS - 1)
        asked = self.field("N_ASK", 0, MAX_SLOTS)
        self.block("ASK", asked, 0, NUM_KINDS - 1)
        looking = phase in (L.PH_LG_TAKE, L.PH_TP_PICK, L.PH_TP_GIVE)
        looked = self.field("N_LOOK", 1 if looking else 0, MAX_SLOTS if looking else 0)
        look = self.block("LOOK", looked, -1, NUM_CARDS - 1)
        self.field("LOOK_PICK", -1, MAX_SLOTS - 1)
        trading_post = phase in (L.PH_TP_PICK, L.PH_TP_GIVE)
        # a Trading Post's takings, listed only while it is played
        taken = self.field("N_TAKEN", 0, MAX_SLOTS if trading_post else 0)
        self.block("TAKEN", taken, 0, NUM_CARDS - 1)
        head = self.field("DRAW_HEAD", 0, NUM_CARDS - 1)
        draw_size = self.field("DRAW_SIZE", 0, NUM_CARDS)
        discard_size = self.field("DISCARD_SIZE", 0, NUM_CARDS)
        box_head = self.field("BOX_HEAD", 0, NUM_COUNTRIES - 1)
        box_size = self.field("BOX_SIZE", 0, NUM_COUNTRIES)
        self.field("BOX_KNOWN", 0, box_size)
        self.field("CENTER", 0, NUM_COUNTRIES - 1)

        self.deciders(phase)
        self.steps_in_progress(phase)
        self.characters()
        self.block("OWN", L.MAX_PLAYERS, -1, NUM_COUNTRIES - 1)
        self.block("VISITED", L.MAX_PLAYERS, -1, NUM_COUNTRIES - 1)

        # every card in exactly one place, and each list naming exactly its cards
        loc = self.block("LOC", NUM_CARDS, 0, L.LOC_EVENT)
        if np.any((loc >= n) & (loc < L.MAX_PLAYERS)):
            self.fail("a card is in the hand of a seat that does not play")
        if np.any((CARD_KIND < 0) & (loc < L.MAX_PLAYERS)):
            self.fail("an event is in a hand")  # R9.1: it is resolved as it is drawn
        ring = S[L.DRAW + (head + np.arange(draw_size)) % NUM_CARDS]
        self.same_cards(ring, loc == L.LOC_DRAW, "the draw pile")
        self.same_cards(S[L.DISCARD:L.DISCARD + discard_size], loc == L.LOC_DISCARD,
                        "the discard pile")
        self.same_cards(look[look >= 0], loc == L.LOC_LOOK, "the cards set aside")

        sizes = self.block("HAND_SIZE", L.MAX_PLAYERS, 0, NUM_CARDS)
        counts = S[L.KIND_COUNT:L.KIND_COUNT + L.MAX_PLAYERS * NUM_KINDS].reshape(
            L.MAX_PLAYERS, NUM_KINDS)
        for seat in range(L.MAX_PLAYERS):
            held = loc == seat
            if sizes[seat] != held.sum():
                self.fail(f"seat {seat}'s hand size is {int(sizes[seat])}, "
                          f"but {int(held.sum())} cards are in it")
            kinds = np.bincount(CARD_KIND[held], minlength=NUM_KINDS)
            if not np.array_equal(counts[seat], kinds):
                self.fail(f"seat {seat}'s kind counts are not those of its cards")

        box = S[L.BOX + (box_head + np.arange(box_size)) % NUM_COUNTRIES].tolist()
        own = [int(c) for c in S[L.OWN:L.OWN + n] if c >= 0]
        visited = [int(c) for c in S[L.VISITED:L.VISITED + n] if c >= 0]
        countries = box + own + visited + [int(S[L.CENTER])]
        if sorted(countries) != list(range(NUM_COUNTRIES)):
            self.fail("the countries are not each in one place (box, table, visited, center)")

        seats = (1 << n) - 1
        for name, count in (("KNOWN", NUM_CARDS), ("NEW", NUM_CARDS)):
            values = self.block(name, count, 0, (1 << L.MAX_PLAYERS) - 1)
            if np.any(values & ~seats):
                self.fail(f"{name} names a seat that does not play")
        self.pools(loc, ring)
        seen = self.block("LAST_SEEN", NUM_CARDS, 0, (1 << (4 * L.MAX_PLAYERS)) - 1)
        for seat in range(L.MAX_PLAYERS):
            if np.any(((seen >> (4 * seat)) & 15) > n):
                self.fail("LAST_SEEN names a hand that does not play")
        for name in ("ASKED", "REFUSED"):
            self.block(name, L.MAX_PLAYERS, 0, (1 << NUM_KINDS) - 1)
        self.pending_cards(phase, loc)
        self.knowledge(phase, loc)

    def knowledge(self, phase: int, loc: np.ndarray) -> None:
        """Who knows where a card is, as far as the rules say it outright
        (R7.4, docs/engine.md "Knowledge"): a seat knows the cards of its
        own hand; every seat knows the discard pile, the cards out of the
        game and an event being resolved, the cards of an offer (R5.3) and
        the forbidden item a pending Dispose or Smuggle names (R9.3, R9.5);
        the seat playing a Local
        Guide or a Trading Post knows the cards it set aside (R9.2)."""
        S, n = self.S, self.n
        known = S[L.KNOWN:L.KNOWN + NUM_CARDS]
        everyone = (1 << n) - 1
        held = np.flatnonzero(loc < n)
        blind = held[(known[held] >> loc[held] & 1) == 0]
        if blind.size:
            card = int(blind[0])
            self.fail(f"seat {int(loc[card])} does not know card {card} of its own hand")
        public = (loc == L.LOC_DISCARD) | (loc == L.LOC_OUT) | (loc == L.LOC_EVENT)
        if phase in (L.PH_DISPOSE_WITH, L.PH_SMUGGLE_TO):
            public[int(S[L.FORBIDDEN_CARD])] = True
        if phase in (L.PH_TRADE_GIVE, L.PH_TRADE_ASK, L.PH_TRADE_REPLY):
            public[S[L.GIVE:L.GIVE + S[L.N_GIVE]]] = True
        hidden = np.flatnonzero(public & (known != everyone))
        if hidden.size:
            self.fail(f"where card {int(hidden[0])} is, is public, but not every seat knows it")
        looker = 1 << int(S[L.ACTIVE])
        if np.any((loc == L.LOC_LOOK) & ((known & looker) == 0)):
            self.fail("the seat looking at the cards set aside does not know one of them")

    def characters(self) -> None:
        """With the characters extension each seat that plays has a
        character of its own, dealt face up (R9.5); without it, none does."""
        dealt = self.block("CHARACTER", L.MAX_PLAYERS, -1, NUM_CHARACTERS - 1)
        playing, rest = dealt[:self.n], dealt[self.n:]
        if np.any(rest >= 0):
            self.fail("a seat that does not play has a character")
        if not self.extensions & EXT_CHARACTERS:
            if np.any(playing >= 0):
                self.fail("a seat has a character in a game without the characters")
        elif np.any(playing < 0) or len(set(playing.tolist())) != self.n:
            self.fail("the seats do not each have a character of their own")

    def pending_cards(self, phase: int, loc: np.ndarray) -> None:
        """The cards a pending step takes are there: a steal's target holds
        a card (R5.4), a Dispose or a Smuggle names a forbidden item its seat
        holds (R9.3, R9.5: the Smuggler's), and a discard takes the hand
        down to its limit, no further (R4.4). (That a payment or a discard
        has cards to choose from is the legal-action check's.)"""
        S = self.S
        active, target, need = int(S[L.ACTIVE]), int(S[L.TARGET]), int(S[L.NEED])
        if phase in (L.PH_STEAL_PAY, L.PH_MOUSETRAP) and S[L.HAND_SIZE + target] < 1:
            self.fail(f"a steal from seat {target}, whose hand is empty")
        if phase in (L.PH_DISPOSE_WITH, L.PH_SMUGGLE_TO):
            card = int(S[L.FORBIDDEN_CARD])
            if not (is_forbidden(card) and loc[card] == active):
                self.fail(f"card {card} is not a forbidden item the active seat holds")
            if phase == L.PH_SMUGGLE_TO and S[L.CHARACTER + active] != SMUGGLER:
                self.fail("a Smuggle by a seat that is not the Smuggler")
        if phase == L.PH_DISCARD:
            seat = int(S[L.DISCARDER])
            if need != S[L.HAND_SIZE + seat] - hand_limit(S, seat):
                self.fail(f"seat {seat} discards {need} cards, not down to its hand limit")

    def deciders(self, phase: int) -> None:
        """Who decides, by phase: the seat whose turn it is, except the
        target of an offer or a steal answering it (a trade reply, a
        Mousetrap) and the seat discarding for the hand limit."""
        S = self.S
        decider, active = int(S[L.DECIDER]), int(S[L.ACTIVE])
        target = int(S[L.TARGET])
        if phase in (L.PH_TRADE_GIVE, L.PH_TRADE_ASK, L.PH_TRADE_REPLY, L.PH_STEAL_PAY,
                     L.PH_MOUSETRAP) and not (target >= 0 and target != active):
            self.fail(f"phase {phase} needs another seat as its target, not {target}")
        if phase in (L.PH_TRADE_REPLY, L.PH_MOUSETRAP):
            expected = target
        elif phase == L.PH_DISCARD:
            expected = int(S[L.DISCARDER])
        elif phase == L.PH_OVER:
            return
        else:
            expected = active
        if decider != expected:
            self.fail(f"seat {decider} decides in phase {phase}, where seat {expected} should")

    def steps_in_progress(self, phase: int) -> None:
        """The fields a move made of several steps writes by, as its steps
        leave them: an offer being composed (R5.3) lists distinct cards of
        the active hand in increasing order and kinds in non-decreasing
        order, with room for the next one (at three it moves on), LAST
        naming the last card or kind added; a Trading Post (R9.2) has
        swapped at most one card for each look position it has passed (LAST),
        and the card it is about to take lies further on."""
        S = self.S
        given, asked = int(S[L.N_GIVE]), int(S[L.N_ASK])
        last = int(S[L.LAST])
        if phase in (L.PH_TRADE_GIVE, L.PH_TRADE_ASK, L.PH_TRADE_REPLY):
            room = {L.PH_TRADE_GIVE: (0, MAX_SLOTS - 1, 0, 0),
                    L.PH_TRADE_ASK: (1, MAX_SLOTS, 0, MAX_SLOTS - 1),
                    L.PH_TRADE_REPLY: (1, MAX_SLOTS, 1, MAX_SLOTS)}[phase]
            if not (room[0] <= given <= room[1] and room[2] <= asked <= room[3]):
                self.fail(f"an offer of {given} cards for {asked} kinds in phase {phase}")
            if S[L.DECLINED] >= L.MAX_DECLINED_OFFERS:
                self.fail(f"an offer after {int(S[L.DECLINED])} declined ones this turn")
            cards = S[L.GIVE:L.GIVE + given]
            kinds = S[L.ASK:L.ASK + asked]
            if np.any(np.diff(cards) <= 0) or np.any(np.diff(kinds) < 0):
                self.fail("the offer's cards or kinds are out of order")
            if np.any(S[L.LOC + cards] != S[L.ACTIVE]):
                self.fail("the offer gives a card the active seat does not hold")
            if phase != L.PH_TRADE_REPLY:
                added = cards if phase == L.PH_TRADE_GIVE else kinds
                if last != (int(added[-1]) if len(added) else -1):
                    self.fail("LAST is not the last card or kind added to the offer")
        if phase in (L.PH_TP_PICK, L.PH_TP_GIVE):
            looked, taken = int(S[L.N_LOOK]), int(S[L.N_TAKEN])
            if not (-1 <= last < looked and taken <= last + 1 and taken < MAX_SLOTS):
                self.fail(f"a Trading Post at look position {last} has swapped {taken} cards")
            pick = int(S[L.LOOK_PICK])
            if phase == L.PH_TP_GIVE and not (last < pick < looked and S[L.LOOK + pick] >= 0):
                self.fail(f"a Trading Post takes from look position {pick}")

    def pools(self, loc: np.ndarray, ring: np.ndarray) -> None:
        """Each seat's shuffle pool: cards it does not see, in hands or on
        the draw pile, whose counts per hand and on top of the pile are those
        HAND_NEW and DRAW_NEW keep (docs/engine.md, "Knowledge")."""
        S, n = self.S, self.n
        hand_new = self.block("HAND_NEW", L.MAX_PLAYERS * L.MAX_PLAYERS, 0, NUM_CARDS)
        draw_new = self.block("DRAW_NEW", L.MAX_PLAYERS, 0, len(ring))
        new = S[L.NEW:L.NEW + NUM_CARDS]
        known = S[L.KNOWN:L.KNOWN + NUM_CARDS]
        for o in range(n):
            pooled = (new >> o & 1) == 1
            if np.any(pooled & ((known >> o & 1) == 1)):
                self.fail(f"seat {o}'s shuffle pool holds a card it sees")
            if np.any(pooled & ~((loc < n) | (loc == L.LOC_DRAW))):
                self.fail(f"seat {o}'s shuffle pool holds a card outside the hands and the pile")
            for t in range(n):
                if hand_new[o * L.MAX_PLAYERS + t] != np.sum(pooled & (loc == t)):
                    self.fail(f"HAND_NEW does not count seat {o}'s pool in hand {t}")
            top = int(draw_new[o])
            on_pile = np.flatnonzero(pooled & (loc == L.LOC_DRAW))
            if sorted(ring[:top].tolist()) != on_pile.tolist():
                self.fail(f"DRAW_NEW does not count seat {o}'s pool on the draw pile")
        if np.any(hand_new.reshape(L.MAX_PLAYERS, L.MAX_PLAYERS)[n:]) or np.any(draw_new[n:]):
            self.fail("a seat that does not play has a shuffle pool")

    def same_cards(self, listed: np.ndarray, placed: np.ndarray, what: str) -> None:
        """`listed` (slots of a pile) names each card `placed` there, once."""
        if np.any((listed < 0) | (listed >= NUM_CARDS)):
            self.fail(f"{what} lists a card that does not exist")
        if len(set(listed.tolist())) != len(listed) or set(listed.tolist()) != set(
                np.flatnonzero(placed).tolist()):
            self.fail(f"{what} does not list exactly the cards placed in it")


class _ObservationChecker(_Checker):
    def fail(self, message: str):
        raise StateError(f"not a seat's view of this game: {message}")


def check_observation(observation, seat: int, players: int, extensions: int,
                      round_cap: int) -> np.ndarray:
    """The observation of `seat` (what `observe` writes) as a fresh int64
    array, or StateError saying what is wrong. The fields the `determinize`
    kernel indexes by are checked first; then a world is dealt from it, that
    world is checked whole (`check_state`), and seeing it again from `seat`
    must give back exactly this observation: the view of a state this game
    could be in, with nothing in it the seat could not know."""
    return checked_observation_and_world(observation, seat, players, extensions, round_cap)[0]


def checked_observation_and_world(observation, seat: int, players: int, extensions: int,
                                  round_cap: int) -> tuple[np.ndarray, np.ndarray]:
    """`check_observation`, with the world it dealt (seed 0) from the checked observation."""
    from ._knowledge import HIDDEN, LOC_HIDDEN
    O = _fresh_array(observation, "a seat's view")
    check = _ObservationChecker(O, players, extensions, round_cap)
    n = check.field("PLAYERS", players, players)
    check.field("EXT", extensions, extensions)
    check.field("ROUND_CAP", round_cap, round_cap)
    if not 0 <= seat < n:
        check.fail(f"seat {seat} does not play a {n}-player game")
    # what the determinize kernel, and the legal actions it asks of the
    # world it deals, read as an index or a count
    check.field("ACTIVE", 0, n - 1)
    check.field("PHASE", 0, L.PH_OVER)
    check.field("DECIDER", -1, n - 1)
    check.field("TARGET", -1, n - 1)
    check.field("DISCARDER", -1, n - 1)
    check.field("LAST", -1, max(NUM_CARDS, NUM_KINDS) - 1)
    check.block("GIVE", check.field("N_GIVE", 0, MAX_SLOTS), 0, NUM_CARDS - 1)
    check.block("ASK", check.field("N_ASK", 0, MAX_SLOTS), 0, NUM_KINDS - 1)
    check.field("N_LOOK", 0, MAX_SLOTS)
    check.block("LOOK", MAX_SLOTS, HIDDEN, NUM_CARDS - 1)
    check.field("N_TAKEN", 0, MAX_SLOTS)
    check.field("DRAW_HEAD", 0, NUM_CARDS - 1)
    check.field("DRAW_SIZE", 0, NUM_CARDS)
    check.block("DRAW", NUM_CARDS, HIDDEN, NUM_CARDS - 1)
    check.block("LOC", NUM_CARDS, 0, LOC_HIDDEN)
    check.block("HAND_SIZE", L.MAX_PLAYERS, 0, NUM_CARDS)
    check.block("HAND_NEW", L.MAX_PLAYERS * L.MAX_PLAYERS, 0, NUM_CARDS)
    check.block("DRAW_NEW", L.MAX_PLAYERS, 0, NUM_CARDS)
    check.block("OWN", L.MAX_PLAYERS, -1, NUM_COUNTRIES - 1)
    check.block("VISITED", L.MAX_PLAYERS, -1, NUM_COUNTRIES - 1)
    check.field("CENTER", 0, NUM_COUNTRIES - 1)
    check.field("BOX_HEAD", 0, NUM_COUNTRIES - 1)
    check.block("BOX", NUM_COUNTRIES, HIDDEN, NUM_COUNTRIES - 1)
    box_size = check.field("BOX_SIZE", 0, NUM_COUNTRIES)
    box_known = check.field("BOX_KNOWN", 0, box_size)
    box = O[L.BOX + (O[L.BOX_HEAD] + np.arange(box_size - box_known, box_size)) % NUM_COUNTRIES]
    if np.any(box < 0):
        check.fail("a country of the box everyone knows is missing")

    from . import kernels
    world = np.empty(L.STATE_SIZE, np.int64)
    if not kernels.determinize(O, seat, np.int64(0), world):
        check.fail("no way of dealing the cards it does not show fits it")
    try:
        check_state(world, players, extensions, round_cap)
    except StateError as error:
        check.fail(str(error).removeprefix("not a state of this game: "))
    seen = np.empty(L.STATE_SIZE, np.int64)
    kernels.observe(world, seat, seen)
    if not np.array_equal(seen, O):
        field = int(np.flatnonzero(seen != O)[0])
        check.fail(f"field {field} is not what seat {seat} could see there")
    return O, world
