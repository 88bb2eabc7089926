"""The public Python API of the rules engine.

    game = Game.new(players=4, extensions="all", seed=7)
    while not game.over:
        action = game.legal_actions()[0]
        print(game.action_text(action))
        game.apply(action)
    # or, as values with words: for action in game.actions(): print(action.text)
    print(game.outcome)

A `Game` owns one flat state array (see `_layout.py`); every method is a thin
wrapper over a numba kernel. Copies are cheap (`copy`, `snapshot`/`restore`),
and `push`/`pop` give undo in the python-chess style.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from . import cards as C
from . import _layout as L
from ._validate import (  # noqa: F401 -- StateError is public here
    StateError, check_state, checked_observation_and_world,
)
from .actions import Action, Phase, action_text
from .steps import (
    EventDrawn, Look, Move, Place, Reveal, Shuffle, StepLog, TurnBegins, Where,
)

LOG_ROWS = 4096
# R8's cap stops a game no one wins: 200 rounds unless another is chosen.
# 5,000 rounds is twenty-five times that, and keeps the longest record of a
# 6-player game (about 3 KB a round of random play) at half what a file may
# hold (engine.files.MAX_FILE_BYTES).
DEFAULT_ROUND_CAP = 200
MAX_ROUND_CAP = 5_000
# A game seats 2 to 6 players (engine/RULES.md, R2); the state's arrays
# are sized for the most (engine/_layout.py).
MIN_PLAYERS, MAX_PLAYERS = 2, L.MAX_PLAYERS


def _is_whole(value) -> bool:
    """An int or a numpy integer, and not a bool (True is not seat 1)."""
    return (isinstance(value, (int, np.integer))
            and not isinstance(value, (bool, np.bool_)))


def whole(value, what: str) -> int:
    """`value` as an int; TypeError, saying what it was for, when it is not
    a whole number (a float, a string, a bool, None)."""
    if not _is_whole(value):
        raise TypeError(f"{what} must be a whole number, not {value!r}")
    return int(value)


class IllegalActionError(ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class ConfigError(ValueError):
    """A game configuration that makes no sense (players, extensions, round cap)."""


def parse_extensions(value) -> int:
    """Extensions as a bit mask, from 'all', 'none', a comma list, names, or an int."""
    if isinstance(value, (int, np.integer)):
        mask = int(value)
        if not 0 <= mask <= C.ALL_EXTENSIONS:
            raise ConfigError(f"extension mask {mask} is outside 0..{C.ALL_EXTENSIONS}")
        return mask
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "all":
            return C.ALL_EXTENSIONS
        if text in ("none", ""):
            return 0
        value = [part.strip() for part in text.split(",") if part.strip()]
    mask = 0
    for name in value:
        if name not in C.EXTENSIONS:
            raise ConfigError(
                f"unknown extension {name!r}; choose from {', '.join(C.EXTENSIONS)}, all, none")
        mask |= 1 << C.EXTENSIONS.index(name)
    return mask


@dataclass(frozen=True)
class Config:
    """What a game is set up with (a record's `config`, docs/record-format.md)."""
    players: int = 4
    extensions: int = 0
    seed: int = 0
    round_cap: int = DEFAULT_ROUND_CAP

    def __post_init__(self):
        for name in ("players", "extensions", "seed", "round_cap"):
            value = getattr(self, name)
            if not _is_whole(value):
                raise ConfigError(f"{name.replace('_', ' ')} must be a whole number, not {value!r}")
            object.__setattr__(self, name, int(value))
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players}")
        if not 1 <= self.round_cap <= MAX_ROUND_CAP:
            raise ConfigError(f"round cap must be 1 to {MAX_ROUND_CAP}, not {self.round_cap}")
        if not 0 <= self.seed < 2**63:
            raise ConfigError(f"seed must be 0 to 2**63 - 1, not {self.seed}")
        if not 0 <= self.extensions <= C.ALL_EXTENSIONS:
            raise ConfigError(f"extension mask {self.extensions} is outside 0..{C.ALL_EXTENSIONS}")

    @property
    def extension_names(self) -> list[str]:
        return [name for i, name in enumerate(C.EXTENSIONS) if self.extensions >> i & 1]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seat (None for a drawn game) and why."""
    winner: int | None
    reason: str
    rounds: int


@dataclass(frozen=True)
class SeatView:
    """All a seat may know when it decides (R7.4): what a bot is given.

    The engine vouches for the views it makes (`Game.view`, `check_view`);
    any other, built by hand or changed since, is checked whole by
    `check_view` before a kernel reads it."""
    config: Config
    seat: int
    observation: np.ndarray      # engine observation (state with the unknown blanked)
    legal_actions: tuple[int, ...]
    # A copy of the observation the engine made or checked, None for a view
    # made elsewhere: a view whose observation still equals it is vouched for.
    _vouched: np.ndarray | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending."""
        return Phase(int(self.observation[L.PHASE]))

    def determinize(self, seed: int) -> "Game":
        """A complete game this seat cannot tell from the one it sees: the
        cards it has not seen dealt at random, consistently with everything
        it knows (Game.determinize). The view is checked first
        (`check_view`): StateError if it is not a view of its game."""
        seed = whole(seed, "a seed")
        view = check_view(self)
        return _dealt(view.config, view.observation, view.seat, seed)


