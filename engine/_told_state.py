"""The state a seat decides in, in words (engine.seen.state_seen_by), read
from its observation, and its observation rebuilt from those words
(engine.seen.view_from_state). docs/agent-protocol.md, "The state", says
what each field means; engine/_layout.py what each observation field is.

The words hold everything the observation holds (R7.4), but two kinds of
number that no seat needs: where the draw pile's and the box's ring buffers
start (the rebuilt observation starts them at slot 0), and the fields a step
of several decisions left behind once it was over (a trade's target, the
last card paid, ...; rebuilt as a fresh game has them: -1, 0). No kernel
reads either outside the step that writes it, so a world dealt from the
rebuilt observation plays on as one dealt from the original
(tests/engine/test_told_state.py compares the two, field by field).
"""

from __future__ import annotations

import numpy as np

from . import _layout as L
from . import cards as C
from ._knowledge import HIDDEN, LOC_HIDDEN
from ._validate import StateError
from .actions import Phase
from .steps import CARD_IDS, COUNTRY_IDS, KIND_IDS

TRADE_PHASES = frozenset({Phase.TRADE_GIVE, Phase.TRADE_ASK, Phase.TRADE_REPLY})
STEAL_PHASES = frozenset({Phase.STEAL_PAY, Phase.MOUSETRAP})
PAY_PHASES = frozenset({Phase.RECYCLE_PAY, Phase.DISCARD})       # cards_due, last_paid
FORBIDDEN_PHASES = frozenset({Phase.DISPOSE_WITH, Phase.SMUGGLE_TO})
LOOK_PHASES = frozenset({Phase.LOCAL_GUIDE_TAKE, Phase.TRADING_POST_PICK,
                         Phase.TRADING_POST_GIVE})
POST_PHASES = frozenset({Phase.TRADING_POST_PICK, Phase.TRADING_POST_GIVE})
PHASES = {phase.label: phase for phase in Phase}
# What a seat knows besides the position: who else knows a card, its memory,
# the offers noted, its shuffle pool, and the end of the game. A state that
# leaves one out is read as holding none of it.
OPTIONAL = {"shown_cards": None, "remembered_cards": None, "asked_kinds": None,
            "refused_kinds": None, "shuffle_pool": None, "winner": None, "end_reason": None}
SAID = 60  # characters of a value quoted in an error
_FIELD = object()  # read the value from the state's field of that name


# ---- from the observation to words -----------------------------------------------------

