"""Tournaments: the duplicate schedule, the statistics, resuming and workers."""

import json
from dataclasses import replace
import math
from types import SimpleNamespace

import pytest
from openskill.models import PlackettLuce

from arena.standings import (
    RunningTally, finishing_ranks, pairwise, rate_games, standings, wilson_interval,
)
from arena.tournament import (
    ResultsFileError, TournamentError, TournamentSettings, load_results, results_summary,
    run_tournament, save_results, schedule,
)
from engine.cards import ALL_EXTENSIONS
from engine.record import check_record, read_record

# Fast bots and a short round cap: some games end without a winner.
TINY = TournamentSettings(bots=("greedy", "random"), deals=2, seed=3, round_cap=20)


@pytest.fixture(scope="module")
def tiny_results():
    return run_tournament(TINY)


# ---- the schedule ---------------------------------------------------------------------

def test_every_entry_plays_every_deal_from_every_seat():
    settings = TournamentSettings(bots=("easy", "greedy", "greedy", "random"), deals=3)
    games = schedule(settings)
    assert [g.number for g in games] == list(range(1, 13))
    for deal in (1, 2, 3):
        replays = [g for g in games if g.deal == deal]
        assert [g.rotation for g in replays] == [0, 1, 2, 3]
        assert len({g.seed for g in replays}) == 1  # one deal, replayed
        for entry in range(4):
            seats = sorted(seat for g in replays for seat in range(4) if g.entry(seat) == entry)
            assert seats == [0, 1, 2, 3]
        for g in replays:
            assert g.seats == tuple(settings.bots[g.entry(seat)] for seat in range(4))
    assert len({g.seed for g in games}) == 3
    bot_seeds = [seed for g in games for seed in g.bot_seeds]
    assert len(set(bot_seeds)) == len(bot_seeds)  # fresh, distinct bots in every game
    assert games == schedule(settings)


def test_settings_are_checked():
    with pytest.raises(TournamentError, match="unknown bot"):
        TournamentSettings(bots=("greedy", "grandmaster"))
    with pytest.raises(TournamentError, match="2 to 6"):
        TournamentSettings(bots=("greedy",))
    with pytest.raises(TournamentError, match="round cap"):
        TournamentSettings(bots=("greedy", "random"), round_cap=0)
    with pytest.raises(TournamentError, match="deals"):
        TournamentSettings(bots=("greedy", "random"), deals=0)


def test_a_variant_of_a_level_searches_with_the_settings_it_names():
    """LEVEL+SETTING=VALUE: the level's settings with those changed, for
    measurement only; anything else is one clear sentence."""
    from bots.difficulty import level_settings, make_bot, search_settings_of, settings_of
    from bots.names import BotNameError, check_names, level_of, variant_of
    name = "hard+planner_prior=4+keep_refusals=yes"
    assert level_of(name) == "hard"
    assert variant_of(name) == (("planner_prior", "4"), ("keep_refusals", "yes"))
    assert variant_of("hard+book") == variant_of("hard") == variant_of("greedy+x=1") == ()
    assert settings_of(name) == level_settings("hard").changed(planner_prior=4.0, keep_refusals=True)
    assert settings_of(name).at_table_of(2, ALL_EXTENSIONS).keep_refusals  # hard's duels too
    assert make_bot(name, measurement=True).settings == settings_of(name)
    for players in (2, 4):  # a variant's setting is in effect at every table
        assert search_settings_of(name, players=players, extensions=ALL_EXTENSIONS)["planner_prior"] == 4.0
    assert settings_of("expert+iterations=4000", think=0.5).seconds == 1.5  # the clock cap stays
    check_names([name], measurement=True)
    with pytest.raises(BotNameError, match="unknown bot"):
        check_names([name])  # only for measurement
    for bad, problem in [("hard+speed=2", "'speed' is not a search setting"),
                         ("hard+iterations=0", "iterations must be at least 1, not 0"),
                         ("hard+exploration=-1", "exploration must be at least 0"),
                         ("hard+infer_travel=maybe", "takes a bool like True, not 'maybe'"),
                         ("hard+evaluation=magic", "unknown evaluation"),
                         ("hard+sees_everything=true", "not a search setting a variant may change")]:
        with pytest.raises(BotNameError, match=problem) as error:
            settings_of(bad)
        assert "\n" not in str(error.value)
        with pytest.raises(TournamentError, match=problem):
            TournamentSettings(bots=(bad, "hard"))
    with pytest.raises(TournamentError, match="unknown bot"):
        TournamentSettings(bots=("hard+planner_prior", "hard"))


