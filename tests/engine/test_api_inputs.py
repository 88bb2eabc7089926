"""The Python API checks what it is given before it reaches a kernel: a
wrong type is a TypeError, a value out of range a ValueError (IllegalActionError
for an action, ConfigError for a configuration), and nothing changes."""

import numpy as np
import pytest

from engine import Game
from engine.game import ConfigError, IllegalActionError

SEAT_METHODS = ("hand", "hand_size", "own_country", "visited", "character", "destination",
                "observation", "view", "hand_limit", "recycle_cost")


@pytest.fixture
def game():
    return Game.new(players=4, extensions="all", seed=3)


@pytest.mark.parametrize("method", SEAT_METHODS)
@pytest.mark.parametrize("seat", [4, 6, -1, 100])
def test_a_seat_not_at_the_table_is_refused(game, method, seat):
    with pytest.raises(ValueError, match="not in this 4-player game"):
        getattr(game, method)(seat)


@pytest.mark.parametrize("method", SEAT_METHODS)
@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_a_seat_that_is_not_a_whole_number_is_refused(game, method, seat):
    with pytest.raises(TypeError, match="a seat must be a whole number"):
        getattr(game, method)(seat)


def test_numpy_integers_are_seats_and_actions(game):
    assert game.hand_size(np.int64(1)) == game.hand_size(1)
    before = game.snapshot()
    game.apply(np.int32(game.legal_actions()[0]))
    assert not np.array_equal(before, game.state)


@pytest.mark.parametrize("action", ["0", 0.0, 1.5, True, None, [0]])
def test_an_action_that_is_not_a_whole_number_changes_nothing(game, action):
    before = game.snapshot()
    with pytest.raises(TypeError, match="an action must be a whole number"):
        game.apply(action)
    with pytest.raises(TypeError):
        game.is_legal(action)
    assert np.array_equal(before, game.state)


@pytest.mark.parametrize("action", [-1, 148, 10**20])
def test_an_action_out_of_range_is_illegal_and_changes_nothing(game, action):
    before = game.snapshot()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert np.array_equal(before, game.state)


def test_knows_checks_the_seat_and_the_card(game):
    assert game.knows(0, game.hand(0)[0])
    with pytest.raises(ValueError, match="card 66"):
        game.knows(0, 66)
    with pytest.raises(ValueError, match="not in this"):
        game.knows(5, 0)
    with pytest.raises(TypeError):
        game.knows(0, 1.0)


@pytest.mark.parametrize("arguments", [dict(players=4.0), dict(players="4"), dict(players=True),
                                       dict(seed=1.5), dict(seed="7"), dict(round_cap=30.0),
                                       dict(players=7), dict(seed=-1), dict(round_cap=0)])
def test_a_configuration_that_makes_no_sense_is_a_config_error(arguments):
    with pytest.raises(ConfigError):
        Game.new(**arguments)


def test_copies_and_determinize_check_their_numbers(game):
    with pytest.raises(TypeError):
        game.copies(2.0)
    with pytest.raises(ValueError):
        game.copies(30)
    with pytest.raises(TypeError, match="a seed"):
        game.determinize(0, 1.5)