def _vouched_view(config: Config, seat: int, observation: np.ndarray,
                  legal: tuple[int, ...]) -> SeatView:
    """A SeatView the engine made or checked: `check_view` passes it as it is."""
    view = SeatView(config, seat, observation, legal)
    object.__setattr__(view, "_vouched", observation.copy())
    return view


def check_view(view, *, deciding: bool = False) -> SeatView:
    """`view` itself if the engine made it (or checked it) and it is
    unchanged since; else the same view checked whole, as a new SeatView:
    its config, its seat, its observation (`check_observation`: the view
    of a state the game could be in) and its legal actions, which must be
    exactly its seat's in that observation (none for a seat not to
    decide). StateError (a ValueError), in one sentence, when it is not
    such a view, and, with `deciding`, when its seat has no decision to
    make. Cheap for a view the engine made: a comparison of two arrays."""
    if not isinstance(view, SeatView):
        raise StateError(f"a seat's view is a SeatView, not {type(view).__name__}")
    vouched = view._vouched
    if vouched is None or not (isinstance(view.observation, np.ndarray)
                               and np.array_equal(view.observation, vouched)):
        view = _checked_view(view)
    if deciding and not view.legal_actions:
        raise StateError(f"seat {view.seat} has no decision to make in this view")
    return view


def _checked_view(view: SeatView) -> SeatView:
    config, seat, given = view.config, view.seat, view.legal_actions
    if not isinstance(config, Config):
        raise StateError(f"a seat's view names its game's Config, not {type(config).__name__}")
    if not _is_whole(seat):
        raise StateError(f"a seat's view names its seat as a whole number, not {seat!r}")
    seat = int(seat)
    observation, world = checked_observation_and_world(
        view.observation, seat, config.players, config.extensions, config.round_cap)
    game = Game(config, world, _made_here=True)
    legal = tuple(game.legal_actions()) if game.decider == seat else ()
    if not (isinstance(given, (tuple, list)) and all(_is_whole(a) for a in given)
            and sorted(int(a) for a in given) == list(legal)):
        raise StateError("the actions named are not the legal actions of this view")
    return _vouched_view(config, seat, observation, legal)


# Log place codes (docs/record-format.md, "Places"): the places without a seat, then the first of each seated kind.
_PLACES = {L.P_DRAW: Place(Where.DRAW), L.P_DRAW_BOTTOM: Place(Where.DRAW_BOTTOM),
           L.P_DISCARD: Place(Where.DISCARD), L.P_CENTER: Place(Where.CENTER),
           L.P_BOX: Place(Where.BOX), L.P_LOOK: Place(Where.LOOK), L.P_EVENT: Place(Where.EVENT)}
_SEATED_PLACES = ((L.P_HAND, Where.HAND), (L.P_TABLE, Where.TABLE), (L.P_VISITED, Where.VISITED))


def log_place(code: int) -> Place:
    """The place of a move-log place code."""
    if code in _PLACES:
        return _PLACES[code]
    for first, where in _SEATED_PLACES:
        if first <= code < first + L.MAX_PLAYERS:
            return Place(where, code - first)
    raise ValueError(f"unknown place code {code}")


