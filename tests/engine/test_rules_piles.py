"""Scenario tests of R7 (piles and hidden information)."""

import numpy as np

from engine import _layout as L
from engine import cards as C
from engine._knowledge import LOC_HIDDEN   # a place the observing seat can't see
from tests.engine.rules_helpers import (
    A, EVENTS, PASSPORT, SPECIALS, act, arrange, cards, item, kind, offer,
)

ITEMS = list(range(C.NUM_ITEMS))


def test_r7_1_discard_pile_becomes_the_draw_pile_when_the_last_card_is_drawn():
    # seat 0: passport + items 0..4; seat 1: passport + items 5..10; discard 11..30; draw [31]
    discard = ITEMS[11:31]
    game = arrange(players=2, hands={0: [PASSPORT[0]] + ITEMS[0:5], 1: [PASSPORT[1]] + ITEMS[5:11]},
                   draw=[31], discard=discard)
    assert game.draw_pile() == [31]
    act(game, "draw")
    assert 31 in game.hand(0)
    pile = game.draw_pile()
    assert game.discard_pile() == []
    assert sorted(pile) == sorted(discard) and pile != discard    # shuffled at once
    # everyone knows which cards make up the new pile, no one their order
    assert not any(game.knows(s, c) for s in range(2) for c in pile)
    top = pile[0]
    act(game, "draw")
    assert top in game.hand(1) and game.draw_pile() == pile[1:]


def test_r7_2_empty_draw_pile_shuffles_before_drawing():
    discard = ITEMS[11:32]
    game = arrange(players=2, hands={0: [PASSPORT[0]] + ITEMS[0:5], 1: [PASSPORT[1]] + ITEMS[5:11]},
                   draw=[], discard=discard)
    assert game.draw_pile() == [] and A("draw") in game.legal_actions()   # R7.3
    act(game, "draw")
    (drawn,) = set(game.hand(0)) - set([PASSPORT[0]] + ITEMS[0:5])
    assert drawn in discard
    assert sorted(game.draw_pile() + [drawn]) == sorted(discard) and game.discard_pile() == []


def six_seat_hands(seat0_items=5):
    """Every item in a hand (6 players), so only extension cards are left for the piles."""
    hands = {0: [PASSPORT[0]] + ITEMS[:seat0_items]}
    rest = ITEMS[seat0_items:]
    for s in range(1, 5):
        hands[s] = [PASSPORT[s]] + rest[:6]
        rest = rest[6:]
    hands[5] = [PASSPORT[5]] + rest
    return hands


def test_r7_2_r7_3_draw_gives_nothing_when_only_events_remain():
    game = arrange(players=6, extensions=EVENTS, hands=six_seat_hands())
    events = list(range(C.FIRST_EVENT, C.FIRST_SPECIAL))
    assert game.draw_pile() == events
    own = [game.own_country(s) for s in range(6)]
    hand0 = game.hand(0)
    assert A("draw") in game.legal_actions()
    act(game, "draw")
    assert game.hand(0) == hand0                       # nothing drawn
    assert game.draw_pile() == events and game.discard_pile() == []   # no event drawn
    assert [game.own_country(s) for s in range(6)] == own and game.strike_seat is None
    assert game.active == 1


def test_r7_2_only_events_in_the_discard_pile_draw_nothing():
    events = list(range(C.FIRST_EVENT, C.FIRST_SPECIAL))
    game = arrange(players=6, extensions=EVENTS, hands=six_seat_hands(), discard=events)
    assert game.draw_pile() == []
    act(game, "draw")
    assert len(game.hand(0)) == 6 and game.discard_pile() == events and game.draw_pile() == []
    assert game.strike_seat is None and game.active == 1


def test_r7_1_r7_2_last_card_drawn_with_an_empty_discard_pile_then_shuffle_at_the_next_draw():
    # 6 players hold every item but one; seat 0 draws it (the pile is empty and there is
    # nothing to shuffle), discards for the hand limit; seat 1's draw shuffles that card in
    hands = {0: [PASSPORT[0]] + ITEMS[:6]}
    rest = ITEMS[6:31]
    for s in range(1, 5):
        hands[s] = [PASSPORT[s]] + rest[:6]
        rest = rest[6:]
    hands[5] = [PASSPORT[5]] + rest
    last = ITEMS[31]
    game = arrange(players=6, hands=hands, draw=[last])
    act(game, "draw")
    assert game.draw_pile() == [] and game.discard_pile() == []
    act(game, "card", ITEMS[0])                         # seat 0 discards down to 7
    assert game.draw_pile() == [] and game.discard_pile() == [ITEMS[0]]
    assert game.active == 1 and A("draw") in game.legal_actions()
    act(game, "draw")
    assert ITEMS[0] in game.hand(1)
    assert game.draw_pile() == [] and game.discard_pile() == []


# ---- R7.4 who knows what -------------------------------------------------------