def test_a_partial_cheaters_name_says_its_level_and_phases():
    """cheater-LEVEL@PHASE[/PHASE...]: for measurement only; a phase that is
    no decision's is one clear sentence."""
    from bots.difficulty import phases_seen, search_settings_of
    from bots.names import BotNameError, check_names, level_of, phases_seen_of
    from engine import Phase
    name = "cheater-hard@main/trade-reply"
    assert level_of(name) == "hard" and phases_seen_of(name) == ("main", "trade-reply")
    assert phases_seen(name) == (Phase.MAIN, Phase.TRADE_REPLY)
    assert phases_seen_of("cheater-hard") == phases_seen_of("hard@main") == ()
    assert phases_seen_of("cheater-hard@") == phases_seen_of("cheater-hard@main//discard") == ()
    assert search_settings_of(name) == search_settings_of("cheater-hard")  # its level's search
    check_names([name], measurement=True)
    for bad in ("cheater-hard@", "cheater-grandmaster@main", "hard@main"):
        with pytest.raises(BotNameError, match="unknown bot"):
            check_names([bad], measurement=True)
    with pytest.raises(BotNameError, match="unknown bot"):
        check_names([name])  # only for measurement
    with pytest.raises(TournamentError, match="'over' is not a phase of a decision") as error:
        TournamentSettings(bots=("cheater-hard@main/over", "hard"))
    assert "\n" not in str(error.value)


@pytest.mark.slow
def test_a_variant_that_changes_nothing_plays_the_levels_games():
    """The variant is the level's search with its settings changed, nothing
    else: with the level's own values it plays the very same games."""
    level = TournamentSettings(bots=("medium", "greedy"), deals=2, seed=5, extensions=0, round_cap=30)
    same = replace(level, bots=("medium+iterations=200", "greedy"))
    other = replace(level, bots=("medium+iterations=20", "greedy"))

    def games(settings):
        return [(r.winner, r.reason, r.rounds, r.steps) for r in run_tournament(settings)]
    assert games(same) == games(level)
    assert games(other) != games(level)


# ---- statistics -----------------------------------------------------------------------

@pytest.mark.parametrize("wins,games,low,high", [
    (5, 10, 0.2366, 0.7634),
    (81, 263, 0.2553, 0.3662),   # Newcombe (1998), Statistics in Medicine 17, table I
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (0, 0, 0.0, 1.0),
])
def test_wilson_interval_known_values(wins, games, low, high):
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_finishing_ranks():
    assert finishing_ranks(4, 2) == [3.0, 3.0, 1.0, 3.0]
    assert finishing_ranks(4, None) == [2.5] * 4
    assert finishing_ranks(2, 0) == [1.0, 2.0]
    for players in range(2, 7):  # the places are shared out, never invented
        assert sum(finishing_ranks(players, 0)) == sum(range(1, players + 1))
        assert sum(finishing_ranks(players, None)) == sum(range(1, players + 1))


def game(number, seats, winner):
    return SimpleNamespace(number=number, seats=tuple(seats), winner=winner)


def test_one_seat_per_name_is_openskill_itself():
    games = [game(1, "abc", 0), game(2, "bca", None), game(3, "cab", 1), game(4, "abc", 2)]
    model = PlackettLuce(tau=0.0)
    players = {name: model.rating() for name in "abc"}
    for g in games:
        ranks = [1 if g.winner is None or s == g.winner else 2 for s in range(3)]
        rated = model.rate([[players[n]] for n in g.seats], ranks=ranks)
        for name, [after] in zip(g.seats, rated):
            players[name] = after
    ours = rate_games(reversed(games))  # rated in number order, whatever the given order
    for name in "abc":
        assert ours[name].mu == pytest.approx(players[name].mu)
        assert ours[name].sigma == pytest.approx(players[name].sigma)
        assert ours[name].ordinal == pytest.approx(players[name].ordinal())


