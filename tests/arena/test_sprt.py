"""The sequential test of tournaments: its arithmetic, its error rates, and
its stopping rule inside a run."""

import random
import statistics
from types import SimpleNamespace

import pytest

from arena.sprt import (
    Sprt, SprtError, SprtRun, constrained_mle, deal_scores, elo_sprt, log_likelihood_ratio,
    parse_sprt,
)
from arena.tournament import (
    TournamentError, TournamentSettings, load_results, results_summary, run_tournament,
)

PENTANOMIAL = (0.0, 0.25, 0.5, 0.75, 1.0)


def test_the_constrained_maximum_has_the_asked_mean():
    values = [0.0, 0.25, 0.5, 0.75, 1.0]
    weights = [0.1, 0.2, 0.3, 0.25, 0.15]
    for mean in (0.3, 0.5, 0.62):
        p = constrained_mle(values, weights, mean)
        assert sum(p) == pytest.approx(1.0)
        assert sum(q * v for q, v in zip(p, values)) == pytest.approx(mean, abs=1e-9)
        assert all(q > 0 for q in p)
    # At the sample's own mean the empirical frequencies are the maximum.
    own = sum(w * v for w, v in zip(weights, values))
    assert constrained_mle(values, weights, own) == pytest.approx(weights, abs=1e-9)


def test_the_ratio_agrees_with_the_normal_approximation_on_many_samples():
    rng = random.Random(2)
    samples = rng.choices(PENTANOMIAL, weights=[0.1, 0.2, 0.4, 0.2, 0.1], k=400)
    mean, variance = statistics.fmean(samples), statistics.pvariance(samples)
    normal = len(samples) * (0.55 - 0.5) * (2 * mean - 0.5 - 0.55) / (2 * variance)
    assert log_likelihood_ratio(samples, 0.5, 0.55) == pytest.approx(normal, rel=0.02)
    assert log_likelihood_ratio([], 0.5, 0.55) == 0.0


@pytest.mark.slow
def test_the_error_rates_are_about_what_was_asked():
    rng = random.Random(7)
    test = Sprt(0.5, 0.55)

    def verdicts(weights):
        return [test.state(rng.choices(PENTANOMIAL, weights=weights, k=1500)).verdict
                for _ in range(100)]

    at_s0 = verdicts([0.1, 0.2, 0.4, 0.2, 0.1])          # mean 0.5
    at_s1 = verdicts([0.07, 0.18, 0.38, 0.22, 0.15])     # mean 0.55
    # alpha = beta = 0.05; 100 tests each, so a few points either way.
    assert at_s0.count("H1") <= 10 and at_s0.count("H0") >= 85
    assert at_s1.count("H0") <= 10 and at_s1.count("H1") >= 85


def test_a_verdict_is_final_and_taken_at_the_first_deciding_sample():
    test = Sprt(0.4, 0.6)
    samples = [1.0] * 30
    state = test.state(samples)
    assert state.verdict == "H1" and state.deals < 30
    assert test.state(samples[:state.deals - 1]).verdict is None
    assert test.state(samples + [0.0] * 100) == state


def test_bounds_and_parsing_are_checked():
    assert parse_sprt("0.5, 0.55") == Sprt(0.5, 0.55)
    assert parse_sprt("0.25,0.3,0.1,0.05") == Sprt(0.25, 0.3, 0.1, 0.05)
    for text in ("0.5", "a,b", "0.5,0.55,0.05", ""):
        with pytest.raises(SprtError, match="S0,S1"):
            parse_sprt(text)
    with pytest.raises(SprtError, match="below"):
        Sprt(0.6, 0.5)
    with pytest.raises(SprtError, match="strictly between 0 and 1"):
        Sprt(0.0, 0.5)
    with pytest.raises(SprtError, match="from 0 to 1"):
        log_likelihood_ratio([1.5], 0.4, 0.6)


# ---- bounds in Elo ---------------------------------------------------------------------

def test_elo_bounds_are_the_scores_of_the_logistic_formula():
    # elo1 = 5: 10^(-5/400) = 10^(-0.0125) = 0.971628, s1 = 1/1.971628 = 0.507195
    test = parse_sprt("elo0=0,elo1=5")
    assert test.s0 == 0.5 and test.s1 == pytest.approx(0.507195, abs=1e-6)
    assert (test.elo0, test.elo1) == (0.0, 5.0)  # as stated, not turned back from scores
    assert (test.alpha, test.beta) == (0.05, 0.05)
    assert test.to_json() == {"s0": 0.5, "s1": test.s1, "alpha": 0.05, "beta": 0.05,
                              "elo0": 0.0, "elo1": 5.0}
    assert parse_sprt(" elo0=-1.5, ELO1=0.5,alpha=0.1 ,beta=0.02") == elo_sprt(-1.5, 0.5, 0.1, 0.02)
    # A test stated in scores has its bounds in Elo too, and keeps its JSON:
    # 0.55 is -400 log10(0.45/0.55) = -400 x (-0.087150) = +34.86 Elo.
    assert Sprt(0.5, 0.55).elo1 == pytest.approx(34.86, abs=0.01)
    assert "elo0" not in Sprt(0.5, 0.55).to_json()
    for stated in (test, Sprt(0.5, 0.55, 0.1, 0.2)):  # as a results file keeps them
        assert Sprt.from_json(stated.to_json()) == stated
    for damaged in ({}, {"s0": 0.5}, {"elo0": 0, "elo1": "5", "alpha": 0.05, "beta": 0.05}, []):
        with pytest.raises(SprtError):
            Sprt.from_json(damaged)


