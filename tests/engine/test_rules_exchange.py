"""Scenario tests of R5 (Draw, Recycle, Trade, Steal) and R10.2, R10.3, R10.6, R10.8."""

import pytest

from engine import cards as C
from tests.engine.rules_helpers import (
    ALL, CHARACTERS, EVENTS, FIREWORKS, FORBIDDEN, PASSPORT, PET_SNAKE, POSTCARDS, SPECIALS,
    A, act, arrange, cards, kind, legal_names, offer, pay,
)

CAM, TENT, UMB, SNORK = cards("Camera#1", "Tent#1", "Umbrella#1", "Snorkel#1")
CAM2, TENT2, UMB2, SNORK2 = cards("Camera#2", "Tent#2", "Umbrella#2", "Snorkel#2")
GUIDE, PHRASE, BUG, CHOP = cards("Guidebook#1", "Phrasebook#1", "Bug Spray#1", "Chopsticks#1")
GUIDE2 = cards("Guidebook#2")[0]


# ---- R5.1 Draw -----------------------------------------------------------------

def test_r5_1_draw_takes_the_top_card():
    game = arrange(players=2, hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, draw=[GUIDE, PHRASE])
    act(game, "draw")
    assert game.hand(0) == sorted([GUIDE, PASSPORT[0]])
    assert game.draw_pile()[0] == PHRASE
    assert game.knows(0, GUIDE) and not game.knows(1, GUIDE)   # R7.4: drawn cards are private


def test_r5_1_jetsetter_draws_two():
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.JETSETTER, C.COLLECTOR],
                   hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, draw=[GUIDE, PHRASE, BUG])
    act(game, "draw")
    assert game.hand(0) == sorted([GUIDE, PHRASE, PASSPORT[0]])
    assert game.draw_pile()[0] == BUG and game.active == 1


def test_r5_1_non_jetsetter_draws_one():
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.COLLECTOR, C.JETSETTER],
                   hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, draw=[GUIDE, PHRASE])
    act(game, "draw")
    assert game.hand(0) == sorted([GUIDE, PASSPORT[0]])


# ---- R5.2 Recycle --------------------------------------------------------------

def test_r5_2_recycle_costs_two_then_take_any_card_of_the_discard_pile():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM, TENT, UMB], 1: [PASSPORT[1]]},
                   discard=[GUIDE, PHRASE])
    assert A("recycle") in game.legal_actions()
    act(game, "recycle")
    assert game.phase_name == "recycle-pay"
    pay(game, CAM, TENT)
    assert game.phase_name == "recycle-take"
    assert game.legal_actions() == [A("card", c) for c in sorted([GUIDE, PHRASE, CAM, TENT])]
    act(game, "card", GUIDE)                       # not the top card: any card of the pile
    assert game.hand(0) == sorted([PASSPORT[0], UMB, GUIDE])
    assert game.discard_pile() == [PHRASE, CAM, TENT]
    assert game.knows(1, GUIDE)                    # taken face up from the public pile
    assert game.active == 1                        # that was the action


def test_r5_2_the_card_taken_may_be_one_just_paid():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM, TENT], 1: [PASSPORT[1]]})
    act(game, "recycle")
    pay(game, CAM, TENT)
    assert game.legal_actions() == [A("card", CAM), A("card", TENT)]   # legal with an empty pile
    act(game, "card", TENT)
    assert game.hand(0) == sorted([PASSPORT[0], TENT]) and game.discard_pile() == [CAM]


def test_r5_2_recycle_needs_two_payable_cards():
    game = arrange(players=2, hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, discard=[GUIDE])
    assert A("recycle") not in game.legal_actions()


def test_r5_2_collector_pays_one():
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.COLLECTOR, C.JETSETTER],
                   hands={0: [PASSPORT[0]], 1: [PASSPORT[1]]}, discard=[GUIDE])
    act(game, "recycle")
    act(game, "card", PASSPORT[0])                 # R10.6: paying with the passport is legal
    assert game.phase_name == "recycle-take"
    act(game, "card", GUIDE)
    assert game.hand(0) == [GUIDE] and game.discard_pile() == [PASSPORT[0]]


