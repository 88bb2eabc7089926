"""Pools (arena/pool.py): which tables, the schedule across them, one
crosstable over all their games, one results file that resumes."""

import json
from collections import Counter
from dataclasses import replace

import pytest

from arena.pool import GAUNTLET, ROUND_ROBIN, PoolSettings, pool_tables
from arena.sprt import Sprt
from arena.standings import finishing_ranks
from arena.tournament import (
    ResultsFileError, TournamentError, TournamentSettings, load_results, results_summary,
    run_tournament, save_results, schedule,
)
from engine.record import check_record, read_record

# Three quick bots in duels, one deal: 3 tables, 6 games.
SMALL = PoolSettings(bots=("random", "greedy", "planner"), players=2, deals=1, seed=3,
                     round_cap=30)


@pytest.fixture(scope="module")
def small_results():
    return run_tournament(SMALL)


# ---- the tables and the schedule ------------------------------------------------------

def test_a_round_robin_seats_every_combination_and_a_gauntlet_the_first_against_the_rest():
    pool = ("a", "b", "c", "d")
    assert pool_tables(pool, 2, ROUND_ROBIN) == (("a", "b"), ("a", "c"), ("a", "d"),
                                                 ("b", "c"), ("b", "d"), ("c", "d"))
    assert pool_tables(pool, 2, GAUNTLET) == (("a", "b"), ("a", "c"), ("a", "d"))
    assert pool_tables(pool, 3, GAUNTLET) == (("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"))
    assert pool_tables(pool, 4, ROUND_ROBIN) == (pool,) == pool_tables(pool, 4, GAUNTLET)
    assert len(pool_tables(tuple("abcdef"), 3, ROUND_ROBIN)) == 20


def test_every_table_plays_the_same_deals_with_bots_of_its_own():
    settings = PoolSettings(bots=("random", "greedy", "planner", "easy"), players=3, deals=2,
                            seed=7)
    games = schedule(settings)
    assert len(settings.tables) == 4 and settings.games == 2 * 4 * 3 == len(games)
    assert [g.number for g in games] == list(range(1, 25))
    # numbered in (deal, table, rotation) order
    assert [(g.deal, g.table, g.rotation) for g in games] == [
        (d, t, r) for d in (1, 2) for t in (1, 2, 3, 4) for r in (0, 1, 2)]
    for deal in (1, 2):
        # one seed a deal, at every table, and the very seed of a one-table run
        one_table = TournamentSettings(bots=settings.tables[0], deals=2, seed=7)
        assert {g.seed for g in games if g.deal == deal} == {schedule(one_table)[3 * deal - 1].seed}
    assert len({g.seed for g in games}) == 2
    bot_seeds = [seed for g in games for seed in g.bot_seeds]
    assert len(set(bot_seeds)) == len(bot_seeds)  # fresh bots at every table
    for g in games:  # each table in the duplicate format of its own entries
        entries = settings.tables[g.table - 1]
        assert g.seats == tuple(entries[g.entry(seat)] for seat in range(3))
    assert games == schedule(settings)


@pytest.mark.parametrize("fields, problem", [
    (dict(bots=("greedy", "random", "greedy")),
     "a pool names each bot once, and greedy is named 2 times"),
    (dict(players=4), "tables of 4 need a pool of at least 4 bots, not 3"),
    (dict(players=7), "a game seats 2 to 6 bots, not 7"),
    (dict(sprt=Sprt(0.5, 0.6)), "an SPRT tests one bot against another at one table, not a pool"),
    (dict(pairing="swiss"), "pairing 'swiss'; choose from round-robin, gauntlet"),
    (dict(bots=("greedy", "random", "grandmaster")), "unknown bot 'grandmaster'"),
    (dict(bots=("hard+book", "greedy", "random")), "give one (--book FILE)"),
    (dict(bots=tuple(f"medium+rollout_depth={d}" for d in range(1, 25)), players=5),
     "a round-robin of 24 bots at tables of 5 has 42,504 tables; at most 500 may be played"),
])
def test_a_pool_that_makes_no_run_is_refused_in_one_sentence(fields, problem):
    with pytest.raises(TournamentError) as refused:
        replace(SMALL, **fields)
    assert problem in str(refused.value) and "\n" not in str(refused.value)


# ---- a run, its crosstable and its file --------------------------------------------------

