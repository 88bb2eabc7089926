"""The state layout: one flat int64 array, every field documented once.

A state is `np.ndarray(shape=(STATE_SIZE,), dtype=np.int64)`. Copying a state
is one array copy; the RNG state lives inside it (field RNG, the uint64 bits
stored as int64). Header fields are scalars; the blocks after them are arrays
at the offsets below. -1 means "none" everywhere.

Card places (LOC block, one entry per card id of engine/cards.py):
    0..5        in the hand of that seat
    LOC_DRAW    in the draw pile (its slot is in the DRAW ring buffer)
    LOC_DISCARD in the discard pile
    LOC_LOOK    set aside by Local Guide / Trading Post (LOOK block)
    LOC_OUT     out of the game
    LOC_EVENT   an event being resolved

Knowledge (KNOWN block, R7.4): bit s of KNOWN[c] is set when seat s knows
where card c is (see docs/engine.md, "Knowledge").

Pools (NEW, HAND_NEW, DRAW_NEW blocks): after a shuffle every seat knows which
cards make up the new draw pile (R7.4) without knowing where each lies. For
seat o, bit o of NEW[c] marks a card o doesn't see that belongs to the latest
shuffled pile; such cards lie exactly in the top DRAW_NEW[o] slots of the draw
pile and in HAND_NEW[o * 6 + t] unseen places of each hand t. When o can no
longer tell which unseen card went where, the pool is forgotten (merged).

Memory (LAST_SEEN, ASKED and REFUSED blocks): where each seat last saw each
card, kept when the seat loses track of it (a random steal or Lost Luggage
makes it forget the cards of a hand, but it remembers them); and, public,
the kinds each seat asked for in its latest turn's trade offers and the
kinds asked in offers it has declined since its latest turn began. docs/engine.md
"Memory". Only `Game.apply` keeps them up to date (`_knowledge.remember`);
the search bots' simulated moves leave them as they were, since they only
read them from the root.
"""

from .cards import NUM_CARDS, NUM_COUNTRIES, NUM_KINDS

MAX_PLAYERS = 6  # the arrays are sized for the most a game seats (engine.game.MIN_PLAYERS)

LOC_DRAW, LOC_DISCARD, LOC_LOOK, LOC_OUT, LOC_EVENT = 6, 7, 8, 9, 10

# Phases (docs/engine.md, "Phases").
(PH_MAIN, PH_RECYCLE_PAY, PH_RECYCLE_TAKE, PH_TRADE_GIVE, PH_TRADE_ASK,
 PH_TRADE_REPLY, PH_STEAL_PAY, PH_MOUSETRAP, PH_DISPOSE_WITH, PH_SMUGGLE_TO,
 PH_LG_TAKE, PH_TP_PICK, PH_TP_GIVE, PH_DISCARD, PH_OVER) = range(15)

# R5.3: after this many declined offers in a turn, no more offers that turn.
MAX_DECLINED_OFFERS = 3

# Game-over reasons (R8), and the names of all but none, in code order: an
# Outcome's reason and a record's result.reason.
REASON_NONE, REASON_CENTER, REASON_POSTCARDS, REASON_ROUND_CAP = 0, 1, 2, 3
END_REASONS = ("center", "postcards", "round_cap")

# ---- header scalars -------------------------------------------------------
PLAYERS = 0          # number of seats, 2..MAX_PLAYERS
EXT = 1              # extension bit mask (cards.EXT_*)
ROUND_CAP = 2        # rounds before a drawn game (R8)
START_SEAT = 3       # seat that plays round 1 first (R3.5)
TURN = 4             # turns begun, counted from 0; round = TURN // PLAYERS + 1
ACTIVE = 5           # seat whose turn it is
PHASE = 6            # PH_*
DECIDER = 7          # seat that makes the pending decision, -1 when over
ACTIONS_LEFT = 8     # actions still to take this turn (2 after an Upgrade)
ACTIONS_TAKEN = 9    # actions completed this turn
DECLINED = 10        # declined trade offers this turn (R5.3: at most MAX_DECLINED_OFFERS)
STRIKE = 11          # seat that drew the Airline Strike in force, -1 none
WINNER = 12          # winning seat, -1 none
REASON = 13          # REASON_*
RNG = 14             # SplitMix64 state (uint64 bits as int64)
TARGET = 15          # seat the pending trade / steal / smuggle is aimed at
LAST = 16            # last card / kind / look position chosen in a list (canonical order)
NEED = 17            # cards still to pay or discard in the pending list
FORBIDDEN_CARD = 18  # forbidden card of a pending Dispose / Smuggle
DISCARDER = 19       # seat discarding for the hand limit (R4.4)
LIMIT_CHECKED = 20   # seats already checked for the hand limit, from ACTIVE
N_GIVE = 21          # cards in the pending offer
GIVE = 22            # 3 slots: cards offered (increasing id)
N_ASK = 25           # kinds asked in the pending offer
ASK = 26             # 3 slots: kinds asked (non-decreasing)
N_LOOK = 29          # cards in look (Local Guide, Trading Post)
LOOK = 30            # 3 slots: card at each look position
LOOK_PICK = 33       # look position chosen in TP_PICK, awaiting TP_GIVE
N_TAKEN = 34         # cards taken from look this action
TAKEN = 35           # 3 slots: cards taken from look this action
DRAW_HEAD = 38       # ring-buffer index of the draw pile's top card
DRAW_SIZE = 39       # cards in the draw pile
DISCARD_SIZE = 40    # cards in the discard pile
BOX_HEAD = 41        # ring-buffer index of the box's top country
BOX_SIZE = 42        # countries in the box
BOX_KNOWN = 43       # countries at the bottom of the box whose place is public
CENTER = 44          # center country
HEADER_SIZE = 48

