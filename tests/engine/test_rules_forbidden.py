"""Scenario tests of R9.3 (forbidden items)."""

from engine import cards as C
from tests.engine.rules_helpers import (
    A, CHEESE, FIREWORKS, FORBIDDEN, PASSPORT, PET_SNAKE, SPECIALS, act, arrange, cards, country,
    kind, offer,
)

X, Y, Z = cards("Guidebook#1", "Phrasebook#1", "Bug Spray#1")


def disposes(game):
    return [a for a in game.legal_actions() if A("dispose", 0) <= a <= A("dispose", 2)]


def test_r9_3_dispose_with_one_other_non_forbidden_card_is_the_action():
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [PASSPORT[0], FIREWORKS, PET_SNAKE, X], 1: [PASSPORT[1]]})
    assert disposes(game) == [A("dispose", 0), A("dispose", 1)]
    act(game, "dispose", 1)
    assert game.phase_name == "dispose-with"
    # another forbidden item can't be the second card
    assert game.legal_actions() == [A("card", X), A("card", PASSPORT[0])]
    act(game, "card", X)
    assert game.discard_pile() == [PET_SNAKE, X]
    assert game.hand(0) == sorted([PASSPORT[0], FIREWORKS])
    assert game.active == 1                                  # it was the action
    assert game.knows(1, PET_SNAKE) and game.knows(1, X)     # discarded face up


def test_r9_3_dispose_needs_a_non_forbidden_card():
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [FIREWORKS, PET_SNAKE, CHEESE], 1: [PASSPORT[1]]})
    assert disposes(game) == []
    assert A("draw") in game.legal_actions()


def test_r9_3_no_travel_while_holding_a_forbidden_item():
    peru, japan, egypt = country("Peru"), country("Japan"), country("Egypt")
    hand = [PASSPORT[0], CHEESE, X] + cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")
    game = arrange(players=2, extensions=FORBIDDEN, hands={0: hand, 1: [PASSPORT[1]]},
                   own={0: peru, 1: japan}, center=egypt)
    assert A("travel") not in game.legal_actions()
    act(game, "dispose", 2)
    act(game, "card", X)
    act(game, "draw")                                        # seat 1
    assert game.active == 0 and A("travel") in game.legal_actions()   # rid of it: may travel


def test_r9_3_forbidden_items_cannot_pay_recycle_or_steal_or_be_discarded_for_the_limit():
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [FIREWORKS, PET_SNAKE, X], 1: [Y]})
    legal = game.legal_actions()
    assert A("recycle") not in legal                         # one payable card only
    act(game, "steal", 1)
    assert game.legal_actions() == [A("card", X)]
    hand = [PASSPORT[0], FIREWORKS, PET_SNAKE, CHEESE] + cards("Camera#1", "Tent#1", "Umbrella#1")
    game = arrange(players=2, extensions=FORBIDDEN, hands={0: hand, 1: [PASSPORT[1]]}, draw=[Z])
    act(game, "draw")
    assert game.phase_name == "discard"
    assert game.legal_actions() == [A("card", c) for c in
                                    sorted([PASSPORT[0], Z] + cards("Camera#1", "Tent#1", "Umbrella#1"))]


def test_r9_3_forbidden_items_can_be_stolen_and_traded():
    game = arrange(players=2, extensions=FORBIDDEN, hands={0: [PASSPORT[0], X], 1: [CHEESE]})
    act(game, "steal", 1)
    act(game, "card", X)
    assert CHEESE in game.hand(0)
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [PASSPORT[0], X], 1: [PASSPORT[1], CHEESE]})
    offer(game, 1, [X], [kind("Mystery Cheese")], reply=True)
    assert CHEESE in game.hand(0) and X in game.hand(1)


def test_r9_3_a_special_item_is_a_non_forbidden_card_for_dispose():
    game = arrange(players=2, extensions=FORBIDDEN | SPECIALS,
                   hands={0: [C.DECLARATION, FIREWORKS], 1: [PASSPORT[1]]})
    assert disposes(game) == [A("dispose", 0)]
    assert A("declare", 0) in game.legal_actions()        # R9.2: the free way out
    act(game, "dispose", 0)
    assert game.legal_actions() == [A("card", C.DECLARATION)]
