"""Scenario tests of R9.1 (events) and R10.1 (replacement draws keep counts exact)."""

from engine import cards as C
from tests.engine.rules_helpers import (
    A, CHARACTERS, EVENTS, FIREWORKS, FORBIDDEN, PASSPORT, PET_SNAKE, POSTCARD, POSTCARDS,
    SPECIALS, act, arrange, cards, country, item, kind, mark_visited, offer,
)

CU, LL, AS, CC = C.CIVIL_UNREST, C.LOST_LUGGAGE, C.AIRLINE_STRIKE, C.CUSTOMS_CHECK
ITEMS = list(range(C.NUM_ITEMS))
X, Y, Z = cards("Snorkel#1", "Snorkel#2", "Local Currency#1")


def test_r9_1_event_is_resolved_discarded_and_replaced():
    game = arrange(players=2, extensions=EVENTS,
                   hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, draw=[AS, X, Y])
    act(game, "draw")
    assert game.hand(0) == sorted([PASSPORT[0], X])          # the replacement
    assert game.discard_pile() == [AS]
    assert game.draw_pile()[0] == Y
    assert all(game.knows(s, AS) for s in range(2))          # shown / public
    assert game.active == 1


def test_r9_1_r10_1_two_events_in_a_row_still_give_one_card():
    game = arrange(players=2, extensions=EVENTS,
                   hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, draw=[AS, CC, X])
    act(game, "draw")
    assert game.hand(0) == sorted([PASSPORT[0], X])
    assert game.discard_pile() == [AS, CC]


def test_r10_1_empty_hand_refill_with_events_gives_three_cards():
    a, b, c = ITEMS[0], ITEMS[1], ITEMS[2]
    game = arrange(players=2, extensions=EVENTS,
                   hands={0: [PASSPORT[0]], 1: []}, draw=[X, a, AS, b, CC, c, Y])
    act(game, "draw")
    assert game.active == 1
    assert game.hand(1) == sorted([a, b, c])
    assert game.discard_pile() == [AS, CC]
    assert game.strike_seat == 1                              # seat 1 drew the strike
    assert game.draw_pile()[0] == Y


def test_r10_1_jetsetter_draw_with_an_event_gives_two_cards():
    game = arrange(players=2, extensions=EVENTS | CHARACTERS,
                   characters=[C.JETSETTER, C.COLLECTOR],
                   hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, draw=[X, AS, Y, Z])
    act(game, "draw")
    assert game.hand(0) == sorted([PASSPORT[0], X, Y])
    assert game.draw_pile()[0] == Z


def test_r10_1_trade_bonus_draw_with_an_event():
    cam, umb = item("Camera"), item("Umbrella")
    game = arrange(players=2, extensions=EVENTS,
                   hands={0: [PASSPORT[0], cam], 1: [PASSPORT[1], umb]}, draw=[AS, X, Y])
    offer(game, 1, [cam], [kind("Umbrella")], reply=True)
    assert game.hand(0) == sorted([PASSPORT[0], umb, X])
    assert game.discard_pile() == [AS]


def test_r9_1_travel_draw_with_civil_unrest():
    peru, japan, egypt = country("Peru"), country("Japan"), country("Egypt")
    hand = [PASSPORT[0]] + cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")
    game = arrange(players=2, extensions=EVENTS, hands={0: hand, 1: [PASSPORT[1]]},
                   draw=[CU, X], own={0: peru, 1: japan}, center=egypt)
    box = game.box()
    act(game, "travel")
    assert game.hand(0) == sorted([PASSPORT[0], X])
    assert game.visited(0) == [peru] and game.own_country(0) is None   # no country to swap
    assert game.own_country(1) == box[0]
    assert game.box() == box[1:] + [japan]
    assert game.center == egypt


