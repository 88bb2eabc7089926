"""The planner: a rule-based player written from the rules, as numba kernels.

It plans for its next destination (its own country, then the center),
keeps what it will need later, races for postcards and denies them, and
trades for what it needs without feeding a rival close to winning. It reads
only what its seat may know (R7.4): given the seat's observation it uses its
own hand, the cards it has seen elsewhere (LOC), public counts and the
public memory of offers; never another seat's KIND_COUNT. On a full state
(a determinized world inside a search) the same code simply sees more.

Three ideas carry it:

- **Values.** `keep_value` says what one card of a kind is worth in the
  seat's hand given the other copies it holds; `gain_value` what one more
  is worth. A rival's interest in a kind comes from public facts only: the
  items its destination asks for, the center's, the postcards it is known to
  hold (`interest`, `threat`).
- **Sets, not sequences.** The engine asks for the cards of a payment, a
  discard or an offer one at a time in increasing id order; that order is
  an encoding, not a plan. The planner chooses the whole set first
  (`plan_payment`, `plan_offer`) and then plays its members in the order the
  engine asks for them. It is stateless: the same position gives the same
  plan at every step of a composite move.
- **One valuation on both sides of a trade.** It accepts an offer exactly
  when its values say the exchange gains it something after what the
  offerer gains, and it offers what it would accept from the other side
  (`passport lab consistency`): without postcards every offer it makes.
  With postcards the two sides differ where a postcard changes hands: it
  gives a postcard to a target not known to hold one, while as a target it
  refuses any postcard that could be the offerer's fourth, and a mirror
  shows the target's postcard (tests/arena/test_consistency.py).
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine import cards as C
from engine.kernels import (
    ACTIONS_LEFT, ACTIVE, ASK, A_BINOCULARS, A_CARD, A_DECLARE, A_DISPOSE, A_DONE, A_DRAW,
    A_END_TURN, A_KIND, A_LOCAL_GUIDE, A_MAP, A_NO, A_RECYCLE, A_SEAT, A_SMUGGLE, A_STEAL_FROM,
    A_TRADE_TO, A_TRADING_POST, A_TRAVEL, A_TRAVEL_CARD, A_UPGRADE, A_YES, CARD_KIND, CENTER,
    CHARACTER, EXT, GIVE, HAND_SIZE, LAST, LOC, LOC_DISCARD, LOC_DRAW, LOC_OUT, NEED, N_ASK,
    N_GIVE, OWN, PHASE, PH_DISCARD, PH_DISPOSE_WITH, PH_LG_TAKE, PH_MAIN, PH_MOUSETRAP,
    PH_RECYCLE_PAY, PH_RECYCLE_TAKE, PH_SMUGGLE_TO, PH_STEAL_PAY, PH_TP_GIVE, PH_TP_PICK,
    PH_TRADE_ASK, PH_TRADE_GIVE, PH_TRADE_REPLY, PLAYERS, REFUSED, REQUIRED, TARGET,
    destination, forbidden_count, hand_limit, is_event, is_forbidden, kind_count, recycle_cost,
)

NUM_CARDS = C.NUM_CARDS
NUM_KINDS = C.NUM_KINDS
# What a special item in hand is worth, in R11.5 order: Credit Card, Mousetrap,
# Local Guide, Trading Post, Map, Upgrade, Bribe, Declaration, Binoculars.
SPECIAL_KEEP = np.array([6.0, 2.5, 3.0, 1.5, 1.5, 3.0, 1.0, 1.0, 1.0])
NEEDED = 10.0        # an item the next travel needs, or the only passport
LATER = 5.0          # an item the center will need after the own country
SPARE = 0.5          # a second copy, or an item nobody asks of this seat
JUNK = 0.3
POSTCARD = 9.0       # the first postcard; each further one is worth as much more (R9.4)
FORBIDDEN_ITEM = -6.0
# Without a passport there is no travel (R6), and only one a player is in
# play (R3.1): the only one is worth more than anything short of a winning
# set of postcards.
ONLY_PASSPORT = 40.0
WINS = 1000.0        # a card that wins at once: a payment keeps it whatever else it costs
# An offer is made only when its chance of acceptance times what it wins
# reaches this: a declined offer costs no action (R5.3) but shows cards.
OFFER_EXPECTED = 3.0
# Steals, Lost Luggage and Customs Check take a random card: a hand's mean
# keep value is what one such loss costs, and a move that lowers it (a draw
# into a small hand holding its only passport) earns this much per point.
EXPOSURE = 1.0
# How much taking a card from a rival is worth per point of its `threat`.
STEAL_THREAT = 0.5


@njit(cache=True, inline='always')
def requires(country, kind):
    return REQUIRED[country, 0] == kind or REQUIRED[country, 1] == kind or REQUIRED[country, 2] == kind


@njit(cache=True, inline='always')
def located(loc):
    """Whether an observation says where a card is (a hand, the discard pile, out)."""
    return loc < LOC_DRAW or loc == LOC_DISCARD or loc == LOC_OUT


@njit(cache=True)
def known_count(S, holder, kind):
    """Cards of `kind` the observation places in `holder`'s hand."""
    n = 0
    for c in range(NUM_CARDS):
        if S[LOC + c] == holder and CARD_KIND[c] == kind:
            n += 1
    return n


