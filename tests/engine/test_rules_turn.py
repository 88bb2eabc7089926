"""Scenario tests of R4 (a turn): refill, one action, hand limit, turn order."""

from engine import cards as C
from tests.engine.rules_helpers import (
    A, CHARACTERS, FIREWORKS, FORBIDDEN, PASSPORT, act, arrange, cards, item, kind, offer, pay,
)

SIX = cards("Camera#1", "Tent#1", "Umbrella#1", "Snorkel#1", "Sunscreen#1", "Swimsuit#1")
SIX_B = cards("Camera#2", "Tent#2", "Umbrella#2", "Snorkel#2", "Sunscreen#2", "Swimsuit#2")


def test_r4_1_empty_hand_draws_three_at_turn_start_not_an_action():
    x, a, b, c = cards("Guidebook#1", "Phrasebook#1", "Bug Spray#1", "Chopsticks#1")
    game = arrange(players=2, hands={0: [PASSPORT[0]], 1: []}, draw=[x, a, b, c])
    act(game, "draw")
    assert game.hand(0) == sorted([x, PASSPORT[0]])
    # seat 1 begins its turn with an empty hand: it draws 3 at once
    assert game.active == 1 and game.decider == 1 and game.phase_name == "main"
    assert game.hand(1) == sorted([a, b, c])
    assert game.knows(1, a) and not game.knows(0, a)
    # the refill is not an action: seat 1 still has its whole action
    assert A("draw") in game.legal_actions() and A("end-turn") not in game.legal_actions()
    act(game, "draw")
    assert len(game.hand(1)) == 4 and game.active == 0


def test_r4_1_no_refill_when_the_hand_is_not_empty():
    x = item("Guidebook")
    game = arrange(players=2, hands={0: [PASSPORT[0]], 1: [item("Tent")]}, draw=[x])
    act(game, "draw")
    assert game.active == 1 and game.hand(1) == [item("Tent")]


def test_r4_3_exactly_one_action_then_the_turn_passes():
    tent = item("Tent")
    game = arrange(players=3, hands={0: [PASSPORT[0]], 1: [PASSPORT[1], tent], 2: [PASSPORT[2]]})
    assert A("end-turn") not in game.legal_actions()   # the action can't be skipped
    act(game, "draw")
    assert game.active == 1 and game.decider == 1
    act(game, "recycle")
    pay(game, PASSPORT[1], tent)                       # R10.6: a passport may pay
    assert game.active == 1 and game.phase_name == "recycle-take"
    act(game, "card", PASSPORT[1])
    assert game.active == 2


def test_r4_5_turn_passes_clockwise_and_wraps():
    game = arrange(players=3, hands={s: [PASSPORT[s]] for s in range(3)}, active=2)
    act(game, "draw")
    assert game.active == 0
    act(game, "draw")
    assert game.active == 1


def test_r4_4_holder_chooses_the_discard_down_to_exactly_seven():
    x = item("Guidebook")
    hand = [PASSPORT[0]] + SIX
    game = arrange(players=2, hands={0: hand, 1: [PASSPORT[1]]}, draw=[x])
    act(game, "draw")
    assert game.phase_name == "discard" and game.decider == 0 and game.active == 0
    assert game.legal_actions() == [A("card", c) for c in sorted(hand + [x])]
    act(game, "card", PASSPORT[0])
    assert len(game.hand(0)) == 7 and PASSPORT[0] not in game.hand(0)
    assert game.discard_pile() == [PASSPORT[0]]
    assert game.knows(1, PASSPORT[0])                # the discard pile is public
    assert game.active == 1


def test_r4_4_at_the_limit_no_discard():
    hand = [PASSPORT[0]] + SIX[:5]
    game = arrange(players=2, hands={0: hand, 1: [PASSPORT[1]]})
    act(game, "draw")
    assert len(game.hand(0)) == 7 and game.discard_pile() == [] and game.active == 1


def test_r4_4_forbidden_items_are_never_discarded_for_the_limit():
    x = item("Guidebook")
    hand = [PASSPORT[0], FIREWORKS] + SIX[:5]
    game = arrange(players=2, extensions=FORBIDDEN, hands={0: hand, 1: [PASSPORT[1]]}, draw=[x])
    act(game, "draw")
    assert game.phase_name == "discard"
    legal = game.legal_actions()
    assert A("card", FIREWORKS) not in legal
    assert legal == [A("card", c) for c in sorted(set(hand + [x]) - {FIREWORKS})]


def test_r4_4_other_players_discard_too_after_the_action():
    # seat 0 gives 3 and asks 1: seat 1 goes from 7 to 9 and must discard 2 (its choice)
    give = SIX[:3]
    hand1 = [PASSPORT[1]] + SIX_B
    game = arrange(players=2, hands={0: [PASSPORT[0]] + give, 1: hand1})
    offer(game, 1, give, [kind("Camera")], reply=True)
    assert game.phase_name == "discard" and game.decider == 1 and game.active == 0
    pay(game, *give[:2])                                # it may discard what it just got
    assert sorted(game.hand(1)) == sorted(set(hand1 + [give[2]]) - {item("Camera", 2)})
    assert len(game.hand(1)) == 7
    assert game.discard_pile() == sorted(give[:2])
    assert game.active == 1


def test_r4_4_discards_start_with_the_active_seat_and_go_clockwise():
    # seat 2 (the Diplomat) gives 2, asks 1, draws 2: 7 -> 8; seat 1 gets 2, gives 1: 7 -> 8.
    hand2 = [PASSPORT[2]] + SIX
    hand1 = [PASSPORT[1]] + SIX_B
    game = arrange(players=3, extensions=CHARACTERS,
                   characters=[C.SMUGGLER, C.COLLECTOR, C.DIPLOMAT],
                   hands={0: [PASSPORT[0]], 1: hand1, 2: hand2}, active=2)
    offer(game, 1, SIX[:2], [kind("Tent")], reply=True)
    assert len(game.hand(2)) == 8 and len(game.hand(1)) == 8
    assert game.phase_name == "discard" and game.decider == 2
    act(game, "card", PASSPORT[2])
    assert game.phase_name == "discard" and game.decider == 1
    act(game, "card", PASSPORT[1])
    assert len(game.hand(2)) == 7 and len(game.hand(1)) == 7
    assert game.discard_pile() == [PASSPORT[2], PASSPORT[1]]
    assert game.active == 0 and game.phase_name == "main"


def test_r4_4_backpacker_limit_is_nine():
    x, y = cards("Guidebook#1", "Phrasebook#1")
    hand = [PASSPORT[0]] + SIX + SIX_B[:1]          # 8 cards
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.BACKPACKER, C.COLLECTOR],
                   hands={0: hand, 1: [PASSPORT[1]]}, draw=[x, y])
    act(game, "draw")                                # 9: no discard
    assert len(game.hand(0)) == 9 and game.active == 1 and game.discard_pile() == []
    act(game, "draw")
    act(game, "draw")                                # 10: discard 1
    assert game.phase_name == "discard" and game.decider == 0
    act(game, "card", x)
    assert len(game.hand(0)) == 9 and game.active == 1
