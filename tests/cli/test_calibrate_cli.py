"""`passport calibrate`, typed as a person would."""

import json


def test_the_table_and_the_json(passport, tmp_path):
    out = tmp_path / "c.json"
    result = passport("calibrate", "--bots", "easy,greedy", "--games", "2", "--round-cap", "30",
                      "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Calibration: easy, greedy; 2 games, ")
    assert lines[2].startswith("easy (seat 1): ") and lines[3].split()[:3] == ["Chance", "given", "Moves"]
    assert any(line.startswith("Calibration error: ") for line in lines)
    assert not any(line.startswith("As `hint` shows them") for line in lines)  # only the expert's
    assert all(len(line) <= 80 for line in lines)
    again = passport("calibrate", "--bots", "easy,greedy", "--games", "2", "--round-cap", "30",
                     "--out", str(out), "--json")
    data = json.loads(again.stdout)
    easy = data["levels"]["easy"]
    assert data["games"] == 2 and data["samples"] == sum(d["samples"] for d in easy["deciles"]) > 0
    assert 0 <= easy["calibration_error"] <= 1 and easy["calibrated_error"] is None


def test_each_searching_bot_apart_and_the_experts_chances_as_hint_shows_them(passport):
    result = passport("calibrate", "--bots", "expert,easy,greedy,easy", "--games", "1", "--round-cap", "4",
                      "--think", "0.002")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    heads = [line.split(":")[0] for line in lines if line.endswith("rated moves")]
    assert heads[1:] == ["expert (seat 1)", "easy (seats 2, 4)"]
    assert sum(line.startswith("As `hint` shows them") for line in lines) == 1


def test_one_line_errors(passport, tmp_path):
    result = passport("calibrate", "--bots", "greedy,planner")
    assert result.exit_code == 2 and "searching level" in result.output
    out = tmp_path / "c.json"
    out.write_text("not json")
    result = passport("calibrate", "--bots", "easy,greedy", "--games", "1", "--out", str(out))
    assert result.exit_code == 2 and "not a calibration file" in result.output
    assert out.read_text() == "not json"
