"""`passport bench engine` runs and reports every figure. Speed is never checked."""

import json
import os

FIGURES = {"steps_per_second", "repetitions", "games", "steps", "seconds"}
TINY = ["--games", "1", "--seconds", "0", "--starts", "1"]


def test_json_has_every_figure(passport):
    cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    result = passport("bench", "engine", "--json", *TINY)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"workload", "numba", "reference", "ratio", "fresh_process", "machine"}
    for engine in ("numba", "reference"):
        assert set(data[engine]) == FIGURES
        assert data[engine]["repetitions"] >= 3
    assert set(data["fresh_process"]) == {"seconds", "engine_ready_seconds", "game_seconds",
                                          "steps", "repetitions", "cache_misses"}
    assert data["fresh_process"]["repetitions"] == 1
    assert data["workload"]["players"] == 4 and data["workload"]["extensions"] == "all"
    # The pin to one CPU ends with the benchmark; the tests after it keep every core.
    if cpus is not None:
        assert os.sched_getaffinity(0) == cpus


def test_table_for_people(passport):
    result = passport("bench", "engine", *TINY)
    assert result.exit_code == 0, result.output
    for words in ("numba kernels", "Python reference", "Ratio", "Fresh process"):
        assert words in result.output


def test_the_play_benchmark_reports_the_three_waits(passport):
    result = passport("bench", "play", "--json", "--games", "1", "--rounds", "2", "--hints", "1",
                      "--level", "easy", "--think", "0.02")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["rounds"], data["level"]) == (1, 2, "easy")
    for key in ("wait", "wait_after_bots", "decision", "hint"):
        figures = data[key]
        assert figures["count"] >= 1 and 0 <= figures["median"] <= figures["worst"]
    assert data["hint"]["count"] == 1
    text = passport("bench", "play", "--games", "1", "--rounds", "1", "--hints", "0",
                    "--level", "easy").output
    assert "answer to next prompt" in text and "a hint                 none timed" in text


def test_the_save_benchmark_reports_one_save_and_the_records_size(passport):
    result = passport("bench", "save", "--json", "--games", "1", "--players", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["players"]) == (1, 2)
    assert data["save"]["count"] == data["saves"] and 10 <= data["saves"] <= data["steps"]
    for key in ("save", "late_save"):
        assert 0 < data[key]["median"] <= data[key]["worst"]
    assert 0 < data["record_bytes"]["median"] <= data["record_bytes"]["largest"]
    assert "one save" in passport("bench", "save", "--games", "1", "--players", "2").output


def test_the_search_benchmark_times_a_variant(passport):
    result = passport("bench", "ismcts", "--json", "--positions", "2", "--iterations", "200",
                      "--bot", "expert+belief_sweeps=0+rollout_depth=4")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["positions"] == 2 and data["iterations_per_position"] == 200
    assert (data["settings"]["belief_sweeps"], data["settings"]["rollout_depth"]) == (0, 4)
    assert 0 < data["slowest_position"] <= data["iterations_per_second"]
    text = passport("bench", "ismcts", "--positions", "1", "--iterations", "100",
                    "--bot", "hard").output
    assert "rollout depth 10" in text
    for name in ("greedy", "nobody"):
        refused = passport("bench", "ismcts", "--bot", name)
        assert refused.exit_code == 2 and "--bot" in refused.output
