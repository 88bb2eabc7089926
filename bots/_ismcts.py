"""Determinized information-set MCTS (SO-ISMCTS with availability counts),
compiled with numba: the whole iteration loop runs inside one kernel call.

One tree per decision. Each iteration of `search` takes five steps, each a
function of its own:
  1. `sample_world`: a world drawn from the bot's observation (engine
     `deal`), so the tree never sees a card the bot cannot know; moved
     towards the hand beliefs of _beliefs.py (`P_BELIEF_SWEEPS`), and drawn
     again while it breaks what the bot knows of the rules (below);
  2. `descend`: from the root, the seat to move picks the child with the
     best UCB of *its own* mean reward (max^n), where the exploration term
     counts how often the child was *available* (legal in the sampled world),
     not how often the parent was visited; the planner's move may add a
     prior (`P_PLANNER_PRIOR`);
  3. ...until it expands one new child (`expand`);
  4. `roll_out`: the rollout policy (_rollout.py) plays a few decisions,
     and `score` rates where it stops: a finished game by its result, else
     by the hand-set (_heuristic.py) or the fitted (_evaluation.py)
     evaluation, one reward per seat;
  5. `back_up`: the reward vector is added up the path.

With `P_INFER_TRAVEL` the world of step 1 is redrawn (up to INFERENCE_TRIES
times) while a rival could travel on cards the bot has not seen: players
travel as soon as they can (R6), so one who has not travelled most likely
cannot. It errs for a rival whose last action drew its missing card, one
that has not had a turn yet, or one held back by an Airline Strike that has
since ended. With `P_REACHABLE_WORLDS` a world the rules could not have
reached (a rival holding 4 postcards the bot has not seen: R8 would have
ended the game) is redrawn too, and never kept while DETERMINIZE_TRIES
allow.

Nodes are keyed by the path of observable decisions from the root. Chance
(draws, random steals, events) happens inside the engine's apply and never
splits the tree. Decisions another seat makes that the bot cannot see (which
card a Local Guide or Trading Post player takes or puts back) are played by
the rollout policy and do not split the tree either (move projection), so the
tree cannot learn what it should not know. Below the root, payments and
discards are the planner's sets, and no seat makes a choice the planner
rules out (`sensible_actions`, bots/_planner.py).

Tree arrays (capacity N nodes, -1 = none):
    parent[N], action[N], first_child[N], next_sibling[N]  int64
    visits[N], available[N], prior[N]                        int64
(prior: the planner's move at the node, NO_PRIOR until it is asked)
    reward[N, 6]                                            float64, sums per seat
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine.kernels import (
    A_NO, ASK, CARD_KIND, DECIDER, DETERMINIZE_TRIES, DRAW, DRAW_HEAD, DRAW_SIZE, KIND_COUNT, LOC,
    N_ASK, NUM_ACTIONS, NUM_CARDS, NUM_KINDS, PHASE, PH_DISCARD, PH_DISPOSE_WITH, PH_LG_TAKE, PH_OVER,
    PH_RECYCLE_PAY, PH_RECYCLE_TAKE, PH_STEAL_PAY, PH_TP_GIVE, PH_TP_PICK, PH_TRADE_ASK,
    PH_TRADE_GIVE, PH_TRADE_REPLY, PLAYERS, REASON, REASON_ROUND_CAP, REFUSED, RNG, STATE_SIZE,
    TARGET, WINNER, apply_action, deal, deal_plan, legal_actions, new_deal_plan,
    splitmix_next, travel_options, unreachable,
)

from ._beliefs import ROUND_BUCKETS, WEIGHT_COLUMNS, belief_scratch, belief_table, reweigh_hands
from ._evaluation import NUM_FEATURES, evaluate_fitted
from ._heuristic import evaluate, score_action, score_asks
from ._planner import planned_phase, planner_action, sensible_actions
from ._rollout import rollout_action

# Search parameters, one float64 array (bots/search_settings.py `SearchSettings.params`).
P_EXPLORATION = 0      # UCB exploration constant
P_EPSILON = 1          # rollout: chance of a uniformly random action
P_ROLLOUT_DEPTH = 2    # rollout: decisions before the evaluation cuts in
P_SEES_ALL = 3         # measurement only: `observation` is the true state (a cheater)
P_INFER_TRAVEL = 4     # sample only worlds where no other seat could have travelled
P_BELIEF_SWEEPS = 5    # Metropolis sweeps towards the hand beliefs of _beliefs.py (0: uniform deal)
P_FITTED_EVALUATION = 6  # 1: score cut-off positions with the fitted evaluation (_evaluation.py)
# The planner's move as a prior (progressive bias): at each node it is tried
# first and its UCB value gets P_PLANNER_PRIOR / (visits + 1) more (0: none)
P_PLANNER_PRIOR = 7
# 1: another seat declines an offer asking for a kind it declined to give
# since its turn began (public memory, REFUSED), as players do
P_KEEP_REFUSALS = 8
# 1: a seat that can travel travels (`sensible_actions`)
P_TRAVEL_FIRST = 9
# 1: a sampled world the rules could not have reached (engine `unreachable`:
# a rival holding 4 postcards, R8) is dealt again, whatever the inference
P_REACHABLE_WORLDS = 10
# 1: in rollouts, a seat finds cards in other hands as it would know them,
# not by the sampled hands (bots/_rollout.py, `seems_to_hold`)
P_GUESSED_HANDS = 11
P_EVALUATION_WEIGHTS = 12  # then the fitted evaluation's weights, NUM_FEATURES of them
P_BELIEF_WEIGHTS = P_EVALUATION_WEIGHTS + NUM_FEATURES  # then the belief's log weights, ROUND_BUCKETS x WEIGHT_COLUMNS
NUM_PARAMS = P_BELIEF_WEIGHTS + ROUND_BUCKETS * WEIGHT_COLUMNS

# The most children a card or kind choice keeps (`prune`), so the branching
# factor of trade offers stays bounded.
WIDTH = 4
INFERENCE_TRIES = 16   # samples tried before a world that breaks the inference is kept

# Tree fields in the int64 header array.
T_NODES = 0            # nodes in use
T_ITERATIONS = 1       # iterations run so far
T_RNG = 2              # the search's own SplitMix64 state

NO_PRIOR = -2          # a node whose planner's move is not known yet


@njit(cache=True, inline='always')
def refuses_again(S):
    """Does the pending offer ask its target for a kind the target declined
    to give since its turn began (R5.3: answers are public)?"""
    refused = S[REFUSED + S[TARGET]]
    for i in range(S[N_ASK]):
        if (refused >> S[ASK + i]) & 1:
            return True
    return False


@njit(cache=True)
def policy_action(S, legal, n, rng, epsilon, missing, keep_refusals, guess):
    """The rollout policy's move for the seat to decide (_rollout.py; with
    `guess`, finding cards in other hands as the seat would know them),
    uniformly random with chance epsilon. With `keep_refusals`, an offer
    asking for a kind its target declined to give since its turn began is
    declined again."""
    if keep_refusals and S[PHASE] == PH_TRADE_REPLY and refuses_again(S):
        return A_NO
    return rollout_action(S, legal, n, rng, epsilon, missing, guess)


@njit(cache=True)
def new_tree(capacity):
    ints = np.full((capacity, 7), -1, np.int64)   # parent, action, first, next, visits, available, prior
    rewards = np.zeros((capacity, 6), np.float64)
    header = np.zeros(4, np.int64)
    ints[0, 4] = 0
    ints[0, 5] = 0
    ints[0, 6] = NO_PRIOR
    header[T_NODES] = 1
    return header, ints, rewards


@njit(cache=True)
def hidden_from(phase, decider, root_seat):
    """A decision whose choice the root seat cannot observe (R7.4)."""
    return decider != root_seat and (phase == PH_LG_TAKE or phase == PH_TP_PICK or phase == PH_TP_GIVE)


@njit(cache=True)
def many_choice_phase(phase):
    return (phase == PH_TRADE_GIVE or phase == PH_TRADE_ASK or phase == PH_RECYCLE_PAY
            or phase == PH_RECYCLE_TAKE or phase == PH_STEAL_PAY or phase == PH_DISCARD
            or phase == PH_DISPOSE_WITH or phase == PH_TP_PICK or phase == PH_TP_GIVE
            or phase == PH_LG_TAKE)


@njit(cache=True)
def prune(S, legal, n, scores, chances):
    """Keep the WIDTH best-scored actions of a card or kind choice. Returns
    the new n. `chances` is scratch for the kinds of a trade's ask."""
    width = WIDTH
    if n <= width:
        return n  # all kept: no need to score them
    decider = S[DECIDER]
    if S[PHASE] == PH_TRADE_ASK:
        score_asks(S, legal, n, decider, scores, chances)
    else:
        for i in range(n):
            scores[i] = score_action(S, legal[i], decider)
    # partial selection sort: best `width` to the front
    for i in range(width):
        best = i
        for j in range(i + 1, n):
            if scores[j] > scores[best]:
                best = j
        t = legal[i]
        legal[i] = legal[best]
        legal[best] = t
        s = scores[i]
        scores[i] = scores[best]
        scores[best] = s
    return width


