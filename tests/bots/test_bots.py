"""Bots decide from their seat's view only, deterministically, and legally."""

from dataclasses import replace

import numpy as np
import pytest

from engine import Config, Game, Phase, SeatView, StateError
from engine import cards as C
from engine import kernels as L
from bots import _ismcts as K
from arena.match import Table, bot_seats
from bots.difficulty import make_bot
from bots.ismcts import IsmctsBot
from bots.search_settings import LevelSettings, SearchSettings

QUICK = SearchSettings(iterations=300, rollout_depth=10)


def positions(seed, players=4, every=7, limit=6):
    """Some mid-game positions of a random all-extension game."""
    game = Game.new(players=players, extensions="all", seed=seed, round_cap=60)
    rnd = np.random.default_rng(seed)
    found = 0
    step = 0
    while not game.over and found < limit:
        legal = game.legal_actions()
        step += 1
        if step % every == 0 and len(legal) > 1:
            found += 1
            yield game
        game.apply(legal[int(rnd.integers(len(legal)))])


def test_same_observation_same_move():
    """R7.4: worlds that differ only in cards the bot cannot see give the same move."""
    for game in positions(3):
        seat = game.decider
        other = game.determinize(seat, 99)  # other hidden cards, same observation
        assert np.array_equal(other.observation(seat), game.observation(seat))
        assert not np.array_equal(other.state, game.state)
        for name in ("greedy", "planner", "easy", "medium"):  # medium reads missed travels
            a = make_bot(name, seed=5).choose(game.view(seat))
            b = make_bot(name, seed=5).choose(other.view(seat))
            assert a == b


def test_the_experts_beliefs_read_only_the_observation():
    """R7.4 for the expert's knowledge (beliefs about hands, the fitted
    evaluation, missed travels, reachable worlds): the same observation with
    other hidden cards gives the same move. The clock is off, so the budget
    is exactly the iterations on any machine."""
    from bots.difficulty import expert_settings
    settings = expert_settings(0.003).changed(seconds=None)
    assert settings.search.belief_sweeps > 0 and settings.search.evaluation == "fitted"
    for seed in (3, 12):
        for game in positions(seed, limit=4):
            seat = game.decider
            other = game.determinize(seat, 7)
            assert np.array_equal(other.observation(seat), game.observation(seat))
            a = IsmctsBot(settings, seed=5).choose(game.view(seat))
            b = IsmctsBot(settings, seed=5).choose(other.view(seat))
            assert a == b


def test_same_seed_same_move_and_moves_are_legal():
    for game in positions(8):
        view = game.view(game.decider)
        first = IsmctsBot(QUICK, seed=11).choose(view)
        again = IsmctsBot(QUICK, seed=11).choose(view)
        assert first == again
        assert first in game.legal_actions()


@pytest.mark.parametrize("names", [("random", "greedy"), ("easy", "greedy", "random"),
                                   ("planner", "greedy", "planner", "random")])
def test_whole_games_with_only_legal_moves(names):
    """Bots finish games; every choice is legal (game.apply would raise) and
    every card a bot names is one its seat knows the place of."""
    config = Config(players=len(names), extensions=C.ALL_EXTENSIONS, seed=4, round_cap=25)
    table = Table(config, bot_seats(names, names), [None] * len(names))
    table.players = [Knowing(make_bot(n, seed=i), table.game) for i, n in enumerate(names)]
    table.play()  # an illegal choice would raise
    assert table.game.outcome.reason in ("center", "postcards", "round_cap")


class Knowing:
    """A bot whose every card choice is checked: its seat knows where the card is."""

    def __init__(self, bot, game):
        self.bot, self.game = bot, game

    def choose(self, view):
        action = self.bot.choose(view)
        if L.A_CARD <= action < L.A_KIND:
            assert self.game.knows(view.seat, action - L.A_CARD)
        return action


def test_search_reports_its_estimates():
    game = Game.new(players=4, extensions="all", seed=2)
    bot = IsmctsBot(replace(QUICK, stop_when_decided=False), seed=1)
    bot.choose(game.view(game.decider))
    assert bot.last_iterations == QUICK.iterations
    visits = [m.visits for m in bot.last_search]
    assert visits == sorted(visits, reverse=True)
    assert 0 < sum(visits) <= QUICK.iterations
    assert all(0.0 <= m.win_chance <= 1.0 for m in bot.last_search)