def test_a_name_in_several_seats_pools_them():
    # "x" in three seats wins one game in four: exactly its fair share per seat.
    games = [game(n, "xxxy", n % 4) for n in range(1, 41)]
    table = {s.name: s for s in standings("xxxy", games)}
    assert table["x"].seats == 3 and table["x"].games == 120 and table["x"].wins == 30
    assert table["y"].games == 40 and table["y"].wins == 10
    assert table["x"].win_rate == table["y"].win_rate == 0.25
    assert table["x"].mean_rank == table["y"].mean_rank == pytest.approx(0.25 * 1 + 0.75 * 3)
    # Equal strength per seat: equal ratings, x (three seats a game) more certain.
    assert table["x"].rating.mu == pytest.approx(table["y"].rating.mu, abs=1.0)
    assert table["x"].rating.sigma < table["y"].rating.sigma


def test_draws_are_counted_apart():
    games = [game(1, "ab", None), game(2, "ba", 1), game(3, "ab", None)]
    table = {s.name: s for s in standings("ab", games)}
    assert (table["a"].wins, table["a"].draws, table["a"].games) == (1, 2, 3)
    assert (table["b"].wins, table["b"].draws, table["b"].games) == (0, 2, 3)
    assert table["a"].mean_rank == pytest.approx((1.5 + 1 + 1.5) / 3)
    assert table["a"].rating.mu > table["b"].rating.mu
    # The score counts a draw as half a win in two-player games.
    assert table["a"].score == pytest.approx((0.5 + 1 + 0.5) / 3)
    assert table["b"].score == pytest.approx((0.5 + 0 + 0.5) / 3)


def test_score_and_its_interval_follow_the_seat_games_scores():
    # 3 players: a draw is a third of a win. a wins 5, draws 3, loses 4.
    outcomes = [0] * 5 + [None] * 3 + [1] * 4
    games = [game(n, "abc", winner) for n, winner in enumerate(outcomes, 1)]
    row = {s.name: s for s in standings("abc", games)}["a"]
    scores = [1.0] * 5 + [1 / 3] * 3 + [0.0] * 4
    mean = sum(scores) / len(scores)
    spread = math.sqrt(sum((x - mean) ** 2 for x in scores) / (len(scores) - 1))
    half = 1.959963984540054 * spread / math.sqrt(len(scores))
    assert row.score == pytest.approx(mean)
    assert row.score_interval == pytest.approx((mean - half, mean + half))
    # Rank and score say the same thing: rank = 1 + players / 2 * (1 - score).
    assert row.mean_rank == pytest.approx(1 + 1.5 * (1 - row.score))
    # Clipped to 0..1, and no interval before two games.
    always = {s.name: s for s in standings("ab", [game(n, "ab", 0) for n in (1, 2, 3)])}["a"]
    assert always.score == 1.0 and always.score_interval == (1.0, 1.0)
    assert {s.name: s for s in standings("ab", [game(1, "ab", 0)])}["a"].score_interval == (0.0, 1.0)


def test_tiny_run_statistics_agree_with_its_games(tiny_results):
    assert len(tiny_results) == TINY.games == 4
    summary = results_summary(TINY, tiny_results)
    assert summary["games_played"] == 4 and summary["complete"]
    assert sum(summary["endings"].values()) == 4
    assert summary["draws"] == summary["endings"]["round_cap"]
    wins = sum(row["wins"] for row in summary["bots"].values())
    assert wins + summary["draws"] == 4
    for name, row in summary["bots"].items():
        assert row["games"] == 4  # one seat a game
        assert row["draws"] == summary["draws"]
        seat_wins = sum(1 for r in tiny_results if r.winner is not None and r.seats[r.winner] == name)
        assert row["wins"] == seat_wins
        assert row["win_rate"] == seat_wins / 4
        assert (row["ci_low"], row["ci_high"]) == wilson_interval(seat_wins, 4)
        assert 1.0 <= row["mean_rank"] <= 2.0
        rating = row["rating"]
        assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"])
    tally = RunningTally(TINY.bots, tiny_results)
    assert dict(tally.win_rates()) == {n: row["win_rate"] for n, row in summary["bots"].items()}


