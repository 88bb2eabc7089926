"""The search's inference from missed travels (bots/_ismcts.py): it reads
only what the bot's seat has seen, and it removes exactly the sampled worlds
in which a rival could travel on cards the bot has not seen."""

import numpy as np

from bots import _ismcts as K
from engine import kernels as L
from engine import cards as C
from tests.engine.rules_helpers import PASSPORT, arrange, cards, country

PERU, JAPAN, EGYPT = country("Peru"), country("Japan"), country("Egypt")
BOOTS, TENT, PHRASE = cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")   # Peru, R11.2 order
CAM, UMB = cards("Camera#1", "Umbrella#1")


def rival_ready_for_peru():
    """Seat 1 holds everything it needs to travel to Peru, its own country."""
    return arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1], BOOTS, TENT, PHRASE]},
                   own={0: JAPAN, 1: PERU}, center=EGYPT)


def certain(game, seat=0):
    out = np.zeros(6, np.int64)
    K.certain_travellers(game.observation(seat), seat, out)
    return out[:game.players]


def test_a_rival_with_unseen_cards_is_not_known_to_be_ready():
    assert list(certain(rival_ready_for_peru())) == [1, 0]


def test_a_rival_whose_cards_were_all_seen_is_known_to_be_ready():
    game = rival_ready_for_peru()
    for c in (PASSPORT[1], BOOTS, TENT, PHRASE):
        game.state[L.KNOWN + c] = 0b11  # e.g. shown in trades
    assert list(certain(game)) == [1, 1]


def test_only_worlds_where_an_unseen_rival_could_travel_are_rejected():
    game = rival_ready_for_peru()
    for c in (PASSPORT[1], BOOTS, TENT):
        game.state[L.KNOWN + c] = 0b11  # seen; the third item stays hidden
    known = np.ones(6, np.int64)
    known[:2] = certain(game)
    assert list(known[:2]) == [1, 0]
    peru_kinds = {C.CARD_KINDS[c] for c in (BOOTS, TENT, PHRASE)}
    rejected = kept = 0
    for seed in range(400):
        world = game.determinize(0, seed)
        kinds = {C.CARD_KINDS[c] for c in world.hand(1)}
        ready = peru_kinds <= kinds and C.KIND_PASSPORT in kinds  # R6, no extensions here
        assert K.breaks_travel_inference(world.state, known) == ready
        rejected += ready
        kept += not ready
    assert rejected > 0 and kept > 0  # both kinds of world occur, so the test can fail


def test_the_search_plays_only_worlds_the_rules_reach():
    """In worlds where seat 1 holds 4 postcards, the game would be over
    (R8) yet goes on until the next card arrives, and seat 1 then wins: a
    draw looks worse there than it is (only a steal may take a postcard
    back). With `reachable_worlds` the search never plays such a world.
    (Medium samples hidden hands uniformly: most of its worlds here are
    unreachable ones.)"""
    from bots.difficulty import make_bot
    from engine.actions import encode
    from tests.engine.rules_helpers import postcards_hidden_in_a_big_hand
    view = postcards_hidden_in_a_big_hand().view(0)
    draw = encode("draw")

    def draw_chance(name):
        bot = make_bot(name, seed=3, measurement=True)
        return next(m.win_chance for m in bot.analyse(view, 3, iterations=3000) if m.action == draw)

    missed, reached = draw_chance("medium"), draw_chance("medium+reachable_worlds=true")
    assert reached > 2 * missed, (missed, reached)