@njit(cache=True)
def hidden_copies(S, kind):
    """Cards of `kind` whose place the observation does not show."""
    n = 0
    for c in range(NUM_CARDS):
        if CARD_KIND[c] == kind and not located(S[LOC + c]):
            n += 1
    return n


@njit(cache=True)
def hidden_cards(S):
    n = 0
    for c in range(NUM_CARDS):
        if not located(S[LOC + c]) and not is_event(c):
            n += 1
    return n


@njit(cache=True)
def keep_value(S, seat, kind, others):
    """What one card of `kind` is worth in `seat`'s hand while it holds
    `others` other cards of that kind."""
    if kind < C.NUM_ITEM_KINDS:
        for_next = requires(destination(S, seat), kind)
        for_center = S[OWN + seat] >= 0 and requires(S[CENTER], kind)
        if for_next and for_center:  # travel discards the copy used (R6)
            return NEEDED if others == 0 else (LATER if others == 1 else SPARE)
        if for_next:
            return NEEDED if others == 0 else SPARE
        if for_center:
            return LATER if others == 0 else SPARE
        return JUNK
    if kind == C.KIND_PASSPORT:
        return ONLY_PASSPORT if others == 0 else SPARE
    if kind == C.KIND_POSTCARD:
        return POSTCARD * (1 + others)
    if kind >= C.FIRST_FORBIDDEN_KIND:
        return -1.0 if kind_count(S, seat, C.KIND_BRIBE) > 0 else FORBIDDEN_ITEM
    if kind == C.KIND_BRIBE or kind == C.KIND_DECLARATION:
        return 5.0 if forbidden_count(S, seat) > 0 else 1.0
    return SPECIAL_KEEP[kind - C.FIRST_SPECIAL_KIND]


@njit(cache=True, inline='always')
def gain_value(S, seat, kind):
    """What one more card of `kind` is worth to `seat`."""
    if kind < 0:
        return 0.0  # an event: it is resolved and replaced (R9.1)
    return keep_value(S, seat, kind, kind_count(S, seat, kind))


@njit(cache=True)
def threat(S, r):
    """How close rival `r` looks to winning, from what the observation shows:
    about 0 at the start, 2 after its own country, +1 per item of its next
    destination seen in its hand, +1 per postcard seen there (+2 from 2)."""
    t = 0.0
    if S[OWN + r] < 0:
        t += 2.0
    dest = destination(S, r)
    for i in range(3):
        if known_count(S, r, REQUIRED[dest, i]) > 0:
            t += 1.0
    postcards = known_count(S, r, C.KIND_POSTCARD)
    t += postcards + (2.0 if postcards >= 2 else 0.0)
    return t


