"""Scenario tests of R9.2 (special items), R10.4 and R10.7."""

from engine import cards as C
from tests.engine.rules_helpers import (
    A, CHARACTERS, CHEESE, EVENTS, FIREWORKS, FORBIDDEN, PASSPORT, PET_SNAKE, POSTCARD, POSTCARDS,
    SPECIALS, act, arrange, cards, country, kind, legal_names, mark_visited, offer,
)

ITEMS = list(range(C.NUM_ITEMS))
A1, B1, C1, D1, E1 = cards("Snorkel#1", "Tent#1", "Camera#1", "Umbrella#1", "Swimsuit#1")
X, Y, Z = cards("Guidebook#1", "Phrasebook#1", "Bug Spray#1")
SPECIAL_CARDS = list(range(C.FIRST_SPECIAL, C.FIRST_FORBIDDEN))


# ---- Mom's Credit Card ----------------------------------------------------------

def test_r9_2_credit_card_stands_in_for_one_item_and_is_discarded():
    peru, japan, egypt = country("Peru"), country("Japan"), country("Egypt")
    boots, phrase = cards("Hiking Boots#1", "Phrasebook#1")
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], boots, phrase, C.CREDIT_CARD], 1: [PASSPORT[1]]},
                   own={0: peru, 1: japan}, center=egypt, draw=[X])
    assert A("travel") not in game.legal_actions()
    act(game, "travel-card", 1)                       # for the Tent
    assert sorted(game.discard_pile()) == sorted([boots, phrase, C.CREDIT_CARD])
    assert game.visited(0) == [peru]


# ---- Mousetrap ------------------------------------------------------------------

def test_r9_2_mousetrap_question_is_asked_whether_or_not_the_victim_holds_one():
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], A1], 1: [B1, C1]})
    act(game, "steal", 1)
    act(game, "card", A1)
    assert game.phase_name == "mousetrap" and game.decider == 1
    assert game.legal_actions() == [A("no")]
    act(game, "no")
    assert len(game.hand(0)) == 2 and len(game.hand(1)) == 1 and game.active == 1

    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], A1], 1: [B1, C.MOUSETRAP]})
    act(game, "steal", 1)
    act(game, "card", A1)
    assert game.phase_name == "mousetrap" and game.legal_actions() == [A("yes"), A("no")]


def test_r9_2_mousetrap_foils_the_steal_and_ends_the_thief_s_turn_cost_paid():
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], A1, C.BINOCULARS], 1: [PASSPORT[1]],
                          2: [B1, C1, C.MOUSETRAP]})
    act(game, "steal", 2)
    act(game, "card", A1)
    act(game, "yes")
    assert game.hand(0) == sorted([PASSPORT[0], C.BINOCULARS])   # nothing stolen
    assert game.hand(2) == sorted([B1, C1])
    assert game.discard_pile() == [A1, C.MOUSETRAP]             # the cost stays paid
    # the thief's turn ended at once: no free play (Binoculars) afterwards
    assert game.active == 1 and game.decider == 1


def test_r9_2_mousetrap_ends_the_turn_even_with_a_first_class_upgrade():
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], A1, C.UPGRADE], 1: [PASSPORT[1]],
                          2: [B1, C.MOUSETRAP]})
    act(game, "upgrade")
    act(game, "steal", 2)
    act(game, "card", A1)
    act(game, "yes")
    assert game.active == 1                               # no second action


def test_r9_2_mousetrap_against_the_pickpocket():
    game = arrange(players=2, extensions=SPECIALS | CHARACTERS,
                   characters=[C.PICKPOCKET, C.COLLECTOR],
                   hands={0: [PASSPORT[0]], 1: [B1, C.MOUSETRAP]})
    act(game, "steal", 1)
    assert game.phase_name == "mousetrap" and game.decider == 1
    act(game, "yes")
    assert game.hand(0) == [PASSPORT[0]] and game.hand(1) == [B1] and game.active == 1


def test_r9_2_declining_the_mousetrap_lets_the_steal_happen():
    game = arrange(players=2, extensions=SPECIALS, seed=3,
                   hands={0: [PASSPORT[0], A1], 1: [C.MOUSETRAP]})
    act(game, "steal", 1)
    act(game, "card", A1)
    act(game, "no")
    assert C.MOUSETRAP in game.hand(0) and game.active == 1


# ---- Local Guide -----------------------------------------------------------------