def test_an_elo_test_of_pairs_won_or_lost_is_walds():
    """Pairs only won (1) or lost (0): the distribution of largest likelihood
    with mean s on those two values is p(1) = s, so the generalized SPRT is
    Wald's, as fishtest's formula reduces to it:
    LLR = n1 ln(s1/s0) + n0 ln((1 - s1)/(1 - s0)).
    elo0=0, elo1=20: s0 = 0.5, s1 = 1/(1 + 10^(-0.05)) = 1/1.891251 = 0.528751.
    50 won, 30 lost: 50 ln(1.057501) + 30 ln(0.942499)
    = 50 x 0.055909 - 30 x 0.059221 = 2.79543 - 1.77662 = 1.01882."""
    test = parse_sprt("elo0=0,elo1=20")
    assert test.s1 == pytest.approx(0.528751, abs=1e-6)
    samples = [1.0] * 50 + [0.0] * 30
    assert log_likelihood_ratio(samples, test.s0, test.s1) == pytest.approx(1.01882, abs=1e-3)
    # log(beta/(1 - alpha)) and log((1 - beta)/alpha) = -/+ ln 19 = -/+ 2.944439
    assert (test.lower, test.upper) == pytest.approx((-2.944439, 2.944439), abs=1e-6)
    assert test.state(samples).verdict is None


def test_an_elo_test_of_pentanomial_pairs_agrees_with_fishtests_approximation():
    """fishtest's large-sample form of the pentanomial LLR (Van den Bergh's
    note on the GSPRT): LLR ~ N/2 ln(r0/r1), r_i = the mean of (x - s_i)^2 over
    the N pairs' scores x. Counts [10, 40, 100, 60, 30], N = 240:
    m = 135/240 = 0.5625, variance 0.380208 - 0.5625^2 = 0.063802;
    r0 = 0.063802 + (0.5625 - 0.5)^2 = 0.067708,
    r1 = 0.063802 + (0.5625 - 0.528751)^2 = 0.064941 (elo1 = 20 as above);
    LLR ~ 120 ln(1.042611) = 120 x 0.041728 = 5.007: H1 accepted (above 2.944)."""
    test = parse_sprt("elo0=0,elo1=20")
    samples = [0.0] * 10 + [0.25] * 40 + [0.5] * 100 + [0.75] * 60 + [1.0] * 30
    assert log_likelihood_ratio(samples, test.s0, test.s1) == pytest.approx(5.007, rel=0.01)
    interleaved = [samples[i] for k in range(10) for i in range(k, 240, 10)]
    assert test.state(interleaved).verdict == "H1"


def test_malformed_elo_bounds_are_one_sentence():
    for text in ("elo0=0", "elo0=x,elo1=5", "elo0=0,elo1=5,gamma=1", "elo0=0,elo0=5",
                 "elo0=0,elo1=inf", "elo0=0,elo1", "s0=0.5,s1=0.55"):
        with pytest.raises(SprtError, match="elo0=E0,elo1=E1"):
            parse_sprt(text)
    with pytest.raises(SprtError, match="elo0 must be below elo1"):
        parse_sprt("elo0=5,elo1=0")
    for text in ("elo0=0,elo1=1e6", "elo0=-200000,elo1=5", "elo0=-1e308,elo1=0"):
        with pytest.raises(SprtError, match="too far from 0"):
            parse_sprt(text)
    with pytest.raises(SprtError, match="alpha must be"):
        parse_sprt("elo0=0,elo1=5,alpha=1.5")
    with pytest.raises(SprtError, match="are not the scores"):
        Sprt(0.5, 0.6, elo=(0.0, 5.0))
    with pytest.raises(SprtError, match="or elo0=E0,elo1=E1"):
        parse_sprt("0.5")  # the score form's message names both forms


def game(number, seats, winner):
    return SimpleNamespace(number=number, seats=tuple(seats), winner=winner)


def test_a_deal_scores_the_candidate_over_all_its_seatings():
    bots = ("a", "b", "b")
    games = [game(1, "abb", 0), game(2, "bab", 1), game(3, "bba", None),   # deal 1: 1+1+1/3
             game(4, "abb", 2), game(5, "bab", 0), game(6, "bba", 0),      # deal 2: 0
             game(8, "bab", 1)]                                            # deal 3: incomplete
    assert deal_scores(bots, games) == pytest.approx([(2 + 1 / 3) / 3, 0.0])
    with pytest.raises(SprtError, match="two bots"):
        deal_scores(("a", "b", "c"), games)