@njit(cache=True)
def interest(S, r, kind):
    """How much rival `r` wants a card of `kind`, on the keep_value scale,
    judged from public facts (its destination, the center, its seen cards)."""
    if kind < C.NUM_ITEM_KINDS:
        if requires(destination(S, r), kind):
            return NEEDED if known_count(S, r, kind) == 0 else SPARE
        if S[OWN + r] >= 0 and requires(S[CENTER], kind):
            return LATER * 0.5
        return JUNK
    if kind == C.KIND_POSTCARD:
        return POSTCARD * (1 + known_count(S, r, C.KIND_POSTCARD))
    if kind == C.KIND_PASSPORT:
        return 2.0
    if kind >= C.FIRST_FORBIDDEN_KIND:
        return FORBIDDEN_ITEM
    return 1.5


@njit(cache=True)
def feeding(S, r, kind):
    """What handing `r` a card of `kind` costs the seat: r's interest in it,
    weighed by how close r is to winning."""
    want = interest(S, r, kind)
    if want <= 0.0:
        return 0.0
    return want * (0.15 + 0.1 * threat(S, r))


@njit(cache=True)
def denial(S, seat, kind):
    """What putting a card of `kind` on the discard pile costs `seat`: any
    rival may recycle it (R5.2), the keenest one most likely."""
    worst = 0.0
    for r in range(S[PLAYERS]):
        if r != seat:
            f = feeding(S, r, kind)
            if f > worst:
                worst = f
    return 0.5 * worst


@njit(cache=True)
def draw_value(S, seat):
    """The mean gain of a card drawn blind: over the cards whose place the
    seat does not know."""
    total = 0.0
    n = 0
    for c in range(NUM_CARDS):
        if not located(S[LOC + c]) and not is_event(c):
            total += gain_value(S, seat, CARD_KIND[c])
            n += 1
    return total / n if n > 0 else 0.0


@njit(cache=True, inline='always')
def sort_ids(cards, n):
    """cards[:n] in increasing order (a set is entered in id order)."""
    for i in range(1, n):
        j = i
        while j > 0 and cards[j - 1] > cards[j]:
            t = cards[j]
            cards[j] = cards[j - 1]
            cards[j - 1] = t
            j -= 1


@njit(cache=True)
def recycle_wins(S, seat):
    """Whether a recycle by `seat` wins at once: it holds 3 postcards, one
    lies in the discard pile, and it can pay the cost with other cards
    (R5.2, R9.4: the fourth postcard ends the game, R8)."""
    if kind_count(S, seat, C.KIND_POSTCARD) < 3:
        return False
    in_pile = False
    payable = 0
    for c in range(NUM_CARDS):
        if CARD_KIND[c] != C.KIND_POSTCARD:
            if S[LOC + c] == seat and not is_forbidden(c):
                payable += 1
        elif S[LOC + c] == LOC_DISCARD:
            in_pile = True
    due = S[NEED] if S[PHASE] == PH_RECYCLE_PAY else recycle_cost(S, seat)
    return in_pile and payable >= due


@njit(cache=True)
def fourth_postcard(S, seat, legal, n):
    """Among the cards legal[:n] that `seat` may take, a postcard that is its
    fourth and so wins at once (R8); -1 if there is none."""
    if kind_count(S, seat, C.KIND_POSTCARD) < 3:
        return -1
    for i in range(n):
        if A_CARD <= legal[i] < A_KIND and CARD_KIND[legal[i] - A_CARD] == C.KIND_POSTCARD:
            return legal[i]
    return -1


@njit(cache=True)
def plan_payment(S, seat, need, above, out):
    """The `need` payable cards of `seat` with ids above `above` that cost it
    least to lose (keep value, and what the pile would give a rival), chosen
    as a set; written to out[:need] in increasing id order. Returns the set's
    cost, or 1e9 if too few cards qualify. While a recycle would win
    (`recycle_wins`), a postcard is paid last: whatever else it costs, the
    fourth postcard wins."""
    keep_postcards = recycle_wins(S, seat)
    total = 0.0
    denials = np.full(NUM_KINDS, np.nan)  # denial of each kind, worked out once: it scans every rival
    for step in range(need):
        best = -1
        best_cost = 1e18
        for c in range(above + 1, NUM_CARDS):
            if S[LOC + c] != seat or is_forbidden(c):
                continue
            taken = False
            same = 0
            for j in range(step):
                if out[j] == c:
                    taken = True
                if CARD_KIND[out[j]] == CARD_KIND[c]:
                    same += 1
            if taken:
                continue
            kind = CARD_KIND[c]
            if np.isnan(denials[kind]):
                denials[kind] = denial(S, seat, kind)
            cost = keep_value(S, seat, kind, kind_count(S, seat, kind) - 1 - same) + denials[kind]
            if keep_postcards and kind == C.KIND_POSTCARD:
                cost += WINS
            if cost < best_cost:
                best_cost = cost
                best = c
        if best < 0:
            return 1e9
        out[step] = best
        total += best_cost
    sort_ids(out, need)  # increasing ids: the order the engine asks for them
    return total


