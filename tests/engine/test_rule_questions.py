"""Rules asked of the engine: hand limits, recycle costs, offers left, what may
pay, copies of a kind (R4.4, R5.2, R5.3, R9.3, R9.5, R3), and the values
`Phase` and `Action`."""

import pytest

from engine import Action, Game, Phase
from engine import _layout as L
from engine import cards as C
from tests.engine.rules_helpers import (
    CHARACTERS, FIREWORKS, FORBIDDEN, PASSPORT, POSTCARDS, SPECIALS, act, arrange, cards, kind,
    offer,
)

X, Y, Z = cards("Guidebook#1", "Phrasebook#1", "Bug Spray#1")


def test_hand_limit_is_7_and_the_backpackers_9():
    game = arrange(players=3, extensions=CHARACTERS,
                   characters=[C.BACKPACKER, C.COLLECTOR, C.SMUGGLER],
                   hands={s: [PASSPORT[s]] for s in range(3)})
    assert [game.hand_limit(s) for s in range(3)] == [9, 7, 7]
    plain = arrange(players=2, hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]})
    assert [plain.hand_limit(s) for s in range(2)] == [7, 7]


def test_recycle_cost_is_2_and_the_collectors_1():
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.COLLECTOR, C.JETSETTER],
                   hands={0: [PASSPORT[0], X], 1: [PASSPORT[1], Y]})
    assert [game.recycle_cost(s) for s in range(2)] == [1, 2]
    act(game, "recycle")
    assert game.phase == Phase.RECYCLE_PAY
    act(game, "card", X)                       # one card paid: the take follows
    assert game.phase == Phase.RECYCLE_TAKE


def test_offers_left_count_down_with_declined_offers():
    game = arrange(players=2, hands={0: [PASSPORT[0], X, Y, Z], 1: [PASSPORT[1]]})
    assert game.offers_left == 3
    for left in (2, 1, 0):
        offer(game, 1, [X], [kind("Camera")], reply=False)
        assert game.offers_left == left
    assert not any(L.A_TRADE_TO <= a < L.A_STEAL_FROM for a in game.legal_actions())


def test_payable_cards_leave_out_forbidden_items():
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [PASSPORT[0], X, FIREWORKS], 1: [PASSPORT[1]]})
    assert game.payable_cards(0) == [X, PASSPORT[0]]
    assert FIREWORKS in game.hand(0)


def test_copies_of_a_kind_in_the_game():
    game = Game.new(players=3, extensions=SPECIALS | POSTCARDS, seed=1)
    assert game.copies(kind("Camera")) == 2
    assert game.copies(C.KIND_PASSPORT) == 3          # one per player (R3.1)
    assert game.copies(C.KIND_POSTCARD) == 6
    assert game.copies(C.KIND_BRIBE) == 1
    assert game.copies(kind("Fireworks")) == 0        # forbidden items are not in play
    with pytest.raises(ValueError):
        game.copies(30)


def test_seat_arguments_are_checked():
    game = Game.new(players=2, seed=3)
    for ask in (game.hand_limit, game.recycle_cost, game.payable_cards, game.hand_size):
        with pytest.raises(ValueError):
            ask(2)


def test_phases_are_values_with_the_documented_names():
    assert [p.value for p in Phase] == list(range(15))
    assert Phase.TRADE_REPLY == L.PH_TRADE_REPLY and Phase.TRADE_REPLY.label == "trade-reply"
    assert Phase.LOCAL_GUIDE_TAKE.label == "local-guide-take"
    game = Game.new(players=2, seed=3)
    assert game.phase is Phase.MAIN and game.view(game.decider).phase is Phase.MAIN


def test_an_action_is_its_id_and_its_words():
    game = Game.new(players=3, seed=3)
    actions = game.actions(["Ana", "Bo", "Cy"])
    assert [a.id for a in actions] == game.legal_actions()
    draw = actions[0]
    assert isinstance(draw, Action) and draw.name == "draw" and int(draw) == L.A_DRAW
    assert str(draw) == "draw a card"
    assert any(a.text.startswith("offer a trade to ") and a.text[-2:] in ("Bo", "Cy", "na")
               for a in actions)
    game.apply(draw.id)