def test_a_run_reads_deals_in_order_whatever_order_games_arrive_in():
    bots = ("a", "b")
    rng = random.Random(5)
    games = []
    for deal in range(40):
        winners = rng.choice([(0, 1), (0, 0), (1, 1), (None, 0)])
        games += [game(2 * deal + 1, "ab", winners[0]), game(2 * deal + 2, "ba", winners[1])]
    in_order = SprtRun(Sprt(0.4, 0.6), bots, games).state
    shuffled = games[:]
    rng.shuffle(shuffled)
    assert SprtRun(Sprt(0.4, 0.6), bots, shuffled).state == in_order
    assert in_order == Sprt(0.4, 0.6).state(deal_scores(bots, games))


# ---- inside a tournament ---------------------------------------------------------------

SPRT_RUN = TournamentSettings(bots=("greedy", "random"), deals=60, seed=4, extensions=0,
                              sprt=Sprt(0.5, 0.7))


def test_a_tournament_stops_when_the_test_decides_with_any_workers(tmp_path):
    alone = run_tournament(SPRT_RUN)
    summary = results_summary(SPRT_RUN, alone)
    assert summary["sprt"]["verdict"] == "H1" and summary["sprt"]["candidate"] == "greedy"
    decided = summary["sprt"]["deals"]
    assert len(alone) == 2 * decided < SPRT_RUN.games
    path = tmp_path / "sprt.json"
    together = run_tournament(SPRT_RUN, workers=2, results_path=path)
    again = results_summary(SPRT_RUN, together)["sprt"]
    assert again == summary["sprt"]
    # The file resumes to the same verdict and plays nothing more.
    done = load_results(path, SPRT_RUN)
    assert len(run_tournament(SPRT_RUN, done=done)) == len(done)


def test_elo_bounds_are_for_duels_and_a_duels_test_says_them_in_elo():
    with pytest.raises(TournamentError, match="in Elo are for duels"):
        TournamentSettings(bots=("greedy", "random", "random"), sprt=elo_sprt(0, 50))
    three = SprtRun(Sprt(0.3, 0.4), ("a", "b", "b")).to_json()
    assert "elo0" not in three
    duel = SprtRun(Sprt(0.5, 0.55), ("a", "b")).to_json()
    assert duel["elo0"] == 0.0 and duel["elo1"] == pytest.approx(34.86, abs=0.01)


def test_an_sprt_needs_exactly_two_bots():
    with pytest.raises(TournamentError, match="two bots"):
        TournamentSettings(bots=("greedy", "random", "easy"), sprt=Sprt(0.3, 0.4))
    with pytest.raises(TournamentError, match="two bots"):
        TournamentSettings(bots=("greedy", "greedy"), sprt=Sprt(0.3, 0.4))


def test_a_paired_sample_is_the_difference_of_two_bots_on_one_deal():
    from arena.sprt import paired_samples, paired_sprt
    assert paired_samples([1.0, 0.25, 0.5], [0.0, 0.75, 0.5]) == [1.0, 0.25, 0.5]
    test = paired_sprt(-0.05, 0.0)
    assert (test.s0, test.s1) == (0.475, 0.5)
    with pytest.raises(SprtError, match="between -1 and 1"):
        paired_sprt(-1.0, 0.0)
    with pytest.raises(SprtError, match="below"):
        paired_sprt(0.05, 0.0)


def _field_run(tmp_path, first, seed=8, deals=20, field=("greedy", "greedy")):
    settings = TournamentSettings(bots=(first, *field), deals=deals, seed=seed, extensions=0)
    path = tmp_path / f"{first}-{seed}-{'-'.join(field)}.json"
    run_tournament(settings, results_path=path)
    return path, settings


def test_a_paired_test_reads_two_runs_of_the_same_deals(tmp_path):
    from arena.paired import paired_test
    from arena.sprt import paired_samples
    candidate, settings = _field_run(tmp_path, "planner")
    reference, reference_settings = _field_run(tmp_path, "random", deals=15)
    state, a, b = paired_test(candidate, reference, 0.0, 0.3)
    # the deals both files completed, each run's own deal scores
    assert a == deal_scores(settings.bots, load_results(candidate, settings).values())[:15]
    assert b == deal_scores(reference_settings.bots,
                            load_results(reference, reference_settings).values())
    assert len(a) == len(b) == 15
    assert state == Sprt(0.5, 0.65).state(paired_samples(a, b))
    assert state.verdict == "H1"  # the planner is far better than random against greedy
    # not the same deals, not the same field, not a results file: one sentence each
    other_seed, _ = _field_run(tmp_path, "random", seed=9, deals=2)
    other_field, _ = _field_run(tmp_path, "random", deals=2, field=("greedy", "random"))
    for path, problem in ((other_seed, "not the same deals"), (other_field, "same bots")):
        with pytest.raises(SprtError, match=problem):
            paired_test(candidate, path, -0.05, 0.0)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(SprtError, match="corrupt JSON"):
        paired_test(candidate, broken, -0.05, 0.0)