def test_stopping_once_decided_never_changes_the_move():
    full = replace(QUICK, iterations=3000, stop_when_decided=False)
    early = replace(full, stop_when_decided=True)
    saved = 0
    for game in positions(seed=3, limit=8):
        view = game.view(game.decider)
        if len(view.legal_actions) < 2:
            continue
        a, b = IsmctsBot(full), IsmctsBot(early)
        assert a.analyse(view, 11)[0].action == b.analyse(view, 11)[0].action
        assert b.last_iterations <= a.last_iterations == full.iterations
        saved += a.last_iterations - b.last_iterations
    assert saved > 0  # some decisions were settled before the budget ran out


def test_a_smaller_decided_share_stops_sooner_once_a_move_leads_by_that_share():
    budget = 3000
    whole = replace(QUICK, iterations=budget)
    sooner = replace(whole, decided_share=0.25)
    saved = 0
    for game in positions(seed=5, limit=8):  # decisions of two choices or more
        a, b = IsmctsBot(whole), IsmctsBot(sooner)
        a.analyse(game.view(game.decider), 11)
        moves = b.analyse(game.view(game.decider), 11)
        assert b.last_iterations <= a.last_iterations
        if b.last_iterations < budget:  # stopped on a lead of more than a quarter of what was left
            lead = moves[0].visits - (moves[1].visits if len(moves) > 1 else 0)
            assert lead > int((budget - b.last_iterations) * 0.25)
        saved += a.last_iterations - b.last_iterations
    assert saved > 0


def test_unknown_bot_name_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_the_cheater_exists_only_for_measurement():
    with pytest.raises(ValueError):
        make_bot("cheater-easy")  # never in play
    bot = make_bot("cheater-easy", seed=1, measurement=True)
    names = ("cheater-easy", "greedy", "greedy")
    table = Table(Config(players=3, extensions=C.ALL_EXTENSIONS, seed=6, round_cap=20),
                  bot_seats(names, names), [bot, make_bot("greedy"), make_bot("greedy")],
                  record=False)
    table.play()
    assert table.game.outcome.reason in ("center", "postcards", "round_cap")


def test_a_partial_cheater_sees_every_hand_only_at_its_phases():
    """cheater-LEVEL@PHASE: the cheater's search on the whole state at the
    phases named, the fair search on the seat's view (R7.4) elsewhere."""
    with pytest.raises(ValueError):
        make_bot("cheater-easy@main")  # never in play
    with pytest.raises(ValueError, match="not a phase"):
        make_bot("cheater-easy@mian", measurement=True)
    bot = make_bot("cheater-easy@main/trade-reply", seed=1, measurement=True)
    assert bot.sees_everything and bot.phases == {Phase.MAIN, Phase.TRADE_REPLY}
    asked = []
    for part, name in ((bot.cheater, "cheater"), (bot.fair, "fair")):
        def spy(view, part=part, name=name, choose=part.choose):
            asked.append((name, view))
            return choose(view)
        part.choose = spy
    names = ("cheater-easy@main/trade-reply", "greedy", "greedy")
    table = Table(Config(players=3, extensions=C.ALL_EXTENSIONS, seed=6, round_cap=8),
                  bot_seats(names, names), [bot, make_bot("greedy"), make_bot("greedy")],
                  record=False)
    while not table.over:
        if table.game.decider == 0:
            truth = table.game.snapshot()
            seat_view = table.game.view(0)
            table.step()
            who, view = asked[-1]
            if seat_view.phase in (Phase.MAIN, Phase.TRADE_REPLY):
                assert who == "cheater" and np.array_equal(view.observation, truth)
            else:
                assert who == "fair" and np.array_equal(view.observation, seat_view.observation)
                assert view.legal_actions == seat_view.legal_actions
        else:
            table.step()
    assert {who for who, _ in asked} == {"cheater", "fair"}


def rival_only_moves_in_tree(view, settings, seed=3):
    """How many tree nodes hold a move only a rival can make: a trade offer
    to, or a steal from, the root seat (action ids name the target seat)."""
    header, ints, rewards = K.new_tree(settings.iterations + 2)
    header[K.T_RNG] = seed
    K.search(header, ints, rewards, view.observation, view.seat,
             settings.params(view.config.players), settings.iterations)
    used = int(header[K.T_NODES])
    targets_root = {L.A_TRADE_TO + view.seat, L.A_STEAL_FROM + view.seat}
    return sum(int(a) in targets_root for a in ints[1:used, 1])