def state_from_observation(O: np.ndarray, seat: int) -> dict:
    """The state `seat` decides in, in words, read from its observation `O`
    (int64[STATE_SIZE], made or checked by the engine) and nothing else."""
    n = int(O[L.PLAYERS])
    everyone = (1 << n) - 1
    phase = Phase(int(O[L.PHASE]))
    active = int(O[L.ACTIVE])
    loc = O[L.LOC:L.LOC + C.NUM_CARDS]
    known = O[L.KNOWN:L.KNOWN + C.NUM_CARDS]
    memory = (O[L.LAST_SEEN:L.LAST_SEEN + C.NUM_CARDS] >> (4 * seat)) & 15
    pooled = O[L.NEW:L.NEW + C.NUM_CARDS] >> seat & 1

    def names(cards):
        return [C.CARD_NAMES[int(c)] for c in cards]

    def maybe(card):
        return None if card < 0 else C.CARD_NAMES[int(card)]

    def held(s):
        return np.flatnonzero(loc == s)

    def kinds(mask):
        return [C.KIND_NAMES[k] for k in range(C.NUM_KINDS) if int(mask) >> k & 1]

    def ring(start, head, size, modulus, words):
        return [None if O[start + (head + i) % modulus] < 0
                else words[int(O[start + (head + i) % modulus])] for i in range(size)]

    visited = []
    for s in range(n):
        places = [] if O[L.VISITED + s] < 0 else [C.COUNTRIES[int(O[L.VISITED + s])]]
        if (phase == Phase.OVER and O[L.REASON] == L.REASON_CENTER and O[L.WINNER] == s):
            places.append(C.COUNTRIES[int(O[L.CENTER])])  # R8: the winner's last travel
        visited.append(places)
    offer = None
    if phase in TRADE_PHASES:
        offer = {"from": active, "to": int(O[L.TARGET]),
                 "give": names(O[L.GIVE:L.GIVE + O[L.N_GIVE]]),
                 "ask": [C.KIND_NAMES[int(k)] for k in O[L.ASK:L.ASK + O[L.N_ASK]]]}
    post = None
    if phase in POST_PHASES:
        post = {"taken": [maybe(c) for c in O[L.TAKEN:L.TAKEN + O[L.N_TAKEN]]],
                "last_swap": None if O[L.LAST] < 0 else int(O[L.LAST]),
                "picked": int(O[L.LOOK_PICK]) if phase == Phase.TRADING_POST_GIVE else None}
    pool = None
    hand_pool = [int(O[L.HAND_NEW + seat * L.MAX_PLAYERS + t]) for t in range(n)]
    if pooled.any() or O[L.DRAW_NEW + seat] or any(hand_pool):
        pool = {"cards": names(np.flatnonzero(pooled)), "in_hands": hand_pool,
                "on_draw_pile": int(O[L.DRAW_NEW + seat])}
    reason = int(O[L.REASON])
    return {
        "round": int(O[L.TURN]) // n + 1, "start_seat": int(O[L.START_SEAT]), "active": active,
        "decider": int(O[L.DECIDER]), "actions_taken": int(O[L.ACTIONS_TAKEN]),
        "actions_left": int(O[L.ACTIONS_LEFT]), "phase": phase.label, "seat": seat,
        "hand": names(held(seat)),
        "hand_sizes": [int(O[L.HAND_SIZE + s]) for s in range(n)],
        "known_cards": [names(held(s)) if s != seat else None for s in range(n)],
        "shown_cards": [names(c for c in held(s) if known[c] == everyone) for s in range(n)],
        "countries": [None if O[L.OWN + s] < 0 else C.COUNTRIES[int(O[L.OWN + s])]
                      for s in range(n)],
        "visited": visited, "center": C.COUNTRIES[int(O[L.CENTER])],
        "characters": None if O[L.CHARACTER] < 0
        else [C.CHARACTERS[int(O[L.CHARACTER + s])] for s in range(n)],
        "discard_pile": names(O[L.DISCARD:L.DISCARD + O[L.DISCARD_SIZE]]),
        "draw_pile_size": int(O[L.DRAW_SIZE]),
        "draw_pile": ring(L.DRAW, int(O[L.DRAW_HEAD]), int(O[L.DRAW_SIZE]), C.NUM_CARDS,
                          C.CARD_NAMES),
        "box_size": int(O[L.BOX_SIZE]),
        "box": ring(L.BOX, int(O[L.BOX_HEAD]), int(O[L.BOX_SIZE]), C.NUM_COUNTRIES, C.COUNTRIES),
        "out_of_game": names(np.flatnonzero(loc == L.LOC_OUT)),
        "declined_offers": int(O[L.DECLINED]),
        "strike_seat": None if O[L.STRIKE] < 0 else int(O[L.STRIKE]),
        "offer": offer,
        "steal_from": int(O[L.TARGET]) if phase in STEAL_PHASES else None,
        "cards_due": int(O[L.NEED]),
        "last_paid": maybe(O[L.LAST]) if phase in PAY_PHASES else None,
        "forbidden": maybe(O[L.FORBIDDEN_CARD]) if phase in FORBIDDEN_PHASES else None,
        "look": [maybe(c) for c in O[L.LOOK:L.LOOK + O[L.N_LOOK]]],
        "trading_post": post,
        "remembered_cards": [names(np.flatnonzero((loc == LOC_HIDDEN) & (memory == s + 1)))
                             for s in range(n)],
        "asked_kinds": [kinds(O[L.ASKED + s]) for s in range(n)],
        "refused_kinds": [kinds(O[L.REFUSED + s]) for s in range(n)],
        "shuffle_pool": pool,
        "winner": None if O[L.WINNER] < 0 else int(O[L.WINNER]),
        "end_reason": None if reason == L.REASON_NONE
        else L.END_REASONS[reason - L.REASON_CENTER],
    }