def test_r5_2_events_can_never_be_taken_back():
    events = list(range(C.FIRST_EVENT, C.FIRST_SPECIAL))
    game = arrange(players=2, extensions=EVENTS, hands={0: [PASSPORT[0], CAM, TENT],
                                                        1: [PASSPORT[1]]},
                   discard=events + [GUIDE])
    act(game, "recycle")
    pay(game, CAM, TENT)
    assert game.legal_actions() == [A("card", c) for c in sorted([GUIDE, CAM, TENT])]


def test_r5_2_forbidden_items_cannot_pay():
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [FIREWORKS, CAM], 1: [PASSPORT[1]]}, discard=[GUIDE])
    assert A("recycle") not in game.legal_actions()
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [FIREWORKS, CAM, TENT], 1: [PASSPORT[1]]}, discard=[GUIDE])
    act(game, "recycle")
    assert A("card", FIREWORKS) not in game.legal_actions()
    pay(game, CAM, TENT)
    assert game.hand(0) == [FIREWORKS]


def test_r5_2_forbidden_items_in_the_pile_may_be_taken():
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [CAM, TENT], 1: [PASSPORT[1]]}, discard=[PET_SNAKE])
    act(game, "recycle")
    pay(game, CAM, TENT)
    assert A("card", PET_SNAKE) in game.legal_actions()


# ---- R5.3 Trade -----------------------------------------------------------------

def test_r5_3_offered_cards_are_public_even_if_declined():
    game = arrange(players=3, hands={0: [PASSPORT[0], CAM, TENT], 1: [PASSPORT[1], UMB],
                                     2: [PASSPORT[2]]})
    assert not game.knows(1, CAM) and not game.knows(2, CAM)
    offer(game, 1, [CAM, TENT], [kind("Umbrella")])
    assert game.decider == 1 and game.phase_name == "trade-reply"
    assert game.knows(2, CAM) and game.knows(2, TENT) and game.knows(1, CAM)
    act(game, "no")
    assert game.knows(2, CAM) and game.knows(1, TENT)
    assert not game.knows(2, PASSPORT[0])          # cards not offered stay private
    assert game.hand(0) == sorted([PASSPORT[0], CAM, TENT])


def test_r5_3_declined_offer_does_not_use_the_action():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1], UMB]},
                   draw=[GUIDE])
    offer(game, 1, [CAM], [kind("Umbrella")], reply=False)
    assert game.active == 0 and game.decider == 0 and game.phase_name == "main"
    assert game.declined_offers == 1
    assert game.hand(0) == sorted([PASSPORT[0], CAM]) and game.hand(1) == sorted([PASSPORT[1], UMB])
    assert game.draw_pile()[0] == GUIDE            # no bonus draw for a declined offer
    assert {"draw", "trade"} <= legal_names(game)
    act(game, "draw")
    assert game.active == 1


def test_r5_3_r10_2_at_most_three_declined_offers_per_turn():
    game = arrange(players=3, hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1]], 2: [PASSPORT[2]]})
    for target in (1, 2, 1):
        assert A("trade", target) in game.legal_actions()
        offer(game, target, [CAM], [kind("Passport")], reply=False)
    legal = game.legal_actions()
    assert A("trade", 1) not in legal and A("trade", 2) not in legal
    assert A("draw") in legal and A("steal", 1) in legal
    act(game, "draw")
    assert game.active == 1 and A("trade", 0) in game.legal_actions()   # a new turn resets it


def test_r5_3_accept_only_when_holding_every_asked_card():
    # asking Camera twice: one Camera is not enough
    game = arrange(players=2, hands={0: [PASSPORT[0], TENT], 1: [PASSPORT[1], CAM, UMB]})
    offer(game, 1, [TENT], [kind("Camera"), kind("Camera")])
    assert game.legal_actions() == [A("no")]
    game = arrange(players=2, hands={0: [PASSPORT[0], TENT], 1: [PASSPORT[1], CAM, CAM2]})
    offer(game, 1, [TENT], [kind("Camera"), kind("Camera")])
    assert game.legal_actions() == [A("yes"), A("no")]
    game = arrange(players=2, hands={0: [PASSPORT[0], TENT], 1: [PASSPORT[1], CAM]})
    offer(game, 1, [TENT], [kind("Camera"), kind("Umbrella")])
    assert game.legal_actions() == [A("no")]