def test_r7_4_observation_hides_other_hands_and_the_draw_pile():
    x = item("Snorkel")
    game = arrange(players=3, hands={0: [PASSPORT[0]] + ITEMS[:3], 1: [PASSPORT[1]] + ITEMS[3:5],
                                     2: [PASSPORT[2]]},
                   draw=[x], discard=[ITEMS[20], ITEMS[21]])
    obs = game.observation(1)
    for c in game.hand(0) + game.hand(2):
        assert obs[L.LOC + c] == LOC_HIDDEN
    for c in game.hand(1):
        assert obs[L.LOC + c] == 1
    for c in game.draw_pile():
        assert obs[L.LOC + c] == LOC_HIDDEN
    # public: discard pile in order, hand sizes, countries, the draw pile's size
    for c in (ITEMS[20], ITEMS[21]):
        assert obs[L.LOC + c] == L.LOC_DISCARD
    assert list(obs[L.DISCARD:L.DISCARD + 2]) == [ITEMS[20], ITEMS[21]]
    assert [obs[L.HAND_SIZE + s] for s in range(3)] == [4, 3, 1]
    assert all(obs[L.OWN + s] == game.own_country(s) for s in range(3))
    assert obs[L.CENTER] == game.center and obs[L.DRAW_SIZE] == len(game.draw_pile())
    # the composition of another hand is not leaked through the kind counts
    assert not obs[L.KIND_COUNT:L.KIND_COUNT + C.NUM_KINDS].any()
    assert obs[L.KIND_COUNT + C.NUM_KINDS:L.KIND_COUNT + 2 * C.NUM_KINDS].any()


def test_r7_4_a_drawn_card_is_seen_by_its_drawer_only():
    x = item("Snorkel")
    game = arrange(players=3, hands={s: [PASSPORT[s]] for s in range(3)}, draw=[x])
    act(game, "draw")
    assert game.knows(0, x) and not game.knows(1, x) and not game.knows(2, x)
    assert game.observation(0)[L.LOC + x] == 0
    assert game.observation(1)[L.LOC + x] == LOC_HIDDEN


def test_r7_4_traded_cards_are_public():
    a, b = item("Camera"), item("Tent")
    game = arrange(players=3, hands={0: [PASSPORT[0], a], 1: [PASSPORT[1], b], 2: [PASSPORT[2]]})
    offer(game, 1, [a], [kind("Tent")], reply=True)
    obs = game.observation(2)
    assert obs[L.LOC + a] == 1 and obs[L.LOC + b] == 0
    assert obs[L.LOC + PASSPORT[0]] == LOC_HIDDEN


def test_r7_4_binoculars_show_a_hand_to_their_player_only():
    hand1 = [PASSPORT[1]] + ITEMS[3:6]
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.BINOCULARS], 1: hand1, 2: [PASSPORT[2]]})
    act(game, "binoculars", 1)
    for c in hand1:
        assert game.knows(0, c) and not game.knows(2, c)
        assert game.observation(0)[L.LOC + c] == 1
        assert game.observation(2)[L.LOC + c] == LOC_HIDDEN


def test_r7_4_local_guide_shows_cards_and_their_place_to_its_player_only():
    a, b, c, d = cards("Snorkel#1", "Tent#1", "Camera#1", "Umbrella#1")
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.LOCAL_GUIDE], 1: [PASSPORT[1]], 2: [PASSPORT[2]]},
                   draw=[a, b, c, d])
    act(game, "local-guide")
    act(game, "card", b)
    pile = game.draw_pile()
    assert pile[0] == d and pile[-2:] == [a, c]
    for x in (a, b, c):
        assert game.knows(0, x) and not game.knows(1, x) and not game.knows(2, x)
    obs0, obs1 = game.observation(0), game.observation(1)
    head, size = game.state[L.DRAW_HEAD], len(pile)
    slot_a = L.DRAW + (head + size - 2) % C.NUM_CARDS
    assert obs0[slot_a] == a and obs1[slot_a] != a
    assert not game.knows(0, d)


def test_r7_4_determinized_game_agrees_with_what_the_seat_knows():
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0]] + ITEMS[:3], 1: [PASSPORT[1]] + ITEMS[3:6],
                          2: [PASSPORT[2], C.BINOCULARS]},
                   discard=[ITEMS[30]], active=2)
    act(game, "binoculars", 1)
    obs = game.observation(2)
    hands0 = set()
    for seed in range(8):
        world = game.determinize(2, seed)
        assert np.array_equal(world.observation(2), obs)
        assert world.hand(2) == game.hand(2) and world.hand(1) == game.hand(1)   # seen
        assert len(world.hand(0)) == 4
        hands0.add(tuple(world.hand(0)))
    assert len(hands0) > 1                                   # seat 0's hand is unknown to seat 2