# ---- from words to the observation -----------------------------------------------------

def _said(value) -> str:
    text = repr(value)
    return text if len(text) <= SAID else text[:SAID] + "..."


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Reader:
    """Reads a state's fields, each checked; StateError, one sentence, at the first wrong one."""

    def __init__(self, state: dict, players: int):
        self.state = state
        self.n = players

    def fail(self, message: str):
        raise StateError(f"the state's {message}")

    def get(self, field: str):
        if field not in self.state:
            if field in OPTIONAL:
                return OPTIONAL[field]
            self.fail(f"{field} is missing")
        return self.state[field]

    def number(self, field: str, low: int, high: int, value=_FIELD, null=False) -> int:
        """A whole number from low to high (or null, read as -1, if `null`):
        `value`, or the state's field of that name."""
        value = self.get(field) if value is _FIELD else value
        if null and value is None:
            return -1
        if not (_is_int(value) and low <= value <= high):
            self.fail(f"{field} is {_said(value)}, not a whole number from {low} to {high}"
                      + (" or null" if null else ""))
        return value

    def seat(self, field: str, value=_FIELD, null=False) -> int:
        return self.number(field, 0, self.n - 1, value, null)

    def listed(self, field: str, value, length: int | None = None, most: int | None = None):
        if not isinstance(value, list) or (length is not None and len(value) != length) or (
                most is not None and len(value) > most):
            size = f"of {length} entries" if length is not None else (
                f"of at most {most} entries" if most is not None else "")
            self.fail(f"{field} is {_said(value)}, not a list {size}".rstrip())
        return value

    def named(self, field: str, value, ids: dict, what: str, null=False):
        if null and value is None:
            return -1
        if not (isinstance(value, str) and value in ids):
            self.fail(f"{field} holds {_said(value)}, which is not {what}")
        return ids[value]

    def cards(self, field: str, value, most: int = C.NUM_CARDS, null=False) -> list[int]:
        return [self.named(field, v, CARD_IDS, "a card", null)
                for v in self.listed(field, value, most=most)]

    def per_seat(self, field: str, value=_FIELD) -> list:
        return self.listed(field, self.get(field) if value is _FIELD else value, length=self.n)