def test_r5_3_accepted_trade_exchanges_exactly_the_agreed_cards_and_draws_one():
    game = arrange(players=3,
                   hands={0: [PASSPORT[0], CAM, TENT, UMB], 1: [PASSPORT[1], SNORK, GUIDE, PHRASE],
                          2: [PASSPORT[2]]},
                   draw=[BUG, CHOP])
    offer(game, 1, [CAM, TENT, UMB], [kind("Snorkel"), kind("Passport")], reply=True)  # 3 for 2
    assert game.hand(0) == sorted([PASSPORT[0], PASSPORT[1], SNORK, BUG])
    assert game.hand(1) == sorted([CAM, TENT, UMB, GUIDE, PHRASE])
    assert game.draw_pile()[0] == CHOP             # exactly one bonus card
    # the exchange is face up; the bonus card is private
    for c in (CAM, TENT, UMB, SNORK, PASSPORT[1]):
        assert game.knows(2, c)
    assert not game.knows(2, BUG) and not game.knows(1, BUG)
    assert game.active == 1


def test_r5_3_diplomat_draws_two_bonus_cards():
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.DIPLOMAT, C.COLLECTOR],
                   hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1], UMB]}, draw=[BUG, CHOP, GUIDE])
    offer(game, 1, [CAM], [kind("Umbrella")], reply=True)
    assert game.hand(0) == sorted([PASSPORT[0], UMB, BUG, CHOP])
    assert game.draw_pile()[0] == GUIDE


def test_r5_3_only_the_proposer_gets_a_bonus():
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.COLLECTOR, C.DIPLOMAT],
                   hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1], UMB]}, draw=[BUG, CHOP])
    offer(game, 1, [CAM], [kind("Umbrella")], reply=True)
    assert game.hand(1) == sorted([PASSPORT[1], CAM])    # the Diplomat answered: no bonus
    assert game.hand(0) == sorted([PASSPORT[0], UMB, BUG])


def test_r5_3_given_cards_are_one_to_three_different_cards():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM, TENT, UMB, SNORK],
                                     1: [PASSPORT[1], GUIDE]})
    act(game, "trade", 1)
    assert A("done") not in game.legal_actions()        # at least one card
    act(game, "card", CAM)
    assert A("card", CAM) not in game.legal_actions()   # different cards
    assert A("done") in game.legal_actions()
    act(game, "card", UMB)                               # canonical order: increasing id
    act(game, "card", TENT)
    assert game.phase_name == "trade-ask"                # no fourth card
    assert A("done") not in game.legal_actions()         # at least one kind
    act(game, "kind", kind("Guidebook"))
    assert A("kind", kind("Guidebook")) in game.legal_actions()   # a kind may repeat
    act(game, "kind", kind("Guidebook"))
    act(game, "kind", kind("Guidebook"))
    assert game.phase_name == "trade-reply"              # no fourth kind
    assert game.pending_offer() == (1, sorted([CAM, TENT, UMB]), [kind("Guidebook")] * 3)


def test_r5_3_askable_kinds_are_those_of_the_game():
    def ask_kinds(ext):
        game = arrange(players=2, extensions=ext, hands={0: [PASSPORT[0], CAM],
                                                         1: [PASSPORT[1]]})
        act(game, "trade", 1)
        act(game, "card", CAM)
        act(game, "done")
        return [a - A("kind", 0) for a in game.legal_actions() if a >= A("kind", 0)]
    assert ask_kinds(0) == list(range(17))                         # items and "a passport"
    assert ask_kinds(POSTCARDS) == list(range(18))
    assert ask_kinds(SPECIALS) == list(range(17)) + list(range(18, 27))
    assert ask_kinds(FORBIDDEN) == list(range(17)) + [27, 28, 29]
    assert ask_kinds(EVENTS | CHARACTERS) == list(range(17))       # never events or characters
    assert ask_kinds(ALL) == list(range(30))


