"""The Elo difference of a duel from its deal pairs (arena/elo.py): a worked
example by hand, the edge cases, and the "elo" entry of a duel's summary."""

import math
from dataclasses import replace

import pytest

from arena.elo import duel_elo, elo_of_score, pentanomial, score_of_elo
from arena.tournament import TournamentSettings, results_summary, run_tournament


def test_the_logistic_formula_by_hand():
    # 10^(-100/400) = 10^(-0.25) = 0.562341, so 1 / 1.562341 = 0.640065
    assert score_of_elo(100) == pytest.approx(0.640065, abs=1e-6)
    # 1/0.75 - 1 = 1/3; -400 log10(1/3) = 400 x 0.477121 = 190.85
    assert elo_of_score(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_of_score(0.5) == 0.0 and score_of_elo(0) == 0.5
    assert elo_of_score(1.0) == math.inf and elo_of_score(0.0) == -math.inf


def test_a_worked_example():
    """Pentanomial counts [n0..n4] = [2, 8, 20, 12, 8]: N = 50 deal pairs.

    mean     m  = (8 x 0.25 + 20 x 0.5 + 12 x 0.75 + 8 x 1) / 50 = 29 / 50 = 0.58
    E[x^2]      = (8 x 0.0625 + 20 x 0.25 + 12 x 0.5625 + 8 x 1) / 50 = 20.25 / 50 = 0.405
    variance    = 0.405 - 0.58^2 = 0.405 - 0.3364 = 0.0686 (one pair's score)
    std. error  = sqrt(0.0686 / 50) = sqrt(0.001372) = 0.037041
    interval    = 0.58 -/+ 1.959964 x 0.037041 = 0.58 -/+ 0.072598 = [0.507402, 0.652598]
    Elo(0.58)       = -400 log10(1/0.58 - 1)     = -400 log10(0.724138) = +56.07
    Elo(0.507402)   = -400 log10(0.970822)       = +5.14
    Elo(0.652598)   = -400 log10(0.532337)       = +109.53
    LOS             = Phi(0.08 / 0.037041) = Phi(2.1598) = 0.9846
    """
    estimate = duel_elo([2, 8, 20, 12, 8])
    assert estimate.pairs == 50
    assert estimate.score == pytest.approx(0.58)
    assert estimate.pair_variance == pytest.approx(0.0686)
    assert (estimate.score_low, estimate.score_high) == pytest.approx((0.507402, 0.652598),
                                                                      abs=1e-6)
    assert estimate.elo == pytest.approx(56.07, abs=0.01)
    assert estimate.elo_low == pytest.approx(5.14, abs=0.01)
    assert estimate.elo_high == pytest.approx(109.53, abs=0.01)
    assert estimate.los == pytest.approx(0.9846, abs=1e-4)
    # The mirror image: the other bot's view of the same pairs.
    mirror = duel_elo([8, 12, 20, 8, 2])
    assert mirror.elo == pytest.approx(-estimate.elo)
    assert (mirror.elo_low, mirror.elo_high) == pytest.approx((-estimate.elo_high,
                                                               -estimate.elo_low))
    assert mirror.los == pytest.approx(1 - estimate.los)


def test_a_pair_not_two_games_is_the_unit():
    # The same 40 game wins out of 80 games, paired two ways: every pair
    # split (no spread) or every pair won or lost (the most spread). Games
    # counted as independent would give the same interval to both.
    split = duel_elo([0, 0, 40, 0, 0])
    swings = duel_elo([20, 0, 0, 0, 20])
    assert split.elo == swings.elo == 0.0
    # [20, 0, 0, 0, 20]: variance 0.25, std. error sqrt(0.25 / 40) = 0.079057,
    # interval 0.5 -/+ 0.154949 = [0.345051, 0.654949]; 1/0.654949 - 1 = 0.526836,
    # -400 log10(0.526836) = +111.33, so -111.33 to +111.33 Elo
    assert swings.elo_high == pytest.approx(111.33, abs=0.01)
    assert swings.elo_low == pytest.approx(-111.33, abs=0.01)
    assert swings.los == split.los == 0.5
    # [0, 0, 40, 0, 0]: no spread, the worst case: c = 0.025^(1/40) = 0.911903,
    # [0.5 c, 1 - 0.5 c] = [0.455951, 0.544049], far narrower
    assert (split.score_low, split.score_high) == pytest.approx((0.455951, 0.544049), abs=1e-6)


def test_no_pairs_say_nothing():
    estimate = duel_elo([0, 0, 0, 0, 0])
    assert estimate.pairs == 0
    assert estimate.to_json() == {"pairs": 0, "pentanomial": [0] * 5, "score": None,
                                  "pair_variance": None, "score_low": None, "score_high": None,
                                  "elo": None, "elo_low": None, "elo_high": None, "los": None}


def test_every_pair_won_is_infinite_elo_with_a_bound_below():
    """20 pairs, all won: no spread, so the worst case (arena/elo.py). With a
    mean score mu, all 20 pairs won has a chance of at most mu^20, at least
    2.5% for mu >= 0.025^(1/20) = exp(ln 0.025 / 20) = exp(-0.184444) = 0.831567:
    Elo above -400 log10(1/0.831567 - 1) = -400 log10(0.202549) = +277.39.
    Were the bots equal, all 20 won has a chance of at most 0.5^20: LOS
    1 - 2^-20 = 0.99999905."""
    won = duel_elo([0, 0, 0, 0, 20])
    assert won.score == 1.0 and won.elo == math.inf
    assert won.score_low == pytest.approx(0.831567, abs=1e-6)
    assert won.elo_low == pytest.approx(277.39, abs=0.01)
    assert won.elo_high == math.inf
    assert won.los == pytest.approx(1 - 2 ** -20)
    data = won.to_json()
    assert (data["elo"], data["elo_high"]) == (None, None)
    assert data["elo_low"] == pytest.approx(277.39, abs=0.01)
    assert data["score"] == 1.0 and data["score_high"] == 1.0
    # One pair won proves little: 95% only above 0.025 (Elo -400 log10(39) = -636.43).
    once = duel_elo([0, 0, 0, 0, 1])
    assert once.score_low == pytest.approx(0.025) and once.los == 0.5


def test_every_pair_lost_is_the_mirror_image():
    lost = duel_elo([20, 0, 0, 0, 0])
    assert lost.elo == -math.inf and lost.elo_low == -math.inf
    assert lost.elo_high == pytest.approx(-277.39, abs=0.01)
    assert lost.los == pytest.approx(2 ** -20)
    assert lost.to_json()["elo_low"] is None


def test_every_pair_the_same_middle_score_has_an_interval_both_ways():
    # 10 pairs of 3/4: c = 0.025^(1/10) = 0.691503; the interval is
    # [0.75 c, 1 - 0.25 c] = [0.518627, 0.827124]; LOS 1 - (0.5/0.75)^10 = 0.982658
    same = duel_elo([0, 0, 0, 10, 0])
    assert (same.score_low, same.score_high) == pytest.approx((0.518627, 0.827124), abs=1e-6)
    assert same.elo == pytest.approx(190.85, abs=0.01)
    assert same.los == pytest.approx(0.982658, abs=1e-6)
    assert duel_elo([0, 0, 3, 0, 0]).los == 0.5


def test_an_interval_reaching_a_whole_score_is_open_on_that_side():
    # [0, 0, 0, 1, 4]: m = 0.95, variance (4 x 0.0025 + 0.04) / 5 = 0.01,
    # std. error 0.044721, upper end 0.95 + 0.087652 > 1: open above.
    estimate = duel_elo([0, 0, 0, 1, 4])
    assert estimate.score_high == 1.0 and estimate.elo_high == math.inf
    assert estimate.score_low == pytest.approx(0.862348, abs=1e-6)
    assert estimate.to_json()["elo_high"] is None


def test_pentanomial_counts_deal_scores_and_refuses_others():
    assert pentanomial([1.0, 0.5, 0.75, 0.5, 0.0, 0.25]) == [1, 1, 2, 1, 1]
    for score in (0.3, 1.25, -0.25):
        with pytest.raises(ValueError, match="0, 1/4, 1/2, 3/4 or 1"):
            pentanomial([score])
    with pytest.raises(ValueError, match="five counts"):
        duel_elo([1, 2, 3])


# ---- in a tournament's summary ----------------------------------------------------------

DUEL = TournamentSettings(bots=("greedy", "random"), deals=6, seed=3, round_cap=20)


def test_a_duels_summary_has_its_elo_from_its_deal_pairs():
    results = run_tournament(DUEL)
    summary = results_summary(DUEL, results)
    counts = [0] * 5
    for deal in range(DUEL.deals):  # games 2d+1 and 2d+2 are deal d+1's two seatings
        points = 0
        for result in results:
            if result.number in (2 * deal + 1, 2 * deal + 2):
                if result.winner is None:
                    points += 1  # a draw: half a win, in quarters of the pair
                elif result.seats[result.winner] == "greedy":
                    points += 2
        counts[points] += 1
    elo = summary["elo"]
    assert (elo["bot"], elo["opponent"]) == ("greedy", "random")
    assert elo["pentanomial"] == counts and elo["pairs"] == DUEL.deals
    assert elo["score"] == pytest.approx(summary["bots"]["greedy"]["score"])
    # An incomplete deal is left out: its pair is not whole.
    assert results_summary(DUEL, results[:-1])["elo"]["pairs"] == DUEL.deals - 1


def test_only_a_duel_of_two_names_has_an_elo():
    assert "elo" not in results_summary(replace(DUEL, bots=("greedy", "random", "random")), [])
    assert "elo" not in results_summary(replace(DUEL, bots=("greedy", "greedy")), [])
    assert results_summary(DUEL, [])["elo"]["pairs"] == 0
