"""`passport calibrate`, typed as a person would."""

import json


def test_the_table_and_the_json(passport, tmp_path):
    out = tmp_path / "c.json"
    result = passport("calibrate", "--bots", "easy,greedy", "--games", "2", "--round-cap", "30",
                      "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Calibration: easy, greedy; 2 games, ")
    assert lines[1].split()[:3] == ["Chance", "given", "Moves"]
    assert any(line.startswith("Calibration error: ") for line in lines)
    assert any(line.startswith("As `hint` shows them") for line in lines)
    assert all(len(line) <= 80 for line in lines)
    again = passport("calibrate", "--bots", "easy,greedy", "--games", "2", "--round-cap", "30",
                     "--out", str(out), "--json")
    data = json.loads(again.stdout)
    assert data["games"] == 2 and data["samples"] == sum(d["samples"] for d in data["deciles"]) > 0
    assert 0 <= data["calibrated_error"] <= 1 and 0 <= data["calibrated_brier"] <= 1


def test_one_line_errors(passport, tmp_path):
    result = passport("calibrate", "--bots", "greedy,planner")
    assert result.exit_code == 2 and "searching level" in result.output
    out = tmp_path / "c.json"
    out.write_text("not json")
    result = passport("calibrate", "--bots", "easy,greedy", "--games", "1", "--out", str(out))
    assert result.exit_code == 2 and "not a calibration file" in result.output
    assert out.read_text() == "not json"
