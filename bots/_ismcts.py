"""Determinized information-set MCTS (SO-ISMCTS with availability counts),
compiled with numba: the whole iteration loop runs inside one kernel call.

One tree per decision (or a few, searched at once and merged at the root:
`trees` in bots/ismcts.py; the kernel releases the GIL for that). Each
iteration
  1. samples a world from the bot's observation (engine `determinize`), so
     the tree never sees a card the bot cannot know;
  2. descends the tree: at a node, the seat to move picks the child with the
     best UCB of *its own* mean reward (max^n), where the exploration term
     counts how often the child was *available* (legal in the sampled world),
     not how often the parent was visited;
  3. expands one new child, then plays a heuristic rollout cut off after a
     few decisions and scored by the heuristic evaluation;
  4. backs the reward vector (one entry per seat) up the path.

With `P_INFER_TRAVEL` the sample in step 1 is redrawn (up to
INFERENCE_TRIES times) while a rival could travel on cards the bot has not
seen: players travel as soon as they can (R6), so one who has not travelled
most likely cannot. It errs for a rival whose last action drew its missing
card, one that has not had a turn yet, or one held back by an Airline Strike
that has since ended.

Nodes are keyed by the path of observable decisions from the root. Chance
(draws, random steals, events) happens inside the engine's apply and never
splits the tree. Decisions another seat makes that the bot cannot see (which
card a Local Guide or Trading Post player takes or puts back) are played by
the rollout policy and do not split the tree either (move projection), so the
tree cannot learn what it should not know.

With `P_REACHABLE_WORLDS` a sample the rules could not have reached (a
rival holding 4 postcards the bot has not seen: R8 would have ended the
game) is redrawn too, and never kept while DETERMINIZE_TRIES allow.

With `P_BELIEF_SWEEPS` the uniform deal is first moved towards what players
really keep in hand (bots/_beliefs.py), then checked against the travel
inference.

With `P_RIVALS_BY_POLICY` every decision of another seat is played that way:
the tree then holds only the root seat's own decisions (an open-loop tree
over them), and rivals act on their own sampled hands through the policy
rather than through nodes that pool every world. (In a pooled node a rival
picks one move for all the hands it might hold, and at large budgets the
deep tree plans against such rivals: docs/experiments.md.)

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
    TARGET, WINNER, apply_action, deal, deal_plan, legal_actions, new_deal_plan, observe,
    splitmix_next, travel_options, unreachable,
)

from ._beliefs import (NUM_POSTCARDS, ROUND_BUCKETS, WEIGHT_COLUMNS, belief_scratch, belief_table,
                       reweigh_hands)
from ._evaluation import NUM_FEATURES, evaluate_fitted
from ._heuristic import evaluate, score_action, score_asks
from ._planner import planned_phase, planner_action, sensible_actions
from ._rollout import rollout_action

# Search parameters, one float64 array (see bots/difficulty.py for the levels).
P_EXPLORATION = 0      # UCB exploration constant
P_EPSILON = 1          # rollout: chance of a uniformly random action
P_ROLLOUT_DEPTH = 2    # rollout: decisions before the evaluation cuts in
P_TEMPERATURE = 3      # evaluation softmax temperature (progress points)
P_WIDTH = 4            # most children considered in a card/kind choice
P_SEES_ALL = 5         # measurement only: `observation` is the true state (a cheater)
P_INFER_TRAVEL = 6     # sample only worlds where no other seat could have travelled
P_RIVALS_BY_POLICY = 7 # other seats' decisions are played by the rollout policy, not tree nodes
P_BELIEF_SWEEPS = 8    # Metropolis sweeps towards the hand beliefs of _beliefs.py (0: uniform deal)
P_FITTED_EVALUATION = 9  # 1: score cut-off positions with the fitted evaluation (_evaluation.py)
# 1: in the tree, payments and discards are the planner's sets and no seat makes
# a choice `sensible_actions` removes (bots/_planner.py)
P_PLANNED_CHOICES = 10
# The planner's move as a prior (progressive bias): at each node it is tried
# first and its UCB value gets P_PLANNER_PRIOR / (visits + 1) more (0: none)
P_PLANNER_PRIOR = 11
P_PLANNER_ROLLOUTS = 12  # 1: rollouts (and rivals by policy) play the planner, not _rollout.py
P_PLANNED_OFFERS = 13  # 1: in the tree, an offer's cards and kinds are the planner's set
# 1: another seat declines an offer asking for a kind it declined to give
# since its turn began (public memory, REFUSED), as players do
P_KEEP_REFUSALS = 14
# 1 (with planned choices): a seat that can travel travels (`sensible_actions`)
P_TRAVEL_FIRST = 15
# 1 (with planned choices): no seat offers a postcard that could be the
# target's fourth, as no seat accepts giving one, a trade's postcards
# counted together (`sensible_actions`)
P_FOURTH_POSTCARD_BOTH_SIDES = 16
# 1: a sampled world the rules could not have reached (engine `unreachable`:
# a rival holding 4 postcards, R8) is dealt again, whatever the inference
P_REACHABLE_WORLDS = 17
# 1: in rollouts, a seat finds cards in other hands as it would know them,
# not by the sampled hands (bots/_rollout.py, `seems_to_hold`)
P_GUESSED_HANDS = 18
# 1: the asks of an offer are pruned by what the decider has seen of the
# target's hand, not by the sampled hand (`prune`)
P_GUESSED_ASKS = 19
# 1: below the root, the planner's rules (`sensible_actions`) and its prior
# read the decider's view of the sampled world (engine `observe`), not the
# whole world: every sampled world keeps the root seat's true hand.
P_VIEWED_CHOICES = 20
# At a rival's node (decider not the root seat): the planner's move, read
# from that rival's view, as a prior of this weight (0: `P_PLANNER_PRIOR`).
P_RIVAL_PRIOR = 21
# In rollouts, a seat steals from a rival holding at least this many
# postcards (0: never for that reason; bots/_rollout.py, `main_action`)
P_ROLLOUT_DENIAL = 22
# In rollouts, a seat steals a missing item from a hand of at most this
# many cards, and asks for it in a trade from a larger one
P_ROLLOUT_STEAL_HAND = 23
# 1: in rollouts, a seat plays its character (R9.5): the Pickpocket steals
# freely (bots/_rollout.py, `main_action`)
P_ROLLOUT_CHARACTERS = 24
P_EVALUATION_WEIGHTS = 25  # then the fitted evaluation's weights, NUM_FEATURES of them
P_BELIEF_WEIGHTS = P_EVALUATION_WEIGHTS + NUM_FEATURES  # then the belief's log weights, ROUND_BUCKETS x WEIGHT_COLUMNS
# then the log weight of a rival holding k postcards, k = 0..NUM_POSTCARDS (all 0: none)
P_POSTCARD_COUNT_WEIGHTS = P_BELIEF_WEIGHTS + ROUND_BUCKETS * WEIGHT_COLUMNS
NUM_PARAMS = P_POSTCARD_COUNT_WEIGHTS + NUM_POSTCARDS + 1

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
def policy_action(S, legal, n, rng, epsilon, missing, planner, scratch, keep_refusals, guess=False,
                  denial=0, root=-1, steal_hand=3, characters=False):
    """The rollout policy's move for the seat to decide: _rollout.py's (with
    `guess`, finding cards in other hands as the seat would know them), or
    with `planner` the planner's (bots/_planner.py), uniformly random with
    chance epsilon. With `keep_refusals`, an offer asking for a kind its
    target declined to give since its turn began is declined again."""
    if keep_refusals and S[PHASE] == PH_TRADE_REPLY and refuses_again(S):
        return A_NO
    if not planner:
        return rollout_action(S, legal, n, rng, epsilon, missing, guess, denial, root, steal_hand,
                              characters)
    if n == 1:
        return legal[0]
    if np.float64(splitmix_next(rng, 0) >> np.uint64(11)) / 9007199254740992.0 < epsilon:
        return legal[np.int64(splitmix_next(rng, 0) % np.uint64(n))]
    return planner_action(S, legal, n, S[DECIDER], scratch)


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


@njit(cache=True, inline='always')
def offer_phase(phase):
    """Composing a trade offer: the cards given, then the kinds asked (R5.3)."""
    return phase == PH_TRADE_GIVE or phase == PH_TRADE_ASK


@njit(cache=True)
def many_choice_phase(phase):
    return (phase == PH_TRADE_GIVE or phase == PH_TRADE_ASK or phase == PH_RECYCLE_PAY
            or phase == PH_RECYCLE_TAKE or phase == PH_STEAL_PAY or phase == PH_DISCARD
            or phase == PH_DISPOSE_WITH or phase == PH_TP_PICK or phase == PH_TP_GIVE
            or phase == PH_LG_TAKE)


@njit(cache=True)
def prune(S, legal, n, scores, width, chances, by_known=False):
    """Keep the `width` best-scored actions of a card or kind choice (the
    branching factor of trade offers stays bounded). Returns the new n.
    `chances` is scratch for the kinds of a trade's ask; with `by_known` the
    decider scores the kinds by what it has seen of the target's hand, not
    by the sampled hand (`kind_chances`)."""
    if n <= width:
        return n  # all kept: no need to score them
    decider = S[DECIDER]
    if S[PHASE] == PH_TRADE_ASK:
        score_asks(S, legal, n, decider, scores, chances, by_known)
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


@njit(cache=True, nogil=True)
def search(header, ints, rewards, observation, root_seat, params, iterations):
    """Run `iterations` more iterations on the tree from `observation`, the
    root seat's view. The tree stops growing when its arrays are full."""
    capacity = ints.shape[0]
    S = np.empty(STATE_SIZE, np.int64)
    legal = np.empty(NUM_ACTIONS, np.int64)
    scores = np.empty(NUM_ACTIONS, np.float64)
    path = np.empty(4096, np.int64)
    reward = np.zeros(6, np.float64)
    log = np.zeros((1, 4), np.int64)  # search records no moves
    missing = np.empty(8, np.int64)   # scratch for the rollout policy
    chances = np.empty(NUM_KINDS, np.float64)  # scratch for `prune`
    planned = params[P_PLANNED_CHOICES] != 0.0
    planner_scratch = np.zeros(24, np.int64)
    prior_weight = params[P_PLANNER_PRIOR]
    planner_rollouts = params[P_PLANNER_ROLLOUTS] != 0.0
    planned_offers = params[P_PLANNED_OFFERS] != 0.0
    keep_refusals = params[P_KEEP_REFUSALS] != 0.0
    travel_first = params[P_TRAVEL_FIRST] != 0.0
    both_sides = params[P_FOURTH_POSTCARD_BOTH_SIDES] != 0.0
    guess = params[P_GUESSED_HANDS] != 0.0
    denial = np.int64(params[P_ROLLOUT_DENIAL])
    steal_hand = np.int64(params[P_ROLLOUT_STEAL_HAND])
    characters = params[P_ROLLOUT_CHARACTERS] != 0.0
    guess_asks = params[P_GUESSED_ASKS] != 0.0
    viewed = params[P_VIEWED_CHOICES] != 0.0
    rival_prior = params[P_RIVAL_PRIOR]
    view = np.empty(STATE_SIZE, np.int64)  # a decider's view of the sampled world
    rng = np.empty(1, np.int64)
    rng[0] = header[T_RNG]
    exploration = params[P_EXPLORATION]
    epsilon = params[P_EPSILON]
    depth_limit = np.int64(params[P_ROLLOUT_DEPTH])
    temperature = params[P_TEMPERATURE]
    fitted_evaluation = params[P_FITTED_EVALUATION] > 0
    evaluation_weights = params[P_EVALUATION_WEIGHTS:P_EVALUATION_WEIGHTS + NUM_FEATURES].copy()
    feature_scratch = np.empty(NUM_FEATURES, np.float64)
    width = np.int64(params[P_WIDTH])
    sees_all = params[P_SEES_ALL] != 0.0
    infer_travel = params[P_INFER_TRAVEL] != 0.0 and not sees_all
    rivals_by_policy = params[P_RIVALS_BY_POLICY] != 0.0
    reachable = params[P_REACHABLE_WORLDS] != 0.0 and not sees_all
    belief_sweeps = np.int64(params[P_BELIEF_SWEEPS]) if not sees_all else 0
    belief = np.zeros((6, NUM_CARDS), np.float64)
    count_weights = np.exp(params[P_POSTCARD_COUNT_WEIGHTS:P_POSTCARD_COUNT_WEIGHTS + NUM_POSTCARDS + 1])
    weigh_counts = np.any(params[P_POSTCARD_COUNT_WEIGHTS:P_POSTCARD_COUNT_WEIGHTS + NUM_POSTCARDS + 1] != 0.0)
    scratch = belief_scratch()
    plan, base = new_deal_plan()
    if not sees_all and not deal_plan(observation, root_seat, plan, base):
        raise ValueError("no world fits the observation")
    if belief_sweeps > 0:
        log_weights = params[P_BELIEF_WEIGHTS:P_POSTCARD_COUNT_WEIGHTS].copy().reshape((ROUND_BUCKETS, WEIGHT_COLUMNS))
        belief_table(observation, root_seat, log_weights, belief)
    certain = np.ones(6, np.int64)
    if infer_travel:
        certain_travellers(observation, root_seat, certain)
    for _ in range(iterations):
        if sees_all:  # the cheater sees every hand; the draw pile's order stays unknown
            S[:] = observation[:]
            S[RNG] = np.int64(splitmix_next(rng, 0))
            shuffle_draw_pile(S, rng)
        else:
            # the travel inference may err, so it gives up after some tries;
            # a world the rules could not have reached is never kept
            tries = 0
            while True:
                deal(plan, base, np.int64(splitmix_next(rng, 0)), S)
                if belief_sweeps > 0:
                    if weigh_counts:
                        reweigh_hands(S, observation, root_seat, belief, rng, belief_sweeps, scratch,
                                      count_weights)
                    else:  # compiled without the count weights' test in its proposal loop
                        reweigh_hands(S, observation, root_seat, belief, rng, belief_sweeps, scratch)
                tries += 1
                if reachable and unreachable(S) and tries < DETERMINIZE_TRIES:
                    continue
                if (not infer_travel or tries >= INFERENCE_TRIES
                        or not breaks_travel_inference(S, certain)):
                    break
        node = 0
        length = 0
        path[length] = 0
        length += 1
        expanded = False
        # ---- selection and expansion
        while S[PHASE] != PH_OVER and not expanded:
            n = legal_actions(S, legal)
            phase = S[PHASE]
            decider = S[DECIDER]
            if (n == 1 or hidden_from(phase, decider, root_seat)
                    or (rivals_by_policy and decider != root_seat)):
                apply_action(S, policy_action(S, legal, n, rng, epsilon, missing, planner_rollouts,
                                              planner_scratch, keep_refusals, guess, denial, root_seat,
                                              steal_hand, characters), log)
                continue
            # Node 0 is the root seat's decision, where the tree starts. A
            # payment or an offer's card there is searched, so that `hint`
            # can rate each card (a bot plays the planner's card without a
            # search, IsmctsBot.choose), and its choices are judged from what
            # the root seat knows; deeper, in the sampled world.
            if node != 0 and ((planned and planned_phase(phase))
                              or (planned_offers and offer_phase(phase))):
                apply_action(S, planner_action(S, legal, n, decider, planner_scratch), log)
                continue
            weight = rival_prior if rival_prior > 0.0 and decider != root_seat else prior_weight
            # what the decider's rules and prior read: at the root, what the
            # root seat knows; deeper, the sampled world or its view of it
            seen = S
            if node == 0:
                seen = observation
            elif viewed and (planned or weight > 0.0):
                observe(S, decider, view)
                seen = view
            if planned:
                n = sensible_actions(seen, legal, n, decider, travel_first, both_sides)
            prior = -1
            if weight > 0.0:
                if ints[node, 6] == NO_PRIOR:
                    # asked once per node, in the world of its first visit
                    ints[node, 6] = planner_action(seen, legal, n, decider, planner_scratch)
                prior = ints[node, 6]
            if many_choice_phase(phase):
                kept = prune(S, legal, n, scores, width, chances, guess_asks)
                for i in range(kept, n):  # the planner's move is never pruned
                    if legal[i] == prior:
                        legal[i] = legal[kept - 1]
                        legal[kept - 1] = prior
                n = kept
            best_child = -1
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
                    best_child = child
            if untried > 0 and header[T_NODES] < capacity:
                pick = np.int64(splitmix_next(rng, 0) % np.uint64(untried))
                if prior >= 0:  # the planner's move, while untried, is tried first
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
                            node = child
                            path[length] = node
                            length += 1
                            expanded = True
                            break
                        pick -= 1
            elif best_child >= 0:
                apply_action(S, ints[best_child, 1], log)
                node = best_child
                path[length] = node
                length += 1
            else:  # a full tree and nothing tried here: roll out
                break
        # ---- rollout, cut off and evaluated
        steps = 0
        while S[PHASE] != PH_OVER and steps < depth_limit:
            n = legal_actions(S, legal)
            apply_action(S, policy_action(S, legal, n, rng, epsilon, missing, planner_rollouts,
                                          planner_scratch, keep_refusals, guess, denial, root_seat,
                                          steal_hand, characters), log)
            steps += 1
        if S[PHASE] == PH_OVER:
            terminal_rewards(S, reward)
        elif fitted_evaluation:
            evaluate_fitted(S, reward, evaluation_weights, feature_scratch)
        else:
            evaluate(S, reward, temperature)
        # ---- backpropagation
        for i in range(length):
            nd = path[i]
            ints[nd, 4] += 1
            for s in range(6):
                rewards[nd, s] += reward[s]
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
