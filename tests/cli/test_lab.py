"""`passport lab`: the paired test of two tournament runs and the fit of the
expert's chance maps, the consistency of a bot's offers and the fits of
the search's weights, typed as a person would."""

import pytest

from arena.calibration import CalibrationSettings, fit_chance_map, run_calibration
from arena.tournament import TournamentSettings, run_tournament


def _run(tmp_path, first, deals, seed=8):
    path = tmp_path / f"{first}-{seed}.json"
    settings = TournamentSettings(bots=(first, "greedy", "greedy"), deals=deals, seed=seed,
                                  extensions=0)
    run_tournament(settings, results_path=path)
    return path


def test_paired_prints_the_difference_and_the_verdict(passport, tmp_path):
    candidate, reference = _run(tmp_path, "planner", 12), _run(tmp_path, "random", 10)
    result = passport("lab", "paired", candidate, reference, "--sprt=0,0.3")
    assert result.exit_code == 0, result.output
    first, second = result.output.splitlines()
    assert first.startswith("10 deals in both files: candidate ")
    assert " points" in first and second.split(" after ")[0] in ("H1 accepted", "undecided")


def test_paired_refuses_bounds_and_files_it_cannot_use_in_one_line(passport, tmp_path):
    candidate = _run(tmp_path, "planner", 1)
    result = passport("lab", "paired", candidate, candidate, "--sprt=0.1")
    assert result.exit_code == 2 and "is not D0,D1" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    result = passport("lab", "paired", candidate, broken, "--sprt=-0.05,0")
    assert result.exit_code == 2
    assert [line for line in result.output.splitlines() if line.startswith("Error:")] == [
        line for line in result.output.splitlines() if line]
    other = _run(tmp_path, "random", 1, seed=9)
    result = passport("lab", "paired", candidate, other, "--sprt=-0.05,0")
    assert result.exit_code == 2 and "are not the same deals (seed differ)" in result.output


def test_fit_chances_prints_the_map_of_the_experts_seats(passport, tmp_path):
    settings = CalibrationSettings(bots=("expert", "easy"), games=1, seed=4, round_cap=8, think=0.002)
    path = tmp_path / "calibration.json"
    samples = run_calibration(settings, path)
    mine = [s for s in samples if s.seat == 0]  # the expert's; easy's are not fitted
    result = passport("lab", "fit-chances", path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"# {path}: expert, {len(mine):,} ratings of 1 games",
        f"(2, 31, 80): {fit_chance_map(mine)},"]  # 0.002 s at 40,000 iterations a second
    path.write_text("[]")
    result = passport("lab", "fit-chances", path)
    assert result.exit_code == 2
    assert result.output.strip() == f"Error: {path}: not a calibration file of version 1"


def error_line(result) -> str:
    """The one "Error:" line of a refused command (exit code 2), without a traceback."""
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    return errors[0]


def test_consistency_prints_what_it_measured(passport):
    result = passport("lab", "consistency", "--bot", "planner", "--players", "3", "--games", "4",
                      "--seed", "1", "--extensions", "postcards,characters")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == ("planner against planner, 3 players, extensions postcards, characters, "
                        "4 games (seed 1):")
    assert " offers its target could accept; their mirrors accepted by " in lines[1]


def test_consistency_counts_the_offers_with_count(passport):
    result = passport("lab", "consistency", "--bot", "planner", "--field", "greedy", "--games", "2",
                      "--seed", "1", "--extensions", "none", "--count")
    assert result.exit_code == 0, result.output
    heading, counted = result.output.splitlines()
    assert heading == "planner against greedy, 4 players, extensions none, 2 games (seed 1):"
    assert " offers made; its target could accept " in counted and counted.endswith("%)")


@pytest.mark.parametrize("args, words", [
    (["--bot", "nobody"], ["'--bot'", "unknown bot 'nobody'"]),
    (["--bot", "cheater-expert"], ["'--bot'", "a cheater sees every hand"]),
    (["--bot", "expert+book"], ["'--bot'", "plays an opening book"]),
    (["--bot", "medium+nonsense=1"], ["'--bot'", "'nonsense' is not a search setting"]),
    (["--bot", "planner", "--field", "wizard"], ["'--field'", "unknown bot 'wizard'"]),
    (["--bot", "planner", "--players", "7"], ["'--players'", "players must be 2 to 6, not 7"]),
    (["--bot", "planner", "--extensions", "bogus"], ["'--extensions'", "unknown extension"]),
    (["--bot", "planner", "--games", "0"], ["'--games'"]),
    (["--bot", "planner", "--replies", "0"], ["'--replies'"]),
    (["--bot", "planner", "--think", "0"], ["'--think'"]),
    ([], ["'--bot'"]),
])
def test_consistency_refuses_what_it_cannot_play_in_one_line(passport, args, words):
    line = error_line(passport("lab", "consistency", *args))
    assert all(word in line for word in words), line


def test_fit_evaluation_prints_the_weights_and_how_well_they_predict(passport):
    from bots.kernels import FEATURE_NAMES
    result = passport("lab", "fit-evaluation", "--games", "3", "--seed", "5", "--no-characters")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(" test positions")
    assert [line.split(maxsplit=1)[1] for line in lines[1:-2]] == list(FEATURE_NAMES)
    assert lines[-2].startswith("EVALUATION_WEIGHTS = np.array([")
    assert lines[-1].startswith("held-out mean log-likelihood of the winner: fitted ")
    result = passport("lab", "fit-evaluation", "--games", "3", "--seed", "5", "--bot", "planner")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2].startswith("weights = np.array([")


@pytest.mark.parametrize("args, option", [
    (["--games", "0"], "'--games'"),
    (["--seed", "-1"], "'--seed'"),
    (["--bot", "random"], "'--bot'"),
])
def test_fit_evaluation_refuses_bad_options_in_one_line(passport, args, option):
    assert option in error_line(passport("lab", "fit-evaluation", *args))


def test_fit_beliefs_prints_each_round_and_the_table_to_paste(passport):
    result = passport("lab", "fit-beliefs", "--games", "1", "--players", "3", "--rounds", "1",
                      "--samples", "1", "--sweeps", "1", "--seed", "7")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith(" positions from 1 games")
    assert [line.split(":")[0] for line in lines if line.startswith("round ")] == ["round 0", "round 1"]
    assert sum(line.startswith("  rounds 1-4: real/sampled ") for line in lines) == 2
    assert "BELIEF_LOG_WEIGHTS[3] =" in lines and lines[-1].endswith("]])")


@pytest.mark.parametrize("args, option", [
    (["--games", "0"], "'--games'"),
    (["--players", "1"], "'--players'"),
    (["--rounds", "-1"], "'--rounds'"),
    (["--samples", "0"], "'--samples'"),
    (["--sweeps", "-1"], "'--sweeps'"),
    (["--seed", "x"], "'--seed'"),
])
def test_fit_beliefs_refuses_bad_options_in_one_line(passport, args, option):
    assert option in error_line(passport("lab", "fit-beliefs", *args))