def observation_from_state(state, seat_expected: int | None, players: int, extensions: int,
                           round_cap: int) -> tuple[int, np.ndarray]:
    """The seat and the observation that `state` (state_from_observation's
    words) describes, for a game of these settings; each field is checked
    for its type and range, each card, kind, country and character for its
    name, each card for being in one place at most. StateError (one
    sentence) otherwise. That the whole is a seat's view of a game is
    checked after, by check_observation."""
    if not isinstance(state, dict):
        raise StateError("a seat's state is an object of named fields "
                         "(docs/agent-protocol.md, \"The state\")")
    n = players
    read = _Reader(state, n)
    O = np.zeros(L.STATE_SIZE, np.int64)
    seat = read.seat("seat")
    if seat_expected is not None and seat != seat_expected:
        read.fail(f"seat is {seat}, not {seat_expected}")
    label = read.get("phase")
    if not (isinstance(label, str) and label in PHASES):
        read.fail(f"phase {_said(label)} is not a phase (docs/agent-protocol.md, \"Phases\")")
    phase = PHASES[label]
    active, start = read.seat("active"), read.seat("start_seat")
    O[L.PLAYERS], O[L.EXT], O[L.ROUND_CAP] = n, extensions, round_cap
    O[L.START_SEAT], O[L.ACTIVE], O[L.PHASE] = start, active, phase
    O[L.TURN] = (read.number("round", 1, round_cap) - 1) * n + (active - start) % n
    O[L.DECIDER] = read.number("decider", -1, n - 1)
    O[L.ACTIONS_LEFT] = read.number("actions_left", 0, 2)
    O[L.ACTIONS_TAKEN] = read.number("actions_taken", 0, 2)
    O[L.DECLINED] = read.number("declined_offers", 0, L.MAX_DECLINED_OFFERS)
    O[L.STRIKE] = read.seat("strike_seat", null=True)
    O[L.WINNER] = read.seat("winner", null=True)
    reason = read.get("end_reason")
    if reason is not None and not (isinstance(reason, str) and reason in L.END_REASONS):
        read.fail(f"end_reason is {_said(reason)}, not one of {', '.join(L.END_REASONS)} or null")
    O[L.REASON] = L.REASON_NONE if reason is None else L.END_REASONS.index(reason) + 1

    # where each card is, as far as the seat knows
    place = np.full(C.NUM_CARDS, LOC_HIDDEN, np.int64)

    def put(field: str, cards: list[int], where: int):
        for card in cards:
            if card < 0:
                continue
            if place[card] != LOC_HIDDEN:
                read.fail(f"{field} lists {C.CARD_NAMES[card]}, which it places elsewhere too")
            place[card] = where

    hand = read.cards("hand", read.get("hand"))
    put("hand", hand, seat)
    known_cards = read.per_seat("known_cards")
    for s in range(n):
        if s == seat:
            if known_cards[s] is not None:
                read.fail(f"known_cards[{s}] is not null (the seat's own cards are its hand)")
            continue
        put("known_cards", read.cards(f"known_cards[{s}]", known_cards[s]), s)
    discard = read.cards("discard_pile", read.get("discard_pile"))
    put("discard_pile", discard, L.LOC_DISCARD)
    draw = read.cards("draw_pile", read.get("draw_pile"), null=True)
    if read.number("draw_pile_size", 0, C.NUM_CARDS) != len(draw):
        read.fail(f"draw_pile_size is {read.get('draw_pile_size')}, but its draw_pile lists "
                  f"{len(draw)} places")
    put("draw_pile", draw, L.LOC_DRAW)
    look = read.cards("look", read.get("look"), most=3, null=True)
    put("look", look, L.LOC_LOOK)
    put("out_of_game", read.cards("out_of_game", read.get("out_of_game")), L.LOC_OUT)
    O[L.LOC:L.LOC + C.NUM_CARDS] = place

    # who else knows where each of them is
    me, everyone = 1 << seat, (1 << n) - 1
    public = np.zeros(C.NUM_CARDS, bool)
    public[(place == L.LOC_DISCARD) | (place == L.LOC_OUT)] = True
    shown = read.get("shown_cards")
    if shown is not None:
        for s, cards in enumerate(read.per_seat("shown_cards", shown)):
            for card in read.cards(f"shown_cards[{s}]", cards):
                if place[card] != s:
                    read.fail(f"shown_cards[{s}] lists {C.CARD_NAMES[card]}, which it does "
                              f"not place in seat {s}'s hand")
                public[card] = True
    knows = np.where(place < L.MAX_PLAYERS, me | (1 << np.minimum(place, L.MAX_PLAYERS - 1)), me)
    O[L.KNOWN:L.KNOWN + C.NUM_CARDS] = np.where(
        place == LOC_HIDDEN, 0, np.where(public, everyone, knows))

    # the hands and the table
    sizes = read.per_seat("hand_sizes")
    for s in range(n):
        O[L.HAND_SIZE + s] = read.number(f"hand_sizes[{s}]", 0, C.NUM_CARDS, sizes[s])
    for card in hand:
        O[L.KIND_COUNT + seat * C.NUM_KINDS + C.CARD_KINDS[card]] += 1
    O[L.CHARACTER:L.CHARACTER + L.MAX_PLAYERS] = -1
    characters = read.get("characters")
    if characters is not None:
        for s, name in enumerate(read.per_seat("characters", characters)):
            O[L.CHARACTER + s] = read.named("characters", name, _CHARACTER_IDS, "a character")
    O[L.OWN:L.OWN + L.MAX_PLAYERS] = -1
    O[L.VISITED:L.VISITED + L.MAX_PLAYERS] = -1
    for s, name in enumerate(read.per_seat("countries")):
        O[L.OWN + s] = read.named("countries", name, COUNTRY_IDS, "a country", null=True)
    for s, places in enumerate(read.per_seat("visited")):
        places = read.listed(f"visited[{s}]", places, most=2)
        if places:
            O[L.VISITED + s] = read.named("visited", places[0], COUNTRY_IDS, "a country")
    O[L.CENTER] = read.named("center", read.get("center"), COUNTRY_IDS, "a country")

    # the piles and the box (read top first from slot 0)
    O[L.DRAW:L.DRAW + C.NUM_CARDS] = HIDDEN
    O[L.DRAW:L.DRAW + len(draw)] = draw
    O[L.DRAW_SIZE] = len(draw)
    O[L.DISCARD:L.DISCARD + C.NUM_CARDS] = HIDDEN
    O[L.DISCARD:L.DISCARD + len(discard)] = discard
    O[L.DISCARD_SIZE] = len(discard)
    box = read.listed("box", read.get("box"), most=C.NUM_COUNTRIES)
    if read.number("box_size", 0, C.NUM_COUNTRIES) != len(box):
        read.fail(f"box_size is {read.get('box_size')}, but its box lists {len(box)} places")
    box_ids = [read.named("box", name, COUNTRY_IDS, "a country", null=True) for name in box]
    unknown = sum(1 for c in box_ids if c < 0)
    if any(c >= 0 for c in box_ids[:unknown]):
        read.fail("box names a country above one it does not name (the countries everyone "
                  "knows lie at the bottom of the box)")
    O[L.BOX:L.BOX + C.NUM_COUNTRIES] = HIDDEN
    O[L.BOX:L.BOX + len(box_ids)] = box_ids
    O[L.BOX_SIZE], O[L.BOX_KNOWN] = len(box_ids), len(box_ids) - unknown

    _read_step(read, O, phase, active, look)
    _read_memory(read, O, seat, place)
    return seat, O