def test_r9_2_local_guide_takes_one_of_the_top_three():
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.LOCAL_GUIDE], 1: [PASSPORT[1]]},
                   draw=[A1, B1, C1, D1])
    act(game, "local-guide")
    assert game.phase_name == "local-guide-take"
    assert game.legal_actions() == [A("card", c) for c in sorted([A1, B1, C1])]
    act(game, "card", B1)
    assert game.hand(0) == sorted([PASSPORT[0], B1])
    pile = game.draw_pile()
    assert pile[0] == D1 and pile[-2:] == [A1, C1]       # others to the bottom, same order
    assert game.discard_pile() == [C.LOCAL_GUIDE]
    assert game.active == 1                              # it was the action


def test_r9_2_local_guide_never_takes_an_event_and_seen_events_do_nothing():
    japan = country("Japan")
    game = arrange(players=2, extensions=SPECIALS | EVENTS,
                   hands={0: [PASSPORT[0], C.LOCAL_GUIDE], 1: [PASSPORT[1]]},
                   draw=[C.CIVIL_UNREST, A1, C.AIRLINE_STRIKE, D1])
    own = [game.own_country(0), game.own_country(1)]
    act(game, "local-guide")
    assert game.legal_actions() == [A("card", A1)]       # must take the non-event
    act(game, "card", A1)
    pile = game.draw_pile()
    assert pile[0] == D1 and pile[-2:] == [C.CIVIL_UNREST, C.AIRLINE_STRIKE]
    assert [game.own_country(0), game.own_country(1)] == own and game.strike_seat is None
    assert game.discard_pile() == [C.LOCAL_GUIDE]


def test_r9_2_local_guide_with_only_events_takes_nothing():
    game = arrange(players=2, extensions=SPECIALS | EVENTS,
                   hands={0: [PASSPORT[0], C.LOCAL_GUIDE], 1: [PASSPORT[1]]},
                   draw=[C.CIVIL_UNREST, C.LOST_LUGGAGE, C.AIRLINE_STRIKE, D1])
    act(game, "local-guide")
    assert game.active == 1 and game.hand(0) == [PASSPORT[0]]
    pile = game.draw_pile()
    assert pile[0] == D1 and pile[-3:] == [C.CIVIL_UNREST, C.LOST_LUGGAGE, C.AIRLINE_STRIKE]


def small_pile_game(draw, lead):
    """2 players, specials on: every card but `draw` is in a hand or the discard pile."""
    hand0 = [PASSPORT[0], lead] + ITEMS[:5]
    hand1 = [PASSPORT[1]] + ITEMS[5:11]
    placed = set(hand0 + hand1 + list(draw))
    discard = [c for c in ITEMS + SPECIAL_CARDS if c not in placed]
    return arrange(players=2, extensions=SPECIALS, hands={0: hand0, 1: hand1},
                   draw=list(draw), discard=discard), discard


def test_r9_2_local_guide_with_fewer_than_three_cards_sees_what_there_is():
    game, discard = small_pile_game([ITEMS[20], ITEMS[21]], C.LOCAL_GUIDE)
    assert game.draw_pile() == [ITEMS[20], ITEMS[21]]
    act(game, "local-guide")
    assert game.legal_actions() == [A("card", ITEMS[20]), A("card", ITEMS[21])]
    act(game, "card", ITEMS[20])
    assert game.draw_pile() == [ITEMS[21]]                # no reshuffle for the Guide
    assert game.discard_pile() == discard + [C.LOCAL_GUIDE]


def test_r9_2_local_guide_taking_the_last_card_reshuffles_r7_1():
    game, discard = small_pile_game([ITEMS[20]], C.LOCAL_GUIDE)
    act(game, "local-guide")
    act(game, "card", ITEMS[20])
    assert ITEMS[20] in game.hand(0)
    assert sorted(game.draw_pile()) == sorted(discard + [C.LOCAL_GUIDE])
    assert game.discard_pile() == []


# ---- Trading Post ------------------------------------------------------------------