# ---- running: resuming, workers, records ---------------------------------------------------

class Interrupted(Exception):
    pass


def interrupt_after(count):
    seen = []

    def on_result(result):
        seen.append(result)
        if len(seen) == count:
            raise Interrupted
    return on_result


def test_resume_skips_finished_games_and_gives_identical_totals(tmp_path, tiny_results):
    path = tmp_path / "results.json"
    with pytest.raises(Interrupted):
        run_tournament(TINY, results_path=path, on_result=interrupt_after(3))
    saved = json.loads(path.read_text())
    assert [g["game"] for g in saved["games"]] == [1, 2, 3]
    assert saved["results"]["games_played"] == 3 and not saved["results"]["complete"]

    done = load_results(path, TINY)
    assert sorted(done) == [1, 2, 3]
    played = []
    results = run_tournament(TINY, done=done, results_path=path, on_result=played.append)
    assert [r.number for r in played] == [4]
    assert results == tiny_results
    final = json.loads(path.read_text())
    assert final["results"] == results_summary(TINY, tiny_results)
    assert final["results"]["complete"]

    # More deals than the file holds: only the new ones are played.
    more = TournamentSettings(bots=TINY.bots, deals=3, seed=TINY.seed, round_cap=TINY.round_cap)
    played.clear()
    run_tournament(more, done=load_results(path, more), results_path=path,
                   on_result=played.append)
    assert sorted(r.number for r in played) == [5, 6]


@pytest.mark.slow
def test_two_workers_give_the_same_results_as_one(tmp_path, tiny_results):
    path = tmp_path / "results.json"
    assert run_tournament(TINY, workers=2, results_path=path) == tiny_results
    assert load_results(path, TINY) == {r.number: r for r in tiny_results}
    # Stopped part-way, the parallel run keeps exactly the games it has taken in.
    with pytest.raises(Interrupted):
        run_tournament(TINY, workers=2, results_path=tmp_path / "part.json",
                       on_result=interrupt_after(2))
    assert len(load_results(tmp_path / "part.json", TINY)) == 2


def test_records_are_written_and_replay(tmp_path, tiny_results):
    settings = TournamentSettings(bots=TINY.bots, deals=1, seed=TINY.seed,
                                  round_cap=TINY.round_cap)
    results = run_tournament(settings, records_dir=tmp_path / "games")
    paths = sorted((tmp_path / "games").iterdir())
    assert [p.name for p in paths] == ["deal-0001-rotation-0.json", "deal-0001-rotation-1.json"]
    for path, result in zip(paths, results):
        doc = read_record(path)
        check_record(doc, str(path))
        assert [s["player"] for s in doc["seats"]] == [f"bot:{n}" for n in result.seats]
        assert doc["result"] == {"winner": result.winner, "reason": result.reason,
                                 "rounds": result.rounds}
        assert doc["tournament"]["deal"] == 1
        assert doc["tournament"]["rotation"] == (result.number - 1) % settings.players
    # Recording changes nothing in the games.
    assert results == tiny_results[:2]


# ---- the results file ------------------------------------------------------------------

def saved_file(tmp_path, tiny_results):
    path = tmp_path / "results.json"
    save_results(path, TINY, tiny_results)
    return path


def test_a_run_is_not_resumed_across_a_change_of_budget(tmp_path, monkeypatch):
    """The expert's --think is counted at a nominal speed; if that speed (or a
    level's iterations) changes, an old file would silently mix budgets."""
    import bots.difficulty as difficulty
    settings = TournamentSettings(bots=("expert", "greedy"), deals=1, think=0.5)
    assert settings.to_json()["iterations"] == {
        "expert": int(0.5 * difficulty.NOMINAL_ITERATIONS_PER_SECOND), "greedy": None}
    path = tmp_path / "results.json"
    save_results(path, settings, [])
    assert load_results(path, settings) == {}
    monkeypatch.setattr(difficulty, "NOMINAL_ITERATIONS_PER_SECOND",
                        2 * difficulty.NOMINAL_ITERATIONS_PER_SECOND)
    with pytest.raises(ResultsFileError, match="other settings") as error:
        load_results(path, settings)
    assert "iterations expert" in str(error.value) and "\n" not in str(error.value)


