"""Scenario tests of R6 (travel) and R1 (the goal)."""

from engine import cards as C
from tests.engine.rules_helpers import (
    A, EVENTS, FIREWORKS, FORBIDDEN, PASSPORT, PET_SNAKE, SPECIALS, act, arrange, cards,
    country, item, mark_visited,
)

PERU, EGYPT, JAPAN = country("Peru"), country("Egypt"), country("Japan")
BOOTS, TENT, PHRASE = cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")   # Peru, R11.2 order
SUNGL, SUNSC, GUIDE = cards("Sunglasses#1", "Sunscreen#1", "Guidebook#1")  # Egypt
CAM, UMB = cards("Camera#1", "Umbrella#1")
TRAVEL_ACTIONS = [A("travel")] + [A("travel-card", i) for i in range(3)]


def setup(hand, ext=0, draw=(), hand1=None, players=2):
    hands = {0: hand, 1: hand1 if hand1 is not None else [PASSPORT[1]]}
    for s in range(2, players):
        hands[s] = [PASSPORT[s]]
    own = {0: PERU, 1: JAPAN, 2: country("Italy")}
    return arrange(players=players, extensions=ext, hands=hands, draw=list(draw),
                   own={s: own[s] for s in range(players)}, center=EGYPT)


def travels(game):
    return [a for a in game.legal_actions() if a in TRAVEL_ACTIONS]


def test_r6_travel_needs_the_three_items_and_a_passport():
    assert travels(setup([PASSPORT[0], BOOTS, TENT, PHRASE])) == [A("travel")]
    assert travels(setup([PASSPORT[0], BOOTS, TENT, CAM])) == []            # an item missing
    assert travels(setup([BOOTS, TENT, PHRASE, CAM])) == []                  # no passport
    assert travels(setup([PASSPORT[5], BOOTS, TENT, PHRASE])) == [A("travel")]   # any passport
    # two copies of one item don't replace a missing kind
    assert travels(setup([PASSPORT[0], BOOTS, TENT, item("Tent", 2)])) == []


def test_r6_the_first_destination_is_the_own_country_not_the_center():
    game = setup([PASSPORT[0], SUNGL, SUNSC, GUIDE])
    assert game.destination(0) == PERU and travels(game) == []


def test_r6_travel_to_the_own_country():
    x = item("Snorkel")
    hand = [PASSPORT[0], BOOTS, TENT, PHRASE, CAM, item("Tent", 2)]
    game = setup(hand, draw=[x], players=3)
    act(game, "travel")
    # step 2: the 3 used cards are discarded; the passport and every other card kept
    assert sorted(game.discard_pile()) == sorted([BOOTS, TENT, PHRASE])
    assert game.hand(0) == sorted([PASSPORT[0], CAM, item("Tent", 2), x])   # step 4: one free draw
    # step 1: the whole hand was shown to every player; the free draw is private
    for seat in (1, 2):
        assert game.knows(seat, CAM) and game.knows(seat, PASSPORT[0])
        assert game.knows(seat, item("Tent", 2))
        assert not game.knows(seat, x)
    # step 3: the own country is removed from play; the next destination is the center
    assert game.own_country(0) is None and game.visited(0) == [PERU]
    assert PERU not in game.box() and game.center == EGYPT
    assert game.destination(0) == EGYPT
    assert not game.over and game.active == 1


def test_r6_travel_is_the_action():
    game = setup([PASSPORT[0], BOOTS, TENT, PHRASE], draw=[CAM])
    act(game, "travel")
    assert game.active == 1 and game.decider == 1


def test_r6_r1_travel_to_the_center_wins_at_once_without_a_draw():
    game = setup([PASSPORT[0], SUNGL, SUNSC, GUIDE, CAM], draw=[UMB])
    mark_visited(game, 0)
    pile = game.draw_pile()
    assert travels(game) == [A("travel")]
    act(game, "travel")
    assert game.over and game.outcome.winner == 0 and game.outcome.reason == "center"
    assert sorted(game.discard_pile()) == sorted([SUNGL, SUNSC, GUIDE])
    assert game.hand(0) == sorted([PASSPORT[0], CAM])     # no free draw
    assert game.draw_pile() == pile
    assert game.legal_actions() == [] and game.decider == -1
    assert game.knows(1, CAM)                             # the hand was shown


def test_r6_center_travel_also_needs_a_passport():
    game = setup([SUNGL, SUNSC, GUIDE, CAM])
    mark_visited(game, 0)
    assert travels(game) == []