@njit(cache=True)
def chance_holds(S, seat, t, kind, hidden):
    """The chance, as `seat` sees it, that `t` holds a card of `kind`."""
    if known_count(S, t, kind) > 0:
        return 1.0
    unseen = S[HAND_SIZE + t]
    for c in range(NUM_CARDS):
        if S[LOC + c] == t:
            unseen -= 1
    copies = hidden_copies(S, kind)
    if hidden <= 0 or unseen <= 0 or copies == 0:
        return 0.0
    return min(1.0, copies * unseen / hidden)


@njit(cache=True)
def plan_offer(S, seat, t, gives):
    """The offer `seat` would make to `t`: the kind to ask (returned first,
    -1 for none worth asking) and the cards to give (gives[:n], increasing
    ids), with the chance it is accepted and seat's gain if it is.

    The ask: the kind seat gains most from, weighed by the chance t holds
    it, skipping kinds t declined to give since its turn began (public
    memory). The gives: cards seat can spare for this ask (each worth at
    most half of it, all together less than it; never the only passport,
    nor a postcard to a rival that holds postcards), added, the most
    welcome to t first, until t gains from the exchange. So a seat one
    postcard from winning offers what a rival needs for that postcard."""
    hidden = hidden_cards(S)
    ask = -1
    best = 0.0
    refused = S[REFUSED + t]
    ext = S[EXT]
    for kind in range(NUM_KINDS):
        if kind == C.KIND_POSTCARD and not ext & C.EXT_POSTCARDS:
            continue
        if C.FIRST_SPECIAL_KIND <= kind and not ext & C.EXT_SPECIALS:
            continue  # (forbidden kinds are never worth asking for)
        if (refused >> kind) & 1:
            continue
        gain = gain_value(S, seat, kind)
        if gain < 3.0:
            continue
        score = gain * chance_holds(S, seat, t, kind, hidden)
        if score > best:
            best = score
            ask = kind
    if ask < 0:
        return -1, 0, 0.0, 0.0
    p_has = chance_holds(S, seat, t, ask, hidden)
    ask_gain = gain_value(S, seat, ask)
    their_loss = interest(S, t, ask)
    if known_count(S, t, ask) > 1:
        their_loss = SPARE
    # candidates to give: cheapest to seat (keep value + feeding t), then most welcome to t
    n = 0
    their_gain = 0.0
    my_cost = 0.0
    rival_postcards = known_count(S, t, C.KIND_POSTCARD)
    for _ in range(3):
        if their_gain > their_loss + 0.5:
            break
        pick = -1
        pick_score = -1e18
        for c in range(NUM_CARDS):
            if S[LOC + c] != seat:
                continue
            chosen = False
            for j in range(n):
                if gives[j] == c:
                    chosen = True
            if chosen:
                continue
            kind = CARD_KIND[c]
            if kind == ask:
                continue
            if kind == C.KIND_POSTCARD and (rival_postcards > 0 or S[EXT] & C.EXT_POSTCARDS == 0):
                continue
            if is_forbidden(c):
                continue
            same = 0
            for j in range(n):
                if CARD_KIND[gives[j]] == kind:
                    same += 1
            cost = keep_value(S, seat, kind, kind_count(S, seat, kind) - 1 - same) + feeding(S, t, kind)
            if cost > max(2.0, 0.5 * ask_gain) or my_cost + cost >= ask_gain:
                continue  # not a card seat can spare for this ask
            welcome = interest(S, t, kind)
            score = welcome - cost
            if score > pick_score:
                pick_score = score
                pick = c
        if pick < 0:
            break
        kind = CARD_KIND[pick]
        same = 0
        for j in range(n):
            if CARD_KIND[gives[j]] == kind:
                same += 1
        my_cost += keep_value(S, seat, kind, kind_count(S, seat, kind) - 1 - same) + feeding(S, t, kind)
        their_gain += interest(S, t, kind)
        gives[n] = pick
        n += 1
    if n == 0:
        return -1, 0, 0.0, 0.0
    sort_ids(gives, n)
    willing = 0.7 if their_gain > their_loss else 0.15
    return ask, n, p_has * willing, gain_value(S, seat, ask) - my_cost


