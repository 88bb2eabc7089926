"""bots/chances.py: the chance a person is shown for the expert's rating of a move."""

import pytest

from bots.chances import CHANCE_MAPS, chance, chance_map
from engine.cards import ALL_EXTENSIONS, EXT_POSTCARDS


@pytest.mark.parametrize("budget", [250, 1_000, 4_000, 10_000, 40_000, 100_000])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_chance_map_keeps_order_and_ends(players, budget):
    ratings = [i / 200 for i in range(201)]
    chances = [chance(r, players, budget) for r in ratings]
    assert chances == sorted(chances)
    assert chance(0.0, players, budget) == 0.0 and chance(1.0, players, budget) == 1.0
    assert chances != ratings  # duels and larger tables each have their maps


def test_a_search_uses_the_map_fitted_nearest_its_budget():
    ALL = ALL_EXTENSIONS
    assert chance_map(4, 40_000) == CHANCE_MAPS[4, ALL, 40_000] == chance_map(3, 10_000)
    assert chance_map(6, 1_000) == CHANCE_MAPS[4, ALL, 1_000] == chance_map(4, 4_000)
    assert chance_map(2, 40_000) == CHANCE_MAPS[2, ALL, 1_000] == chance_map(2, 250)  # duels have one


def test_a_table_of_other_extensions_has_its_map_where_one_was_fitted():
    ALL, NO_POSTCARDS = ALL_EXTENSIONS, ALL_EXTENSIONS & ~EXT_POSTCARDS
    assert chance_map(4, 1_000, 0) == CHANCE_MAPS[4, 0, 1_000] != chance_map(4, 1_000, ALL)
    assert chance_map(3, 40_000, 0) == CHANCE_MAPS[4, 0, 1_000]  # its table's nearest budget
    assert chance_map(4, 1_000, NO_POSTCARDS) == CHANCE_MAPS[4, NO_POSTCARDS, 1_000]
    assert chance_map(4, 40_000, EXT_POSTCARDS) == CHANCE_MAPS[4, ALL, 40_000]  # none of its own
    assert chance_map(2, 1_000, 0) == CHANCE_MAPS[2, ALL, 1_000]
    assert chance(0.5, 4, 1_000, 0) == chance(0.5, 4, 1_000, 0) != chance(0.5, 4, 1_000)
