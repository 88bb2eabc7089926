"""Scenario tests of R9.5 (characters)."""

from engine import _layout as L
from engine import cards as C
from tests.engine.rules_helpers import (
    A, CHARACTERS, CHEESE, FIREWORKS, FORBIDDEN, PASSPORT, PET_SNAKE, act, arrange, cards,
    country, kind, offer,
)

ITEMS = list(range(C.NUM_ITEMS))
X, Y, Z = cards("Guidebook#1", "Phrasebook#1", "Bug Spray#1")
EXT = CHARACTERS | FORBIDDEN


def smuggles(game):
    return [a for a in game.legal_actions() if A("smuggle", 0) <= a <= A("smuggle", 2)]


def test_r9_5_characters_are_public_and_never_in_a_hand():
    game = arrange(players=3, extensions=CHARACTERS,
                   characters=[C.SMUGGLER, C.DIPLOMAT, C.BACKPACKER],
                   hands={s: [PASSPORT[s]] for s in range(3)})
    for seat in range(3):
        obs = game.observation(seat)
        assert [obs[L.CHARACTER + s] for s in range(3)] == [C.SMUGGLER, C.DIPLOMAT, C.BACKPACKER]
    assert C.NUM_KINDS == 30          # no kind names a character: they can't be asked for


def test_r9_5_smuggler_hands_off_a_forbidden_item_it_can_t_be_refused():
    game = arrange(players=3, extensions=EXT, characters=[C.SMUGGLER, C.COLLECTOR, C.JETSETTER],
                   hands={0: [PASSPORT[0], FIREWORKS, CHEESE], 1: [PASSPORT[1]], 2: []})
    assert smuggles(game) == [A("smuggle", 0), A("smuggle", 2)]
    act(game, "smuggle", 2)
    assert game.phase_name == "smuggle-to" and game.decider == 0
    assert game.legal_actions() == [A("seat", 1), A("seat", 2)]   # any other player
    act(game, "seat", 2)
    assert CHEESE in game.hand(2) and CHEESE not in game.hand(0)
    assert all(game.knows(s, CHEESE) for s in range(3))            # face up
    # no decision for the receiver; the hand-off was the action: seat 1 is next
    assert game.active == 1 and game.decider == 1


def test_r9_5_smuggler_only_from_its_own_hand_and_only_forbidden_items():
    game = arrange(players=2, extensions=EXT, characters=[C.SMUGGLER, C.COLLECTOR],
                   hands={0: [PASSPORT[0], X], 1: [PASSPORT[1], PET_SNAKE]})
    assert smuggles(game) == []


def test_r9_5_only_the_smuggler_smuggles():
    game = arrange(players=2, extensions=EXT, characters=[C.COLLECTOR, C.SMUGGLER],
                   hands={0: [PASSPORT[0], FIREWORKS], 1: [PASSPORT[1]]})
    assert smuggles(game) == []


def test_r9_5_smuggled_item_pushes_the_receiver_over_the_limit():
    hand1 = [PASSPORT[1]] + ITEMS[:6]                     # 7
    game = arrange(players=2, extensions=EXT, characters=[C.SMUGGLER, C.COLLECTOR],
                   hands={0: [PASSPORT[0], FIREWORKS], 1: hand1})
    act(game, "smuggle", 0)
    act(game, "seat", 1)
    assert game.phase_name == "discard" and game.decider == 1
    assert A("card", FIREWORKS) not in game.legal_actions()
    act(game, "card", ITEMS[0])
    assert FIREWORKS in game.hand(1) and len(game.hand(1)) == 7 and game.active == 1


def test_r9_5_backpacker_limit_nine_also_on_another_player_s_turn():
    hand1 = [PASSPORT[1]] + ITEMS[:6]                     # 7
    give = cards("Camera#2", "Tent#2", "Umbrella#2")
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.COLLECTOR, C.BACKPACKER],
                   hands={0: [PASSPORT[0]] + give, 1: hand1})
    offer(game, 1, give, [kind("Passport")], reply=True)     # seat 1: 7 - 1 + 3 = 9
    assert len(game.hand(1)) == 9 and game.active == 1 and game.phase_name == "main"


def test_r9_5_collector_recycles_for_one_card():
    game = arrange(players=2, extensions=EXT, characters=[C.COLLECTOR, C.SMUGGLER],
                   hands={0: [FIREWORKS, X], 1: [PASSPORT[1]]}, discard=[Y])
    assert A("recycle") in game.legal_actions()
    act(game, "recycle")
    assert game.legal_actions() == [A("card", X)]
    act(game, "card", X)
    assert game.phase_name == "recycle-take"
    act(game, "card", Y)
    assert game.hand(0) == sorted([FIREWORKS, Y]) and game.discard_pile() == [X]


def test_r9_5_non_collector_needs_two():
    game = arrange(players=2, extensions=EXT, characters=[C.SMUGGLER, C.COLLECTOR],
                   hands={0: [FIREWORKS, X], 1: [PASSPORT[1]]}, discard=[Y])
    assert A("recycle") not in game.legal_actions()


def test_r9_5_pickpocket_steals_with_only_forbidden_cards():
    game = arrange(players=2, extensions=EXT, characters=[C.PICKPOCKET, C.COLLECTOR],
                   hands={0: [FIREWORKS], 1: [X]})
    assert A("steal", 1) in game.legal_actions()
    act(game, "steal", 1)
    assert game.hand(0) == sorted([X, FIREWORKS]) and game.discard_pile() == []


def test_r9_5_diplomat_two_bonus_cards_others_one():
    for ch, bonus in ((C.DIPLOMAT, 2), (C.JETSETTER, 1), (C.COLLECTOR, 1)):
        game = arrange(players=2, extensions=CHARACTERS, characters=[ch, C.BACKPACKER],
                       hands={0: [PASSPORT[0], X], 1: [PASSPORT[1], Y]}, draw=ITEMS[:3])
        offer(game, 1, [X], [kind("Phrasebook")], reply=True)
        assert game.hand(0) == sorted([PASSPORT[0], Y] + ITEMS[:bonus]), ch


def test_r9_5_jetsetter_two_cards_for_draw_only():
    peru, japan, egypt = country("Peru"), country("Japan"), country("Egypt")
    hand = [PASSPORT[0]] + cards("Hiking Boots#1", "Tent#1", "Phrasebook#2")
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.JETSETTER, C.COLLECTOR],
                   hands={0: hand, 1: [PASSPORT[1]]}, draw=[X, Y],
                   own={0: peru, 1: japan}, center=egypt)
    act(game, "travel")
    assert game.hand(0) == sorted([PASSPORT[0], X])           # the travel draw is 1
    act(game, "draw")                                        # seat 1 (Collector): 1
    assert len(game.hand(1)) == 2
    act(game, "draw")                                        # seat 0 (Jetsetter): 2
    assert len(game.hand(0)) == 4