def decode_log(log: np.ndarray) -> StepLog:
    """Turn the kernel's integer move log into typed entries (engine/steps.py)."""
    rows = int(log[0, 0])
    if log[0, 1]:
        raise RuntimeError("move log overflow")
    step = StepLog()
    i = 1
    while i <= rows:
        kind, a, b, c = (int(x) for x in log[i])
        if kind == L.LOG_MOVE:
            step.entries.append(Move(a, log_place(b), log_place(c)))
        elif kind == L.LOG_COUNTRY:
            step.entries.append(Move(a, log_place(b), log_place(c), country=True))
        elif kind == L.LOG_SHUFFLE:
            step.entries.append(Shuffle(tuple(int(log[i + 1 + j, 1]) for j in range(a))))
            i += a
        elif kind == L.LOG_EVENT:
            step.entries.append(EventDrawn(a, b))
        elif kind == L.LOG_REVEAL:
            step.entries.append(Reveal(a, tuple(int(log[i + 1 + j, 1]) for j in range(b))))
            i += b
        elif kind == L.LOG_TURN:
            step.entries.append(TurnBegins(a, b))
        elif kind == L.LOG_BINOCULARS:
            step.entries.append(Look(a, b))
        i += 1
    return step


@functools.lru_cache(maxsize=None)
def _kernels():
    # Imported lazily: importing numba and loading the kernels takes a moment,
    # and `passport --help` must not pay for it.
    from . import kernels
    return kernels