def test_the_crosstable_and_standings_count_every_game_of_every_table(small_results):
    assert [r.number for r in small_results] == list(range(1, 7))
    summary = results_summary(SMALL, small_results)
    assert summary["games_played"] == 6 and summary["complete"]
    assert summary["settings"]["tables"] == [["random", "greedy"], ["random", "planner"],
                                             ["greedy", "planner"]]
    assert summary["settings"]["pool"] == list(SMALL.bots) and "bots" not in summary["settings"]
    for name, row in summary["bots"].items():
        assert row["seats"] == 1 and row["games"] == 4  # two tables, two seatings each
        assert row["wins"] == sum(r.winner is not None and r.seats[r.winner] == name
                                  for r in small_results)
        # a draw is half a win in duels, though the pool has three names
        assert row["score"] == pytest.approx((row["wins"] + row["draws"] / 2) / 4)
    for a in SMALL.bots:
        for b in SMALL.bots:
            if a == b:
                continue
            met = [r for r in small_results if {a, b} == set(r.seats)]
            ahead = Counter()
            for r in met:
                ranks = finishing_ranks(2, r.winner)
                ahead[ranks[r.seats.index(a)] < ranks[r.seats.index(b)]] += 1
            row = summary["pairwise"][a][b]
            assert row["games"] == len(met) == 2 and row["wins"] == ahead[True]
            assert row["score"] + summary["pairwise"][b][a]["score"] == pytest.approx(1)


def test_two_names_still_get_a_crosstable():
    duel = PoolSettings(bots=("random", "greedy"), players=2, deals=1)
    assert "pairwise" in results_summary(duel, [])


def test_a_pool_resumes_after_an_interruption_to_the_same_results(tmp_path, small_results):
    path = tmp_path / "pool.json"
    seen = []

    def stop_after_four(result):
        seen.append(result)
        if len(seen) == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament(SMALL, results_path=path, on_result=stop_after_four)
    saved = json.loads(path.read_text())
    assert len(saved["games"]) == 4 and not saved["results"]["complete"]
    assert all({"game", "table", "deal", "rotation"} <= set(g) for g in saved["games"])
    done = load_results(path, SMALL)
    played = []
    results = run_tournament(SMALL, done=done, results_path=path, on_result=played.append)
    assert len(played) == 2 and not {r.number for r in played} & set(done)
    assert results == small_results
    assert json.loads(path.read_text())["results"] == json.loads(
        json.dumps(results_summary(SMALL, small_results)))
    # Another deal adds the games after those in the file.
    more = replace(SMALL, deals=2)
    played.clear()
    run_tournament(more, done=load_results(path, more), results_path=path,
                   on_result=played.append)
    assert sorted(r.number for r in played) == list(range(7, 13))


def test_records_go_to_a_folder_per_table(tmp_path, small_results):
    run_tournament(SMALL, records_dir=tmp_path / "records")
    folders = sorted((tmp_path / "records").iterdir())
    assert [f.name for f in folders] == ["table-01", "table-02", "table-03"]
    for table, folder in enumerate(folders, 1):
        assert folder.stat().st_mode & 0o777 == 0o700
        records = sorted(folder.iterdir())
        assert [p.name for p in records] == ["deal-0001-rotation-0.json",
                                             "deal-0001-rotation-1.json"]
        for path in records:
            doc = read_record(path)
            check_record(doc, str(path))
            assert doc["tournament"]["table"] == table
            assert set(doc["tournament"]["bots"]) == set(SMALL.tables[table - 1])


# ---- files of one kind are not resumed as the other -----------------------------------------

@pytest.fixture
def saved(tmp_path, small_results):
    path = tmp_path / "pool.json"
    save_results(path, SMALL, small_results)
    return path


def refused(path, settings) -> str:
    before = path.read_bytes()
    with pytest.raises(ResultsFileError) as error:
        load_results(path, settings)
    assert "\n" not in str(error.value) and path.read_bytes() == before
    return str(error.value)


def test_a_pool_file_is_not_a_tables_and_back(saved, tmp_path):
    assert "holds a pool: resume it with --pool" in refused(
        saved, TournamentSettings(bots=("random", "greedy"), deals=1, seed=3, round_cap=30))
    one_table = tmp_path / "one.json"
    save_results(one_table, TournamentSettings(bots=("random", "greedy"), deals=1, seed=3,
                                               round_cap=30), [])
    assert "holds one table: resume it with --bots" in refused(one_table, SMALL)


@pytest.mark.parametrize("other, problem", [
    (dict(pairing=GAUNTLET), "pairing round-robin in the file, gauntlet asked"),
    (dict(bots=("greedy", "random", "planner")), "pool random,greedy,planner in the file"),
    (dict(seed=4), "seed 3 in the file, 4 asked"),
])
def test_a_pool_of_other_settings_is_refused(saved, other, problem):
    assert problem in refused(saved, replace(SMALL, **other))


@pytest.mark.parametrize("change, problem", [
    (lambda g: g.pop("table"), "its fields must be game, table, deal, rotation"),
    (lambda g: g.update(table=4), "deal 1, rotation 1, table 4"),
    (lambda g: g.update(table=True), "game, table, deal, rotation, rounds and steps must be whole"),
    (lambda g: g.update(table=3), "with seats"),  # the seats of another table
    (lambda g: g.update(game=1), "with seats"),
])
def test_a_damaged_pool_game_entry_is_refused(saved, change, problem):
    document = json.loads(saved.read_text())
    change(document["games"][1])
    saved.write_text(json.dumps(document))
    message = refused(saved, SMALL)
    assert "game entry 2 is not a game of this tournament" in message and problem in message
