"""The ISMCTS bot: a Python shell around the search kernel in `_ismcts.py`.

A bot is given a `SeatView` (its seat's observation and legal actions) and
never the game itself, so it cannot see another hand even by mistake.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace

import numpy as np

from engine import Config, Game, Phase, SeatView, StateError, check_view
from engine import cards as C
from engine.actions import A_YES, decode
from engine.kernels import ACTIONS_TAKEN, DECLINED, TURN

from . import _ismcts as K
from ._planner import planned_phase, planner_action, sensible_actions
from ._beliefs import belief_weights, postcard_count_weights
from ._evaluation import FITTED_EVALUATIONS, NUM_FEATURES

CHUNK = 256  # iterations per kernel call between clock checks
# With `mirror_checked_offers`: the worlds sampled in search of one where the
# target of an offer holds every card asked (the mirror exists only there).
MIRROR_WORLDS = 64
# The decisions that compose an offer, after the main decision that begins it.
COMPOSING_PHASES = (Phase.TRADE_GIVE, Phase.TRADE_ASK)
# Decisions that begin something or answer another seat: never `inner_share`
# of the budget (a main decision after a declined offer: `declined_share`).
WHOLE_BUDGET_PHASES = (Phase.MAIN, Phase.TRADE_REPLY, Phase.MOUSETRAP)
MIN_INNER_ITERATIONS = 50
# Decisions that complete a move the seat began, where nothing new has been
# seen since its last decision: its search may go on in the tree of that one.
CONTINUED_PHASES = (Phase.TRADE_GIVE, Phase.TRADE_ASK, Phase.RECYCLE_TAKE, Phase.DISPOSE_WITH,
                    Phase.SMUGGLE_TO)
# Where a bot with `reuse_tree` is in the middle of a move it began: those
# phases and the payment of a recycle (the planner's, between the two).
MOVE_GOES_ON = CONTINUED_PHASES + (Phase.RECYCLE_PAY,)


@dataclass(frozen=True)
class SearchSettings:
    """How hard a bot thinks: budget (iterations and seconds) and knowledge."""
    iterations: int = 2000
    seconds: float | None = None
    exploration: float = 0.7
    epsilon: float = 0.1
    rollout_depth: int = 30
    temperature: float = 12.0
    width: int = 4
    stop_when_decided: bool = True  # stop once the remaining budget cannot change the move
    # With stop_when_decided: stop once the most visited root move leads the
    # next by more than this share of the iterations left (1: once no later
    # iteration could change the move; less stops sooner, on a lead the
    # rest of the budget would keep but for a rare swing).
    decided_share: float = 1.0
    infer_travel: bool = False      # rivals who did not travel lack a card (bots/_ismcts.py)
    # From this many players up, rivals' moves inside the tree are played by
    # the rollout policy instead of being tree nodes (0: never; bots/_ismcts.py).
    rivals_by_policy_from: int = 0
    # How a rollout's cut-off position is scored: "hand-set" (softmax of
    # _heuristic.progress / temperature), "fitted" (bots/_evaluation.py),
    # "fitted-characters" (the same, fitted with each seat's character too) or
    # "fitted-planner" (with the characters, fitted on planner games).
    evaluation: str = "hand-set"
    belief_sweeps: int = 0          # hand beliefs: Metropolis sweeps per sampled world (bots/_beliefs.py)
    # Payments and discards are the planner's sets, played without a search,
    # and no seat in the tree makes a choice the planner rules out (giving the
    # only passport, asking for copies that cannot be there, handing over a
    # possible fourth postcard; bots/_planner.py).
    planned_choices: bool = False
    # The planner's move as a prior: tried first at each node, with
    # planner_prior / (visits + 1) added to its UCB value (0: no prior),
    # in games of at least `planner_prior_from` players.
    planner_prior: float = 0.0
    planner_prior_from: int = 2
    # Who plays the rollouts (and rivals by policy): "heuristic"
    # (bots/_rollout.py) or "planner" (bots/_planner.py, slower).
    rollout_policy: str = "heuristic"
    # An offer's cards and kinds are the planner's set (bots/_planner.py,
    # `plan_offer`): the search chooses whom to offer a trade, the planner
    # what the offer is.
    planned_offers: bool = False
    # Two-player games only: offer a trade only when the search rates the
    # offer this much (win chance) above the move it would play otherwise
    # (`IsmctsBot.choose`; 0: no margin).
    duel_offer_margin: float = 0.0
    # The share of the budget a decision inside the seat's own move gets
    # (the cards and kinds of an offer, what to take, whom to hand a
    # forbidden item): the move that began it was searched whole already.
    # 1: every decision gets the whole budget. Main decisions, replies to
    # offers and Mousetraps always get it whole.
    inner_share: float = 1.0
    # Root parallelism: the budget is split over this many independent trees,
    # each with its own random worlds, searched at once on as many cores as
    # there are (the same moves with any number of cores) and merged at the
    # root: a move's visits and rewards are summed over the trees.
    trees: int = 1
    # A decision that completes the seat's own move (CONTINUED_PHASES) goes on
    # in the subtree below the move just played: its visits count towards
    # the decision's budget, so only the rest is searched.
    reuse_tree: bool = False
    # Inside the search, another seat declines an offer asking for a kind it
    # declined to give since its turn began (the public memory of answers,
    # R5.3): a bot does not expect a rival to change its mind within a turn.
    keep_refusals: bool = False
    # With planned choices: a seat that can travel travels (R6), in the
    # tree and at the root (`sensible_actions`, bots/_planner.py).
    travel_first: bool = False
    # With planned choices: no seat offers a postcard that could be the
    # target's fourth (R9.4), the rule by which no seat accepts an offer
    # asking it for one, and that rule counts a trade's postcards together
    # (R8; `sensible_actions`): an offer a seat makes then passes the rule
    # from the other side too.
    fourth_postcard_both_sides: bool = False
    # Before a main decision offers a trade, the seat composes the offer
    # whole from its own view, in a sampled world (its decisions are its
    # own: nothing hidden is seen until the answer), and answers the offer's
    # mirror there (`Game.mirrored_offer`: the target offering it the same
    # exchange, the bonus card on the other side, R5.3) as it answers any
    # offer. It makes the offer only if it would accept the mirror, and then
    # plays the offer it composed; else the move the search prefers next.
    # A seat then offers no trade it would decline from the other side
    # (`python -m bots.consistency`).
    mirror_checked_offers: bool = False
    # With `mirror_checked_offers`: an offer that no world sampled from the
    # seat's view (MIRROR_WORLDS of them) lets its target accept fails the
    # check too. A declined offer costs no action but shows the cards
    # offered to the whole table (R5.3), and a person reads an offer asking
    # for cards the target cannot hold as a move no good player makes.
    answerable_offers: bool = False
    # The share of the budget a main decision gets after an offer of the turn
    # was declined: the same position was searched whole a moment before, and
    # only the declined offer's answer is new. 1: the whole budget.
    declined_share: float = 1.0
    # The same for a decision inside the seat's own move (an offer's cards
    # and kinds) after an offer of the turn was declined: that share of its
    # `inner_share`. The move that began it was searched a moment before, and
    # with `reuse_tree` its decisions go on in that search's tree.
    declined_inner_share: float = 1.0
    # At tables without the postcards extension, from three players up: the
    # planner's move as a prior of this much per 1,000 iterations of the
    # budget, in place of `planner_prior` (0: `planner_prior` there too).
    # Why: without postcards (R9.4) to race for, searching seats steal from each
    # other at nearly every turn (R5.4) and a person's game drags on;
    # a fixed prior fades as the budget grows, a prior in step with it does not.
    prior_without_postcards: float = 0.0
    # A sampled world the rules could not have reached (a rival holding 4
    # postcards the seat has not seen, where R8 would have ended the game)
    # is dealt again (engine `unreachable`). Such a world goes on until the
    # next card arrives in any hand, and the rival then wins: the search
    # would rate a steal from it (which may take a postcard back) too high
    # and every other move too low.
    reachable_worlds: bool = False
    # In rollouts, a seat finds a card it wants in another hand as it would
    # know it (the copies it has seen there, a guess for the rest), not by
    # the sampled hands (bots/_rollout.py, `seems_to_hold`). Every sampled
    # world keeps the seat's own true hand, so rivals reading sampled hands
    # ask and steal as if they saw it.
    guessed_hands: bool = False
    # An offer's asks are pruned (`width`) by what the decider has seen of
    # the target's hand, not by the sampled hand: else, in each world, the
    # tree keeps only asks for what the target holds there, and an offer
    # looks likelier to be accepted than it is.
    guessed_asks: bool = False
    # Below the root, each decider's planner rules and prior read its own
    # view of the sampled world (`P_VIEWED_CHOICES`): in the whole world a
    # rival asks only for kinds the root seat truly holds.
    viewed_choices: bool = False
    # The planner's move from a rival's own view as a prior of this weight at
    # the rival's nodes, per 1,000 iterations of the budget (0: `planner_prior`
    # there too): rivals first play as a sensible player would.
    rival_prior: float = 0.0
    # The beliefs also weigh how many postcards each rival holds
    # (bots/_beliefs.py, POSTCARD_COUNT_LOG_WEIGHTS), not only each card.
    postcard_counts: bool = False
    # In rollouts, a seat steals from a rival holding at least this many
    # postcards before it seeks its own items (0: never for that reason):
    # the table denies the leader of the postcard race (R9.4), as players
    # do; a rival counts the root seat's postcards only as seen with
    # `guessed_hands`.
    rollout_denial: int = 0
    # In rollouts, a seat steals an item it misses from a hand of at most
    # this many cards (a steal takes a card at random, R5.4), and asks for
    # it in a trade from a larger hand.
    rollout_steal_hand: int = 3
    # In rollouts, a seat plays its character (R9.5): the Pickpocket, whose
    # steals cost no card, steals a missing item from any hand and steals
    # rather than draws, as planners with it do.
    rollout_characters: bool = False
    sees_everything: bool = False  # measurement only: the cheating variant
    # A level's settings for two-player games, where they differ from these
    # (None: these at every table); the ladder's steps are measured in duels
    # (bots/difficulty.py).
    duel: SearchSettings | None = None

    def rivals_by_policy(self, players: int) -> bool:
        return 0 < self.rivals_by_policy_from <= players

    def changed(self, **changes) -> SearchSettings:
        """These settings with `changes`, at every table (the duel's too)."""
        duel = None if self.duel is None else replace(self.duel, **changes)
        return replace(self, **changes, duel=duel)

    def at_table_of(self, players: int, extensions: int) -> SearchSettings:
        """The settings in effect in a game of `players` seats with the
        extensions of bit mask `extensions`: a duel's where they differ; a
        prior kept for other tables is no prior here, and the prior of a
        table without postcards is `planner_prior` here, each written as the
        settings of a bot that only ever had what is in effect (so results
        files of other tables still describe the bot)."""
        if self.duel is not None:
            table = self.duel if players == 2 else replace(self, duel=None)
            return table.at_table_of(players, extensions)
        if self.prior_without_postcards:
            if players >= 3 and not extensions & C.EXT_POSTCARDS:
                return replace(self, planner_prior=self.prior_without_postcards * self.iterations / 1000,
                               planner_prior_from=2, prior_without_postcards=0.0)
            return replace(self, prior_without_postcards=0.0).at_table_of(players, extensions)
        if players < self.planner_prior_from:
            return replace(self, planner_prior=0.0, planner_prior_from=2)
        return self

    def params(self, players: int, extensions: int) -> np.ndarray:
        """The kernel's parameter array for a game of `players` seats with
        the extensions of bit mask `extensions`."""
        s = self.at_table_of(players, extensions)
        p = np.zeros(K.NUM_PARAMS, np.float64)
        p[K.P_EXPLORATION] = s.exploration
        p[K.P_EPSILON] = s.epsilon
        p[K.P_ROLLOUT_DEPTH] = s.rollout_depth
        p[K.P_TEMPERATURE] = s.temperature
        p[K.P_WIDTH] = s.width
        p[K.P_SEES_ALL] = 1.0 if s.sees_everything else 0.0
        p[K.P_INFER_TRAVEL] = 1.0 if s.infer_travel else 0.0
        p[K.P_RIVALS_BY_POLICY] = 1.0 if s.rivals_by_policy(players) else 0.0
        p[K.P_BELIEF_SWEEPS] = s.belief_sweeps
        p[K.P_PLANNED_CHOICES] = 1.0 if s.planned_choices else 0.0
        p[K.P_PLANNER_PRIOR] = s.planner_prior
        if s.rollout_policy not in ("heuristic", "planner"):
            raise ValueError(f"unknown rollout policy {s.rollout_policy!r}")
        p[K.P_PLANNER_ROLLOUTS] = 1.0 if s.rollout_policy == "planner" else 0.0
        p[K.P_PLANNED_OFFERS] = 1.0 if s.planned_offers else 0.0
        p[K.P_KEEP_REFUSALS] = 1.0 if s.keep_refusals else 0.0
        p[K.P_TRAVEL_FIRST] = 1.0 if s.travel_first else 0.0
        p[K.P_FOURTH_POSTCARD_BOTH_SIDES] = 1.0 if s.fourth_postcard_both_sides else 0.0
        p[K.P_REACHABLE_WORLDS] = 1.0 if s.reachable_worlds else 0.0
        p[K.P_GUESSED_HANDS] = 1.0 if s.guessed_hands else 0.0
        p[K.P_GUESSED_ASKS] = 1.0 if s.guessed_asks else 0.0
        p[K.P_VIEWED_CHOICES] = 1.0 if s.viewed_choices else 0.0
        p[K.P_RIVAL_PRIOR] = s.rival_prior * s.iterations / 1000
        p[K.P_ROLLOUT_DENIAL] = s.rollout_denial
        p[K.P_ROLLOUT_STEAL_HAND] = s.rollout_steal_hand
        p[K.P_ROLLOUT_CHARACTERS] = 1.0 if s.rollout_characters else 0.0
        if s.evaluation in FITTED_EVALUATIONS:
            p[K.P_FITTED_EVALUATION] = 1.0
            p[K.P_EVALUATION_WEIGHTS:K.P_EVALUATION_WEIGHTS + NUM_FEATURES] = FITTED_EVALUATIONS[s.evaluation]
        elif s.evaluation != "hand-set":
            raise ValueError(f"unknown evaluation {s.evaluation!r}")
        if s.belief_sweeps:
            p[K.P_BELIEF_WEIGHTS:K.P_POSTCARD_COUNT_WEIGHTS] = belief_weights(players).ravel()
            if s.postcard_counts:
                p[K.P_POSTCARD_COUNT_WEIGHTS:] = postcard_count_weights(players)
        return p


@dataclass(frozen=True)
class MoveEstimate:
    """One root move after a search: visits and the bot's estimated win chance."""
    action: int
    visits: int
    win_chance: float


# Positions of a key an opening book must have searched for its move to be played.
BOOK_POSITIONS = 2


class IsmctsBot:
    """Determinized ISMCTS. Same seed and same view give the same move."""

    def __init__(self, settings: SearchSettings, seed: int = 0, name: str = "ismcts",
                 book=None, book_positions: int = BOOK_POSITIONS):
        """`book`: an opening book (openings.Book, or anything with its
        `best(view, min_positions)`): where it has a move searched from at
        least `book_positions` positions, that move is played unsearched."""
        self.settings = settings
        self.book = book
        self.book_positions = book_positions
        self.last_from_book = False  # the last move was the book's
        self._scratch = np.zeros(24, np.int64)
        self.name = name
        self._rng = np.random.default_rng(seed)
        self.last_search: list[MoveEstimate] = []
        self.last_iterations = 0
        self.last_reused = 0  # of last_iterations, how many were run before the decision
        # The last search's trees, with the move played and where it was played
        # (`_position`), for a decision that completes that move.
        self._kept: tuple | None = None
        # With `mirror_checked_offers`: where the offer this bot checked is
        # being made (`_position`), and its decisions still to play, each
        # with the search that chose it: (action, last_search,
        # last_iterations, last_reused).
        self._plan: tuple | None = None

    def _settings(self, view: SeatView) -> SearchSettings:
        """The settings in effect at the view's table (a duel's may differ)."""
        return self.settings.at_table_of(view.config.players, view.config.extensions)

    def _checked(self, view: SeatView) -> SeatView:
        """The view, checked as it comes in (`check_view`: free for a view
        the engine made) before any kernel reads it; a cheater's, which
        holds the whole state (`sees_everything`), as a state."""
        if self.settings.sees_everything:
            return _whole_state_checked(view)
        return check_view(view, deciding=True)

    def choose(self, view: SeatView) -> int:
        """The action to play, from the seat's view only: StateError (a
        ValueError) if the view is not one of a seat to decide (`check_view`)."""
        view = self._checked(view)
        legal = view.legal_actions
        seed = int(self._rng.integers(0, 2**62))
        self.last_iterations = 0  # until a search runs for this decision
        self.last_reused = 0
        self.last_from_book = False
        if self._plan is not None:
            planned = self._planned_step(view)
            if planned is not None:
                return planned
        if self.book is not None:
            move = self.book.best(view, self.book_positions)
            if move is not None and self._settings(view).mirror_checked_offers and _is_offer(move):
                move = None  # searched instead, so that the offer is checked against its mirror
            if move is not None:  # legal: the book checks its moves where they are played
                self.last_from_book = True
                self.last_search = [MoveEstimate(move, 0, float("nan"))]
                self._kept = None
                return move
        if len(legal) == 1:
            self.last_search = [MoveEstimate(legal[0], 0, float("nan"))]
            return legal[0]
        phase = int(view.phase)
        s = self._settings(view)
        if ((s.planned_choices and planned_phase(phase))
                or (s.planned_offers and K.offer_phase(phase))):
            action = self._planned(view)
            self.last_search = [MoveEstimate(action, 0, float("nan"))]
            return action
        only = self._only_sensible(view)
        if only is not None:  # the search would try nothing else
            self.last_search = [MoveEstimate(only, 0, float("nan"))]
            self._kept = None
            return only
        iterations = self._share(view)
        reused = self._reused_trees(view, iterations)
        self.last_search, trees = self._search(view, seed, iterations, reused)
        action = self._worth_playing(view, self.last_search)
        if s.mirror_checked_offers and view.phase == Phase.MAIN and _is_offer(action):
            action = self._offer_passing_its_mirror(view, action, trees, seed)
            if self._plan is not None:
                return action  # its decisions are planned: no tree is kept for them
        self._kept = (_position(view), trees, action) if s.reuse_tree else None
        return action

    def _share(self, view: SeatView) -> int | None:
        """The iterations of a decision that gets a share of the budget
        (`inner_share`, `declined_share`, `declined_inner_share`); None for
        the whole budget."""
        s = self._settings(view)
        if view.phase not in WHOLE_BUDGET_PHASES:
            share = s.inner_share
            if view.observation[DECLINED] > 0:
                share *= s.declined_inner_share
        elif view.phase == Phase.MAIN and view.observation[DECLINED] > 0:
            share = s.declined_share
        else:
            share = 1.0
        return None if share >= 1.0 else max(MIN_INNER_ITERATIONS, int(s.iterations * share))

    def continues(self, view: SeatView) -> bool:
        """Is the view's decision part of the move this bot is making, with a
        tree kept or an offer planned for it? (`Reseeded` then asks this bot,
        not a new one.)"""
        view = self._checked(view)
        if self._plan is not None:
            return view.phase in COMPOSING_PHASES and self._plan[0] == _position(view)
        return (self._kept is not None and view.phase in MOVE_GOES_ON
                and self._kept[0] == _position(view))

    def _planned_step(self, view: SeatView) -> int | None:
        """The next decision of the offer this bot checked, when the view is
        that offer's next decision (else the plan is dropped: None)."""
        position, steps = self._plan
        if (view.phase not in COMPOSING_PHASES or position != _position(view) or not steps
                or steps[0][0] not in view.legal_actions):
            self._plan = None
            return None
        (action, self.last_search, self.last_iterations, self.last_reused), *rest = steps
        self._plan = (position, rest) if rest else None
        self._kept = None
        return action

    def _offer_passing_its_mirror(self, view: SeatView, action: int, trees: list[_Tree],
                                  seed: int) -> int:
        """`action`, an offer the search chose, if the seat would accept its
        mirror (with the offer's decisions planned, `_plan`); else the move
        the search prefers next, checked the same way if it is an offer too
        (to another seat). The moves' estimates stay the search's."""
        searched = (self.last_search, self.last_iterations, self.last_reused)
        tried = set()
        while _is_offer(action) and action not in tried:
            tried.add(action)
            steps = self._composed(view, action, trees, seed)
            if self._accepts_mirror(view, [action] + [step[0] for step in steps], seed):
                if steps:
                    self._plan = (_position(view), steps)
                break
            rest = [m for m in searched[0] if m.action not in tried]
            if not rest:
                break
            action = self._worth_playing(view, rest)
        # the main decision's search, not the last one its checks ran
        self.last_search, self.last_iterations, self.last_reused = searched
        return action

    def _composed(self, view: SeatView, action: int, trees: list[_Tree], seed: int) -> list[tuple]:
        """The decisions that compose the offer `action` begins, as this bot
        would take them in the game: from its own views, in a world sampled
        from its observation (its composing decisions show nothing hidden),
        going on in the trees of the main decision. Each with its search."""
        world = self._world(view, _tree_seed(seed, -1))
        world.apply(action)
        s = self._settings(view)
        self._kept = (_position(view), trees, action) if s.reuse_tree else None
        steps = []
        while not world.over and world.decider == view.seat and world.phase in COMPOSING_PHASES:
            chosen = self.choose(self._seen(world, view.seat))
            steps.append((chosen, self.last_search, self.last_iterations, self.last_reused))
            world.apply(chosen)
        self._kept = None
        return steps

    def _world(self, view: SeatView, seed: int) -> Game:
        """A world in which this seat checks an offer: sampled from its
        observation, or, for a bot that sees everything (measurement only),
        the whole state its view holds (bots/match.py)."""
        if self.settings.sees_everything:
            return Game(view.config, view.observation.copy())
        return view.determinize(seed)

    def _seen(self, world: Game, seat: int) -> SeatView:
        """`seat`'s view of a world of `_world`, as this bot is shown views."""
        if self.settings.sees_everything:
            from engine import whole_state_view
            return whole_state_view(world, seat)
        return world.view(seat)

    def _accepts_mirror(self, view: SeatView, actions: list[int], seed: int) -> bool:
        """Would this seat accept the mirror of the offer `actions` make
        (`Game.mirrored_offer`), in a world of `_world` where the target
        holds every card asked? When none of `MIRROR_WORLDS` samples has
        the target able to accept, there is no mirror to answer: True,
        unless the seat makes only `answerable_offers`."""
        # one world for a bot that sees everything: the true one
        for k in range(1 if self.settings.sees_everything else MIRROR_WORLDS):
            world = self._world(view, _tree_seed(seed, -2 - k))
            for a in actions:
                world.apply(a)
            try:
                mirror = world.mirrored_offer()
            except ValueError:  # the target lacks an asked card in this world
                continue
            answered = self._seen(mirror, view.seat)
            only = self._only_sensible(answered)
            if only is not None:
                return only == A_YES
            iterations, reused = self.last_iterations, self.last_reused
            moves, _ = self._search(answered, _tree_seed(seed, -2 - MIRROR_WORLDS), None, None)
            self.last_iterations, self.last_reused = iterations, reused
            return moves[0].action == A_YES
        return not self._settings(view).answerable_offers

    def _reused_trees(self, view: SeatView, iterations: int | None) -> list[_Tree] | None:
        """The subtrees below the move this bot just played, when the view's
        decision completes that move and nothing was seen in between."""
        if self._kept is None or view.phase not in CONTINUED_PHASES:
            return None
        position, trees, action = self._kept
        self._kept = None
        if position != _position(view):
            return None
        budgets = _shares(self._settings(view).iterations if iterations is None else iterations,
                          len(trees))
        reused = [tree.below(action, budget) for tree, budget in zip(trees, budgets)]
        return None if any(tree is None for tree in reused) else reused

    def _only_sensible(self, view: SeatView) -> int | None:
        """With planned choices, the one choice `sensible_actions` leaves at
        the root of a decision that begins a move or answers one (a travel
        that must be taken, a recycle that wins, declining an offer that
        asks for a possible fourth postcard), or None: the search would
        expand nothing else. Inside a move (MOVE_GOES_ON) the search still
        runs, so that the move's later decisions go on in its tree."""
        s = self._settings(view)
        if not s.planned_choices or view.phase in MOVE_GOES_ON:
            return None
        legal = np.asarray(view.legal_actions, np.int64)
        n = sensible_actions(view.observation, legal, len(legal), view.seat, s.travel_first,
                             s.fourth_postcard_both_sides)
        return int(legal[0]) if n == 1 else None

    def _planned(self, view: SeatView) -> int:
        """The planner's card for a payment or a discard (a set it chooses
        whole; bots/_planner.py), from the seat's view."""
        legal = np.asarray(view.legal_actions, np.int64)
        return int(planner_action(view.observation, legal, len(legal), view.seat, self._scratch))

    def _worth_playing(self, view: SeatView, moves: list[MoveEstimate]) -> int:
        """The most visited move, unless it is a trade offer in a two-player
        game that the search rates less than `duel_offer_margin` above the
        most visited other move: then that move.

        Why: in a duel the rival gains what you gain, so it declines nearly
        every offer (hard accepted 10 of 519 from the expert), yet the search
        rates an offer a little above the best other move (a median +0.008
        over 32 positions at 40,000 iterations). A declined offer costs no
        action, so its value is the best move after the refusal, and the
        best of several noisy estimates is biased upwards; what the search
        does not count is what the offer shows the rival (the cards offered
        and the kinds asked, R7.4) and the time: composing offers took 73% of
        the expert's thinking in a 2-player game against hard. The margin
        keeps the offers the search clearly prefers."""
        best = moves[0]
        margin = self._settings(view).duel_offer_margin
        if (margin <= 0 or view.config.players != 2 or view.phase != Phase.MAIN
                or not _is_offer(best.action)):
            return best.action
        other = next((m for m in moves if not _is_offer(m.action)), None)
        if other is None or best.win_chance >= other.win_chance + margin:
            return best.action
        return other.action

    def analyse(self, view: SeatView, seed: int, iterations: int | None = None
                ) -> list[MoveEstimate]:
        """Search from the view (`iterations`, else the settings' budget);
        root moves sorted best first. StateError as `choose`."""
        return self._search(self._checked(view), seed, iterations, None)[0]

    def _search(self, view: SeatView, seed: int, iterations: int | None,
                reused: list[_Tree] | None) -> tuple[list[MoveEstimate], list[_Tree]]:
        """`analyse`, going on in `reused` trees when given; also the trees."""
        s = self._settings(view)
        if iterations is not None:
            s = replace(s, iterations=iterations)
        if s.trees < 1:
            raise ValueError(f"a search needs at least one tree, not {s.trees}")
        trees = reused or [_Tree(budget, seed, t)
                           for t, budget in enumerate(_shares(s.iterations, s.trees))]
        self.last_reused = sum(t.done for t in trees)
        params = s.params(view.config.players, view.config.extensions)
        deadline = None if s.seconds is None else time.perf_counter() + s.seconds

        def grow(tree: _Tree) -> None:
            chunk = min(CHUNK, tree.budget - tree.done)
            if chunk > 0:
                K.search(tree.header, tree.ints, tree.rewards, view.observation, view.seat,
                         params, chunk)
                tree.done += chunk

        remaining = sum(t.budget - t.done for t in trees)
        while remaining > 0 and not (s.stop_when_decided
                                     and _decided(trees, view.seat, int(remaining * s.decided_share))):
            _each(grow, trees)
            remaining = sum(t.budget - t.done for t in trees)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = sum(t.done for t in trees)
        merged = _root_moves(trees, view.seat)
        moves = [MoveEstimate(a, v, r / v if v else float("nan")) for a, (v, r) in merged.items()
                 if a in view.legal_actions]
        if not moves:  # no iteration reached the root's children
            return [MoveEstimate(view.legal_actions[0], 0, float("nan"))], trees
        moves.sort(key=lambda m: (-m.visits, -m.win_chance, m.action))
        return moves, trees


def _whole_state_checked(view) -> SeatView:
    """A cheater's view (bots/match.py `whole_state_view`: the whole state
    where a seat's observation would be), checked as a state from outside
    is (`Game(config, state)`), with its seat to decide and its legal
    actions that seat's: StateError (a ValueError) if not, TypeError for a
    seat that is not a whole number."""
    if not (isinstance(view, SeatView) and isinstance(view.config, Config)):
        raise StateError("a cheater's view is a SeatView of a game's Config")
    game = Game(view.config, view.observation)
    seen = game.view(view.seat)
    if not seen.legal_actions:
        raise StateError(f"seat {seen.seat} has no decision to make in this view")
    given = view.legal_actions
    if not (isinstance(given, (tuple, list)) and tuple(given) == seen.legal_actions):
        raise StateError("the actions named are not the legal actions of this view")
    return SeatView(view.config, seen.seat, game.state, seen.legal_actions)


def _shares(iterations: int, trees: int) -> list[int]:
    """A budget split over `trees` trees as evenly as whole iterations allow."""
    return [iterations // trees + (t < iterations % trees) for t in range(trees)]


def _position(view: SeatView) -> tuple:
    """Where a decision is: the game, the seat, the turn, the actions and the
    declined offers of the turn so far. Two decisions of one move share it."""
    o = view.observation
    return (view.config, view.seat, int(o[TURN]), int(o[ACTIONS_TAKEN]), int(o[DECLINED]))


class _Tree:
    """One search tree of a decision: its arrays, budget and iterations run."""

    def __init__(self, budget: int, seed: int, index: int, capacity: int | None = None):
        self.budget = budget
        self.done = 0
        self.header, self.ints, self.rewards = K.new_tree(budget + 2 if capacity is None
                                                          else capacity)
        # The first tree keeps the decision's seed, so one tree searches as before.
        self.header[K.T_RNG] = seed if index == 0 else _tree_seed(seed, index)

    def below(self, action: int, budget: int) -> _Tree | None:
        """The subtree below the root's move `action` as a tree of its own,
        for a decision of `budget` iterations: the iterations that passed
        through it count as run (None when no iteration tried the move)."""
        node = int(K.find_child(self.ints, 0, action))
        if node < 0:
            return None
        visits = int(self.ints[node, 4])
        left = max(budget - visits, 0)
        tree = _Tree(budget, 0, 0, K.subtree_size(self.ints, node) + left + 2)
        tree.header[K.T_NODES] = K.copy_subtree(self.ints, self.rewards, node,
                                                tree.ints, tree.rewards)
        tree.header[K.T_RNG] = self.header[K.T_RNG]
        tree.done = min(visits, budget)
        return tree


def _tree_seed(seed: int, index: int) -> int:
    """Tree `index`'s random state, from the decision's seed (SplitMix64's
    finaliser over seed + index × its increment, as a signed 64-bit int)."""
    z = (seed + index * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    return z - (1 << 64) if z >= 1 << 63 else z


def _root_moves(trees: list[_Tree], seat: int) -> dict[int, tuple[int, float]]:
    """Each root move's visits and reward sum for `seat`, over all the trees."""
    actions = np.empty(256, np.int64)
    visits = np.empty(256, np.int64)
    values = np.empty(256, np.float64)
    merged: dict[int, tuple[int, float]] = {}
    for tree in trees:
        k = K.root_statistics(tree.ints, tree.rewards, seat, actions, visits, values)
        for i in range(k):
            a, v = int(actions[i]), int(visits[i])
            before = merged.get(a, (0, 0.0))
            merged[a] = (before[0] + v, before[1] + float(values[i]) * v)
    return merged


def _decided(trees: list[_Tree], seat: int, remaining: int) -> bool:
    """Can `remaining` more iterations not change the most visited root
    move? (With one tree the kernel answers without building the merge.)"""
    if len(trees) == 1:
        return bool(K.decided(trees[0].ints, remaining))
    counts = sorted((v for v, _ in _root_moves(trees, seat).values()), reverse=True) + [0, 0]
    return counts[0] - counts[1] > remaining


_POOL: ThreadPoolExecutor | None = None


def _each(work, trees: list[_Tree]) -> None:
    """Run `work` on every tree, on as many cores as the process may use (the
    search kernel releases the GIL); the result does not depend on how many."""
    global _POOL
    if len(trees) == 1 or _CORES == 1:
        for tree in trees:
            work(tree)
        return
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=_CORES, thread_name_prefix="search")
    for future in [_POOL.submit(work, tree) for tree in trees]:
        future.result()


_CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _is_offer(action: int) -> bool:
    """A main action that offers a trade (to some seat)."""
    return decode(action).name == "trade"


class CheatingIsmctsBot(IsmctsBot):
    """The same search on the true hands: it sees every hand (the draw pile's
    order stays hidden, reshuffled in each sampled world). Only for measuring
    what hidden information costs (bots.match.Table hands it the whole
    state); it is never offered in play."""

    sees_everything = True

    def __init__(self, settings: SearchSettings, seed: int = 0, name: str = "cheater"):
        super().__init__(settings.changed(sees_everything=True), seed, name)


class PartlyCheatingIsmctsBot:
    """The cheater at the decisions of some phases, the fair search at the
    others (cheater-LEVEL@PHASE, bots/names.py): it measures where in a turn
    hidden information costs. It is handed the whole state, like the
    cheater, and at the other phases decides from its seat's view of it
    (R7.4), as the fair bot would. Only for measuring; never offered in
    play."""

    sees_everything = True

    def __init__(self, settings: SearchSettings, phases, seed: int = 0, name: str = "cheater"):
        self.phases = frozenset(phases)  # engine Phase members
        self.cheater = CheatingIsmctsBot(settings, seed, name)
        self.fair = IsmctsBot(settings, seed, name)
        self.name = name

    def choose(self, view: SeatView) -> int:
        """The cheater's move from the whole state at its phases, else the
        fair search's from the seat's view of that state."""
        view = _whole_state_checked(view)
        if view.phase in self.phases:
            return self.cheater.choose(view)
        return self.fair.choose(Game(view.config, view.observation).view(view.seat))