class Game:
    """A game of Passport: its config, its state, and its history for undo."""

    def __init__(self, config: Config, state: np.ndarray | None = None, *,
                 _made_here: bool = False):
        """A new game of `config`, or the game in `state`: StateError (a
        ValueError) if that is not a state this game could be in. (A state
        the engine made itself, a copy or a sampled world, is not checked
        again: `_made_here`.)"""
        self.config = config
        self._kernels = _kernels()
        self._buffer = np.empty(L.NUM_ACTIONS, np.int64)
        self._log = np.zeros((LOG_ROWS, 4), np.int64)
        self._history: list[np.ndarray] = []
        if state is None:
            self.state = np.zeros(L.STATE_SIZE, np.int64)
            self._kernels.new_game(self.state, config.players, config.extensions,
                                 np.int64(np.uint64(config.seed % 2**64)),
                                 config.round_cap, self._log)
            self._kernels.remember(self.state, self.state[L.ACTIVE])
            self.setup_log = decode_log(self._log)
        else:
            # a state from outside is checked whole before any kernel reads it
            self.state = state if _made_here else check_state(
                state, config.players, config.extensions, config.round_cap)
            self.setup_log = StepLog()

    @classmethod
    def new(cls, players=4, extensions=0, seed=0, round_cap=DEFAULT_ROUND_CAP) -> "Game":
        """A new game: 2 to 6 players (MIN_PLAYERS, MAX_PLAYERS), extensions
        as 'all'/'none'/names/mask."""
        return cls(Config(players, parse_extensions(extensions), seed, round_cap))

    # ---- whose decision, and what it may be -----------------------------
    @property
    def players(self) -> int:
        return self.config.players

    @property
    def decider(self) -> int:
        """The seat that makes the pending decision, -1 once the game is over."""
        return int(self.state[L.DECIDER])

    @property
    def active(self) -> int:
        """The seat whose turn it is."""
        return int(self.state[L.ACTIVE])

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending."""
        return Phase(int(self.state[L.PHASE]))

    @property
    def phase_name(self) -> str:
        """The phase's name in docs/engine.md: 'trade-reply'."""
        return self.phase.label

    @property
    def round(self) -> int:
        return int(self.state[L.TURN]) // self.players + 1

    @property
    def over(self) -> bool:
        return self.phase == L.PH_OVER

    @property
    def outcome(self) -> Outcome | None:
        """Who won and why, or None while the game runs."""
        if not self.over:
            return None
        winner = int(self.state[L.WINNER])
        return Outcome(None if winner < 0 else winner,
                       L.END_REASONS[int(self.state[L.REASON]) - L.REASON_CENTER], self.round)

    def legal_actions(self) -> list[int]:
        """The legal action ids, increasing; empty once the game is over."""
        n = self._kernels.legal_actions(self.state, self._buffer)
        return [int(a) for a in self._buffer[:n]]

    def actions(self, seat_names=None) -> list[Action]:
        """The legal actions as values, with the words a person reads
        (seats called by `seat_names`, else "seat N")."""
        return [Action(a, self.action_text(a, seat_names)) for a in self.legal_actions()]

    def is_legal(self, action: int) -> bool:
        return whole(action, "an action") in self.legal_actions()

    # ---- changing the state ------------------------------------------------
    def apply(self, action: int) -> StepLog:
        """Apply a legal action; return the moves it caused.

        Raises IllegalActionError (a ValueError) and changes nothing if the
        action is not legal here."""
        action = whole(action, "an action")
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"action {action} ({self._describe(action)}) is not legal now "
                f"(phase {self.phase_name}, seat {self.decider} to decide)")
        self._log[0, 0] = 0
        self._log[0, 1] = 0
        active = self.state[L.ACTIVE]
        self._kernels.note_offers(self.state, np.int64(action))
        self._kernels.apply_action(self.state, np.int64(action), self._log)
        self._kernels.remember(self.state, active)
        return decode_log(self._log)

    def push(self, action: int) -> StepLog:
        """Apply an action and remember the state before it, for `pop`."""
        before = self.state.copy()
        step = self.apply(action)
        self._history.append(before)
        return step

    def pop(self) -> None:
        """Undo the last `push`."""
        if not self._history:
            raise IndexError("nothing to undo")
        self.state = self._history.pop()

    def snapshot(self) -> np.ndarray:
        """A copy of the whole state (hidden cards and RNG included)."""
        return self.state.copy()

    def restore(self, snapshot: np.ndarray) -> None:
        """Go back to a snapshot of this game; StateError (a ValueError), and
        nothing changed, if it is not a state this game could be in."""
        c = self.config
        self.state = check_state(snapshot, c.players, c.extensions, c.round_cap)

    def copy(self) -> "Game":
        return Game(self.config, self.state.copy(), _made_here=True)

    # ---- information (R7.4) ------------------------------------------------------
    # ---- rules asked of the engine: each answer is the kernels' own -------------------
    def hand_limit(self, seat: int) -> int:
        """The most cards `seat` may hold after an action (R4.4; R9.5 Backpacker)."""
        seat = self._check_seat(seat)
        return int(self._kernels.hand_limit(self.state, np.int64(seat)))

    def recycle_cost(self, seat: int) -> int:
        """How many cards `seat` pays to recycle (R5.2; R9.5 Collector)."""
        seat = self._check_seat(seat)
        return int(self._kernels.recycle_cost(self.state, np.int64(seat)))

    @property
    def offers_left(self) -> int:
        """Offers the active seat may still make this turn before the limit
        of declined offers (R5.3); it may make none once it has acted."""
        return L.MAX_DECLINED_OFFERS - self.declined_offers

    def payable_cards(self, seat: int) -> list[int]:
        """The cards of `seat`'s hand that may pay a cost or be discarded:
        all but forbidden items (R9.3)."""
        return [c for c in self.hand(seat) if not self._kernels.is_forbidden(c)]

    def copies(self, kind: int) -> int:
        """How many cards of `kind` (0..29, engine/cards.py) are in this game:
        two of each item, a passport per player, the extensions' cards only
        with their extension (R3)."""
        kind = whole(kind, "a kind")
        if not 0 <= kind < C.NUM_KINDS:
            raise ValueError(f"kind {kind} is outside 0..{C.NUM_KINDS - 1}")
        return int(self._kernels.copies_in_play(self.state, np.int64(kind)))

    def observation(self, seat: int) -> np.ndarray:
        """What `seat` knows: the state with everything else blanked out."""
        seat = self._check_seat(seat)
        out = np.empty(L.STATE_SIZE, np.int64)
        self._kernels.observe(self.state, seat, out)
        return out

    def determinize(self, seat: int, seed: int) -> "Game":
        """A complete game that `seat` cannot tell from this one: hidden cards
        dealt at random consistently with everything `seat` knows."""
        seed = whole(seed, "a seed")
        return _dealt(self.config, self.observation(seat), seat, seed)

    def view(self, seat: int) -> SeatView:
        """What `seat` may know, with its legal actions if it is to decide."""
        seat = self._check_seat(seat)
        legal = tuple(self.legal_actions()) if seat == self.decider else ()
        return _vouched_view(self.config, seat, self.observation(seat), legal)

    def knows(self, seat: int, card: int) -> bool:
        """Does `seat` know where `card` is?"""
        seat = self._check_seat(seat)
        card = whole(card, "a card")
        if not 0 <= card < C.NUM_CARDS:
            raise ValueError(f"card {card} is outside 0..{C.NUM_CARDS - 1}")
        return bool(self.state[L.KNOWN + card] >> seat & 1)

    # ---- reading the table ------------------------------------------------------------
    def hand(self, seat: int) -> list[int]:
        seat = self._check_seat(seat)
        return [c for c in range(C.NUM_CARDS) if self.state[L.LOC + c] == seat]

    def hand_size(self, seat: int) -> int:
        seat = self._check_seat(seat)
        return int(self.state[L.HAND_SIZE + seat])

    def draw_pile(self) -> list[int]:
        """The draw pile, top first."""
        s = self.state
        return [int(s[L.DRAW + (s[L.DRAW_HEAD] + i) % C.NUM_CARDS]) for i in range(s[L.DRAW_SIZE])]

    def discard_pile(self) -> list[int]:
        """The discard pile, oldest first (the top is last)."""
        return [int(x) for x in self.state[L.DISCARD:L.DISCARD + self.state[L.DISCARD_SIZE]]]

    def look(self) -> list[int]:
        return [int(x) for x in self.state[L.LOOK:L.LOOK + self.state[L.N_LOOK]] if x >= 0]

    def box(self) -> list[int]:
        """The box's countries, top first."""
        s = self.state
        return [int(s[L.BOX + (s[L.BOX_HEAD] + i) % C.NUM_COUNTRIES]) for i in range(s[L.BOX_SIZE])]

    def own_country(self, seat: int) -> int | None:
        seat = self._check_seat(seat)
        own = int(self.state[L.OWN + seat])
        return None if own < 0 else own

    def visited(self, seat: int) -> list[int]:
        seat = self._check_seat(seat)
        out = []
        if self.state[L.VISITED + seat] >= 0:
            out.append(int(self.state[L.VISITED + seat]))
        if self.over and self.outcome.reason == "center" and self.outcome.winner == seat:
            out.append(self.center)
        return out

    @property
    def center(self) -> int:
        return int(self.state[L.CENTER])

    @property
    def start_seat(self) -> int:
        return int(self.state[L.START_SEAT])

    def character(self, seat: int) -> int | None:
        seat = self._check_seat(seat)
        ch = int(self.state[L.CHARACTER + seat])
        return None if ch < 0 else ch

    def destination(self, seat: int) -> int:
        """The country `seat` must travel to next (R6)."""
        seat = self._check_seat(seat)
        own = self.own_country(seat)
        return self.center if own is None else own

    @property
    def actions_taken(self) -> int:
        """Actions completed in this turn (R4.3: one, two after an Upgrade)."""
        return int(self.state[L.ACTIONS_TAKEN])

    @property
    def declined_offers(self) -> int:
        return int(self.state[L.DECLINED])

    @property
    def strike_seat(self) -> int | None:
        s = int(self.state[L.STRIKE])
        return None if s < 0 else s

    def pending_offer(self) -> tuple[int, list[int], list[int]] | None:
        """(target seat, cards given, kinds asked) while an offer is composed or answered."""
        if self.phase not in (L.PH_TRADE_GIVE, L.PH_TRADE_ASK, L.PH_TRADE_REPLY):
            return None
        s = self.state
        return (int(s[L.TARGET]), [int(x) for x in s[L.GIVE:L.GIVE + s[L.N_GIVE]]],
                [int(x) for x in s[L.ASK:L.ASK + s[L.N_ASK]]])

    def mirrored_offer(self) -> "Game":
        """The same position with the trade offered the other way (R5.3): the
        target of the offer now waiting for its answer offers the offerer, as
        its turn begins, the same exchange (its lowest-id card of each kind
        it was asked for, shown to every seat as an offer's cards are, for
        the kinds of the cards it was offered), and the offerer is to answer.
        Everything else stays as it is, the turn count too. It is a position
        for measuring, not one a game reaches: whether a player would accept
        from the other side the trade it offers (the bonus card then goes to
        the other side). ValueError if no offer waits for its answer, or if
        its target does not hold every card asked (it could not accept)."""
        if self.phase != L.PH_TRADE_REPLY:
            raise ValueError("no trade offer is waiting for its answer")
        mirror = self.state.copy()
        if not self._kernels.mirror_offer(mirror):
            raise ValueError("the offer's target does not hold every card asked, so it has no mirror")
        self._kernels.remember(mirror, mirror[L.ACTIVE])
        return Game(self.config, mirror, _made_here=True)

    def card_places(self) -> list[int]:
        """For each card: 0..5 a hand, 100+i the draw pile (i from the top),
        200+i the discard pile (i from the oldest), 300+i look position i, -1 out."""
        places = [-1] * C.NUM_CARDS
        for c in range(C.NUM_CARDS):
            loc = int(self.state[L.LOC + c])
            if loc < 6:
                places[c] = loc
        for i, c in enumerate(self.draw_pile()):
            places[c] = 100 + i
        for i, c in enumerate(self.discard_pile()):
            places[c] = 200 + i
        for i in range(int(self.state[L.N_LOOK])):
            c = int(self.state[L.LOOK + i])
            if c >= 0:
                places[c] = 300 + i
        return places

    # ---- words ------------------------------------------------------------------------
    def action_text(self, action: int, seat_names=None) -> str:
        """Human words for a legal action in the current phase."""
        return action_text(whole(action, "an action"), self.phase, seat_names, self.destination(self.active))

    def _describe(self, action: int) -> str:
        try:
            return self.action_text(action)
        except (ValueError, KeyError, IndexError):
            return "not an action"

    def to_text(self, seat_names=None) -> str:
        """A plain-text picture of the whole state (every hand shown)."""
        names = seat_names or [f"seat {i}" for i in range(self.players)]
        lines = [f"Round {self.round}, {names[self.active]}'s turn; "
                 f"{self.phase_name}, {names[self.decider] if self.decider >= 0 else 'nobody'} to decide"]
        lines.append(f"Center: {C.COUNTRIES[self.center]}  draw pile: {len(self.draw_pile())}  "
                     f"discard: {', '.join(C.CARD_NAMES[c] for c in self.discard_pile()[-5:]) or '-'}")
        for s in range(self.players):
            own = self.own_country(s)
            ch = self.character(s)
            lines.append(f"{names[s]}: {C.COUNTRIES[own] + ' (own)' if own is not None else 'own visited'}"
                         f"{', ' + C.CHARACTERS[ch] if ch is not None else ''}: "
                         + ", ".join(C.CARD_NAMES[c] for c in self.hand(s)))
        if self.over:
            o = self.outcome
            lines.append(f"Game over: {names[o.winner] + ' wins' if o.winner is not None else 'no winner'}"
                         f" ({o.reason}) in round {o.rounds}")
        return "\n".join(lines)

    def _check_seat(self, seat: int) -> int:
        """`seat` as an int: TypeError when it is not a whole number,
        ValueError when no such seat plays this game."""
        seat = whole(seat, "a seat")
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not in this {self.players}-player game")
        return seat