def test_r9_2_trading_post_swaps_and_puts_the_three_back_at_the_bottom_in_order():
    hand = [PASSPORT[0], C.TRADING_POST, X, Y, Z]
    game = arrange(players=2, extensions=SPECIALS, hands={0: hand, 1: [PASSPORT[1]]},
                   draw=[A1, B1, C1, D1])
    act(game, "trading-post")
    assert game.discard_pile() == [C.TRADING_POST]
    assert game.legal_actions() == [A("done")] + [A("card", c) for c in sorted([A1, B1, C1])]
    act(game, "card", B1)
    # it can't swap itself: the Trading Post is already discarded
    assert game.legal_actions() == [A("card", c) for c in sorted([PASSPORT[0], X, Y, Z])]
    act(game, "card", X)
    act(game, "card", C1)
    assert A("card", B1) not in game.legal_actions()       # the card just taken stays
    act(game, "card", Y)
    assert game.hand(0) == sorted([PASSPORT[0], Z, B1, C1])
    pile = game.draw_pile()
    assert pile[0] == D1 and pile[-3:] == [A1, X, Y]       # each given card in the taken one's place
    assert game.active == 1
    # R7.4: only the player saw those cards
    assert game.knows(0, A1) and not game.knows(1, A1) and not game.knows(1, B1)


def test_r9_2_trading_post_without_swaps_puts_the_cards_back():
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.TRADING_POST], 1: [PASSPORT[1]]},
                   draw=[A1, B1, C1, D1])
    act(game, "trading-post")
    act(game, "done")
    pile = game.draw_pile()
    assert pile[0] == D1 and pile[-3:] == [A1, B1, C1] and game.active == 1


def test_r9_2_trading_post_never_takes_an_event():
    game = arrange(players=2, extensions=SPECIALS | EVENTS,
                   hands={0: [PASSPORT[0], C.TRADING_POST, X], 1: [PASSPORT[1]]},
                   draw=[C.AIRLINE_STRIKE, A1, B1, D1])
    act(game, "trading-post")
    assert game.legal_actions() == [A("done")] + [A("card", c) for c in sorted([A1, B1])]
    act(game, "done")
    assert game.draw_pile()[-3:] == [C.AIRLINE_STRIKE, A1, B1] and game.strike_seat is None


def test_r9_2_r10_7_trading_post_may_put_a_forbidden_item_into_the_pile():
    game = arrange(players=2, extensions=SPECIALS | FORBIDDEN,
                   hands={0: [PASSPORT[0], C.TRADING_POST, FIREWORKS], 1: [PASSPORT[1]]},
                   draw=[A1, B1, C1, D1])
    act(game, "trading-post")
    act(game, "card", A1)
    assert A("card", FIREWORKS) in game.legal_actions()
    act(game, "card", FIREWORKS)
    act(game, "done")
    assert game.hand(0) == sorted([PASSPORT[0], A1])
    assert game.draw_pile()[-3:] == [FIREWORKS, B1, C1]
    assert FIREWORKS not in game.discard_pile()
    assert game.knows(0, FIREWORKS) and not game.knows(1, FIREWORKS)


def test_r9_2_r8_trading_post_postcards_counted_when_complete():
    p = POSTCARD
    # take the 4th postcard for an item, then give a postcard back: never 4 at the end
    game = arrange(players=2, extensions=SPECIALS | POSTCARDS,
                   hands={0: [p[0], p[1], p[2], C.TRADING_POST, X], 1: [PASSPORT[1]]},
                   draw=[p[3], A1, B1, D1])
    act(game, "trading-post")
    act(game, "card", p[3])
    act(game, "card", X)
    act(game, "card", B1)
    act(game, "card", p[0])
    assert not game.over and game.active == 1
    assert game.hand(0) == sorted([p[1], p[2], p[3], B1])
    # the same first swap, then done: 4 postcards, a win
    game = arrange(players=2, extensions=SPECIALS | POSTCARDS,
                   hands={0: [p[0], p[1], p[2], C.TRADING_POST, X], 1: [PASSPORT[1]]},
                   draw=[p[3], A1, B1, D1])
    act(game, "trading-post")
    act(game, "card", p[3])
    act(game, "card", X)
    assert not game.over and game.phase_name == "trading-post-pick"   # the group isn't complete
    act(game, "done")
    assert game.over and game.outcome.winner == 0 and game.outcome.reason == "postcards"


# ---- Poorly Drawn Map ------------------------------------------------------------------

def test_r9_2_poorly_drawn_map_on_any_country_on_the_table_never_the_center():
    japan, brazil, egypt, iceland = (country(n) for n in ("Japan", "Brazil", "Egypt", "Iceland"))
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.POORLY_DRAWN_MAP], 1: [PASSPORT[1]], 2: [PASSPORT[2]]},
                   own={0: japan, 1: brazil, 2: egypt}, center=iceland)
    mark_visited(game, 2)
    maps = [a for a in game.legal_actions() if A("map", 0) <= a <= A("map", 5)]
    assert maps == [A("map", 0), A("map", 1)]                # yourself too; not a visited seat
    box = game.box()
    act(game, "map", 1)
    assert game.own_country(1) == box[0] and game.box() == box[1:] + [brazil]
    assert game.own_country(0) == japan and game.center == iceland
    assert game.discard_pile() == [C.POORLY_DRAWN_MAP] and game.active == 1


