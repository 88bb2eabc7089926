"""Consistent trade values (bots/consistency.py): a bot's offers seen from the other side."""

import pytest

from bots.consistency import main, mirror_replies, summary
from engine import cards as C


def test_without_postcards_the_planner_accepts_the_mirror_of_every_offer_it_makes():
    # bots/_planner.py: one valuation on both sides of a trade
    rows = mirror_replies("planner", players=3, games=30, seed=1,
                          extensions="events,specials,forbidden,characters") \
        + mirror_replies("planner", players=4, games=20, seed=1, extensions="none")
    assert len(rows) > 300
    assert all(r.accepted == 1 for r in rows), [r.words() for r in rows if not r.accepted]


def test_with_postcards_the_planner_declines_only_mirrors_where_a_postcard_changes_hands():
    # Two known differences between the planner's two sides (docs/experiments.md,
    # "Consistent trade values"): it gives a postcard to a target not known to
    # hold one (plan_offer), but from the other side refuses any postcard that
    # could be the offerer's fourth (reply_gain); and a mirror shows the
    # target's postcard, which makes the target look closer to winning.
    rows = mirror_replies("planner", players=3, games=30, seed=1)
    assert len(rows) > 200
    declined = [r for r in rows if r.accepted == 0]
    assert len(declined) <= 0.05 * len(rows)
    for r in declined:
        assert (C.KIND_POSTCARD in r.ask
                or any(C.CARD_KINDS[c] == C.KIND_POSTCARD for c in r.give)), r.words()


def test_a_search_bot_answers_the_mirrors_of_its_offers():
    rows = mirror_replies("medium", players=3, games=3, seed=5, think=0.005, replies=2)
    assert rows, "three games of medium make offers"
    for r in rows:
        assert r.replies == 2 and 0 <= r.accepted <= 2
        assert r.target != r.seat and 1 <= len(r.give) <= 3 and 1 <= len(r.ask) <= 3
    lines = summary(rows)
    assert lines[0].startswith(f"{len(rows)} offers its target could accept")
    assert lines[1].startswith("offers whose mirror every reply accepted")


@pytest.mark.parametrize("argv, message", [
    (["--bot", "nobody"], "unknown bot 'nobody'"),
    (["--bot", "planner", "--extensions", "bogus"], "unknown extension 'bogus'"),
    (["--bot", "planner", "--players", "7"], "players must be 2 to 6"),
    (["--bot", "cheater-expert"], "a cheater sees every hand"),
])
def test_the_command_refuses_what_it_cannot_play_in_one_sentence(argv, message, capsys):
    assert main(argv) == 2
    out = capsys.readouterr().out
    assert out.startswith("error: ") and message in out and out.count("\n") == 1


def test_the_command_prints_what_it_measured(capsys):
    assert main(["--bot", "planner", "--players", "3", "--games", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "planner against planner, 3 players, extensions all, 4 games (seed 1):"
    assert "their mirrors accepted by" in out[1]
