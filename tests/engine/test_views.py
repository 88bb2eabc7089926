"""A seat's view crosses into the kernels checked (`check_view`,
`determinized`): the engine vouches for the views it makes, and any other,
built by hand or changed since, is checked whole; a wrong one is a
StateError in one sentence, never a read or a write outside an array."""

import dataclasses
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from engine import Config, Game, SeatView, StateError, check_view
from engine import _layout as L
from engine.game import determinized


def decision(seed=5, players=4, steps=60):
    """A game of every extension at a decision after `steps` random ones."""
    game = Game.new(players=players, extensions="all", seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return game


def by_hand(view: SeatView, **changes) -> SeatView:
    """A SeatView built field by field from `view`, with `changes`."""
    fields = {"config": view.config, "seat": view.seat,
              "observation": view.observation.copy(), "legal_actions": view.legal_actions}
    fields.update(changes)
    return SeatView(**fields)


def test_a_view_the_engine_made_is_passed_as_it_is():
    game = decision()
    for seat in range(game.players):
        view = game.view(seat)
        assert check_view(view) is view


def test_a_view_built_by_hand_is_checked_and_passed_as_a_new_view():
    game = decision()
    view = game.view(game.decider)
    made = by_hand(view, seat=np.int64(view.seat),
                   legal_actions=list(reversed(view.legal_actions)))
    checked = check_view(made, deciding=True)
    assert checked is not made and check_view(checked) is checked
    assert np.array_equal(checked.observation, view.observation)
    assert checked.seat == view.seat and checked.legal_actions == view.legal_actions
    other = (game.decider + 1) % game.players
    assert check_view(by_hand(game.view(other))).legal_actions == ()


def changed(field, value):
    def change(view, game):
        observation = view.observation.copy()
        observation[field] = value
        return by_hand(view, observation=observation)
    return change


WRONG_VIEWS = [
    (changed(L.LOC + 3, -10**6), "LOC[3] is -1000000"),
    (changed(L.DRAW_HEAD, 2**62), "DRAW_HEAD is"),
    (changed(L.TARGET, -10**6), "TARGET is -1000000"),
    (changed(L.N_ASK, 10**6), "N_ASK is 1000000"),
    (changed(L.RNG, 12345), "could see there"),
    (lambda view, game: by_hand(view, observation=game.snapshot()), "not a seat's view"),
    (lambda view, game: by_hand(view, observation=view.observation[:-1]), "fields, not shape"),
    (lambda view, game: by_hand(view, observation=view.observation * 1.0), "whole numbers"),
    (lambda view, game: by_hand(view, seat=7), "seat 7 does not play"),
    (lambda view, game: by_hand(view, seat=True), "its seat as a whole number"),
    (lambda view, game: by_hand(view, seat=(view.seat + 1) % 4), "not a seat's view"),
    (lambda view, game: by_hand(view, legal_actions=view.legal_actions[1:]),
     "not the legal actions"),
    (lambda view, game: by_hand(view, legal_actions=view.legal_actions + (147,)),
     "not the legal actions"),
    (lambda view, game: by_hand(view, legal_actions=[str(a) for a in view.legal_actions]),
     "not the legal actions"),
    (lambda view, game: by_hand(view, config=Config(players=5, extensions=31)), "PLAYERS is 4"),
    (lambda view, game: by_hand(view, config=dataclasses.asdict(view.config)),
     "names its game's Config"),
    (lambda view, game: dataclasses.replace(view, seat=(view.seat + 1) % 4),
     "not a seat's view"),
    (lambda view, game: view.observation, "is a SeatView, not ndarray"),
]


@pytest.mark.parametrize("wrong, words", WRONG_VIEWS)
def test_a_wrong_view_is_refused_in_one_sentence(wrong, words):
    game = decision()
    view = game.view(game.decider)
    with pytest.raises(StateError, match=re.escape(words)) as error:
        check_view(wrong(view, game))
    assert "\n" not in str(error.value)


def test_a_view_the_engine_made_and_changed_since_is_checked_again():
    game = decision()
    view = game.view(game.decider)
    view.observation[L.LOC + 3] = -10**6
    with pytest.raises(StateError, match="LOC"):
        check_view(view)
    with pytest.raises(StateError, match="LOC"):
        view.determinize(1)


def test_a_seat_with_no_decision_is_refused_where_one_is_needed():
    game = decision()
    other = game.view((game.decider + 1) % game.players)
    assert check_view(other) is other
    with pytest.raises(StateError, match="no decision to make"):
        check_view(other, deciding=True)


def test_a_world_dealt_from_a_view_is_the_games_own():
    game = decision()
    for seat in range(game.players):
        world = game.determinize(seat, 3)
        for dealt in (game.view(seat).determinize(3), by_hand(game.view(seat)).determinize(3),
                      determinized(game.config, game.observation(seat), seat, 3)):
            assert np.array_equal(dealt.state, world.state)


def test_determinized_checks_what_it_is_given():
    game = decision()
    seat = game.decider
    observation = game.observation(seat)
    with pytest.raises(TypeError, match="a seat must be a whole number"):
        determinized(game.config, observation, "0", 1)
    with pytest.raises(TypeError, match="config must be a Config"):
        determinized(dataclasses.asdict(game.config), observation, seat, 1)
    with pytest.raises(StateError, match="seat 9 does not play"):
        determinized(game.config, observation, 9, 1)


CROSSINGS = """
import numpy as np
from engine import Game, SeatView, StateError
from engine import _layout as L
from engine.game import determinized
from bots.baselines import RULE_BOTS
from bots.ismcts import IsmctsBot
from bots.search_settings import SearchSettings
game = Game.new(players=4, extensions="all", seed=5)
rng = np.random.default_rng(5)
for _ in range(60):
    legal = game.legal_actions()
    game.apply(legal[int(rng.integers(len(legal)))])
seat = game.decider
bots = [bot() for bot in RULE_BOTS.values()] + [IsmctsBot(SearchSettings(iterations=20))]
refused = 0
for card in range(L.NUM_CARDS):
    observation = game.observation(seat)
    observation[L.LOC + card] = -10**6
    entries = [lambda: determinized(game.config, observation, seat, card)]
    view = SeatView(game.config, seat, observation, tuple(game.legal_actions()))
    entries += [lambda bot=bot: bot.choose(view) for bot in bots]
    for entry in entries:
        try:
            entry()
        except StateError:
            refused += 1
print(refused)
"""


def test_a_card_placed_a_million_places_off_is_refused_by_every_entry():
    """An observation with one card's place set to -10**6 went unchecked to
    the `determinize` and `deal_plan` kernels, through `determinized` and
    through a bot's `choose`, and ended the process (SIGSEGV). In a child
    process, so that a crash fails this test instead of ending the run."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(CROSSINGS)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) == L.NUM_CARDS * 5


def test_a_country_out_of_range_in_the_known_box_is_refused():
    """A country of the part of the box every seat knows set to 10**6 was
    used by `deal_plan` as an index, writing outside its array (a fuzz run
    with numba's bounds checks on found it)."""
    game = decision(seed=779, players=6, steps=54)
    view = game.view(game.decider)
    for field in range(L.BOX, L.BOX + 13):
        with pytest.raises(StateError, match=f"BOX\\[{field - L.BOX}\\] is 1000000"):
            check_view(changed(field, 10**6)(view, game))