def test_the_search_holds_its_rivals_moves_in_its_tree():
    """Rivals are searched, each picking its own best move (max^n), not
    played by the rollout policy (docs/experiments.md, "Rivals searched,
    not played by the rollout policy"): at a duel and at four players."""
    expert = make_bot("expert", think=0.02).settings
    for players in (2, 4):
        game = next(iter(positions(seed=5, players=players, limit=1)))
        view = game.view(game.decider)
        table = expert.at_table_of(players, C.ALL_EXTENSIONS).changed(seconds=None, iterations=2000)
        assert rival_only_moves_in_tree(view, table) > 0


def test_a_hint_searches_the_experts_budget_under_a_clock_below_its_thinking_time():
    from bots.difficulty import HINT_CLOCK_SHARE, expert_settings, hint_settings
    for think in (None, 0.5, 2.0):
        expert = expert_settings(think) if think else expert_settings()
        hint = hint_settings(think)
        assert hint.seconds == pytest.approx(HINT_CLOCK_SHARE * (think or 1.0))
        assert hint.seconds < (think or 1.0) < expert.seconds
        assert hint.changed(seconds=expert.seconds) == expert
        # a duel's settings keep the hint's clock too
        assert hint.at_table_of(2, C.ALL_EXTENSIONS).seconds == hint.seconds


def test_search_refuses_an_observation_no_world_fits():
    game = Game.new(players=3, extensions="all", seed=4)
    view = game.view(game.decider)
    obs = view.observation.copy()
    obs[L.HAND_SIZE + (view.seat + 1) % 3] += 70  # more cards than the game has
    header, ints, rewards = K.new_tree(100)
    params = SearchSettings(iterations=50).params(3)
    with pytest.raises(ValueError, match="no world fits"):
        K.search(header, ints, rewards, obs, view.seat, params, 50)


def main_view(players):
    game = Game.new(players=players, extensions="all", seed=8)
    assert game.phase == L.PH_MAIN
    return game.view(game.decider)


def test_a_duel_offer_needs_the_margin_over_the_next_best_move():
    from bots.ismcts import MoveEstimate
    view = main_view(2)
    offer = L.A_TRADE_TO + 1 - view.seat  # to the one rival
    assert offer in view.legal_actions and L.A_DRAW in view.legal_actions
    close = [MoveEstimate(offer, 900, 0.610), MoveEstimate(L.A_DRAW, 500, 0.600)]
    clear = [MoveEstimate(offer, 900, 0.630), MoveEstimate(L.A_DRAW, 500, 0.600)]
    bot = IsmctsBot(replace(QUICK, duel_offer_margin=0.02))
    assert bot._worth_playing(view, close) == L.A_DRAW
    assert bot._worth_playing(view, clear) == offer
    assert IsmctsBot(QUICK)._worth_playing(view, close) == offer  # no margin: the most visited
    four = main_view(4)  # with more players the margin does not apply
    offer4 = next(a for a in four.legal_actions if L.A_TRADE_TO <= a < L.A_STEAL_FROM)
    assert bot._worth_playing(four, [MoveEstimate(offer4, 900, 0.61), MoveEstimate(L.A_DRAW, 5, 0.6)]) == offer4


def test_the_expert_weighs_its_duel_offers():
    """The move is the search's best unless it is an offer within the
    margin; an offer that fails its mirror check gives way to the move
    the search prefers next, weighed the same way."""
    bot = make_bot("expert", think=0.05)
    assert bot.settings.at_table_of(2, C.ALL_EXTENSIONS).duel_offer_margin > 0
    for game in positions(seed=2, players=2, every=3, limit=8):
        view = game.view(game.decider)
        action = bot.choose(view)
        weighed = bot._worth_playing(view, bot.last_search)
        if action != weighed:
            assert L.A_TRADE_TO <= weighed < L.A_STEAL_FROM
            rest = [m for m in bot.last_search if m.action != weighed]
            assert action == bot._worth_playing(view, rest)
        assert action in view.legal_actions


def test_a_strong_planner_prior_leads_the_search_to_the_planners_move():
    """The prior is tried first and biased: with a weight that dwarfs every
    estimate, the most visited root move is the planner's."""
    led = replace(QUICK, iterations=200, planner_prior=50.0, stop_when_decided=False)
    planner = make_bot("planner")
    checked = differs_without = 0
    for players in (2, 4):
        for game in positions(seed=11, players=players, every=3, limit=24):
            if game.phase != L.PH_MAIN:
                continue
            checked += 1
            view = game.view(game.decider)
            wanted = planner.choose(view)
            assert IsmctsBot(led, seed=3).choose(view) == wanted
            differs_without += IsmctsBot(replace(led, planner_prior=0.0), seed=3).choose(view) != wanted
    assert checked >= 10
    assert differs_without > 0  # without the prior the search plays its own moves


