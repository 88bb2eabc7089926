"""The Python API under calls with arguments of every shape: each call
returns, or raises TypeError or ValueError (its subclasses: IllegalActionError,
ConfigError, StateError) and changes nothing; a state that passes the check
plays on with every state passing (RULES R7.4 is tested elsewhere)."""

import numpy as np
from hypothesis import event, given
from hypothesis import strategies as st

from engine import Game
from engine import kernels as L
from engine._validate import check_state

from .conftest import FUZZ

ODD = st.one_of(
    st.integers(-2**70, 2**70), st.integers(-3, 160), st.floats(allow_nan=True),
    st.booleans(), st.none(), st.text(max_size=5), st.lists(st.integers(0, 5), max_size=2),
    st.integers(-3, 160).map(np.int64), st.just(np.float64(1.0)),
)
SEAT_METHODS = ("hand", "hand_size", "own_country", "visited", "character", "destination",
                "observation", "view", "hand_limit", "recycle_cost", "payable_cards")
CALLS = st.one_of(
    st.tuples(st.sampled_from(SEAT_METHODS), st.tuples(ODD)),
    st.tuples(st.sampled_from(("apply", "is_legal", "copies", "action_text")), st.tuples(ODD)),
    st.tuples(st.just("knows"), st.tuples(ODD, ODD)),
    st.tuples(st.just("determinize"), st.tuples(ODD, ODD)),
)


def reached(seed: int, steps: int) -> Game:
    game = Game.new(players=2 + seed % 5, extensions=seed % 32, seed=seed, round_cap=40)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return game


# A reached state with one field set to any value: the seed, the steps, the
# field and the value.
CORRUPTION = (st.integers(0, 10**6), st.integers(0, 150), st.integers(0, L.STATE_SIZE - 1),
              st.one_of(st.integers(-3, 70), st.integers(-2**63, 2**63 - 1)))


def restored_with(seed: int, steps: int, field: int, value: int) -> Game | None:
    """The game `reached(seed, steps)` restored with `value` in one field of
    its state, or None when the restore refuses it."""
    game = reached(seed, steps)
    state = game.snapshot()
    state[field] = value
    try:
        game.restore(state)
    except ValueError:
        event("corrupted state: refused")
        return None
    return game


@FUZZ
@given(st.integers(0, 10**6), st.integers(0, 150), st.lists(CALLS, min_size=1, max_size=8))
def test_odd_arguments_are_refused_cleanly(seed, steps, calls):
    game = reached(seed, steps)
    c = game.config
    for name, arguments in calls:
        before = game.snapshot()
        try:
            getattr(game, name)(*arguments)
            event("call: answered")
        except (TypeError, ValueError) as error:
            event(f"call: refused ({type(error).__name__})")
            assert np.array_equal(game.state, before), f"{name}{arguments} changed the game"
        check_state(game.state, c.players, c.extensions, c.round_cap)


@FUZZ
@given(st.dictionaries(st.sampled_from(("players", "extensions", "seed", "round_cap")), ODD,
                       max_size=4))
def test_odd_configurations_are_config_errors_or_games(arguments):
    try:
        game = Game.new(**arguments)
    except (TypeError, ValueError) as error:
        event(f"configuration: refused ({type(error).__name__})")
        return
    event("configuration: a game")
    c = game.config
    check_state(game.state, c.players, c.extensions, c.round_cap)


@FUZZ
@given(*CORRUPTION, st.integers(0, 2**32))
def test_a_corrupted_field_is_refused_or_plays_on(seed, steps, field, value, moves_seed):
    game = restored_with(seed, steps, field, value)
    if game is None:
        return
    c = game.config
    event("corrupted state: accepted, played on")
    rng = np.random.default_rng(moves_seed)
    for _ in range(30):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal
        game.apply(legal[int(rng.integers(len(legal)))])
        check_state(game.state, c.players, c.extensions, c.round_cap)
