"""The sanity suite (tests/bots/sanity.py): every level, on positions from
real games where one move is clearly right or some are clearly wrong."""

import pytest

from bots.difficulty import make_bot

from . import sanity


@pytest.fixture(scope="module")
def positions():
    loaded = sanity.load()
    assert {position["kind"] for position in loaded} == set(sanity.KINDS), \
        f"{sanity.POSITIONS.name} holds no position of some kind"
    return [(position, sanity.replay(position)) for position in loaded]


def test_the_suite_replays_and_holds_each_kind(positions):
    for position, game in positions:
        assert not game.over
        assert position["kind"] in sanity.kinds_of(game)
    counts = {kind: sum(p["kind"] == kind for p, _ in positions) for kind in sanity.KINDS}
    assert all(count >= 3 for count in counts.values()), counts


def test_a_verdict_can_fail(positions):
    """Each kind has a position where some legal move is judged not sensible."""
    for kind in sanity.KINDS:
        assert any(not all(sanity.verdict(game, kind, a) for a in game.legal_actions())
                   for p, game in positions if p["kind"] == kind), kind


# Easy is left out on purpose: 20 iterations with noisy rollouts miss a
# winning recycle now and then, as a beginner would.
@pytest.mark.parametrize("level", ["planner", "medium", "hard", "expert"])
def test_no_level_fails_a_sanity_position(level, positions):
    failed = []
    for number, (position, game) in enumerate(positions):
        seat = game.decider
        action = make_bot(level, seed=number).choose(game.view(seat))
        if not sanity.verdict(game, position["kind"], action):
            failed.append(f"{position['kind']} (seed {position['seed']}, "
                          f"move {len(position['actions'])}): {game.action_text(action)}")
    assert not failed, f"{level} failed: " + "; ".join(failed)


def test_a_payment_is_the_planners_card_and_a_hint_still_rates_every_card(positions):
    """With planned choices a bot pays the planner's card without a search,
    while an analysis of the same position (what `hint` shows) rates the
    payable cards themselves."""
    import numpy as np

    from bots import _planner
    from bots.difficulty import level_settings
    from bots.ismcts import IsmctsBot
    checked = 0
    for number, (position, game) in enumerate(positions):
        if position["kind"] != "keep-only-passport":
            continue
        view = game.view(game.decider)
        bot = IsmctsBot(level_settings("medium"), number)
        legal = np.asarray(view.legal_actions, np.int64)
        planned = _planner.planner_action(view.observation, legal, len(legal), view.seat,
                                          np.zeros(24, np.int64))
        assert bot.choose(view) == planned and bot.last_search[0].visits == 0
        moves = bot.analyse(view, seed=number)
        assert len(moves) >= 2 and all(m.action in view.legal_actions for m in moves)
        assert sum(m.visits for m in moves) > 100
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("level", ["planner", "medium"])
def test_a_winning_recycle_is_played_through_to_the_win(level, positions):
    """Where a recycle wins, the bot pays with other cards (its only passport
    too, if need be) and takes the fourth postcard: the game ends, its seat
    the winner (R5.2, R8)."""
    checked = 0
    for number, (position, game) in enumerate(positions):
        if position["kind"] != "recycle-wins":
            continue
        game = sanity.replay(position)  # a game of its own: the fixture's is shared
        seat = game.decider
        bot = make_bot(level, seed=number)
        while not game.over and game.decider == seat:
            game.apply(bot.choose(game.view(seat)))
        assert game.over and game.outcome.winner == seat, (position["seed"], game.outcome)
        checked += 1
    assert checked >= 3


def test_travel_first_keeps_the_travels_and_the_free_plays(positions):
    """Where a travel home is legal, `travel_first` leaves the travels, the
    free plays and (holding 3 postcards) the offers; without it every
    legal move stays."""
    import numpy as np

    from bots import _planner
    from engine import kernels as L
    checked = 0
    for position, game in positions:
        if position["kind"] != "travel-home":
            continue
        view = game.view(game.decider)
        legal = np.asarray(view.legal_actions, np.int64)
        first = legal.copy()
        n = _planner.sensible_actions(view.observation, first, len(first), view.seat, True)
        assert set(first[:n]) <= set(legal.tolist())
        assert any(L.A_TRAVEL <= a < L.A_DISPOSE for a in first[:n])
        assert n < len(legal)  # a draw at least was dropped
        assert all(sanity.verdict(game, "travel-home", int(a)) for a in first[:n])
        same = legal.copy()
        assert _planner.sensible_actions(view.observation, same, len(same), view.seat, False) == len(legal)
        checked += 1
    assert checked >= 3


def test_a_choice_the_planners_sense_leaves_alone_is_played_without_a_search(positions):
    """Where `sensible_actions` leaves one choice at the root (a travel home
    with nothing else sensible, a recycle that wins), a level plays it at
    once, and it is the move its search would have chosen."""
    import numpy as np

    from bots import _planner
    checked = 0
    for number, (position, game) in enumerate(positions):
        if position["kind"] not in ("travel-home", "recycle-wins"):
            continue
        view = game.view(game.decider)
        legal = np.asarray(view.legal_actions, np.int64)
        if _planner.sensible_actions(view.observation, legal, len(legal), view.seat, True) != 1:
            continue
        bot = make_bot("medium", seed=number)
        move = bot.choose(view)
        assert move == legal[0] and bot.last_search[0].visits == 0 and bot.last_iterations == 0
        assert [m.action for m in bot.analyse(view, seed=number)] == [move]
        checked += 1
    assert checked >= 3