@njit(cache=True)
def postcards_could_win(S, holder, arriving):
    """Could `arriving` more postcards bring `holder` to its fourth (R9.4),
    or to its third, as the seat whose observation S is sees it: the
    postcards seen in its hand, and as many more as its unseen cards and the
    postcards whose place is unknown allow."""
    theirs = known_count(S, holder, C.KIND_POSTCARD)
    unseen = S[HAND_SIZE + holder]
    for c in range(NUM_CARDS):
        if S[LOC + c] == holder:
            unseen -= 1
    possible = min(unseen, hidden_copies(S, C.KIND_POSTCARD))
    return theirs + arriving + possible >= 4 or theirs + arriving >= 3


@njit(cache=True)
def reply_gain(S, seat):
    """What accepting the pending offer gains `seat`, its target: the cards
    received, less the kinds asked, less what the exchange feeds the
    offerer. A postcard that could be the offerer's fourth is never given."""
    o = S[ACTIVE]
    gain = 0.0
    for i in range(S[N_GIVE]):
        kind = CARD_KIND[S[GIVE + i]]
        same = 0
        for j in range(i):
            if CARD_KIND[S[GIVE + j]] == kind:
                same += 1
        gain += keep_value(S, seat, kind, kind_count(S, seat, kind) + same)
    postcards_asked = 0
    for i in range(S[N_ASK]):
        kind = S[ASK + i]
        same = 0
        for j in range(i):
            if S[ASK + j] == kind:
                same += 1
        gain -= keep_value(S, seat, kind, kind_count(S, seat, kind) - 1 - same)
        gain -= feeding(S, o, kind)
        if kind == C.KIND_POSTCARD:
            postcards_asked += 1
    if postcards_asked > 0 and postcards_could_win(S, o, postcards_asked):
        return -1e9
    return gain - 0.3 * threat(S, o)  # the offerer also draws a bonus card (R5.3)


@njit(cache=True)
def steal_value(S, seat, t, hidden_mean):
    """The mean gain of a card taken at random from `t`, plus what losing it
    costs t."""
    size = S[HAND_SIZE + t]
    if size <= 0:
        return -1e9
    total = 0.0
    seen = 0
    for c in range(NUM_CARDS):
        if S[LOC + c] == t:
            kind = CARD_KIND[c]
            total += gain_value(S, seat, kind) + 0.5 * feeding(S, t, kind) * (1.0 if kind >= 0 else 0.0)
            seen += 1
    total += (size - seen) * hidden_mean
    return total / size + STEAL_THREAT * threat(S, t)


@njit(cache=True)
def travel_ready_but_forbidden(S, seat):
    """Whether seat holds a passport and its next destination's items, and
    only a forbidden item keeps it home."""
    if kind_count(S, seat, C.KIND_PASSPORT) == 0:
        return False
    dest = destination(S, seat)
    for i in range(3):
        if kind_count(S, seat, REQUIRED[dest, i]) == 0:
            return False
    return forbidden_count(S, seat) > 0 and kind_count(S, seat, C.KIND_BRIBE) == 0


@njit(cache=True)
def hand_value(S, seat):
    """The number of cards in `seat`'s hand and the sum of what losing each
    one alone would cost it (keep_value of the last copy held)."""
    n = 0
    total = 0.0
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat:
            kind = CARD_KIND[c]
            total += keep_value(S, seat, kind, kind_count(S, seat, kind) - 1)
            n += 1
    return n, total