def test_r7_4_a_stolen_card_is_known_to_thief_and_victim_only():
    # seat 2 has seen seat 1's hand (Binoculars); after seat 0 steals from seat 1,
    # seat 2 can't tell which card left, so it no longer knows where any of them is
    hand1 = [PASSPORT[1]] + ITEMS[3:6]
    game = arrange(players=3, extensions=SPECIALS, seed=4,
                   hands={0: [PASSPORT[0], ITEMS[0]], 1: list(hand1),
                          2: [PASSPORT[2], C.BINOCULARS]}, active=2)
    act(game, "binoculars", 1)
    assert all(game.knows(2, c) for c in hand1)
    act(game, "draw")
    act(game, "steal", 1)
    act(game, "card", ITEMS[0])
    act(game, "no")                                   # no Mousetrap
    (stolen,) = set(game.hand(0)) - {PASSPORT[0]}
    assert game.knows(0, stolen) and game.knows(1, stolen)
    assert not game.knows(2, stolen)
    assert game.observation(2)[L.LOC + stolen] == LOC_HIDDEN


def test_r7_4_lost_luggage_cards_known_to_giver_and_receiver_only():
    hand1 = [PASSPORT[1]] + ITEMS[3:6]
    game = arrange(players=3, extensions=SPECIALS | EVENTS, seed=1,
                   hands={0: [PASSPORT[0], ITEMS[0]], 1: list(hand1),
                          2: [PASSPORT[2], C.BINOCULARS]}, draw=[C.LOST_LUGGAGE, ITEMS[30]],
                   active=2)
    act(game, "binoculars", 1)
    act(game, "draw")                                 # seat 2 draws Lost Luggage
    (given1,) = set(hand1) - set(game.hand(1))        # seat 1's card went to seat 2
    (got1,) = set(game.hand(1)) - set(hand1)          # seat 0's card came to seat 1
    assert game.knows(2, given1) and game.knows(1, given1)
    assert game.knows(0, got1) and game.knows(1, got1) and not game.knows(2, got1)
    # seat 2 saw seat 1's hand before, but can't tell which card it kept
    for c in set(game.hand(1)) - {got1}:
        assert not game.knows(2, c) and not game.knows(0, c)


def test_r7_4_trading_post_swapped_cards_are_private():
    # seat 1 knows seat 0 holds the Camera (traded face up); after seat 0 puts it
    # into the draw pile with the Trading Post, seat 1 no longer knows where it is
    cam, tent = item("Camera"), item("Tent")
    a, b, c = ITEMS[20], ITEMS[21], ITEMS[22]
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.TRADING_POST, tent], 1: [PASSPORT[1], cam]},
                   draw=[ITEMS[23], a, b, c], active=1)
    offer(game, 0, [cam], [kind("Tent")], reply=True)   # seat 1's action; bonus ITEMS[23]
    assert game.knows(1, cam) and cam in game.hand(0)
    act(game, "trading-post")
    act(game, "card", a)
    act(game, "card", cam)
    act(game, "done")
    assert game.draw_pile()[-3:] == [cam, b, c]
    assert game.knows(0, cam) and not game.knows(1, cam)
    assert game.knows(0, a) and not game.knows(1, a)


def test_r7_4_local_guide_player_knows_the_card_another_seat_then_draws():
    # every card but two is in a hand or the discard pile; seat 0's Local Guide sees
    # both, takes one, and so knows the last card of the pile, which seat 1 then draws
    hand0 = [PASSPORT[0], C.LOCAL_GUIDE] + ITEMS[:5]
    hand1 = [PASSPORT[1]] + ITEMS[5:11]
    a, b = ITEMS[20], ITEMS[21]
    specials = list(range(C.FIRST_SPECIAL, C.FIRST_FORBIDDEN))
    discard = [c for c in ITEMS + specials if c not in hand0 + hand1 + [a, b]]
    game = arrange(players=2, extensions=SPECIALS, hands={0: hand0, 1: hand1},
                   draw=[a, b], discard=discard)
    act(game, "local-guide")
    act(game, "card", a)
    assert game.draw_pile() == [b] and game.knows(0, b) and not game.knows(1, b)
    act(game, "draw")                       # seat 1 (7 cards) draws b
    assert game.phase_name == "discard" and game.decider == 1
    act(game, "card", PASSPORT[1])          # and keeps it
    assert b in game.hand(1)
    assert game.knows(0, b) and game.knows(1, b)   # seat 0 knew the pile's last card


def test_r7_4_public_table_facts_in_every_observation():
    game = arrange(players=3, hands={0: [PASSPORT[0]] + ITEMS[:2], 1: [PASSPORT[1]],
                                     2: [PASSPORT[2]]})
    for seat in range(3):
        obs = game.observation(seat)
        assert obs[L.BOX_SIZE] == len(game.box())
        assert obs[L.ACTIVE] == game.active and obs[L.PHASE] == game.state[L.PHASE]
        assert [obs[L.HAND_SIZE + s] for s in range(3)] == [3, 1, 1]


def test_r7_4_r5_3_an_offered_card_is_public_as_soon_as_it_is_offered():
    a = ITEMS[0]
    game = arrange(players=3, hands={0: [PASSPORT[0], a], 1: [PASSPORT[1]], 2: [PASSPORT[2]]})
    act(game, "trade", 1)
    act(game, "card", a)
    assert game.knows(1, a) and game.knows(2, a)
    assert game.observation(2)[L.LOC + a] == 0