def test_r5_3_a_passport_is_asked_by_kind_and_any_passport_answers():
    game = arrange(players=2, hands={0: [CAM], 1: [PASSPORT[7]]})
    offer(game, 1, [CAM], [kind("Passport")], reply=True)
    assert PASSPORT[7] in game.hand(0) and game.hand(1) == [CAM]


def test_r5_3_forbidden_items_may_be_given_if_accepted():
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [PASSPORT[0], FIREWORKS], 1: [PASSPORT[1], CAM]})
    offer(game, 1, [FIREWORKS], [kind("Camera")], reply=True)
    assert FIREWORKS in game.hand(1) and CAM in game.hand(0)


def test_r5_3_r10_8_trade_needs_a_partner_holding_a_card():
    game = arrange(players=3, hands={0: [PASSPORT[0]], 1: [], 2: [PASSPORT[2]]})
    legal = game.legal_actions()
    assert A("trade", 1) not in legal and A("trade", 2) in legal and A("trade", 0) not in legal
    assert A("steal", 1) not in legal and A("steal", 2) in legal


def test_r5_3_the_answer_is_only_yes_or_no_no_free_plays_for_the_receiver():
    game = arrange(players=2, extensions=SPECIALS | FORBIDDEN,
                   hands={0: [PASSPORT[0], CAM],
                          1: [PASSPORT[1], UMB, C.BINOCULARS, C.DECLARATION, FIREWORKS]})
    offer(game, 1, [CAM], [kind("Umbrella")])
    assert game.legal_actions() == [A("yes"), A("no")]


# ---- R5.4 Steal -----------------------------------------------------------------

def test_r5_4_steal_costs_one_card_and_takes_one_at_random():
    victim = [UMB, SNORK, GUIDE]
    game = arrange(players=3, hands={0: [PASSPORT[0], CAM], 1: list(victim), 2: [PASSPORT[2]]})
    act(game, "steal", 1)
    assert game.phase_name == "steal-pay"
    assert game.legal_actions() == [A("card", CAM), A("card", PASSPORT[0])]
    act(game, "card", CAM)
    stolen = set(game.hand(0)) - {PASSPORT[0]}
    assert len(stolen) == 1 and stolen <= set(victim)
    (s,) = stolen
    assert sorted(game.hand(1)) == sorted(set(victim) - {s})
    assert game.discard_pile() == [CAM]
    # R5.4, R7.4: only thief and victim know which card moved
    assert game.knows(0, s) and game.knows(1, s) and not game.knows(2, s)
    assert game.active == 1


def test_r5_4_r10_3_the_stolen_card_is_random_and_seeded():
    victim = [UMB, SNORK, GUIDE]
    seen = {}
    for seed in range(40):
        results = []
        for _ in range(2):
            game = arrange(players=2, seed=seed, hands={0: [PASSPORT[0], CAM], 1: list(victim)})
            act(game, "steal", 1)
            act(game, "card", CAM)
            results.append(tuple(game.hand(0)))
        assert results[0] == results[1]              # the same seed gives the same card
        (s,) = set(results[0]) - {PASSPORT[0]}
        seen[s] = seen.get(s, 0) + 1
    assert set(seen) == set(victim) and min(seen.values()) >= 5


def test_r5_4_pickpocket_steals_without_paying():
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.PICKPOCKET, C.COLLECTOR],
                   hands={0: [PASSPORT[0]], 1: [UMB]})
    act(game, "steal", 1)
    assert game.hand(0) == sorted([PASSPORT[0], UMB]) and game.discard_pile() == []
    assert UMB not in game.hand(1) and game.active == 1
    assert len(game.hand(1)) == 3                  # R4.1: its empty hand was refilled


def test_r5_4_forbidden_items_cannot_pay_but_can_be_stolen():
    game = arrange(players=2, extensions=FORBIDDEN, hands={0: [FIREWORKS], 1: [UMB]})
    assert A("steal", 1) not in game.legal_actions()
    game = arrange(players=2, extensions=FORBIDDEN,
                   hands={0: [FIREWORKS, CAM], 1: [PET_SNAKE]})
    act(game, "steal", 1)
    assert game.legal_actions() == [A("card", CAM)]
    act(game, "card", CAM)
    assert game.hand(0) == [FIREWORKS, PET_SNAKE] and PET_SNAKE not in game.hand(1)