@njit(cache=True, inline='always')
def exposure_change(n, total, dn, dtotal):
    """What a move is worth through the hand's exposure (EXPOSURE): how much
    less a random loss would cost after the hand gains dn cards worth dtotal."""
    before = total / n if n > 0 else 0.0
    after = (total + dtotal) / (n + dn) if n + dn > 0 else 0.0
    return EXPOSURE * (before - after)


@njit(cache=True)
def main_action(S, legal, n, seat, scratch):
    """The planner's choice in the main phase of its turn."""
    best_free = -1
    best_free_score = 0.0
    best = A_DRAW
    best_score = -1e18
    draw = draw_value(S, seat)
    ready = travel_ready_but_forbidden(S, seat)
    size, total = hand_value(S, seat)
    if recycle_wins(S, seat):
        for i in range(n):
            if legal[i] == A_RECYCLE:
                return A_RECYCLE
    for i in range(n):
        a = legal[i]
        if a == A_TRAVEL:
            return a
        if A_TRAVEL_CARD <= a < A_DISPOSE:
            score = 900.0
        elif A_DECLARE <= a < A_BINOCULARS:
            return a  # free: shed a forbidden item with its declaration (R9.2)
        elif a == A_UPGRADE:
            return a  # free: two actions instead of one
        elif A_BINOCULARS <= a < A_END_TURN:
            t = a - A_BINOCULARS
            unseen = S[HAND_SIZE + t]
            for c in range(NUM_CARDS):
                if S[LOC + c] == t:
                    unseen -= 1
            if S[ACTIONS_LEFT] > 0 and unseen >= 2 and unseen + threat(S, t) > best_free_score:
                best_free_score = unseen + threat(S, t)
                best_free = a
            continue
        elif a == A_END_TURN:
            score = 0.0
        elif a == A_DRAW:
            draws = 2.0 if S[CHARACTER + seat] == C.JETSETTER else 1.0
            score = draws * draw + exposure_change(size, total, draws, draws * draw)
            if S[HAND_SIZE + seat] + draws > hand_limit(S, seat):
                score -= 0.5 * draws
        elif a == A_RECYCLE:
            take = 0.0
            for c in range(NUM_CARDS):
                if S[LOC + c] == LOC_DISCARD and not is_event(c):
                    v = gain_value(S, seat, CARD_KIND[c])
                    if v > take:
                        take = v
            need = recycle_cost(S, seat)
            paid = plan_payment(S, seat, need, -1, scratch)
            score = take - paid - 0.5 + exposure_change(size, total, 1 - need, take - paid)
        elif A_STEAL_FROM <= a < A_TRAVEL:
            t = a - A_STEAL_FROM
            cost = 0.0
            if S[CHARACTER + seat] != C.PICKPOCKET:
                cost = plan_payment(S, seat, 1, -1, scratch)
            gained = 1 if S[CHARACTER + seat] == C.PICKPOCKET else 0  # else one card paid, one taken
            score = steal_value(S, seat, t, draw) - cost - 0.3 \
                + exposure_change(size, total, gained, draw - cost)
        elif A_DISPOSE <= a < A_SMUGGLE:
            score = 4.0 + (20.0 if ready else 0.0) - plan_payment(S, seat, 1, -1, scratch)
        elif A_SMUGGLE <= a < A_LOCAL_GUIDE:
            score = 8.0 + (20.0 if ready else 0.0)
        elif a == A_LOCAL_GUIDE:
            score = draw + 2.0
        elif a == A_TRADING_POST:
            score = draw * 0.5
        elif A_MAP <= a < A_UPGRADE:
            t = a - A_MAP
            if t == seat:
                held = 0
                own = S[OWN + seat]
                for j in range(3):
                    if kind_count(S, seat, REQUIRED[own, j]) > 0:
                        held += 1
                score = 1.0 if held == 0 else -5.0
            else:
                score = threat(S, t) - 1.0
        else:
            continue  # trades are weighed below, against the best of the rest
        if score > best_score:
            best_score = score
            best = a
    if best_free >= 0:
        return best_free
    if best_score >= 900.0:
        return best
    bonus = draw * (2.0 if S[CHARACTER + seat] == C.DIPLOMAT else 1.0)
    gives = scratch[20:23]
    for i in range(n):
        a = legal[i]
        if A_TRADE_TO <= a < A_STEAL_FROM:
            ask, m, p, gain = plan_offer(S, seat, a - A_TRADE_TO, gives)
            if ask < 0 or p * gain < OFFER_EXPECTED:
                continue
            # A declined offer costs no action (R5.3), but it shows cards and
            # wants: it is made when it is likely accepted and what it wins
            # beats the best other move.
            score = best_score + p * (gain + bonus - best_score) - 0.5
            if score > best_score:
                best_score = score
                best = a
    return best