def test_r9_2_poorly_drawn_map_on_yourself():
    japan, brazil, iceland = country("Japan"), country("Brazil"), country("Iceland")
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.POORLY_DRAWN_MAP], 1: [PASSPORT[1]]},
                   own={0: japan, 1: brazil}, center=iceland)
    box = game.box()
    act(game, "map", 0)
    assert game.own_country(0) == box[0] and game.box()[-1] == japan


# ---- First-Class Upgrade ----------------------------------------------------------------

def test_r9_2_upgrade_gives_two_actions_and_both_are_required():
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.UPGRADE], 1: [PASSPORT[1]]}, draw=[A1, B1])
    act(game, "upgrade")
    assert game.discard_pile() == [C.UPGRADE]
    assert A("end-turn") not in game.legal_actions() and A("draw") in game.legal_actions()
    act(game, "draw")
    assert game.active == 0 and game.decider == 0
    assert A("end-turn") not in game.legal_actions()         # the second action is required
    act(game, "draw")
    assert game.hand(0) == sorted([PASSPORT[0], A1, B1]) and game.active == 1


def test_r9_2_upgrade_declined_offers_are_not_actions():
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.UPGRADE, X], 1: [PASSPORT[1]]}, draw=[A1, B1])
    act(game, "upgrade")
    offer(game, 1, [X], [kind("Camera")], reply=False)
    act(game, "draw")
    assert game.active == 0
    offer(game, 1, [X], [kind("Camera")], reply=False)
    act(game, "draw")
    assert game.active == 1


def test_r9_2_upgrade_only_before_the_action():
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.UPGRADE, C.BINOCULARS], 1: [PASSPORT[1]],
                          2: [PASSPORT[2]]})
    act(game, "draw")
    assert game.active == 0
    assert game.legal_actions() == [A("binoculars", 1), A("binoculars", 2), A("end-turn")]


def test_r9_2_r10_4_hand_limit_is_checked_after_each_of_the_two_actions():
    hand = [PASSPORT[0], C.UPGRADE] + ITEMS[:5]                          # 7
    game = arrange(players=2, extensions=SPECIALS | CHARACTERS,
                   characters=[C.JETSETTER, C.COLLECTOR],
                   hands={0: hand, 1: [PASSPORT[1]]}, draw=[X, Y, Z])
    act(game, "upgrade")                                                   # 6
    act(game, "draw")                                                      # 8
    assert game.phase_name == "discard" and game.decider == 0
    act(game, "card", X)
    assert game.phase_name == "main" and game.active == 0 and A("draw") in game.legal_actions()


# ---- Bribe --------------------------------------------------------------------------------

def test_r9_2_bribe_lets_you_travel_with_a_forbidden_item():
    peru, japan, egypt = country("Peru"), country("Japan"), country("Egypt")
    peru_items = cards("Hiking Boots#1", "Tent#1", "Phrasebook#1")
    hand = [PASSPORT[0], CHEESE] + peru_items
    game = arrange(players=2, extensions=SPECIALS | FORBIDDEN, hands={0: hand, 1: [PASSPORT[1]]},
                   own={0: peru, 1: japan}, center=egypt, draw=[X])
    assert A("travel") not in game.legal_actions()
    game = arrange(players=2, extensions=SPECIALS | FORBIDDEN,
                   hands={0: hand + [C.BRIBE], 1: [PASSPORT[1]]},
                   own={0: peru, 1: japan}, center=egypt, draw=[X])
    act(game, "travel")
    assert C.BRIBE in game.discard_pile() and CHEESE in game.hand(0)


# ---- Customs Declaration --------------------------------------------------------------------

def test_r9_2_customs_declaration_is_free_and_discards_one_forbidden_item():
    game = arrange(players=2, extensions=SPECIALS | FORBIDDEN,
                   hands={0: [PASSPORT[0], C.DECLARATION, FIREWORKS, PET_SNAKE], 1: [PASSPORT[1]]})
    legal = game.legal_actions()
    assert A("declare", 0) in legal and A("declare", 1) in legal and A("declare", 2) not in legal
    act(game, "declare", 0)
    assert sorted(game.discard_pile()) == sorted([C.DECLARATION, FIREWORKS])
    assert game.hand(0) == sorted([PASSPORT[0], PET_SNAKE])       # one forbidden item only
    assert game.active == 0 and A("draw") in game.legal_actions()  # not the action