@njit(cache=True)
def terminal_rewards(S, out):
    n = S[PLAYERS]
    for s in range(6):
        out[s] = 0.0
    if S[REASON] == REASON_ROUND_CAP:
        for s in range(n):
            out[s] = 1.0 / n
    else:
        out[S[WINNER]] = 1.0


@njit(cache=True)
def shuffle_draw_pile(S, rng):
    """Deal the draw pile's cards back into its places in a random order."""
    n = S[DRAW_SIZE]
    for i in range(n - 1, 0, -1):
        j = np.int64(splitmix_next(rng, 0) % np.uint64(i + 1))
        a = DRAW + (S[DRAW_HEAD] + i) % NUM_CARDS
        b = DRAW + (S[DRAW_HEAD] + j) % NUM_CARDS
        t = S[a]
        S[a] = S[b]
        S[b] = t


@njit(cache=True)
def certain_travellers(observation, root_seat, out):
    """out[t] = 1 when the cards `root_seat` has seen in t's hand already let
    t travel. (An observation blanks other hands' kind counts; they are
    rebuilt here from the seen cards alone.)"""
    K = observation.copy()
    n = K[PLAYERS]
    for t in range(n):
        if t == root_seat:
            continue
        for k in range(NUM_KINDS):
            K[KIND_COUNT + t * NUM_KINDS + k] = 0
    for c in range(NUM_CARDS):
        loc = K[LOC + c]
        if 0 <= loc < n and loc != root_seat:
            K[KIND_COUNT + loc * NUM_KINDS + CARD_KIND[c]] += 1
    for t in range(n):
        out[t] = 1 if t == root_seat or travel_options(K, t) != 0 else 0


