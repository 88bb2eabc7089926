"""The state a seat decides in, in words (engine.seen.state_seen_by, the
`state` of the agent protocol), holds its whole view: the observation
rebuilt from it (engine.seen.view_from_state) is the seat's own, but for
the numbers no seat needs, which it rebuilds as a fresh game has them; it
holds nothing the seat may not know (R7.4); and what is not such a state
is refused in one sentence before a kernel reads it."""

import json
import random

import numpy as np
from hypothesis import event, given, settings
from hypothesis import strategies as st

from bots.difficulty import make_bot
from engine import Game, StateError
from engine import _layout as L
from engine import cards as C
from engine._told_state import observation_from_state
from engine.seen import state_seen_by, view_from_state

games = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "seed": st.integers(0, 2**63 - 1),
    "decisions": st.integers(0, 700),
    "choices": st.integers(0, 2**32),  # the seed of the random choices
})

TRADE = (L.PH_TRADE_GIVE, L.PH_TRADE_ASK, L.PH_TRADE_REPLY)
# The phases in which each bookkeeping field of a step means something; in
# any other the engine leaves it as the last step that used it left it.
IN_USE = {
    L.TARGET: TRADE + (L.PH_STEAL_PAY, L.PH_MOUSETRAP),
    L.LAST: TRADE + (L.PH_RECYCLE_PAY, L.PH_DISCARD, L.PH_TP_PICK, L.PH_TP_GIVE),
    L.FORBIDDEN_CARD: (L.PH_DISPOSE_WITH, L.PH_SMUGGLE_TO),
    L.DISCARDER: (L.PH_DISCARD,),
    L.LOOK_PICK: (L.PH_TP_GIVE,),
}
FRESH = {L.TARGET: -1, L.LAST: -1, L.FORBIDDEN_CARD: -1, L.DISCARDER: -1, L.LOOK_PICK: -1}


def as_told(observation: np.ndarray) -> np.ndarray:
    """The observation as its words tell it: the same, but the draw pile's
    and the box's ring buffers start at slot 0, and a field of a step not in
    progress (and a slot past the cards or kinds a list holds) is as a fresh
    game has it."""
    O = observation.copy()
    phase = int(O[L.PHASE])
    for start, head, size in ((L.DRAW, L.DRAW_HEAD, C.NUM_CARDS),
                              (L.BOX, L.BOX_HEAD, C.NUM_COUNTRIES)):
        O[start:start + size] = np.roll(O[start:start + size], -int(O[head]))
        O[head] = 0
    for field, phases in IN_USE.items():
        if phase not in phases:
            O[field] = FRESH[field]
    if phase != L.PH_DISCARD:
        O[L.LIMIT_CHECKED] = 0
    if phase not in TRADE:
        O[L.N_GIVE] = O[L.N_ASK] = 0
    for i in range(3):
        O[L.GIVE + i] = O[L.GIVE + i] if i < O[L.N_GIVE] else 0
        O[L.ASK + i] = O[L.ASK + i] if i < O[L.N_ASK] else 0
        O[L.TAKEN + i] = O[L.TAKEN + i] if i < O[L.N_TAKEN] else -1
    return O


def positions(spec):
    """The game of `spec` (every extension, random choices), at each of its
    decisions and at its end."""
    game = Game.new(players=spec["players"], extensions="all", seed=spec["seed"], round_cap=80)
    rng = random.Random(spec["choices"])
    yield game
    for _ in range(spec["decisions"]):
        if game.over:
            return
        game.apply(rng.choice(game.legal_actions()))
        yield game


def check_round_trip(game, seat) -> None:
    view = game.view(seat)
    state = told(view)
    rebuilt_seat, rebuilt = observation_from_state(
        state, seat, game.players, game.config.extensions, game.config.round_cap)
    assert rebuilt_seat == seat
    assert np.array_equal(rebuilt, as_told(view.observation))
    if seat == game.decider:
        back = view_from_state(game.config, state, list(view.legal_actions))
        assert back.seat == seat and back.legal_actions == view.legal_actions
        assert np.array_equal(back.observation, rebuilt)
        assert told(back) == state


def told(view) -> dict:
    """The state as a host sends it: through JSON."""
    return json.loads(json.dumps(state_seen_by(view)))


@settings(max_examples=30, deadline=None)
@given(games)
def test_the_view_rebuilt_from_the_state_is_the_seats_own(spec):
    """At every decision of a random game, the decider's view; at every
    seventh, and at the end, every seat's."""
    for number, game in enumerate(positions(spec)):
        seats = range(game.players) if number % 7 == 0 or game.over else [game.decider]
        for seat in seats:
            check_round_trip(game, seat)


def test_the_view_is_rebuilt_in_every_phase():
    phases = set()
    for seed in range(12):
        for game in positions({"players": 2 + seed % 5, "seed": seed, "decisions": 2000,
                               "choices": seed}):
            first = game.phase not in phases
            phases.add(game.phase)
            if first or game.over or seed % 4 == 0:
                check_round_trip(game, game.decider if not game.over else 0)
    assert phases == set(range(L.PH_OVER + 1))


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 2**63 - 1))
def test_the_state_holds_nothing_the_seat_may_not_know(spec, seed):
    """Two worlds the seat cannot tell apart (the hidden cards dealt anew)
    give it the same state."""
    *_, game = positions(spec)
    for seat in range(game.players):
        state = told(game.view(seat))
        for other in (seed, seed // 2 + 1):
            assert told(game.determinize(seat, other).view(seat)) == state


def test_the_bots_decide_from_the_rebuilt_view_as_from_their_own():
    rng = random.Random(3)
    compared = 0
    for seed in range(6):
        spec = {"players": 2 + seed % 5, "seed": seed, "decisions": 300, "choices": seed}
        for game in positions(spec):
            if game.over or rng.random() > 0.08:
                continue
            view = game.view(game.decider)
            back = view_from_state(game.config, told(view), list(view.legal_actions))
            for name in ("greedy", "planner", "easy"):
                assert make_bot(name, seed).choose(back) == make_bot(name, seed).choose(view)
            compared += 1
    assert compared > 40


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(C.CARD_NAMES + C.COUNTRIES + C.KIND_NAMES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=10)


@settings(max_examples=150, deadline=None)
@given(games, st.data())
def test_a_changed_state_is_refused_in_one_sentence_or_is_a_view(spec, data):
    """One field of a real state (or of a list or an object in it) replaced,
    dropped or changed by one: StateError in one sentence, or a view some
    state of the game gives, which the kernels may read."""
    *_, game = positions(spec)
    if game.over:
        return
    view = game.view(game.decider)
    state = told(view)
    where, key = state, data.draw(st.sampled_from(sorted(state)))
    while isinstance(where[key], (list, dict)) and where[key] and data.draw(st.booleans()):
        where = where[key]
        key = data.draw(st.sampled_from(sorted(where) if isinstance(where, dict)
                                        else range(len(where))))
    how = data.draw(st.sampled_from(["replace", "drop", "one more"]))
    if how == "drop" and isinstance(where, dict):
        del where[key]
    elif how == "one more" and isinstance(where[key], int) and not isinstance(where[key], bool):
        where[key] += 1
    else:
        where[key] = data.draw(JSON_VALUES)
    try:
        back = view_from_state(game.config, state, list(view.legal_actions))
    except StateError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
        event("refused")
        return
    event("a view")
    assert state_seen_by(back)["seat"] == game.decider