def whole_state_view(game: Game, seat: int) -> SeatView:
    """`seat`'s decision with the whole state in place of its observation:
    what a cheater is shown, which exists only to measure what hidden
    information costs (R7.4 keeps every other view to what its seat may
    know). Not vouched for: a cheater checks it as a state from outside."""
    view = game.view(seat)
    return SeatView(view.config, seat, game.snapshot(), view.legal_actions)


def determinized(config: Config, observation: np.ndarray, seat: int, seed: int) -> Game:
    """A complete game sampled from one seat's observation (see
    Game.determinize). The observation is checked first
    (`check_observation`): StateError (a ValueError), in one sentence, when
    it is not the view of `seat` of a state a game of `config` could be in;
    TypeError when `config` is not a Config or the seat or the seed is not
    a whole number."""
    if not isinstance(config, Config):
        raise TypeError(f"config must be a Config, not {type(config).__name__}")
    seat, seed = whole(seat, "a seat"), whole(seed, "a seed")
    observation, _ = checked_observation_and_world(
        observation, seat, config.players, config.extensions, config.round_cap)
    return _dealt(config, observation, seat, seed)


def _dealt(config: Config, observation: np.ndarray, seat: int, seed: int) -> Game:
    """A world dealt from an observation the engine made or checked."""
    out = np.empty(L.STATE_SIZE, np.int64)
    if not _kernels().determinize(observation, seat, np.int64(np.uint64(seed % 2**64)), out):
        # never for an observation of a state that passes check_state
        raise StateError("observation is inconsistent: no way of dealing its hidden cards fits it")
    return Game(config, out, _made_here=True)