@njit(cache=True)
def breaks_travel_inference(S, certain):
    """Could a seat travel in this sampled world although the bot has not
    seen it hold the cards? Players travel as soon as they can (R6), so a seat
    that ended its turn without travelling most likely lacks a card: such
    worlds are sampled again (its last action's own draw is the exception
    this inference gets wrong, a small price against sampling worlds where
    every rival is ready to leave)."""
    for t in range(S[PLAYERS]):
        if certain[t] == 0 and travel_options(S, t) != 0:
            return True
    return False


@njit(cache=True)
def find_child(ints, node, action):
    child = ints[node, 2]
    while child >= 0:
        if ints[child, 1] == action:
            return child
        child = ints[child, 3]
    return -1


@njit(cache=True)
def add_child(header, ints, rewards, node, action):
    child = header[T_NODES]
    header[T_NODES] += 1
    ints[child, 0] = node
    ints[child, 1] = action
    ints[child, 2] = -1
    ints[child, 3] = ints[node, 2]
    ints[child, 4] = 0
    ints[child, 5] = 0
    ints[child, 6] = NO_PRIOR
    for s in range(6):
        rewards[child, s] = 0.0
    ints[node, 2] = child
    return child


@njit(cache=True, inline='always')
def sample_world(S, observation, root_seat, params, plan, base, belief, scratch, certain, rng):
    """Step 1: S becomes a world sampled from `observation`, root_seat's
    view: dealt by the plan of `deal_plan` (plan, base), moved towards the
    hand beliefs `belief` (with P_BELIEF_SWEEPS; `scratch` from
    `belief_scratch`), and dealt again while a seat not `certain` to be
    able to travel could (with P_INFER_TRAVEL) or the rules could not have
    reached it (with P_REACHABLE_WORLDS). A cheater's (P_SEES_ALL) is the
    true state, its draw pile shuffled."""
    if params[P_SEES_ALL] != 0.0:  # the cheater sees every hand; the draw pile's order stays unknown
        S[:] = observation[:]
        S[RNG] = np.int64(splitmix_next(rng, 0))
        shuffle_draw_pile(S, rng)
        return
    sweeps = np.int64(params[P_BELIEF_SWEEPS])
    reachable = params[P_REACHABLE_WORLDS] != 0.0
    infer_travel = params[P_INFER_TRAVEL] != 0.0
    # the travel inference may err, so it gives up after some tries;
    # a world the rules could not have reached is never kept
    tries = 0
    while True:
        deal(plan, base, np.int64(splitmix_next(rng, 0)), S)
        if sweeps > 0:
            reweigh_hands(S, observation, root_seat, belief, rng, sweeps, scratch)
        tries += 1
        if reachable and unreachable(S) and tries < DETERMINIZE_TRIES:
            continue
        if not infer_travel or tries >= INFERENCE_TRIES or not breaks_travel_inference(S, certain):
            return


