"""`passport review` on a real save of passport play."""

from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

from passport_cli.main import cli

TO_THE_END = "1\ny\n" * 600  # draw, say yes: seed 3 ends in round 16, won by Ana


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    from passport_cli.warmup import prepare_bots, prepare_engine
    prepare_engine()
    prepare_bots(["easy", "expert"])
    home = tmp_path_factory.mktemp("home")
    result = CliRunner().invoke(cli, ["play", "--seed", "3", "--bots", "1", "--difficulty",
                                      "easy"], input=TO_THE_END,
                                env={"NO_COLOR": "1", "COLUMNS": "80", "PASSPORT_HOME": str(home)})
    assert "Game over" in result.output
    [path] = sorted((home / "saves").iterdir())
    return path


def test_a_review_draws_the_curve_and_names_the_costly_moves(passport, save):
    result = passport("review", save, "--think", "0.01")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your win chance (%)" in out and "your turns" in out
    reviewed = re.search(r"Reviewed (\d+) of your turns; Ana won\.", " ".join(out.split()))
    assert reviewed and int(reviewed.group(1)) >= 10
    costly = re.findall(r"Round \d+: you chose to .+? \(about \d+%\); the expert would .+? "
                        r"\(about \d+%\)\.", " ".join(out.split()))
    assert costly or "well played" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_the_review_searches_only_what_the_seat_knew(save, monkeypatch):
    from bots.ismcts import IsmctsBot
    from engine.record import read_record
    from passport_cli import review as R
    seen = []
    real = IsmctsBot.analyse

    def spy(self, view, seed):
        seen.append(view)
        return real(self, view, seed)
    monkeypatch.setattr(IsmctsBot, "analyse", spy)
    result = R.review(save, None, 0.005, lambda done, total: None)
    assert len(seen) == len(result.decisions) > 0
    doc = read_record(save)
    from engine import Game
    config = doc["config"]
    game = Game.new(config["players"], config["extensions"], config["seed"], config["round_cap"])
    views = iter(seen)
    for action in [a for step in doc["steps"] for a in step["engine_actions"]]:
        if game.decider == 0 and game.phase.name == "MAIN" and len(game.legal_actions()) > 1:
            view = next(views)
            assert view.seat == 0
            assert np.array_equal(view.observation, game.observation(0))
        game.apply(action)


def test_bad_input_is_one_sentence(passport, save, tmp_path):
    missing = passport("review", tmp_path / "nope.json")
    assert missing.exit_code == 1 and "can't be read" in missing.output
    seat = passport("review", save, "--seat", "5")
    assert seat.exit_code == 1 and "--seat 5: the game has seats 0 to 1." in seat.output
    for result in (missing, seat):
        assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_a_review_says_how_the_game_ended_a_draw_included():
    from bots.difficulty import make_bot
    from engine import Game
    from passport_cli.review import ending
    names = ["You", "Ana"]
    game = Game.new(players=2, seed=1, round_cap=2)
    assert ending(game, names) == "the game was not finished"
    bots = [make_bot("random", seat) for seat in range(2)]
    while not game.over:
        game.apply(bots[game.decider].choose(game.view(game.decider)))
    assert game.outcome.winner is None  # nobody wins in two rounds of random moves
    assert ending(game, names) == "nobody won (round 2 was the last, the round cap)"


def test_the_chart_keeps_its_title_and_whole_turns_at_50_columns():
    from rich.console import Console
    from passport_cli.runs.review import chart
    for width in (50, 80):
        drawn = chart(Console(width=width, color_system=None, no_color=True),
                      [turn / 24 for turn in range(24)])
        lines = drawn.splitlines()
        assert "Your win chance (%)" in lines[0]
        label = max(i for i, line in enumerate(lines) if line.strip() == "your turns")
        axis = lines[label - 1]
        assert axis.split() == ["1", "7", "12", "18", "24"]
        assert all(len(line) <= width for line in lines)