@njit(cache=True)
def planner_action(S, legal, n, seat, scratch):
    """The planner's choice among the n legal actions for `seat`, the
    decider. scratch: int64[24] of working space (a payment or discard
    of up to 20 cards, an offer of 3)."""
    if n == 1:
        return legal[0]
    phase = S[PHASE]
    if phase == PH_MAIN:
        return main_action(S, legal, n, seat, scratch)
    if phase == PH_RECYCLE_PAY or phase == PH_DISCARD:
        need = S[NEED]
        if plan_payment(S, seat, need, S[LAST], scratch) < 1e9:
            return A_CARD + scratch[0]
        return legal[0]
    if phase == PH_STEAL_PAY or phase == PH_DISPOSE_WITH or phase == PH_TP_GIVE:
        best = legal[0]
        best_cost = 1e18
        for i in range(n):
            c = legal[i] - A_CARD
            kind = CARD_KIND[c]
            cost = keep_value(S, seat, kind, kind_count(S, seat, kind) - 1) + denial(S, seat, kind)
            if cost < best_cost:
                best_cost = cost
                best = legal[i]
        return best
    if phase == PH_RECYCLE_TAKE or phase == PH_LG_TAKE:
        wins = fourth_postcard(S, seat, legal, n)
        if wins >= 0:
            return wins
        best = legal[0]
        best_value = -1e18
        for i in range(n):
            kind = CARD_KIND[legal[i] - A_CARD]
            v = gain_value(S, seat, kind) + denial(S, seat, kind)
            if v > best_value:
                best_value = v
                best = legal[i]
        return best
    if phase == PH_TP_PICK:
        cheapest = 1e18
        for c in range(NUM_CARDS):
            if S[LOC + c] == seat:
                kind = CARD_KIND[c]
                v = keep_value(S, seat, kind, kind_count(S, seat, kind) - 1)
                if v < cheapest:
                    cheapest = v
        best = A_DONE
        best_value = cheapest + 1.0
        for i in range(n):
            if legal[i] >= A_CARD:
                v = gain_value(S, seat, CARD_KIND[legal[i] - A_CARD])
                if v > best_value:
                    best_value = v
                    best = legal[i]
        return best
    if phase == PH_TRADE_GIVE or phase == PH_TRADE_ASK:
        gives = scratch[20:23]
        ask, m, p, gain = plan_offer(S, seat, S[TARGET], gives)
        if phase == PH_TRADE_GIVE:
            k = S[N_GIVE]
            if k < m and gives[k] > S[LAST]:
                return A_CARD + gives[k]
            if k > 0:
                return A_DONE
            # no plan (cannot happen after choosing this trade): the least valued card
            return legal[0] if legal[0] != A_DONE else legal[1]
        if S[N_ASK] == 0 and ask >= 0 and ask >= S[LAST]:
            return A_KIND + ask
        if S[N_ASK] > 0:
            return A_DONE
        return legal[1] if legal[0] == A_DONE else legal[0]
    if phase == PH_TRADE_REPLY:
        if legal[0] == A_YES and reply_gain(S, seat) > 0.5:
            return A_YES
        return A_NO
    if phase == PH_MOUSETRAP:
        return legal[0]  # YES, when it is legal: it comes first
    if phase == PH_SMUGGLE_TO:
        best = legal[0]
        best_threat = -1e18
        for i in range(n):
            t = threat(S, legal[i] - A_SEAT)
            if t > best_threat:
                best_threat = t
                best = legal[i]
        return best
    return legal[0]


