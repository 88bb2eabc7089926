"""The ISMCTS bot: a Python shell around the search kernel in `_ismcts.py`.

A bot is given a `SeatView` (its seat's observation and legal actions) and
never the game itself, so it cannot see another hand even by mistake.

A decision goes through these steps (`IsmctsBot.choose`), the first that
gives a move playing it:
  1. the next decision of an offer it composed and checked a moment ago;
  2. its opening book's move, where it has one (never an offer: an offer
     is searched, so that it is checked against its mirror);
  3. a move needing no search: the only legal one, the planner's card of
     a payment or a discard, the only choice the planner's sense leaves;
  4. the search (`_search`), on its share of the budget and going on in
     the tree of the move it began, then the root's extras: in duels an
     offer must beat the best other move by a margin (`_worth_playing`),
     and an offer is made only if the seat would accept its mirror
     (`_offer_passing_its_mirror`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import numpy as np

from engine import Config, Game, Phase, SeatView, StateError, check_view, whole_state_view
from engine.actions import A_YES, decode
from engine.kernels import ACTIONS_TAKEN, DECLINED, TURN

from . import _ismcts as K
from ._planner import planned_phase, planner_action, sensible_actions
from .search_settings import LevelSettings, SearchSettings

CHUNK = 256  # iterations per kernel call between clock checks
# The worlds sampled in search of one where the target of an offer holds
# every card asked (the offer's mirror exists only there).
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
# The decisions that complete a move which show the seat nothing it did not
# know as the move began (its hand, the discard pile, the seats): in a world
# sampled from its view, they are its own, and a hint may name them. Local
# Guide's and Trading Post's decisions show the top of the draw pile.
WHOLE_MOVE_PHASES = (Phase.RECYCLE_PAY, Phase.RECYCLE_TAKE, Phase.TRADE_GIVE, Phase.TRADE_ASK,
                     Phase.STEAL_PAY, Phase.DISPOSE_WITH, Phase.SMUGGLE_TO)
# Where a bot with `reuse_tree` is in the middle of a move it began: those
# phases and the payment of a recycle (the planner's, between the two).
MOVE_GOES_ON = CONTINUED_PHASES + (Phase.RECYCLE_PAY,)


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

    def __init__(self, settings: SearchSettings | LevelSettings, seed: int = 0,
                 name: str = "ismcts", book=None, book_positions: int = BOOK_POSITIONS):
        """`settings`: the same at every table, or a level's (`LevelSettings`).
        `book`: an opening book (openings.Book, or anything with its
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
        # The last search's tree, with the move played and where it was played
        # (`_position`), for a decision that completes that move.
        self._kept: tuple | None = None
        # Where the offer this bot checked against its mirror is being made
        # (`_position`), and its decisions still to play, each with the
        # search that chose it: (action, last_search, last_iterations,
        # last_reused).
        self._plan: tuple | None = None
        # The last `analyse`'s tree and where it searched (`_position`), for
        # `whole_move`.
        self._analysed: tuple | None = None

    def _settings(self, view: SeatView) -> SearchSettings:
        """The settings in effect at the view's table (a duel's may differ)."""
        if isinstance(self.settings, LevelSettings):
            return self.settings.at_table_of(view.config.players, view.config.extensions)
        return self.settings

    @property
    def _sees_everything(self) -> bool:
        """A cheater's search (measurement only): its views hold the whole state."""
        s = self.settings
        return (s.search if isinstance(s, LevelSettings) else s).sees_everything

    def _checked(self, view: SeatView) -> SeatView:
        """The view, checked as it comes in (`check_view`: free for a view
        the engine made) before any kernel reads it; a cheater's, which
        holds the whole state (`sees_everything`), as a state."""
        if self._sees_everything:
            return _whole_state_checked(view)
        return check_view(view, deciding=True)

    def choose(self, view: SeatView) -> int:
        """The action to play, from the seat's view only: StateError (a
        ValueError) if the view is not one of a seat to decide (`check_view`)."""
        view = self._checked(view)
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
            if move is not None and not _is_offer(move):  # an offer is searched, to be checked
                self.last_from_book = True  # legal: the book checks its moves where they are played
                self._kept = None
                return self._unsearched(move)
        if len(view.legal_actions) == 1:
            return self._unsearched(view.legal_actions[0])
        if planned_phase(int(view.phase)):
            return self._unsearched(self._planned(view))
        only = self._only_sensible(view)
        if only is not None:  # the search would try nothing else
            self._kept = None
            return self._unsearched(only)
        return self._searched(view, seed)

    def _unsearched(self, move: int) -> int:
        """`move`, played without a search."""
        self.last_search = [MoveEstimate(move, 0, float("nan"))]
        return move

    def _searched(self, view: SeatView, seed: int) -> int:
        """The move the search chooses, on the decision's share of the budget
        (`_share`) and in the tree of the move it completes (`_reused_tree`),
        through the root's extras: the duel's offer margin and the mirror
        check of an offer."""
        iterations = self._share(view)
        reused = self._reused_tree(view, iterations)
        self.last_search, tree = self._search(view, seed, iterations, reused)
        action = self._worth_playing(view, self.last_search)
        if view.phase == Phase.MAIN and _is_offer(action):
            action = self._offer_passing_its_mirror(view, action, tree, seed)
            if self._plan is not None:
                return action  # its decisions are planned: no tree is kept for them
        self._kept = (_position(view), tree, action) if self._settings(view).reuse_tree else None
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

    def _offer_passing_its_mirror(self, view: SeatView, action: int, tree: _Tree,
                                  seed: int) -> int:
        """`action`, an offer the search chose, if the seat would accept its
        mirror (with the offer's decisions planned, `_plan`); else the move
        the search prefers next, checked the same way if it is an offer too
        (to another seat). The moves' estimates stay the search's.

        Why: a seat then offers no trade it would decline from the other
        side, as a person expects (`passport lab consistency`)."""
        searched = (self.last_search, self.last_iterations, self.last_reused)
        tried = set()
        while _is_offer(action) and action not in tried:
            tried.add(action)
            steps = self._composed(view, action, tree, seed)
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

    def _composed(self, view: SeatView, action: int, tree: _Tree, seed: int) -> list[tuple]:
        """The decisions that compose the offer `action` begins, as this bot
        would take them in the game: from its own views, in a world sampled
        from its observation (its composing decisions show nothing hidden),
        going on in the tree of the main decision. Each with its search."""
        world = self._world(view, _derived_seed(seed, -1))
        world.apply(action)
        self._kept = (_position(view), tree, action) if self._settings(view).reuse_tree else None
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
        the whole state its view holds (engine.whole_state_view)."""
        if self._sees_everything:
            return Game(view.config, view.observation.copy())
        return view.determinize(seed)

    def _seen(self, world: Game, seat: int) -> SeatView:
        """`seat`'s view of a world of `_world`, as this bot is shown views."""
        if self._sees_everything:
            return whole_state_view(world, seat)
        return world.view(seat)

    def _accepts_mirror(self, view: SeatView, actions: list[int], seed: int) -> bool:
        """Would this seat accept the mirror of the offer `actions` make
        (`Game.mirrored_offer`), in a world of `_world` where the target
        holds every card asked? When none of `MIRROR_WORLDS` samples has
        the target able to accept, there is no mirror to answer: True,
        unless the seat makes only `answerable_offers`."""
        # one world for a bot that sees everything: the true one
        for k in range(1 if self._sees_everything else MIRROR_WORLDS):
            world = self._world(view, _derived_seed(seed, -2 - k))
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
            moves, _ = self._search(answered, _derived_seed(seed, -2 - MIRROR_WORLDS), None, None)
            self.last_iterations, self.last_reused = iterations, reused
            return moves[0].action == A_YES
        return not self._settings(view).answerable_offers

    def _reused_tree(self, view: SeatView, iterations: int | None) -> _Tree | None:
        """The subtree below the move this bot just played, when the view's
        decision completes that move and nothing was seen in between."""
        if self._kept is None or view.phase not in CONTINUED_PHASES:
            return None
        position, tree, action = self._kept
        self._kept = None
        if position != _position(view):
            return None
        return tree.below(action, self._settings(view).iterations if iterations is None else iterations)

    def _only_sensible(self, view: SeatView) -> int | None:
        """The one choice `sensible_actions` leaves at the root of a decision
        that begins a move or answers one (a travel that must be taken, a
        recycle that wins, declining an offer that asks for a possible
        fourth postcard), or None: the search would expand nothing else.
        Inside a move (MOVE_GOES_ON) the search still runs, so that the
        move's later decisions go on in its tree."""
        if view.phase in MOVE_GOES_ON:
            return None
        legal = np.asarray(view.legal_actions, np.int64)
        n = sensible_actions(view.observation, legal, len(legal), view.seat,
                             self._settings(view).travel_first)
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
        every offer, yet the search rates an offer a little above the best
        other move: a declined offer costs no action, so its value is the
        best move after the refusal, and the best of several noisy
        estimates is biased upwards. What the search does not count is
        what the offer shows the rival (R7.4) and the time it takes to
        compose (docs/experiments.md, "An offer margin in duels")."""
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
        view = self._checked(view)
        moves, tree = self._search(view, seed, iterations, None)
        self._analysed = (_position(view), tree)
        return moves

    def whole_move(self, view: SeatView, action: int, seed: int) -> list[tuple[Phase, int]]:
        """The decisions that complete the move `action` begins at `view` (a
        trade's cards offered and kinds asked, a recycle's payment and the
        card taken, a steal's payment, a disposal's card, a smuggle's
        target), each (phase, action) as this bot would take it: in a world
        sampled from the view, going on in the tree of the last `analyse`
        of that view. Only decisions of WHOLE_MOVE_PHASES, which depend on
        nothing the seat has not seen (R7.4); empty for a move of one
        decision. StateError as `choose`."""
        view = self._checked(view)
        if action not in view.legal_actions:
            raise ValueError(f"action {action} is not legal in this view")
        analysed, self._analysed = self._analysed, None
        tree = analysed[1] if analysed is not None and analysed[0] == _position(view) else None
        world = self._world(view, _derived_seed(seed, -1))
        world.apply(action)
        self._kept = (_position(view), tree, action) if tree is not None else None
        steps = []
        while not world.over and world.decider == view.seat and world.phase in WHOLE_MOVE_PHASES:
            phase = Phase(world.phase)
            chosen = self.choose(self._seen(world, view.seat))
            steps.append((phase, chosen))
            world.apply(chosen)
        self._kept, self._plan = None, None
        return steps

    def _search(self, view: SeatView, seed: int, iterations: int | None,
                reused: _Tree | None) -> tuple[list[MoveEstimate], _Tree]:
        """`analyse`, going on in the `reused` tree when given; also the tree.
        It stops once the budget is spent, once the move is decided (the
        most visited one leads by more than `decided_share` of what is
        left), or at the clock cap."""
        s = self._settings(view)
        if iterations is not None:
            s = replace(s, iterations=iterations)
        tree = reused if reused is not None else _Tree(s.iterations, seed)
        self.last_reused = tree.done
        params = s.params(view.config.players)
        deadline = None if s.seconds is None else time.perf_counter() + s.seconds
        remaining = tree.budget - tree.done
        while remaining > 0 and not (s.stop_when_decided
                                     and K.decided(tree.ints, int(remaining * s.decided_share))):
            chunk = min(CHUNK, remaining)
            K.search(tree.header, tree.ints, tree.rewards, view.observation, view.seat, params, chunk)
            tree.done += chunk
            remaining = tree.budget - tree.done
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = tree.done
        moves = [MoveEstimate(a, v, total / v if v else float("nan"))
                 for a, (v, total) in tree.root_moves(view.seat).items() if a in view.legal_actions]
        if not moves:  # no iteration reached the root's children
            return [MoveEstimate(view.legal_actions[0], 0, float("nan"))], tree
        moves.sort(key=lambda m: (-m.visits, -m.win_chance, m.action))
        return moves, tree


def _whole_state_checked(view) -> SeatView:
    """A cheater's view (`engine.whole_state_view`: the whole state
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


def _position(view: SeatView) -> tuple:
    """Where a decision is: the game, the seat, the turn, the actions and the
    declined offers of the turn so far. Two decisions of one move share it."""
    o = view.observation
    return (view.config, view.seat, int(o[TURN]), int(o[ACTIONS_TAKEN]), int(o[DECLINED]))


class _Tree:
    """The search tree of a decision: its arrays, budget and iterations run."""

    def __init__(self, budget: int, seed: int, capacity: int | None = None):
        self.budget = budget
        self.done = 0
        self.header, self.ints, self.rewards = K.new_tree(budget + 2 if capacity is None
                                                          else capacity)
        self.header[K.T_RNG] = seed

    def below(self, action: int, budget: int) -> _Tree | None:
        """The subtree below the root's move `action` as a tree of its own,
        for a decision of `budget` iterations: the iterations that passed
        through it count as run (None when no iteration tried the move)."""
        node = int(K.find_child(self.ints, 0, action))
        if node < 0:
            return None
        visits = int(self.ints[node, 4])
        left = max(budget - visits, 0)
        tree = _Tree(budget, 0, K.subtree_size(self.ints, node) + left + 2)
        tree.header[K.T_NODES] = K.copy_subtree(self.ints, self.rewards, node,
                                                tree.ints, tree.rewards)
        tree.header[K.T_RNG] = self.header[K.T_RNG]
        tree.done = min(visits, budget)
        return tree

    def root_moves(self, seat: int) -> dict[int, tuple[int, float]]:
        """Each root move's visits and reward sum for `seat` (its mean reward
        times its visits)."""
        actions = np.empty(256, np.int64)
        visits = np.empty(256, np.int64)
        values = np.empty(256, np.float64)
        k = K.root_statistics(self.ints, self.rewards, seat, actions, visits, values)
        return {int(actions[i]): (int(visits[i]), float(values[i]) * int(visits[i])) for i in range(k)}


def _derived_seed(seed: int, index: int) -> int:
    """The random state of use `index` of a decision's seed (the worlds of
    its mirror check): SplitMix64's finaliser over seed + index × its
    increment, as a signed 64-bit int."""
    z = (seed + index * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    return z - (1 << 64) if z >= 1 << 63 else z


def _is_offer(action: int) -> bool:
    """A main action that offers a trade (to some seat)."""
    return decode(action).name == "trade"


class CheatingIsmctsBot(IsmctsBot):
    """The same search on the true hands: it sees every hand (the draw pile's
    order stays hidden, reshuffled in each sampled world). Only for measuring
    what hidden information costs (arena.match.Table hands it the whole
    state); it is never offered in play."""

    sees_everything = True

    def __init__(self, settings: SearchSettings | LevelSettings, seed: int = 0,
                 name: str = "cheater"):
        super().__init__(settings.changed(sees_everything=True), seed, name)


class PartlyCheatingIsmctsBot:
    """The cheater at the decisions of some phases, the fair search at the
    others (cheater-LEVEL@PHASE, bots/names.py): it measures where in a turn
    hidden information costs. It is handed the whole state, like the
    cheater, and at the other phases decides from its seat's view of it
    (R7.4), as the fair bot would. Only for measuring; never offered in
    play."""

    sees_everything = True

    def __init__(self, settings: SearchSettings | LevelSettings, phases, seed: int = 0,
                 name: str = "cheater"):
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