def test_r9_1_civil_unrest_from_the_drawer_clockwise_center_untouched():
    japan, brazil, egypt, iceland = (country(n) for n in ("Japan", "Brazil", "Egypt", "Iceland"))
    game = arrange(players=3, extensions=EVENTS,
                   hands={s: [PASSPORT[s]] for s in range(3)}, draw=[CU, X],
                   own={0: japan, 1: brazil, 2: egypt}, center=iceland, active=2)
    mark_visited(game, 1)                     # seat 1's own country is no longer on the table
    box = game.box()
    assert box == [c for c in range(13) if c not in (japan, brazil, egypt, iceland)]
    act(game, "draw")
    # seat 2 (the drawer) first: Egypt to the bottom, takes box[0]; then seat 0
    assert game.own_country(2) == box[0]
    assert game.own_country(0) == box[1]
    assert game.own_country(1) is None and game.visited(1) == [brazil]
    assert game.center == iceland
    assert game.box() == box[2:] + [egypt, japan]
    assert game.hand(2) == sorted([PASSPORT[2], X]) and game.discard_pile() == [CU]


def test_r9_1_lost_luggage_passes_left_all_at_once():
    a, b = ITEMS[0], ITEMS[1]
    game = arrange(players=3, extensions=EVENTS,
                   hands={0: [a], 1: [b], 2: []}, draw=[LL, X])
    act(game, "draw")
    # at the same moment: seat 0 gives a to seat 1, seat 1 gives b (its card before) to
    # seat 2, seat 2 has nothing to give; then seat 0 draws the replacement
    assert game.hand(0) == [X]
    assert game.hand(1) == [a]
    assert game.hand(2) == [b]
    assert game.discard_pile() == [LL]
    # R7.4: giver and receiver know the card, no one else
    assert game.knows(0, a) and game.knows(1, a) and not game.knows(2, a)
    assert game.knows(1, b) and game.knows(2, b) and not game.knows(0, b)


def test_r9_1_lost_luggage_each_player_gives_one_random_card_to_the_left():
    moved_cards = set()
    for seed in range(12):
        hands = {s: [PASSPORT[s]] + ITEMS[3 * s:3 * s + 3] for s in range(4)}
        game = arrange(players=4, extensions=EVENTS, hands=hands, draw=[LL, X], seed=seed)
        act(game, "draw")
        new = {s: set(game.hand(s)) - {X} for s in range(4)}
        given = {}
        for s in range(4):
            lost = set(hands[s]) - new[s]
            assert len(lost) == 1
            given[s] = lost.pop()
        for s in range(4):
            assert new[s] == (set(hands[s]) - {given[s]}) | {given[(s - 1) % 4]}
        assert X in game.hand(0)
        moved_cards |= set(given.values())
    assert len(moved_cards) > 8                       # random, not always the same card


def test_r9_1_lost_luggage_postcards_counted_after_the_whole_pass():
    p = POSTCARD
    wins = no_wins = 0
    for seed in range(16):
        game = arrange(players=3, extensions=EVENTS | POSTCARDS, seed=seed,
                       hands={0: [p[3]], 1: [p[0], p[1], p[2], ITEMS[0]], 2: [ITEMS[1]]},
                       draw=[LL, X])
        act(game, "draw")
        if game.over:
            # seat 1 passed its item and got the 4th postcard
            assert game.outcome.winner == 1 and game.outcome.reason == "postcards"
            assert game.hand(1) == sorted(p[:4]) and X not in game.hand(0)   # no replacement
            assert game.discard_pile() == [LL]
            wins += 1
        else:
            assert sum(c in p for c in game.hand(1)) == 3
            no_wins += 1
    assert wins and no_wins


def test_r9_1_airline_strike_lasts_until_the_drawer_s_next_turn():
    peru, japan, egypt, italy = (country(n) for n in ("Peru", "Japan", "Egypt", "Italy"))
    peru_items = cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")
    japan_items = cards("Chopsticks#1", "Phrasebook#2", "Travel Adapter#1")
    italy_items = cards("Guidebook#1", "Umbrella#1", "Camera#1")
    game = arrange(players=3, extensions=EVENTS,
                   hands={0: [PASSPORT[0]] + peru_items, 1: [PASSPORT[1]] + japan_items,
                          2: [PASSPORT[2]] + italy_items},
                   draw=[X, AS, Y, Z], own={0: peru, 1: japan, 2: italy}, center=egypt, active=2)
    act(game, "draw")                    # seat 2 draws X
    assert game.active == 0 and A("travel") in game.legal_actions()
    act(game, "draw")                    # seat 0 draws the strike (and Y)
    assert game.strike_seat == 0
    assert game.active == 1 and A("travel") not in game.legal_actions()
    act(game, "draw")
    assert game.active == 2 and A("travel") not in game.legal_actions()
    act(game, "draw")
    assert game.active == 0 and game.strike_seat is None
    assert A("travel") in game.legal_actions()