def test_a_run_is_not_resumed_across_a_change_of_knowledge(tmp_path, monkeypatch):
    import bots.difficulty as difficulty
    settings = TournamentSettings(bots=("hard", "medium"), deals=1)
    duel = difficulty.LEVEL_SETTINGS["hard"].at_table_of(2, ALL_EXTENSIONS)  # a two-player tournament
    assert settings.to_json()["search"]["hard"]["rollout_depth"] == duel.rollout_depth
    path = tmp_path / "results.json"
    save_results(path, settings, [])
    monkeypatch.setitem(difficulty.LEVEL_SETTINGS, "hard",
                        difficulty.LEVEL_SETTINGS["hard"].changed(exploration=0.5))
    with pytest.raises(ResultsFileError, match="other settings") as error:
        load_results(path, settings)
    assert "search settings of hard: exploration 0.7 in the file, 0.5 asked" in str(error.value)
    assert "\n" not in str(error.value)


def test_the_settings_recorded_are_those_in_effect_at_the_table():
    """A table is its players and its extensions: the prior of a table
    without postcards is recorded as the prior there, and nowhere else."""
    from bots.difficulty import search_settings_of
    from engine.cards import EXT_POSTCARDS
    name = "expert+prior_without_postcards=4+iterations=2000"
    assert search_settings_of(name, players=4, extensions=0)["planner_prior"] == 8.0
    assert search_settings_of(name, players=4, extensions=ALL_EXTENSIONS & ~EXT_POSTCARDS
                              )["planner_prior"] == 8.0
    for players, extensions in ((4, ALL_EXTENSIONS), (2, 0)):
        recorded = search_settings_of(name, players=players, extensions=extensions)
        assert recorded["planner_prior"] == 0.0 and "prior_without_postcards" not in recorded
    assert search_settings_of(name)["prior_without_postcards"] == 4.0  # the level's, at every table
    with pytest.raises(ValueError, match="both or neither"):
        search_settings_of(name, players=4)