@njit(cache=True, inline='always')
def best_child(ints, rewards, node, legal, n, decider, exploration, prior, weight):
    """Step 2 at one node: the tried child among legal[:n] with the best UCB
    value for `decider` (its own mean reward; the exploration term counts
    how often the child was available, and each tried child is available
    once more now), `weight` / (visits + 1) more for the `prior` move; and
    how many of legal[:n] are untried. (-1 for none tried.)"""
    best = -1
    best_value = -1e18
    untried = 0
    for i in range(n):
        child = find_child(ints, node, legal[i])
        if child < 0:
            untried += 1
            continue
        ints[child, 5] += 1
        v = ints[child, 4]
        value = rewards[child, decider] / v + exploration * np.sqrt(np.log(ints[child, 5]) / v)
        if legal[i] == prior:
            value += weight / (v + 1)
        if value > best_value:
            best_value = value
            best = child
    return best, untried


@njit(cache=True, inline='always')
def expand(S, header, ints, rewards, node, legal, n, untried, prior, rng, log):
    """Step 3: a new child of `node` for one of its `untried` moves among
    legal[:n] (the `prior` move first while it is untried, else one at
    random), its move played in S; returns the child."""
    pick = np.int64(splitmix_next(rng, 0) % np.uint64(untried))
    if prior >= 0:
        j = 0
        for i in range(n):
            if find_child(ints, node, legal[i]) < 0:
                if legal[i] == prior:
                    pick = j
                j += 1
    for i in range(n):
        if find_child(ints, node, legal[i]) < 0:
            if pick == 0:
                child = add_child(header, ints, rewards, node, legal[i])
                ints[child, 5] = 1
                apply_action(S, legal[i], log)
                return child
            pick -= 1
    return -1  # not reached: `untried` children have no node