def test_a_table_without_postcards_has_a_prior_in_step_with_the_budget():
    """`prior_without_postcards`: from three players up, at a table without
    the postcards extension, the prior is that much per 1,000 iterations;
    elsewhere the level's own settings."""
    plain = replace(QUICK, iterations=3000)
    settings = LevelSettings(plain, prior_without_postcards=4.0)
    no_postcards = C.ALL_EXTENSIONS & ~C.EXT_POSTCARDS
    for extensions in (0, no_postcards):
        assert settings.at_table_of(4, extensions) == replace(plain, planner_prior=12.0)
        assert settings.at_table_of(3, extensions).params(3)[K.P_PLANNER_PRIOR] == 12.0
    assert settings.at_table_of(4, C.ALL_EXTENSIONS) == plain
    assert settings.at_table_of(2, 0) == plain
    assert settings.changed(iterations=1000).at_table_of(4, 0).planner_prior == 4.0  # in step
    # a level's own prior stays where postcards are played
    led = LevelSettings(replace(plain, planner_prior=1.5), prior_without_postcards=4.0)
    assert led.at_table_of(4, C.ALL_EXTENSIONS).planner_prior == 1.5
    assert led.at_table_of(4, 0).planner_prior == 12.0
    # the expert has one: 4 per 1,000 iterations, at any budget
    from bots.difficulty import level_settings
    for think in (None, 0.025):
        expert = level_settings("expert", think)
        assert expert.at_table_of(4, 0).planner_prior == 4 * expert.iterations / 1000
        assert expert.at_table_of(4, C.ALL_EXTENSIONS).planner_prior == 0.0
        assert expert.at_table_of(2, 0).planner_prior == 0.0
    # the bot searches with it: the planner's move is tried first
    game = Game.new(players=3, extensions="none", seed=4)
    view = game.view(game.decider)
    bot = IsmctsBot(LevelSettings(replace(QUICK, iterations=200), prior_without_postcards=4.0), seed=1)
    alone = IsmctsBot(replace(QUICK, iterations=200, planner_prior=0.8), seed=1)
    assert bot.choose(view) == alone.choose(view)
    assert [(m.action, m.visits) for m in bot.last_search] == [(m.action, m.visits) for m in alone.last_search]


def test_a_duel_searches_with_the_duel_settings_and_larger_tables_with_the_others():
    """`LevelSettings.duel`: a two-player game's settings where a level's
    differ; larger tables keep the others, and a change (a variant, the
    cheater) applies at every table. A duel keeps the level's budget."""
    fitted = LevelSettings(replace(QUICK, evaluation="fitted"), duel=QUICK)
    assert fitted.at_table_of(2, C.ALL_EXTENSIONS) == QUICK
    assert fitted.at_table_of(4, C.ALL_EXTENSIONS) == replace(QUICK, evaluation="fitted")
    assert fitted.at_table_of(2, C.ALL_EXTENSIONS).params(2)[K.P_FITTED_EVALUATION] == 0.0
    assert fitted.at_table_of(4, C.ALL_EXTENSIONS).params(4)[K.P_FITTED_EVALUATION] == 1.0
    changed = fitted.changed(iterations=50)
    assert changed.at_table_of(2, C.ALL_EXTENSIONS).iterations == changed.at_table_of(4, C.ALL_EXTENSIONS).iterations == 50
    assert changed.iterations == 50
    with pytest.raises(ValueError, match="budget"):
        LevelSettings(QUICK, duel=replace(QUICK, iterations=20))
    for game in positions(seed=5, players=2, every=4, limit=4):
        view = game.view(game.decider)
        assert IsmctsBot(fitted, seed=2).choose(view) == IsmctsBot(QUICK, seed=2).choose(view)
    differs = 0
    for game in positions(seed=5, players=4, every=4, limit=6):
        view = game.view(game.decider)
        bot = IsmctsBot(fitted, seed=2)
        alone = IsmctsBot(replace(QUICK, evaluation="fitted"), seed=2)
        hand_set = IsmctsBot(QUICK, seed=2)
        assert bot.choose(view) == alone.choose(view)
        hand_set.choose(view)
        visits = [(m.action, m.visits) for m in bot.last_search]
        assert visits == [(m.action, m.visits) for m in alone.last_search]
        differs += visits != [(m.action, m.visits) for m in hand_set.last_search]
    assert differs > 0  # the larger table's search is not the duel's