@pytest.mark.parametrize("other,problem", [
    (dict(seed=4), "seed 3 in the file, 4 asked"),
    (dict(bots=("random", "greedy")), "bots greedy,random in the file, random,greedy asked"),
    (dict(round_cap=21), "round_cap 20 in the file, 21 asked"),
    (dict(extensions=0), "extensions"),
    (dict(deals=1), "2 deals"),
])
def test_other_settings_are_refused(tmp_path, tiny_results, other, problem):
    path = saved_file(tmp_path, tiny_results)
    before = path.read_bytes()
    fields = dict(bots=TINY.bots, deals=TINY.deals, seed=TINY.seed, round_cap=TINY.round_cap)
    fields.update(other)
    with pytest.raises(ResultsFileError, match="results.json") as error:
        load_results(path, TournamentSettings(**fields))
    assert problem in str(error.value)
    assert "\n" not in str(error.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("text", [
    "{", "[]", "", '{"format": "passport-record"}', "\xff",
])
def test_corrupt_files_are_refused(tmp_path, text):
    path = tmp_path / "results.json"
    path.write_text(text, encoding="latin-1")
    with pytest.raises(ResultsFileError, match="not a tournament results file"):
        load_results(path, TINY)


@pytest.mark.parametrize("change", [
    lambda g: g.update(winner=5),
    lambda g: g.update(winner=0, reason="round_cap"),
    lambda g: g.update(seats=["random", "random"]),
    lambda g: g.update(game=9),
    lambda g: g.update(reason="boredom"),
    lambda g: g.pop("steps"),
    lambda g: g.update(rounds="many"),
])
def test_damaged_game_entries_are_refused(tmp_path, tiny_results, change):
    path = saved_file(tmp_path, tiny_results)
    doc = json.loads(path.read_text())
    change(doc["games"][1])
    path.write_text(json.dumps(doc))
    with pytest.raises(ResultsFileError, match="game entry 2"):
        load_results(path, TINY)


def test_a_missing_file_is_a_new_run(tmp_path):
    assert load_results(tmp_path / "none.json", TINY) == {}


def test_ratings_do_not_depend_on_finishing_order(tiny_results):
    shuffled = list(reversed(tiny_results))
    assert standings(TINY.bots, shuffled) == standings(TINY.bots, tiny_results)
    assert all(math.isfinite(s.rating.mu) for s in standings(TINY.bots, tiny_results))


# ---- head to head -----------------------------------------------------------------------

def test_head_to_head_counts_who_finished_ahead_of_whom():
    games = [game(1, "abc", 0),      # a ahead of b and c; b and c tie
             game(2, "bca", 0),      # b ahead of c and a
             game(3, "cab", None),   # no winner: everyone ties
             game(4, "aab", 2)]      # b ahead of both a seats
    forfeited = SimpleNamespace(number=5, seats=("a", "c", "b"), winner=None, forfeit=1)
    table = pairwise("abc", games + [forfeited])   # c behind a and b; a and b tie
    ab, ba = table["a"]["b"], table["b"]["a"]
    assert (ab.games, ab.wins, ab.losses) == (6, 1, 3)
    assert (ba.games, ba.wins, ba.losses) == (6, 3, 1)
    assert ab.score == pytest.approx((1 + 2 / 2) / 6) and ab.score + ba.score == pytest.approx(1)
    ac = table["a"]["c"]
    assert (ac.games, ac.wins, ac.losses) == (4, 2, 0)
    assert ab.superiority == pytest.approx(0.5 * (1 + math.erf(-2 / math.sqrt(8))))
    assert ab.superiority + ba.superiority == pytest.approx(1)
    assert pairwise("ab", [game(1, "ab", None)])["a"]["b"].superiority is None


def test_the_summary_has_head_to_head_from_three_names_on(tiny_results):
    assert "pairwise" not in results_summary(TINY, tiny_results)
    three = replace(TINY, bots=("greedy", "random", "random", "planner"))
    summary = results_summary(three, [])
    assert set(summary["pairwise"]) == {"greedy", "random", "planner"}
    assert summary["pairwise"]["greedy"]["planner"] == {
        "games": 0, "wins": 0, "losses": 0, "score": None, "superiority": None}


# ---- a level playing an opening book -----------------------------------------------------

def a_small_book(players=2):
    from engine import Game
    from openings import Book, action_class, opening_key
    book = Book({"players": players, "extensions": []})
    for seed in range(20):
        view = Game.new(players=players, seed=seed).view(Game.new(players=players, seed=seed).decider)
        key = opening_key(view)
        if key is not None:
            for _ in range(2):
                book.add(key, {action_class(view, a): (5, 2.5) for a in view.legal_actions})
    return book


def test_a_level_with_a_book_needs_one_and_a_book_needs_such_a_level():
    with pytest.raises(TournamentError, match="give one"):
        TournamentSettings(bots=("hard+book", "hard"))
    with pytest.raises(TournamentError, match="played only by bots named"):
        TournamentSettings(bots=("hard", "greedy"), book=a_small_book())
    with pytest.raises(TournamentError, match="unknown bot 'easy\\+book'"):
        TournamentSettings(bots=("easy+book", "hard"), book=a_small_book())


def test_a_run_with_a_book_records_which_and_resumes_only_with_it(tmp_path):
    book = a_small_book()
    settings = TournamentSettings(bots=("hard+book", "greedy"), deals=1, seed=2, extensions=0,
                                  round_cap=3, book=book)
    assert settings.to_json()["book"] == book.identity()
    assert "book" not in TINY.to_json()
    path = tmp_path / "run.json"
    results = run_tournament(settings, results_path=path)
    assert len(results) == 2
    other = a_small_book()
    other.add("v1 | p9", {("draw", -1): (1, 1.0)})
    with pytest.raises(ResultsFileError):
        load_results(path, replace(settings, book=other))
    assert len(load_results(path, settings)) == 2