def test_r6_forbidden_item_blocks_travel():
    game = setup([PASSPORT[0], BOOTS, TENT, PHRASE, FIREWORKS], ext=FORBIDDEN)
    assert travels(game) == []


def test_r6_bribe_allows_travel_with_forbidden_items_and_is_discarded():
    x = item("Snorkel")
    hand = [PASSPORT[0], BOOTS, TENT, PHRASE, FIREWORKS, PET_SNAKE, C.BRIBE]
    game = setup(hand, ext=FORBIDDEN | SPECIALS, draw=[x])
    assert travels(game) == [A("travel")]              # one Bribe covers every forbidden item
    act(game, "travel")
    assert sorted(game.discard_pile()) == sorted([BOOTS, TENT, PHRASE, C.BRIBE])
    assert game.hand(0) == sorted([PASSPORT[0], FIREWORKS, PET_SNAKE, x])
    assert game.visited(0) == [PERU]


def test_r6_bribe_is_kept_when_no_forbidden_item_is_held():
    x = item("Snorkel")
    game = setup([PASSPORT[0], BOOTS, TENT, PHRASE, C.BRIBE], ext=FORBIDDEN | SPECIALS, draw=[x])
    act(game, "travel")
    assert sorted(game.discard_pile()) == sorted([BOOTS, TENT, PHRASE])
    assert C.BRIBE in game.hand(0)


def test_r6_credit_card_stands_in_for_one_required_item():
    x = item("Snorkel")
    game = setup([PASSPORT[0], BOOTS, TENT, C.CREDIT_CARD, CAM], ext=SPECIALS, draw=[x])
    assert travels(game) == [A("travel-card", 2)]       # Phrasebook is item 3 of Peru
    act(game, "travel-card", 2)
    assert sorted(game.discard_pile()) == sorted([BOOTS, TENT, C.CREDIT_CARD])
    assert game.hand(0) == sorted([PASSPORT[0], CAM, x])
    assert game.visited(0) == [PERU]


def test_r6_credit_card_is_a_choice_when_all_items_are_held():
    game = setup([PASSPORT[0], BOOTS, TENT, PHRASE, C.CREDIT_CARD], ext=SPECIALS, draw=[CAM])
    assert travels(game) == TRAVEL_ACTIONS
    act(game, "travel")                                 # without the card: it is kept
    assert C.CREDIT_CARD in game.hand(0)


def test_r6_credit_card_stands_in_for_one_item_only_and_never_for_a_passport():
    game = setup([PASSPORT[0], BOOTS, C.CREDIT_CARD, CAM], ext=SPECIALS)
    assert travels(game) == []
    game = setup([BOOTS, TENT, PHRASE, C.CREDIT_CARD], ext=SPECIALS)
    assert travels(game) == []
    game = setup([BOOTS, TENT, C.CREDIT_CARD], ext=SPECIALS)
    assert travels(game) == []


def test_r6_credit_card_for_the_center():
    game = setup([PASSPORT[0], SUNGL, GUIDE, C.CREDIT_CARD], ext=SPECIALS)
    mark_visited(game, 0)
    assert travels(game) == [A("travel-card", 1)]       # Sunscreen is item 2 of Egypt
    act(game, "travel-card", 1)
    assert game.outcome.winner == 0 and game.outcome.reason == "center"
    assert sorted(game.discard_pile()) == sorted([SUNGL, GUIDE, C.CREDIT_CARD])


def test_r6_airline_strike_blocks_travel_until_the_drawer_s_next_turn():
    # seat 0 draws the strike; seat 1 can't travel on its turn; seat 0 can on its next turn
    x, y = item("Snorkel"), item("Umbrella", 2)
    hand1 = [PASSPORT[1]] + cards("Chopsticks#1", "Phrasebook#2", "Travel Adapter#1")  # Japan
    game = setup([PASSPORT[0], BOOTS, TENT, PHRASE], ext=EVENTS,
                 draw=[C.AIRLINE_STRIKE, x, y], hand1=hand1)
    assert travels(game) == [A("travel")]
    act(game, "draw")
    assert game.strike_seat == 0 and game.active == 1
    assert travels(game) == []
    act(game, "draw")
    assert game.active == 0 and game.strike_seat is None
    assert travels(game) == [A("travel")]


def test_r6_travel_draw_keeps_the_hand_limit():
    x = item("Snorkel")
    hand = [PASSPORT[0], BOOTS, TENT, PHRASE, CAM, UMB, item("Camera", 2)]   # 7
    game = setup(hand, draw=[x])
    act(game, "travel")
    assert len(game.hand(0)) == 5 and game.active == 1
