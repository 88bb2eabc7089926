"""What a search does: its settings at one table (`SearchSettings`), and a
level's at every table (`LevelSettings`). The levels themselves are in
bots/difficulty.py; the bot that searches with them in bots/ismcts.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from engine import cards as C

from . import _ismcts as K
from ._beliefs import belief_weights
from ._evaluation import EVALUATION_WEIGHTS, NUM_FEATURES

# How a rollout's cut-off position is scored: the softmax of
# `_heuristic.progress` / TEMPERATURE, or the fitted evaluation (bots/_evaluation.py).
EVALUATIONS = ("hand-set", "fitted")


@dataclass(frozen=True)
class SearchSettings:
    """How a bot searches at one table: its budget, how it explores and
    rolls out, and what it knows. What every search does is the code: the
    planner's payments and discards, no choice the planner rules out, and
    no offer the seat would decline from the other side (docs/bots.md)."""
    iterations: int = 2000
    seconds: float | None = None    # a clock cap on a decision's search (None: none)
    exploration: float = 0.7        # the UCB exploration constant
    epsilon: float = 0.1            # rollout: chance of a uniformly random action
    rollout_depth: int = 30         # rollout: decisions before the evaluation cuts in
    evaluation: str = "hand-set"    # one of EVALUATIONS
    # Stop once the most visited root move leads the next by more than this
    # share of the iterations left (1: once no later iteration could change
    # the move; less stops sooner, on a lead the rest of the budget would
    # keep but for a rare swing).
    decided_share: float = 1.0
    infer_travel: bool = False      # rivals who did not travel lack a card (bots/_ismcts.py)
    belief_sweeps: int = 0          # hand beliefs: Metropolis sweeps per sampled world (bots/_beliefs.py)
    # The planner's move as a prior: tried first at each node, with
    # planner_prior / (visits + 1) added to its UCB value (0: no prior).
    planner_prior: float = 0.0
    # A seat that can travel travels (R6), in the tree and at the root
    # (`sensible_actions`, bots/_planner.py).
    travel_first: bool = False
    # Two-player games only: offer a trade only when the search rates the
    # offer this much (win chance) above the move it would play otherwise
    # (bots/ismcts.py, `IsmctsBot._worth_playing`; 0: no margin).
    duel_offer_margin: float = 0.0
    # The share of the budget a decision inside the seat's own move gets
    # (the cards and kinds of an offer, what to take, whom to hand a
    # forbidden item): the move that began it was searched whole already.
    # Main decisions, replies to offers and Mousetraps always get it whole.
    inner_share: float = 1.0
    # A decision that completes the seat's own move (bots/ismcts.py,
    # CONTINUED_PHASES) goes on in the subtree below the move just played:
    # its visits count towards the decision's budget, so only the rest is
    # searched.
    reuse_tree: bool = False
    # Inside the search, another seat declines an offer asking for a kind it
    # declined to give since its turn began (the public memory of answers,
    # R5.3): a bot does not expect a rival to change its mind within a turn.
    keep_refusals: bool = False
    # An offer that no world sampled from the seat's view (bots/ismcts.py,
    # MIRROR_WORLDS of them) lets its target accept is not made: a declined
    # offer costs no action but shows the cards offered to the whole table
    # (R5.3).
    answerable_offers: bool = False
    # The share of the budget a main decision gets after an offer of the turn
    # was declined: the same position was searched whole a moment before.
    declined_share: float = 1.0
    # The same for a decision inside the seat's own move after an offer of
    # the turn was declined: that share of its `inner_share`.
    declined_inner_share: float = 1.0
    # A sampled world the rules could not have reached (a rival holding 4
    # postcards the seat has not seen, where R8 would have ended the game)
    # is dealt again (engine `unreachable`).
    reachable_worlds: bool = False
    # In rollouts, a seat finds a card it wants in another hand as it would
    # know it (the copies it has seen there, a guess for the rest), not by
    # the sampled hands (bots/_rollout.py, `seems_to_hold`): every sampled
    # world keeps the seat's own true hand.
    guessed_hands: bool = False
    # Measurement only: False runs the whole budget (`passport bench ismcts`
    # times trees of one size).
    stop_when_decided: bool = True
    sees_everything: bool = False   # measurement only: the cheating variant

    def changed(self, **changes) -> SearchSettings:
        """These settings with `changes`."""
        return replace(self, **changes)

    def params(self, players: int) -> np.ndarray:
        """The kernel's parameter array for a game of `players` seats
        (ValueError for an evaluation that does not exist)."""
        p = np.zeros(K.NUM_PARAMS, np.float64)
        p[K.P_EXPLORATION] = self.exploration
        p[K.P_EPSILON] = self.epsilon
        p[K.P_ROLLOUT_DEPTH] = self.rollout_depth
        p[K.P_SEES_ALL] = 1.0 if self.sees_everything else 0.0
        p[K.P_INFER_TRAVEL] = 1.0 if self.infer_travel else 0.0
        p[K.P_BELIEF_SWEEPS] = self.belief_sweeps
        p[K.P_PLANNER_PRIOR] = self.planner_prior
        p[K.P_KEEP_REFUSALS] = 1.0 if self.keep_refusals else 0.0
        p[K.P_TRAVEL_FIRST] = 1.0 if self.travel_first else 0.0
        p[K.P_REACHABLE_WORLDS] = 1.0 if self.reachable_worlds else 0.0
        p[K.P_GUESSED_HANDS] = 1.0 if self.guessed_hands else 0.0
        if self.evaluation not in EVALUATIONS:
            raise ValueError(f"unknown evaluation {self.evaluation!r}; choose from {', '.join(EVALUATIONS)}")
        if self.evaluation == "fitted":
            p[K.P_FITTED_EVALUATION] = 1.0
            p[K.P_EVALUATION_WEIGHTS:K.P_EVALUATION_WEIGHTS + NUM_FEATURES] = EVALUATION_WEIGHTS
        if self.belief_sweeps:
            p[K.P_BELIEF_WEIGHTS:] = belief_weights(players).ravel()
        return p


@dataclass(frozen=True)
class LevelSettings:
    """A searching bot's settings at every table: `search`, but `duel` in
    two-player games when it has one, and at tables of three or more
    without the postcards extension the planner's move as a prior of
    `prior_without_postcards` for every 1,000 iterations of the budget (0:
    `search`'s prior there too). The budget is the same at every table."""
    search: SearchSettings
    duel: SearchSettings | None = None
    prior_without_postcards: float = 0.0

    def __post_init__(self):
        if self.duel is not None and (self.duel.iterations, self.duel.seconds) != (
                self.search.iterations, self.search.seconds):
            raise ValueError("a level's duels search with the budget of its other tables")

    @property
    def iterations(self) -> int:
        return self.search.iterations

    @property
    def seconds(self) -> float | None:
        return self.search.seconds

    def changed(self, **changes) -> LevelSettings:
        """These settings with `changes` at every table (the duel's too);
        `prior_without_postcards` among them is the level's."""
        level = {"prior_without_postcards": changes.pop("prior_without_postcards")
                 } if "prior_without_postcards" in changes else {}
        duel = None if self.duel is None else replace(self.duel, **changes)
        return replace(self, search=replace(self.search, **changes), duel=duel, **level)

    def at_table_of(self, players: int, extensions: int) -> SearchSettings:
        """The settings in effect in a game of `players` seats with the
        extensions of bit mask `extensions`."""
        if players == 2 and self.duel is not None:
            return self.duel
        if self.prior_without_postcards and players >= 3 and not extensions & C.EXT_POSTCARDS:
            return replace(self.search,
                           planner_prior=self.prior_without_postcards * self.search.iterations / 1000)
        return self.search
