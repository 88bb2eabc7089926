"""`passport lab`: the paired test of two tournament runs and the fit of the
expert's chance maps, typed as a person would."""

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