_CHARACTER_IDS = {name: c for c, name in enumerate(C.CHARACTERS)}


def _one_of(read: _Reader, field: str, phase: Phase, phases: frozenset):
    """A field that is not null exactly in `phases`."""
    value = read.get(field)
    if (value is None) == (phase in phases):
        which = ", ".join(sorted(p.label for p in phases))
        read.fail(f"{field} is {_said(value)}: it is null except in the phases {which}")
    return value


def _read_step(read: _Reader, O: np.ndarray, phase: Phase, active: int, look: list[int]) -> None:
    """The fields of the step in progress, as the engine keeps them while
    it goes on; as a fresh game has them otherwise."""
    n = read.n
    O[L.TARGET] = O[L.LAST] = O[L.FORBIDDEN_CARD] = O[L.DISCARDER] = O[L.LOOK_PICK] = -1
    O[L.TAKEN:L.TAKEN + 3] = -1
    offer = _one_of(read, "offer", phase, TRADE_PHASES)
    if offer is not None:
        if not isinstance(offer, dict):
            read.fail(f"offer is {_said(offer)}, not an object with from, to, give and ask")
        if read.seat("offer.from", offer.get("from")) != active:
            read.fail("offer is not from the active seat")
        O[L.TARGET] = read.seat("offer.to", offer.get("to"))
        give = read.cards("offer.give", offer.get("give"), most=3)
        ask = [read.named("offer.ask", k, KIND_IDS, "a kind")
               for k in read.listed("offer.ask", offer.get("ask"), most=3)]
        O[L.N_GIVE], O[L.N_ASK] = len(give), len(ask)
        O[L.GIVE:L.GIVE + len(give)] = give
        O[L.ASK:L.ASK + len(ask)] = ask
        added = give if phase == Phase.TRADE_GIVE else ask
        O[L.LAST] = added[-1] if added else -1
        public = O[L.KNOWN:L.KNOWN + C.NUM_CARDS]
        for card in give:  # shown face up as they are offered (R5.3)
            if O[L.LOC + card] != LOC_HIDDEN:
                public[card] = (1 << n) - 1
    if _one_of(read, "steal_from", phase, STEAL_PHASES) is not None:
        O[L.TARGET] = read.seat("steal_from")
    due = read.number("cards_due", 1 if phase in PAY_PHASES else 0,
                      C.NUM_CARDS if phase in PAY_PHASES else 0)
    O[L.NEED] = due
    if phase in PAY_PHASES:
        O[L.LAST] = read.named("last_paid", read.get("last_paid"), CARD_IDS, "a card", null=True)
    elif read.get("last_paid") is not None:
        read.fail("last_paid is not null outside the phases recycle-pay and discard")
    if phase == Phase.DISCARD:
        decider = int(O[L.DECIDER])
        O[L.DISCARDER], O[L.LIMIT_CHECKED] = decider, (decider - active) % n  # R4.4
    forbidden = _one_of(read, "forbidden", phase, FORBIDDEN_PHASES)
    if forbidden is not None:
        card = read.named("forbidden", forbidden, CARD_IDS, "a card")
        O[L.FORBIDDEN_CARD] = card
        if O[L.LOC + card] != LOC_HIDDEN:  # the action names it (R7.4)
            O[L.KNOWN + card] = (1 << n) - 1
    O[L.N_LOOK] = len(look)
    O[L.LOOK:L.LOOK + 3] = HIDDEN
    O[L.LOOK:L.LOOK + len(look)] = look
    post = _one_of(read, "trading_post", phase, POST_PHASES)
    if post is not None:
        if not isinstance(post, dict):
            read.fail(f"trading_post is {_said(post)}, not an object with taken, last_swap "
                      "and picked")
        taken = read.cards("trading_post.taken", post.get("taken"), most=2, null=True)
        O[L.N_TAKEN] = len(taken)
        O[L.TAKEN:L.TAKEN + len(taken)] = taken
        O[L.LAST] = read.number("trading_post.last_swap", 0, 2, post.get("last_swap"), null=True)
        if phase == Phase.TRADING_POST_GIVE:
            O[L.LOOK_PICK] = read.number("trading_post.picked", 0, 2, post.get("picked"))
        elif post.get("picked") is not None:
            read.fail("trading_post.picked is not null in the phase trading-post-pick")