# ---- blocks ---------------------------------------------------------------
CHARACTER = HEADER_SIZE                     # [6] character per seat, -1 without the extension
OWN = CHARACTER + MAX_PLAYERS               # [6] own country on the table, -1 once visited
VISITED = OWN + MAX_PLAYERS                 # [6] own country the seat traveled to, -1 none
HAND_SIZE = VISITED + MAX_PLAYERS           # [6] cards in each hand
KIND_COUNT = HAND_SIZE + MAX_PLAYERS        # [6 * 30] cards of each kind in each hand
LOC = KIND_COUNT + MAX_PLAYERS * NUM_KINDS  # [66] place of each card (LOC_*)
KNOWN = LOC + NUM_CARDS                     # [66] bit s: seat s knows where the card is
DRAW = KNOWN + NUM_CARDS                    # [66] ring buffer, DRAW[(DRAW_HEAD + i) % 66] is i-th from top
DISCARD = DRAW + NUM_CARDS                  # [66] DISCARD[i], i = 0 oldest .. DISCARD_SIZE-1 top
BOX = DISCARD + NUM_CARDS                   # [13] ring buffer of countries, top at BOX_HEAD
NEW = BOX + NUM_COUNTRIES                   # [66] bit o: card is unseen by o and in o's shuffle pool
HAND_NEW = NEW + NUM_CARDS                  # [6 * 6] [o * 6 + t]: pool cards among t's cards unseen by o
DRAW_NEW = HAND_NEW + MAX_PLAYERS * MAX_PLAYERS  # [6] pool cards on top of the draw pile, for o
LAST_SEEN = DRAW_NEW + MAX_PLAYERS          # [66] 4 bits per seat o: 1 + the hand o last saw the card in, 0 none
ASKED = LAST_SEEN + NUM_CARDS               # [6] bit k: the seat asked for kind k in an offer during its latest turn
REFUSED = ASKED + MAX_PLAYERS               # [6] bit k: the seat declined an offer asking for kind k since its turn began
STATE_SIZE = REFUSED + MAX_PLAYERS

# ---- move log -------------------------------------------------------------
# A log is an int64 array of shape (rows, 4); row 0 holds [count, overflow, 0, 0].
# A log of one row records nothing (the search bots pass one).
LOG_MOVE = 1         # [1, card, from_place, to_place]
LOG_SHUFFLE = 2      # [2, n, 0, 0], then n rows [LOG_SHUFFLED, card, i, 0], top first
LOG_SHUFFLED = 3
LOG_EVENT = 4        # [4, event card, drawer, 0]
LOG_REVEAL = 5       # [5, seat, n, 0], then n rows [LOG_REVEALED, card, seat, 0]
LOG_REVEALED = 6
LOG_TURN = 7         # [7, seat, turn, 0]: a turn begins (a refill follows, if any)
LOG_BINOCULARS = 8   # [8, viewer, target, 0]: private look at a hand
LOG_COUNTRY = 9      # [9, country, from_place, to_place]

# Places in the log (docs/record-format.md, "Places").
P_DRAW, P_DRAW_BOTTOM, P_DISCARD = 0, 1, 2
P_HAND = 3           # + seat
P_TABLE = 9          # + seat
P_CENTER = 15
P_BOX = 16
P_VISITED = 17       # + seat
P_LOOK = 23
P_EVENT = 24
P_OUT = 25

NUM_ACTIONS = 148
A_DRAW, A_RECYCLE = 0, 1
A_TRADE_TO = 2
A_STEAL_FROM = 8
A_TRAVEL = 14
A_TRAVEL_CARD = 15
A_DISPOSE = 18
A_SMUGGLE = 21
A_LOCAL_GUIDE, A_TRADING_POST = 24, 25
A_MAP = 26
A_UPGRADE = 32
A_DECLARE = 33
A_BINOCULARS = 36
A_END_TURN, A_DONE, A_YES, A_NO = 42, 43, 44, 45
A_SEAT = 46
A_CARD = 52
A_KIND = 118