def test_hard_plays_duels_as_the_ladder_measured_it():
    """Hard's duels keep the hand-set evaluation and rollouts of 20 (the
    ladder's rows); from three players up it scores with the fitted one."""
    from bots.difficulty import settings_of
    hard = settings_of("hard")
    assert hard.at_table_of(2, C.ALL_EXTENSIONS).evaluation == "hand-set" and hard.at_table_of(2, C.ALL_EXTENSIONS).rollout_depth == 20
    assert hard.at_table_of(3, C.ALL_EXTENSIONS).evaluation == "fitted" and hard.at_table_of(3, C.ALL_EXTENSIONS).rollout_depth == 10
    variant = settings_of("hard+rollout_depth=15")
    assert variant.at_table_of(2, C.ALL_EXTENSIONS).rollout_depth == variant.at_table_of(4, C.ALL_EXTENSIONS).rollout_depth == 15


def test_medium_and_hard_search_with_the_planners_prior_only_from_three_players():
    """In duels stealing wins, and medium and hard keep no prior there; from
    three players up their games would drag on without one
    (docs/experiments.md, "A war of steals")."""
    from bots.difficulty import level_settings
    for level, prior in (("medium", 1.0), ("hard", 8.0)):
        settings = level_settings(level)
        assert settings.at_table_of(2, C.ALL_EXTENSIONS).params(2)[K.P_PLANNER_PRIOR] == 0.0
        for players in (3, 4):
            for extensions in (0, C.ALL_EXTENSIONS):
                assert settings.at_table_of(players, extensions).params(players)[K.P_PLANNER_PRIOR] == prior


@pytest.mark.slow
def test_four_mediums_without_extensions_finish_their_games():
    """Searching bots that steal from each other at every turn can keep a
    game from ending (docs/experiments.md, "a war of steals"): four mediums
    without extensions played 179 rounds in a median game, a quarter of
    them to the 200-round cap. At four players medium searches with the
    planner's move as a prior, and its games end well before a round cap."""
    for seed in (1, 2):
        game = Game.new(players=4, extensions="none", seed=seed, round_cap=100)
        bots = [make_bot("medium", seed=seed * 10 + s) for s in range(4)]
        while not game.over:
            game.apply(bots[game.decider].choose(game.view(game.decider)))
        assert game.outcome.winner is not None, f"seed {seed}: no winner in 100 rounds"


def test_with_an_inner_share_a_decision_inside_a_move_gets_that_share_of_the_budget():
    settings = replace(QUICK, iterations=400, inner_share=0.25, stop_when_decided=False)
    game = Game.new(players=3, extensions="all", seed=4, round_cap=30)
    bot = IsmctsBot(settings, seed=1)
    seen = set()
    while not game.over and len(seen) < 2:
        view = game.view(game.decider)
        action = bot.choose(view)
        if len(view.legal_actions) > 1 and bot.last_iterations:
            inner = view.phase not in (Phase.MAIN, Phase.TRADE_REPLY, Phase.MOUSETRAP)
            assert bot.last_iterations == (100 if inner else 400)
            seen.add(inner)
        game.apply(action)
    assert seen == {True, False}


@pytest.mark.slow
def test_a_move_goes_on_in_the_tree_of_its_first_decision():
    import copy

    from bots.ismcts import CONTINUED_PHASES
    settings = replace(QUICK, iterations=1500, reuse_tree=True)
    # a decision inside a move of another game, for a bot holding its own tree
    other = Game.new(players=4, extensions="all", seed=5, round_cap=30)
    while other.phase not in CONTINUED_PHASES or len(other.legal_actions()) < 2:
        other.apply(make_bot("planner").choose(other.view(other.decider)))
    elsewhere = other.view(other.decider)
    game = Game.new(players=4, extensions="all", seed=4, round_cap=30)
    bots = [IsmctsBot(settings, seed=s) for s in range(4)]
    went_on = strangers = 0
    while not game.over:
        seat = game.decider
        view = game.view(seat)
        if view.phase in CONTINUED_PHASES and bots[seat].continues(view):
            stranger = copy.deepcopy(bots[seat])  # its tree serves this move only
            assert not stranger.continues(elsewhere)
            stranger.choose(elsewhere)
            assert stranger.last_reused == 0
            strangers += 1
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        if view.phase in CONTINUED_PHASES and len(view.legal_actions) > 1:
            went_on += bots[seat].last_reused > 0
            assert bots[seat].last_iterations <= settings.iterations
        else:
            assert bots[seat].last_reused == 0
        game.apply(action)
    assert went_on > 0 and strangers > 0