def test_r5_4_steal_with_a_full_hand_then_discard():
    hand = [PASSPORT[0], CAM, TENT, UMB, SNORK, GUIDE, PHRASE]      # 7: full
    game = arrange(players=2, extensions=CHARACTERS, characters=[C.PICKPOCKET, C.COLLECTOR],
                   hands={0: hand, 1: [BUG]})
    assert A("steal", 1) in game.legal_actions()
    act(game, "steal", 1)
    assert BUG in game.hand(0) and len(game.hand(0)) == 8
    assert game.phase_name == "discard" and game.decider == 0
    act(game, "card", BUG)
    assert len(game.hand(0)) == 7 and game.active == 1


def test_r5_4_victim_with_empty_hand_cannot_be_robbed():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: []})
    assert [a for a in game.legal_actions() if A("steal", 0) <= a <= A("steal", 5)] == []


def test_r5_4_no_mousetrap_question_without_special_items():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: [UMB]})
    act(game, "steal", 1)
    act(game, "card", CAM)
    assert game.hand(0) == sorted([PASSPORT[0], UMB]) and game.active == 1


def test_r5_3_asked_cards_must_be_held_before_the_exchange():
    # asking for the kind you give: the receiver must already hold one
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1], UMB]})
    offer(game, 1, [CAM], [kind("Camera")])
    assert game.legal_actions() == [A("no")]
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1], CAM2]})
    offer(game, 1, [CAM], [kind("Camera")], reply=True)
    assert CAM2 in game.hand(0) and CAM in game.hand(1)    # the agreed cards, not CAM back


def test_r10_6_a_passport_may_pay_a_cost():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: [UMB]})
    act(game, "steal", 1)
    assert A("card", PASSPORT[0]) in game.legal_actions()
    act(game, "card", PASSPORT[0])
    assert game.hand(0) == sorted([CAM, UMB]) and game.discard_pile() == [PASSPORT[0]]


# ---- R5.3 the same trade offered the other way (Game.mirrored_offer) --------------

def test_r5_3_the_mirror_of_an_offer_turns_it_around():
    game = arrange(players=3, hands={0: [PASSPORT[0], CAM, UMB], 1: [PASSPORT[1], GUIDE, GUIDE2, TENT],
                                     2: [PASSPORT[2]]}, draw=[BUG, PHRASE])
    offer(game, 1, [UMB, CAM], [kind("Guidebook"), kind("Guidebook")])
    mirror = game.mirrored_offer()
    assert game.pending_offer() == (1, sorted([CAM, UMB]), [kind("Guidebook")] * 2)  # unchanged
    assert (mirror.active, mirror.decider, mirror.phase_name) == (1, 0, "trade-reply")
    assert mirror.pending_offer() == (0, sorted([GUIDE, GUIDE2]), sorted([kind("Camera"), kind("Umbrella")]))
    assert all(mirror.knows(s, c) for s in range(3) for c in (GUIDE, GUIDE2))  # shown face up
    assert not game.knows(2, GUIDE)
    assert mirror.declined_offers == 0
    act(mirror, "yes")
    assert mirror.hand(0) == sorted([PASSPORT[0], GUIDE, GUIDE2])
    assert mirror.hand(1) == sorted([PASSPORT[1], TENT, CAM, UMB, BUG])  # the bonus card is the offerer's
    assert mirror.active == 2


def test_r5_3_an_offer_its_target_could_not_accept_has_no_mirror():
    game = arrange(players=2, hands={0: [PASSPORT[0], CAM], 1: [PASSPORT[1], GUIDE]})
    with pytest.raises(ValueError, match="no trade offer is waiting"):
        game.mirrored_offer()
    offer(game, 1, [CAM], [kind("Guidebook"), kind("Guidebook")])
    with pytest.raises(ValueError, match="does not hold every card asked"):
        game.mirrored_offer()
    assert game.pending_offer() == (1, [CAM], [kind("Guidebook")] * 2)