@njit(cache=True, inline='always')
def planned_phase(phase):
    """A payment or a discard: a set of cards the planner chooses whole
    (`plan_payment`) and the engine takes card by card in id order."""
    return phase == PH_RECYCLE_PAY or phase == PH_STEAL_PAY or phase == PH_DISCARD or phase == PH_DISPOSE_WITH


@njit(cache=True, inline='always')
def can_travel_now(legal, n):
    """Is a travel among the main actions legal[:n] (R6)?"""
    for i in range(n):
        if A_TRAVEL <= legal[i] < A_DISPOSE:
            return True
    return False


@njit(cache=True)
def travel_moves(S, legal, n, seat):
    """Keep in legal[:n] the travels, the free plays (R9.2: an Upgrade, a
    Customs Declaration, Binoculars) and, while `seat` holds 3 postcards,
    the offers; return the new n."""
    offers = kind_count(S, seat, C.KIND_POSTCARD) >= 3
    kept = 0
    for i in range(n):
        a = legal[i]
        if ((A_TRAVEL <= a < A_DISPOSE) or (A_UPGRADE <= a < A_END_TURN)
                or (offers and A_TRADE_TO <= a < A_STEAL_FROM)):
            legal[kept] = a
            kept += 1
    return kept


@njit(cache=True)
def sensible_actions(S, legal, n, seat, travel_first):
    """Remove from legal[:n] the choices no sensible player makes, and return
    the new n (never 0: if every choice is removed, all are kept):
    - giving away the only passport in an offer (without one there is no
      travel, R6, and only one a player is in play, R3.1);
    - asking for one more copy of a kind than the target can hold (all
      other copies are seen elsewhere);
    - accepting an offer that asks for a postcard that could be the
      offerer's fourth (R9.4; `reply_gain`);
    - anything but a recycle when a recycle wins at once (`recycle_wins`),
      and then anything but taking the fourth postcard (R8);
    - with `travel_first`, any other action when a travel is legal (R6): a
      travel to the center wins, one to the own country can never be taken
      back, and waiting only lets rivals steal the items it needs. Kept:
      the free plays (R9.2), and offers while the seat holds 3 postcards
      (an offer may then win at once, R8)."""
    phase = S[PHASE]
    if phase == PH_MAIN:
        if recycle_wins(S, seat):
            for i in range(n):
                if legal[i] == A_RECYCLE:
                    legal[0] = A_RECYCLE
                    return 1
        if travel_first and can_travel_now(legal, n):
            return travel_moves(S, legal, n, seat)
        return n
    if phase == PH_RECYCLE_TAKE:
        if fourth_postcard(S, seat, legal, n) < 0:
            return n
        kept = 0  # every postcard there wins
        for i in range(n):
            if CARD_KIND[legal[i] - A_CARD] == C.KIND_POSTCARD:
                legal[kept] = legal[i]
                kept += 1
        return kept
    if phase != PH_TRADE_GIVE and phase != PH_TRADE_ASK and phase != PH_TRADE_REPLY:
        return n
    kept = 0
    for i in range(n):
        a = legal[i]
        keep = True
        if phase == PH_TRADE_GIVE and A_CARD <= a < A_KIND:
            kind = CARD_KIND[a - A_CARD]
            keep = not (kind == C.KIND_PASSPORT and kind_count(S, seat, C.KIND_PASSPORT) == 1)
        elif phase == PH_TRADE_ASK and a >= A_KIND:
            kind = a - A_KIND
            asked = 0
            for j in range(S[N_ASK]):
                if S[ASK + j] == kind:
                    asked += 1
            t = S[TARGET]
            keep = asked + 1 <= known_count(S, t, kind) + hidden_copies(S, kind)
        elif phase == PH_TRADE_REPLY and a == A_YES:
            keep = reply_gain(S, seat) > -1e8
        if keep:
            legal[kept] = a
            kept += 1
    return kept if kept > 0 else n
