"""The planner (bots/_planner.py): what a sensible player never does, checked
on every decision of whole games."""

import numpy as np
import pytest

from bots import _planner as P
from bots.baselines import GreedyBot, PlannerBot
from engine import Game
from engine import cards as C
from engine import kernels as L
from engine.kernels import CARD_KIND


def planner_games(players, seeds, extensions="all"):
    """(game before the move, seat, action) for every decision of planner
    seats in seeded games where planners and greedy bots alternate seats."""
    for seed in seeds:
        game = Game.new(players=players, extensions=extensions, seed=seed, round_cap=80)
        bots = [PlannerBot(s) if s % 2 == 0 else GreedyBot(s) for s in range(players)]
        while not game.over:
            seat = game.decider
            action = bots[seat].choose(game.view(seat))
            if seat % 2 == 0:
                yield game, seat, action
            game.apply(action)


def payable(game, seat):
    return [c for c in game.hand(seat) if not L.is_forbidden(c)]


@pytest.fixture(scope="module")
def decisions():
    """Copies of the positions of planner decisions in 2, 4 and 5 player games."""
    found = []
    for players, seeds in ((2, range(10)), (4, range(10)), (5, range(4))):
        for game, seat, action in planner_games(players, seeds):
            found.append((game.copy(), seat, action))
    return found


def test_it_plays_whole_games_legally_and_finishes_them(decisions):
    assert len(decisions) > 2000  # about 2,600
    for game, seat, action in decisions:
        assert game.is_legal(action)
    for seed in range(4):
        *_, (game, seat, action) = planner_games(4, [100 + seed])
        assert game.over and game.outcome.reason in ("center", "postcards")  # the same game, played out


def test_it_never_pays_its_only_passport_while_other_cards_can_pay(decisions):
    """Recycle, steal, dispose and the hand limit: a lone passport is paid
    only when fewer other payable cards than the price are left (postcards
    not counted while the recycle takes the fourth, which wins: R8)."""
    checked = 0
    for game, seat, action in decisions:
        if game.phase not in (L.PH_RECYCLE_PAY, L.PH_STEAL_PAY, L.PH_DISCARD, L.PH_DISPOSE_WITH):
            continue
        card = action - L.A_CARD
        passports = [c for c in game.hand(seat) if CARD_KIND[c] == C.KIND_PASSPORT]
        if len(passports) != 1:
            continue
        checked += 1
        due = int(game.state[L.NEED]) if game.phase in (L.PH_RECYCLE_PAY, L.PH_DISCARD) else 1
        others = [c for c in payable(game, seat) if c != passports[0]]
        postcards = sum(CARD_KIND[c] == C.KIND_POSTCARD for c in game.hand(seat))
        if (game.phase == L.PH_RECYCLE_PAY and postcards == 3
                and any(CARD_KIND[c] == C.KIND_POSTCARD for c in game.discard_pile())):
            others = [c for c in others if CARD_KIND[c] != C.KIND_POSTCARD]
        if CARD_KIND[card] == C.KIND_PASSPORT:
            assert len(others) < due, (game.to_text(), card)
    assert checked > 100


def test_a_payment_is_the_set_planned_at_its_first_card():
    """The engine takes a payment card by card in increasing id order; the
    planner chooses the set at the first card and then pays exactly it."""
    scratch = np.zeros(24, np.int64)
    checked = 0
    for players in (2, 4):
        planned = None
        paid = []
        for game, seat, action in planner_games(players, range(14)):
            if game.phase == L.PH_RECYCLE_PAY:
                S = game.observation(seat)
                if planned is None:
                    need = int(S[L.NEED])
                    P.plan_payment(S, seat, need, -1, scratch)
                    planned, paid = sorted(scratch[:need].tolist()), []
                paid.append(action - L.A_CARD)
                if len(paid) == len(planned):
                    assert paid == planned
                    checked += 1
                    planned = None
    assert checked > 20


def test_it_asks_only_for_kinds_the_target_may_hold(decisions):
    """No ask for a kind whose every copy the planner has seen elsewhere
    (its own hand, another hand, the pile, out of the game)."""
    checked = 0
    for game, seat, action in decisions:
        if game.phase != L.PH_TRADE_ASK or action < L.A_KIND:
            continue
        kind = action - L.A_KIND
        S = game.observation(seat)
        target = int(S[L.TARGET])
        places = [S[L.LOC + c] for c in range(C.NUM_CARDS) if CARD_KIND[c] == kind]
        assert any(place == target or not P.located(place) for place in places), game.to_text()
        checked += 1
    assert checked > 50


def test_it_offers_only_trades_it_gains_from_and_would_accept_the_other_way(decisions):
    """When an offer is complete, the planner's own values rate what it asks
    above what it gives, and as the target of the mirror offer (giving what
    it asked, asking what it gave) it would decline."""
    checked = 0
    for game, seat, action in decisions:
        if game.phase != L.PH_TRADE_ASK or action != L.A_DONE:
            continue
        S = game.observation(seat)
        gives = [int(S[L.GIVE + i]) for i in range(S[L.N_GIVE])]
        asks = [int(S[L.ASK + i]) for i in range(S[L.N_ASK])]
        gain = sum(P.gain_value(S, seat, kind) for kind in asks)
        kept = 0.0
        for i, card in enumerate(gives):
            kind = CARD_KIND[card]
            before = sum(1 for other in gives[:i] if CARD_KIND[other] == kind)
            kept += P.keep_value(S, seat, kind, L.kind_count(S, seat, kind) - 1 - before)
        assert gain > kept, game.to_text()
        checked += 1
    assert checked > 30


def test_it_never_hands_a_rival_a_postcard_that_could_be_its_fourth(decisions):
    checked = 0
    for game, seat, action in decisions:
        if game.phase != L.PH_TRADE_REPLY:
            continue
        S = game.observation(seat)
        asked = [int(S[L.ASK + i]) for i in range(S[L.N_ASK])].count(C.KIND_POSTCARD)
        if not asked:
            continue
        checked += 1
        offerer = int(S[L.ACTIVE])
        seen = sum(1 for c in range(C.NUM_CARDS)
                   if S[L.LOC + c] == offerer and CARD_KIND[c] == C.KIND_POSTCARD)
        unseen = int(S[L.HAND_SIZE + offerer]) - sum(
            1 for c in range(C.NUM_CARDS) if S[L.LOC + c] == offerer)
        hidden = sum(1 for c in range(C.NUM_CARDS)
                     if CARD_KIND[c] == C.KIND_POSTCARD and not P.located(S[L.LOC + c]))
        if action == L.A_YES:
            assert seen + asked < 3 and seen + asked + min(unseen, hidden) < 4, game.to_text()
    assert checked > 5


def test_the_same_observation_gives_the_same_move(decisions):
    """R7.4: the planner reads only its seat's observation."""
    for game, seat, action in decisions[::97]:
        other = game.determinize(seat, 5)
        assert np.array_equal(other.observation(seat), game.observation(seat))
        assert PlannerBot(1).choose(other.view(seat)) == action