@njit(cache=True, inline='always')
def descend(S, header, ints, rewards, observation, root_seat, params, path, work, rng):
    """Steps 2 and 3: from the root, play in the sampled world S the move of
    each node's best child (`best_child`) until a new one is expanded
    (`expand`), the game ends, or a full tree has nothing tried at a node.
    The nodes passed go to `path`; returns how many."""
    legal, scores, chances, missing, planner_scratch, log = work
    exploration = params[P_EXPLORATION]
    epsilon = params[P_EPSILON]
    weight = params[P_PLANNER_PRIOR]
    keep_refusals = params[P_KEEP_REFUSALS] != 0.0
    travel_first = params[P_TRAVEL_FIRST] != 0.0
    guess = params[P_GUESSED_HANDS] != 0.0
    node = 0
    path[0] = 0
    length = 1
    while S[PHASE] != PH_OVER:
        n = legal_actions(S, legal)
        phase = S[PHASE]
        decider = S[DECIDER]
        if n == 1 or hidden_from(phase, decider, root_seat):
            apply_action(S, policy_action(S, legal, n, rng, epsilon, missing, keep_refusals, guess), log)
            continue
        # Node 0 is the root seat's decision, where the tree starts. A
        # payment there is searched, so that `hint` can rate each card (a bot
        # plays the planner's card without a search, IsmctsBot.choose), and
        # its choices are judged from what the root seat knows; deeper, in
        # the sampled world.
        if node != 0 and planned_phase(phase):
            apply_action(S, planner_action(S, legal, n, decider, planner_scratch), log)
            continue
        seen = S
        if node == 0:
            seen = observation
        n = sensible_actions(seen, legal, n, decider, travel_first)
        prior = -1
        if weight > 0.0:
            if ints[node, 6] == NO_PRIOR:
                # asked once per node, in the world of its first visit
                ints[node, 6] = planner_action(seen, legal, n, decider, planner_scratch)
            prior = ints[node, 6]
        if many_choice_phase(phase):
            kept = prune(S, legal, n, scores, chances)
            for i in range(kept, n):  # the planner's move is never pruned
                if legal[i] == prior:
                    legal[i] = legal[kept - 1]
                    legal[kept - 1] = prior
            n = kept
        child, untried = best_child(ints, rewards, node, legal, n, decider, exploration, prior, weight)
        if untried > 0 and header[T_NODES] < ints.shape[0]:
            path[length] = expand(S, header, ints, rewards, node, legal, n, untried, prior, rng, log)
            return length + 1
        if child < 0:  # a full tree and nothing tried here: roll out
            return length
        apply_action(S, ints[child, 1], log)
        node = child
        path[length] = node
        length += 1
    return length


@njit(cache=True, inline='always')
def roll_out(S, params, work, rng):
    """Step 4: the rollout policy plays on in S, P_ROLLOUT_DEPTH decisions
    at most."""
    legal, scores, chances, missing, planner_scratch, log = work
    epsilon = params[P_EPSILON]
    depth = np.int64(params[P_ROLLOUT_DEPTH])
    keep_refusals = params[P_KEEP_REFUSALS] != 0.0
    guess = params[P_GUESSED_HANDS] != 0.0
    steps = 0
    while S[PHASE] != PH_OVER and steps < depth:
        n = legal_actions(S, legal)
        apply_action(S, policy_action(S, legal, n, rng, epsilon, missing, keep_refusals, guess), log)
        steps += 1


@njit(cache=True, inline='always')
def score(S, params, weights, features, reward):
    """Step 4's verdict: reward[seat] for every seat, 1 to the winner of a
    finished game (shared at the round cap), else the win chances of the
    fitted evaluation (P_FITTED_EVALUATION, with `weights`; `features` is
    its scratch) or of the hand-set one."""
    if S[PHASE] == PH_OVER:
        terminal_rewards(S, reward)
    elif params[P_FITTED_EVALUATION] > 0:
        evaluate_fitted(S, reward, weights, features)
    else:
        evaluate(S, reward)


@njit(cache=True, inline='always')
def back_up(ints, rewards, path, length, reward):
    """Step 5: every node of path[:length] counts one more visit and adds
    the reward vector."""
    for i in range(length):
        node = path[i]
        ints[node, 4] += 1
        for s in range(6):
            rewards[node, s] += reward[s]