def test_r9_2_customs_declaration_after_the_action():
    game = arrange(players=2, extensions=SPECIALS | FORBIDDEN,
                   hands={0: [C.DECLARATION, FIREWORKS], 1: [PASSPORT[1]]}, draw=[X])
    act(game, "draw")
    assert game.active == 0 and game.legal_actions() == [A("declare", 0), A("end-turn")]
    act(game, "declare", 0)
    assert game.hand(0) == [X] and game.active == 1


def test_r9_2_customs_declaration_needs_a_forbidden_item():
    game = arrange(players=2, extensions=SPECIALS | FORBIDDEN,
                   hands={0: [PASSPORT[0], C.DECLARATION], 1: [PASSPORT[1]]})
    assert "declare" not in legal_names(game)


# ---- Binoculars -------------------------------------------------------------------------------

def test_r9_2_binoculars_free_look_at_another_hand():
    hand1 = [PASSPORT[1], A1, B1]
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], C.BINOCULARS], 1: hand1, 2: []})
    binos = [a for a in game.legal_actions() if A("binoculars", 0) <= a <= A("binoculars", 5)]
    assert binos == [A("binoculars", 1)]                          # not yourself, not an empty hand
    act(game, "binoculars", 1)
    assert all(game.knows(0, c) for c in hand1)
    assert game.discard_pile() == [C.BINOCULARS]
    assert game.active == 0 and A("draw") in game.legal_actions()   # not the action


# ---- general -----------------------------------------------------------------------------------

def test_r9_2_special_items_count_towards_the_hand_limit():
    hand = [PASSPORT[0], C.MOUSETRAP, C.BRIBE, C.CREDIT_CARD] + ITEMS[:3]   # 7
    game = arrange(players=2, extensions=SPECIALS, hands={0: hand, 1: [PASSPORT[1]]}, draw=[X])
    act(game, "draw")
    assert game.phase_name == "discard" and A("card", C.BRIBE) in game.legal_actions()


def test_r9_2_free_plays_only_on_your_own_turn():
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], A1], 1: [PASSPORT[1], B1, C.BINOCULARS]})
    offer(game, 1, [A1], [kind("Tent")])
    assert game.legal_actions() == [A("yes"), A("no")]
    act(game, "no")
    act(game, "steal", 1)
    act(game, "card", A1)
    assert game.legal_actions() == [A("no")]


def test_r9_2_trading_post_with_fewer_than_three_cards():
    game, discard = small_pile_game([ITEMS[20], ITEMS[21]], C.TRADING_POST)
    act(game, "trading-post")
    assert game.legal_actions() == [A("done"), A("card", ITEMS[20]), A("card", ITEMS[21])]
    act(game, "card", ITEMS[21])
    act(game, "card", PASSPORT[0])
    assert game.draw_pile() == [ITEMS[20], PASSPORT[0]]
    assert game.discard_pile() == discard + [C.TRADING_POST] and game.active == 1


def test_r9_2_upgrade_after_a_declined_offer_and_free_plays_between_actions():
    game = arrange(players=3, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], X, C.UPGRADE, C.BINOCULARS], 1: [PASSPORT[1]],
                          2: [PASSPORT[2], A1]}, draw=[B1, C1])
    offer(game, 1, [X], [kind("Camera")], reply=False)   # not an action: still "before"
    assert A("upgrade") in game.legal_actions()
    act(game, "upgrade")
    act(game, "draw")
    assert A("binoculars", 2) in game.legal_actions()    # a free play between the actions
    act(game, "binoculars", 2)
    assert game.knows(0, A1) and game.active == 0
    act(game, "draw")
    assert game.active == 1


def test_r9_2_mousetrap_as_the_victim_s_only_card():
    game = arrange(players=2, extensions=SPECIALS,
                   hands={0: [PASSPORT[0], A1], 1: [C.MOUSETRAP]})
    act(game, "steal", 1)
    act(game, "card", A1)
    act(game, "yes")
    assert game.hand(0) == [PASSPORT[0]] and game.active == 1
    assert len(game.hand(1)) == 3                       # R4.1: its empty hand refills