def test_a_bot_move_half_made_at_a_save_is_made_again_whole(monkeypatch):
    """A game saved while a bot composes an offer plays on as the game that
    was never saved: the bot's move is taken back and made again from its
    first decision, whose tree serves the rest (Reseeded, reuse_tree)."""
    import copy

    from bots import difficulty
    from bots.ismcts import MOVE_GOES_ON
    from arena.match import Reseeded, derive_seed
    from engine.record import resume
    medium = difficulty.LEVEL_SETTINGS["medium"].changed(reuse_tree=True)
    monkeypatch.setitem(difficulty.LEVEL_SETTINGS, "medium", medium)
    config = Config(players=3, extensions=C.ALL_EXTENSIONS, seed=12, round_cap=30)
    seats = bot_seats(["medium"] * 3, ["Ana", "Bo", "Cy"])

    def seated(table):
        table.players = [Reseeded("medium", lambda s=s: derive_seed("test", 12, s, table.decisions))
                         for s in range(3)]
        return table

    whole = seated(Table(config, seats, [None] * 3))
    saves = []
    while not whole.over:
        pending = whole.recorder.pending
        if (whole.game.phase in MOVE_GOES_ON and pending and pending["engine_actions"]
                and len(saves) < 3):
            saves.append(copy.deepcopy(whole.document()))
        whole.step()
    assert saves
    for saved in saves:
        resumed = seated(Table(config, seats, [None] * 3, recorder=resume(saved, "save")))
        assert resumed.restart_bot_move() == len(saved["pending"]["engine_actions"])
        resumed.play()
        assert resumed.document()["steps"] == whole.document()["steps"]


def offers_pending(seed, limit):
    """True states of random 4-player games where an offer awaits its answer."""
    game = Game.new(players=4, extensions="all", seed=seed, round_cap=60)
    rnd = np.random.default_rng(seed)
    found = []
    while not game.over and len(found) < limit:
        if game.phase == Phase.TRADE_REPLY and L.A_YES in game.legal_actions():
            found.append(game.snapshot())
        legal = game.legal_actions()
        game.apply(legal[int(rnd.integers(len(legal)))])
    return found


def test_with_keep_refusals_a_rival_declines_a_kind_it_declined_before():
    legal = np.empty(L.NUM_ACTIONS, np.int64)
    missing = np.empty(8, np.int64)
    rng = np.zeros(1, np.int64)
    turned = 0
    for seed in range(12):
        for S in offers_pending(seed, 4):
            n = L.legal_actions(S, legal)
            unchanged = [K.policy_action(S, legal, n, rng, 0.0, missing, keep, guess)
                         for guess in (False, True) for keep in (False, True)]
            if not K.refuses_again(S):  # nothing refused yet: the same answer either way
                assert unchanged[0] == unchanged[1] and unchanged[2] == unchanged[3]
            S[L.REFUSED + S[L.TARGET]] |= 1 << S[L.ASK]  # it declined that kind this turn
            for guess in (False, True):
                assert K.policy_action(S, legal, n, rng, 0.0, missing, True, guess) == L.A_NO
                turned += K.policy_action(S, legal, n, rng, 0.0, missing, False, guess) == L.A_YES
    assert turned >= 3  # answers the memory changed


def test_keep_refusals_reaches_the_kernel():
    assert SearchSettings(keep_refusals=True).params(4)[K.P_KEEP_REFUSALS] == 1.0
    assert SearchSettings().params(4)[K.P_KEEP_REFUSALS] == 0.0


@pytest.mark.parametrize("change, phases, before, after", [
    # a main decision after a declined offer: declined_share of the budget
    (dict(declined_share=0.5), (Phase.MAIN,), 400, 200),
    # a decision composing an offer after one: declined_inner_share of its inner share
    (dict(inner_share=0.5, declined_inner_share=0.5), (Phase.TRADE_GIVE, Phase.TRADE_ASK), 200, 100),
])
def test_after_a_declined_offer_a_decision_searches_its_share(change, phases, before, after):
    settings = replace(QUICK, iterations=400, stop_when_decided=False, **change)
    seen = set()
    for seed in range(8):
        game = Game.new(players=3, extensions="all", seed=seed, round_cap=30)
        bot = IsmctsBot(settings, seed=1)
        while not game.over and len(seen) < 2:
            view = game.view(game.decider)
            action = bot.choose(view)
            if view.phase in phases and len(view.legal_actions) > 1 and bot.last_iterations:
                declined = game.declined_offers > 0
                assert bot.last_iterations == (after if declined else before)
                seen.add(declined)
            game.apply(action)
    assert seen == {True, False}