@njit(cache=True, nogil=True)
def search(header, ints, rewards, observation, root_seat, params, iterations):
    """Run `iterations` more iterations on the tree from `observation`, the
    root seat's view (a cheater's: the true state). The tree stops growing
    when its arrays are full. It releases the GIL, so that other threads
    (a spinner while `hint` thinks) run meanwhile."""
    S = np.empty(STATE_SIZE, np.int64)
    path = np.empty(4096, np.int64)
    reward = np.zeros(6, np.float64)
    work = (np.empty(NUM_ACTIONS, np.int64),    # the legal actions
            np.empty(NUM_ACTIONS, np.float64),  # their scores (`prune`)
            np.empty(NUM_KINDS, np.float64),    # a trade ask's kind chances (`prune`)
            np.empty(8, np.int64),              # the rollout policy's missing kinds
            np.zeros(24, np.int64),             # the planner's scratch
            np.zeros((1, 4), np.int64))         # apply_action's log: a search records no moves
    rng = np.empty(1, np.int64)
    rng[0] = header[T_RNG]
    weights = params[P_EVALUATION_WEIGHTS:P_EVALUATION_WEIGHTS + NUM_FEATURES].copy()
    features = np.empty(NUM_FEATURES, np.float64)
    # what `sample_world` reads, made once
    sees_all = params[P_SEES_ALL] != 0.0
    plan, base = new_deal_plan()
    if not sees_all and not deal_plan(observation, root_seat, plan, base):
        raise ValueError("no world fits the observation")
    belief = np.zeros((6, NUM_CARDS), np.float64)
    if np.int64(params[P_BELIEF_SWEEPS]) > 0 and not sees_all:
        log_weights = params[P_BELIEF_WEIGHTS:NUM_PARAMS].copy().reshape((ROUND_BUCKETS, WEIGHT_COLUMNS))
        belief_table(observation, root_seat, log_weights, belief)
    scratch = belief_scratch()
    certain = np.ones(6, np.int64)
    if params[P_INFER_TRAVEL] != 0.0 and not sees_all:
        certain_travellers(observation, root_seat, certain)
    for _ in range(iterations):
        sample_world(S, observation, root_seat, params, plan, base, belief, scratch, certain, rng)
        length = descend(S, header, ints, rewards, observation, root_seat, params, path, work, rng)
        roll_out(S, params, work, rng)
        score(S, params, weights, features, reward)
        back_up(ints, rewards, path, length, reward)
        header[T_ITERATIONS] += 1
    header[T_RNG] = rng[0]


@njit(cache=True)
def subtree_size(ints, node):
    """Nodes in the subtree below and including `node`."""
    stack = np.empty(ints.shape[0], np.int64)
    stack[0] = node
    top = 1
    count = 0
    while top > 0:
        top -= 1
        count += 1
        child = ints[stack[top], 2]
        while child >= 0:
            stack[top] = child
            top += 1
            child = ints[child, 3]
    return count


@njit(cache=True)
def copy_subtree(ints, rewards, node, new_ints, new_rewards):
    """Copy the subtree below `node` into an empty tree, `node` becoming its
    root (children keep their order); returns the nodes copied."""
    stack = np.empty(ints.shape[0], np.int64)   # old nodes whose children are still to copy
    where = np.empty(ints.shape[0], np.int64)   # their new indices
    new_ints[0, :] = ints[node, :]
    new_ints[0, 0] = -1
    new_ints[0, 1] = -1
    new_rewards[0, :] = rewards[node, :]
    stack[0] = node
    where[0] = 0
    top = 1
    used = 1
    while top > 0:
        top -= 1
        old = stack[top]
        new = where[top]
        previous = -1
        child = ints[old, 2]
        new_ints[new, 2] = -1
        while child >= 0:
            c = used
            used += 1
            new_ints[c, :] = ints[child, :]
            new_ints[c, 0] = new
            new_ints[c, 3] = -1
            new_rewards[c, :] = rewards[child, :]
            if previous < 0:
                new_ints[new, 2] = c
            else:
                new_ints[previous, 3] = c
            previous = c
            stack[top] = child
            where[top] = c
            top += 1
            child = ints[child, 3]
    return used


@njit(cache=True)
def decided(ints, remaining):
    """Has one root child so many more visits than any other that `remaining`
    further iterations cannot change which is most visited? Stopping then
    saves time and never changes the move chosen (most visits wins)."""
    first = 0
    second = 0
    child = ints[0, 2]
    while child >= 0:
        v = ints[child, 4]
        if v > first:
            second = first
            first = v
        elif v > second:
            second = v
        child = ints[child, 3]
    return first - second > remaining


@njit(cache=True)
def root_statistics(ints, rewards, root_seat, out_actions, out_visits, out_values):
    """The root's children: action, visits, and mean reward for the root seat."""
    k = 0
    child = ints[0, 2]
    while child >= 0:
        out_actions[k] = ints[child, 1]
        out_visits[k] = ints[child, 4]
        out_values[k] = rewards[child, root_seat] / max(ints[child, 4], 1)
        k += 1
        child = ints[child, 3]
    return k
