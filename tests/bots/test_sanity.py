"""The sanity suite (tests/bots/sanity.py): every level, on positions from
real games where one move is clearly right or some are clearly wrong."""

import pytest

from bots.difficulty import make_bot

from . import sanity


@pytest.fixture(scope="module")
def positions():
    return [(position, sanity.replay(position)) for position in sanity.load()]


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