def test_guessed_hands_read_what_a_seat_has_seen_not_the_sampled_hands():
    """R7.4 in rollouts: with `guess`, whether seat 1 looks for a kind in
    seat 0's hand does not depend on where the sampled world put the cards
    seat 1 has not seen; a copy it has seen there is always found."""
    from bots import _rollout as R
    game = Game.new(players=4, extensions="all", seed=5)
    S = game.snapshot()
    a, t = 1, 0
    unseen = [c for c in range(C.NUM_CARDS)
              if S[L.LOC + c] == t and not S[L.KNOWN + c] & (1 << a) and C.card_kind(c) >= 0
              and S[L.KIND_COUNT + t * C.NUM_KINDS + C.card_kind(c)] == 1]
    in_pile = [c for c in range(C.NUM_CARDS)
               if S[L.LOC + c] == L.LOC_DRAW and not S[L.KNOWN + c] & (1 << a)
               and C.card_kind(c) >= 0 and C.card_kind(c) != C.card_kind(unseen[0])]
    mine, other = unseen[0], in_pile[0]
    kind = C.card_kind(mine)

    def answers(state):
        rng = np.array([7], np.int64)
        return [R.finds(state, a, t, kind, rng, True) for _ in range(400)]

    moved = S.copy()  # the same view for seat 1, the card elsewhere
    moved[L.LOC + mine], moved[L.LOC + other] = S[L.LOC + other], S[L.LOC + mine]
    moved[L.KIND_COUNT + t * C.NUM_KINDS + kind] -= 1
    moved[L.KIND_COUNT + t * C.NUM_KINDS + C.card_kind(other)] += 1
    rng = np.zeros(1, np.int64)
    assert R.finds(S, a, t, kind, rng, False) != R.finds(moved, a, t, kind, rng, False)
    guessed = answers(S)
    assert guessed == answers(moved)
    assert 0 < sum(guessed) < len(guessed)  # a guess, neither always nor never
    seen = S.copy()
    seen[L.KNOWN + mine] |= 1 << a  # seat 1 saw it there
    assert all(answers(seen))


def test_guessed_settings_reach_the_kernel_and_change_the_search():
    assert SearchSettings(guessed_hands=True).params(4)[K.P_GUESSED_HANDS] == 1.0
    assert SearchSettings().params(4)[K.P_GUESSED_HANDS] == 0.0
    changed = 0
    for game in positions(8, limit=4):
        view = game.view(game.decider)
        plain = IsmctsBot(QUICK).analyse(view, 3)
        changed += plain != IsmctsBot(replace(QUICK, guessed_hands=True)).analyse(view, 3)
    assert changed > 0  # the rollouts read the setting


def rollout_main_positions(seeds):
    """(state, legal actions, their count, the decider) at main decisions
    with an action left, in mid-game positions of random games."""
    legal = np.empty(L.NUM_ACTIONS, np.int64)
    for seed in range(seeds):
        for game in positions(seed, every=5, limit=12):
            S = game.snapshot()
            if S[L.PHASE] != L.PH_MAIN or S[L.ACTIONS_LEFT] == 0:
                continue
            n = L.legal_actions(S, legal)
            yield S, legal, n, S[L.DECIDER]


def test_a_rollout_seat_steals_a_missing_item_from_a_small_hand_and_asks_a_larger_one():
    """The rollout policy steals an item it misses from a hand of at most
    STEAL_HAND cards (a steal takes a card at random, R5.4), and offers a
    trade for it to a larger hand."""
    from bots import _rollout as R
    missing = np.empty(8, np.int64)
    steals = trades = 0
    for S, legal, n, a in rollout_main_positions(30):
        m = R.missing_kinds(S, a, missing)
        played = R.main_action(S, legal, n, a, missing, m, np.array([5], np.int64), False)
        if L.A_STEAL_FROM <= played < L.A_TRAVEL:
            assert S[L.HAND_SIZE + played - L.A_STEAL_FROM] <= R.STEAL_HAND == 3
            steals += 1
        elif L.A_TRADE_TO <= played < L.A_STEAL_FROM:
            t = played - L.A_TRADE_TO
            assert S[L.HAND_SIZE + t] > R.STEAL_HAND or L.A_STEAL_FROM + t not in legal[:n]
            trades += 1
    assert steals >= 3 and trades >= 3


