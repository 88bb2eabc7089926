"""The scenario builder itself produces consistent positions."""

from engine import cards as C
from tests.engine.arrange import arrange, card, country


def test_arrange_places_every_card_once():
    game = arrange(players=3, extensions=31,
                   hands={0: [card("Camera#1"), card("Passport (Ghana)")], 1: [], 2: [card("Bribe")]},
                   draw=[card("Tent#2")], discard=[card("Sunscreen#1")],
                   own={0: country("Peru"), 1: country("Japan"), 2: country("Kenya")},
                   center=country("Egypt"))
    assert game.hand(0) == sorted([card("Camera#1"), card("Passport (Ghana)")])
    assert game.draw_pile()[0] == card("Tent#2")
    assert game.discard_pile() == [card("Sunscreen#1")]
    places = game.card_places()
    in_game = [c for c in range(C.NUM_CARDS) if places[c] != -1]
    assert len(in_game) == 32 + 1 + 22  # items, the one passport placed, the extension cards
    assert game.destination(0) == country("Peru")
    assert len(game.box()) == 13 - 4
