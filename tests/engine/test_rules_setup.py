"""Scenario tests of R3 (setup) and R2 (components in a game), from engine/RULES.md."""

import pytest

from engine import Game
from engine import cards as C

EXT_SIZES = {C.EXT_EVENTS: 4, C.EXT_SPECIALS: 9, C.EXT_FORBIDDEN: 3, C.EXT_POSTCARDS: 6}


def is_passport(c):
    return C.FIRST_PASSPORT <= c < C.FIRST_EVENT


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("extensions", [0, C.ALL_EXTENSIONS])
def test_r3_1_r3_3_each_hand_is_one_passport_and_three_items(players, extensions):
    for seed in range(4):
        game = Game.new(players=players, extensions=extensions, seed=seed)
        for s in range(players):
            hand = game.hand(s)
            assert len(hand) == 4
            assert sum(is_passport(c) for c in hand) == 1
            assert sum(c < C.NUM_ITEMS for c in hand) == 3
        # R3.1: the passports not taken are out of the game (in no hand or pile)
        places = game.card_places()
        in_game_passports = [c for c in range(C.FIRST_PASSPORT, C.FIRST_EVENT) if places[c] != -1]
        assert len(in_game_passports) == players
        assert all(0 <= places[c] < players for c in in_game_passports)
        assert game.discard_pile() == []


@pytest.mark.parametrize("players", [2, 4, 6])
def test_r3_4_extension_cards_only_in_the_draw_pile_after_the_deal(players):
    ext_cards = set(range(C.FIRST_EVENT, C.NUM_CARDS))
    near_top = near_bottom = 0
    for seed in range(20):
        game = Game.new(players=players, extensions=C.ALL_EXTENSIONS, seed=seed)
        pile = game.draw_pile()
        # every extension card is in the draw pile, none was dealt
        assert ext_cards <= set(pile)
        for s in range(players):
            assert not ext_cards & set(game.hand(s))
        # the rest of the draw pile is the undealt items
        assert sorted(set(pile) - ext_cards) == sorted(
            set(range(C.NUM_ITEMS)) - {c for s in range(players) for c in game.hand(s)})
        # shuffled in, not just put at the bottom or top
        near_top += any(c in ext_cards for c in pile[:5])
        near_bottom += any(c not in ext_cards for c in pile[-5:])
    assert near_top >= 5 and near_bottom >= 5


@pytest.mark.parametrize("flag,first,count", [
    (C.EXT_EVENTS, C.FIRST_EVENT, 4), (C.EXT_SPECIALS, C.FIRST_SPECIAL, 9),
    (C.EXT_FORBIDDEN, C.FIRST_FORBIDDEN, 3), (C.EXT_POSTCARDS, C.FIRST_POSTCARD, 6)])
def test_r2_each_extension_adds_exactly_its_cards(flag, first, count):
    game = Game.new(players=3, extensions=flag, seed=5)
    places = game.card_places()
    in_game = {c for c in range(C.NUM_CARDS) if places[c] != -1}
    assert in_game - set(range(C.FIRST_PASSPORT, C.FIRST_EVENT)) == \
        set(range(C.NUM_ITEMS)) | set(range(first, first + count))
    assert len(game.draw_pile()) == C.NUM_ITEMS - 9 + count


def test_r2_base_game_has_items_and_passports_only():
    game = Game.new(players=4, extensions=0, seed=3)
    places = game.card_places()
    assert all(places[c] == -1 for c in range(C.FIRST_EVENT, C.NUM_CARDS))
    assert len(game.draw_pile()) == C.NUM_ITEMS - 12
    assert all(game.character(s) is None for s in range(4))


@pytest.mark.parametrize("players", range(2, 7))
def test_r3_2_countries_own_center_and_box(players):
    for seed in range(5):
        game = Game.new(players=players, extensions=0, seed=seed)
        own = [game.own_country(s) for s in range(players)]
        assert None not in own
        table = own + [game.center] + game.box()
        assert sorted(table) == list(range(C.NUM_COUNTRIES))   # each country once
        assert len(game.box()) == C.NUM_COUNTRIES - players - 1
        assert all(game.visited(s) == [] for s in range(players))


def test_r3_2_countries_are_dealt_at_random():
    deals = {tuple(Game.new(players=3, seed=seed).own_country(s) for s in range(3))
             for seed in range(15)}
    centers = {Game.new(players=3, seed=seed).center for seed in range(15)}
    assert len(deals) > 10 and len(centers) > 4


@pytest.mark.parametrize("players", range(2, 7))
def test_r3_4_characters_one_distinct_per_player(players):
    for seed in range(4):
        game = Game.new(players=players, extensions=C.EXT_CHARACTERS, seed=seed)
        chars = [game.character(s) for s in range(players)]
        assert None not in chars and len(set(chars)) == players
        assert all(0 <= ch < C.NUM_CHARACTERS for ch in chars)
        # characters are not cards: hands are still passport + 3 items
        assert all(len(game.hand(s)) == 4 for s in range(players))


def expected_start_seat(game):
    """R3.5, computed independently: own country closest to the center by
    great-circle distance between capitals; ties go to the lower seat."""
    best, best_d = None, None
    for s in range(game.players):
        d = C.great_circle_km(game.own_country(s), game.center)
        if best is None or d < best_d:
            best, best_d = s, d
    return best


@pytest.mark.parametrize("players", range(2, 7))
def test_r3_5_start_player_is_closest_to_the_center(players):
    starts = set()
    for seed in range(60):
        game = Game.new(players=players, extensions=C.ALL_EXTENSIONS, seed=seed)
        expected = expected_start_seat(game)
        assert game.start_seat == expected, (seed, game.own_country, game.center)
        assert game.active == expected and game.decider == expected
        assert game.round == 1
        starts.add(expected)
    assert len(starts) > 1   # the scenarios really exercise different seats


def test_r3_5_great_circle_reference_values():
    # sanity of the distance used above: Rome-Oslo ~ 2000 km, Tokyo-Lima ~ 15500 km
    assert 1950 < C.great_circle_km(10, 8) < 2050
    assert 15000 < C.great_circle_km(0, 9) < 16000
    assert C.great_circle_km(3, 3) == 0