def _read_memory(read: _Reader, O: np.ndarray, seat: int, place: np.ndarray) -> None:
    """What the seat remembers and what every seat has noted: the hand it
    last saw each card in, the kinds asked and refused, its shuffle pool."""
    n = read.n
    shift = 4 * seat
    memory = np.where(place < L.MAX_PLAYERS, place + 1, 0) << shift
    remembered = read.get("remembered_cards")
    if remembered is not None:
        for s, cards in enumerate(read.per_seat("remembered_cards", remembered)):
            for card in read.cards(f"remembered_cards[{s}]", cards):
                if place[card] != LOC_HIDDEN:
                    read.fail(f"remembered_cards[{s}] lists {C.CARD_NAMES[card]}, whose place "
                              "the state gives")
                memory[card] = (s + 1) << shift
    O[L.LAST_SEEN:L.LAST_SEEN + C.NUM_CARDS] = memory
    for field, start in (("asked_kinds", L.ASKED), ("refused_kinds", L.REFUSED)):
        value = read.get(field)
        if value is not None:
            for s, kinds in enumerate(read.per_seat(field, value)):
                for name in read.listed(f"{field}[{s}]", kinds, most=C.NUM_KINDS):
                    O[start + s] |= 1 << read.named(f"{field}[{s}]", name, KIND_IDS, "a kind")
    pool = read.get("shuffle_pool")
    if pool is not None:
        if not isinstance(pool, dict):
            read.fail(f"shuffle_pool is {_said(pool)}, not an object with cards, in_hands and "
                      "on_draw_pile")
        for card in read.cards("shuffle_pool.cards", pool.get("cards")):
            O[L.NEW + card] = 1 << seat
        in_hands = read.per_seat("shuffle_pool.in_hands", pool.get("in_hands"))
        for t in range(n):
            O[L.HAND_NEW + seat * L.MAX_PLAYERS + t] = read.number(
                f"shuffle_pool.in_hands[{t}]", 0, C.NUM_CARDS, in_hands[t])
        O[L.DRAW_NEW + seat] = read.number("shuffle_pool.on_draw_pile", 0, C.NUM_CARDS,
                                           pool.get("on_draw_pile"))