def test_r9_1_airline_strike_drawn_on_your_turn_stops_your_own_travel():
    peru, japan, egypt = country("Peru"), country("Japan"), country("Egypt")
    peru_items = cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")
    game = arrange(players=2, extensions=EVENTS | SPECIALS,
                   hands={0: [PASSPORT[0], C.UPGRADE] + peru_items, 1: [PASSPORT[1]]},
                   draw=[AS, X], own={0: peru, 1: japan}, center=egypt)
    act(game, "upgrade")
    act(game, "draw")
    assert game.active == 0 and game.phase_name == "main"
    assert A("travel") not in game.legal_actions()


def test_r9_1_customs_check_shows_every_hand_and_fines_forbidden_holders():
    p, q, r, s, t = ITEMS[0], ITEMS[1], ITEMS[2], ITEMS[3], ITEMS[4]
    lost_seen = set()
    for seed in range(12):
        game = arrange(players=4, extensions=EVENTS | FORBIDDEN, seed=seed,
                       hands={0: [PASSPORT[0], t], 1: [FIREWORKS, p, q], 2: [r, s],
                              3: [PET_SNAKE]},
                       draw=[CC, X])
        act(game, "draw")
        assert game.hand(0) == sorted([PASSPORT[0], t, X])       # replacement drawn
        assert game.hand(2) == [r, s]                             # no forbidden item: kept
        assert game.hand(3) == [PET_SNAKE]                        # nothing non-forbidden to lose
        hand1 = game.hand(1)
        assert FIREWORKS in hand1 and len(hand1) == 2             # one random non-forbidden lost
        (lost,) = {p, q} - set(hand1)
        assert game.discard_pile() == [lost, CC]
        lost_seen.add(lost)
        # every hand was shown to everyone (the replacement draw is private again)
        for c in (PASSPORT[0], t, FIREWORKS, p, q, r, s, PET_SNAKE):
            assert all(game.knows(seat, c) for seat in range(4)), c
        assert not game.knows(1, X)
    assert lost_seen == {p, q}


def test_r9_1_customs_check_fines_the_drawer_too():
    p = ITEMS[0]
    game = arrange(players=2, extensions=EVENTS | FORBIDDEN,
                   hands={0: [FIREWORKS, p], 1: [PASSPORT[1]]}, draw=[CC, X])
    act(game, "draw")
    assert game.hand(0) == sorted([FIREWORKS, X]) and game.discard_pile() == [p, CC]


def test_r9_1_events_never_enter_a_hand():
    game = arrange(players=2, extensions=EVENTS, hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]},
                   draw=[AS, CC, LL, CU, X, Y])
    act(game, "draw")
    for s in range(2):
        assert not any(C.FIRST_EVENT <= c < C.FIRST_SPECIAL for c in game.hand(s))
    assert sorted(game.discard_pile()) == sorted([AS, CC, LL, CU])


def test_r9_1_civil_unrest_changes_the_destination():
    peru, japan, egypt = country("Peru"), country("Japan"), country("Egypt")
    hand1 = [PASSPORT[1]] + cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")   # Peru
    game = arrange(players=2, extensions=EVENTS, hands={0: [PASSPORT[0]], 1: hand1},
                   draw=[C.CIVIL_UNREST, X], own={0: japan, 1: peru}, center=egypt)
    act(game, "draw")
    assert game.active == 1 and game.own_country(1) != peru
    assert game.destination(1) == game.own_country(1)
    assert A("travel") not in game.legal_actions()