def every_bot():
    """One bot of each kind that decides from a view: the rule bots, each
    search level (budgets cut down), the cheater (measurement only)."""
    from bots.baselines import RULE_BOTS
    from bots.ismcts import CheatingIsmctsBot, PartlyCheatingIsmctsBot
    bots = [bot(seed=3) for bot in RULE_BOTS.values()]
    for level in ("easy", "medium", "hard", "expert"):
        bot = make_bot(level, seed=3, think=0.01)
        bot.settings = bot.settings.changed(iterations=60, seconds=None)
        bots.append(bot)
    return bots, [CheatingIsmctsBot(replace(QUICK, iterations=60), seed=3),
                  PartlyCheatingIsmctsBot(replace(QUICK, iterations=60), [Phase.MAIN], seed=3)]


def hand_made(view, **changes):
    fields = {"config": view.config, "seat": view.seat,
              "observation": view.observation.copy(), "legal_actions": view.legal_actions}
    fields.update(changes)
    return SeatView(**fields)


def test_every_bot_refuses_a_hand_made_view_of_a_corrupted_observation():
    """A bot's `choose` handed a SeatView built by hand: a copy of a real
    view is played as the real one is; one with a card a million places
    off, another seat's observation or other legal actions is refused
    with StateError (a ValueError) before any kernel reads it (it ended
    the process with SIGSEGV)."""
    fair, cheaters = every_bot()
    game = next(iter(positions(seed=4, limit=1)))
    seat = game.decider
    view = game.view(seat)
    other = game.view((seat + 1) % game.players)
    far = view.observation.copy()
    far[L.LOC + game.hand(seat)[0]] = -10**6
    wrong = [hand_made(view, observation=far),
             hand_made(view, observation=other.observation),
             hand_made(view, legal_actions=view.legal_actions[:-1]),
             hand_made(view, legal_actions=view.legal_actions + (L.NUM_ACTIONS - 1,)),
             hand_made(view, seat=seat + 10), other]
    for bot in fair:
        twin = make_bot(bot.name, seed=3) if bot.name in ("random", "greedy", "planner") else None
        played = bot.choose(hand_made(view))
        assert played in view.legal_actions
        if twin is not None:
            assert twin.choose(view) == played
        for bad in wrong:
            with pytest.raises(StateError):
                bot.choose(bad)
    whole = hand_made(view, observation=game.snapshot())
    for bot in cheaters:
        assert bot.choose(whole) in view.legal_actions
        corrupted = game.snapshot()
        corrupted[L.LOC + game.hand(seat)[0]] = -10**6
        for bad in [hand_made(whole, observation=corrupted),
                    hand_made(whole, legal_actions=view.legal_actions[:-1]), view]:
            with pytest.raises(StateError):
                bot.choose(bad)


def test_the_whole_move_completes_a_trade_or_a_recycle_from_the_seats_view_only():
    """`whole_move` names each decision that completes a move, as the bot
    would take them: every one legal in the real game (its phase as said),
    the move finished after them; and the same decisions in a world with
    other hidden cards (R7.4)."""
    from bots.ismcts import WHOLE_MOVE_PHASES
    from engine.actions import decode
    begun = {"trade": 0, "recycle": 0, "steal": 0}
    for seed in range(4):
        for game in positions(seed, every=5, limit=8):
            seat = game.decider
            if game.phase != Phase.MAIN:
                continue
            firsts = {}
            for action in game.legal_actions():
                firsts.setdefault(decode(action).name, action)
            other = game.determinize(seat, 11)
            for name in begun:
                if name not in firsts:
                    continue
                action = firsts[name]
                wholes = []
                for world in (game, other):
                    bot = IsmctsBot(QUICK, seed=5)
                    bot.analyse(world.view(seat), 9)
                    wholes.append(bot.whole_move(world.view(seat), action, 9))
                assert wholes[0] == wholes[1]
                real = game.copy()
                real.apply(action)
                for phase, step in wholes[0]:
                    assert real.decider == seat and real.phase == phase
                    real.apply(step)
                assert real.over or real.decider != seat or real.phase not in WHOLE_MOVE_PHASES
                assert wholes[0] or name == "steal"
                begun[name] += 1
    assert begun["trade"] >= 5 and begun["recycle"] >= 5, begun
