"""Game records (docs/record-format.md, format version 1): written, read, checked, replayed.

    game = Game.new(players=4, extensions="all", seed=7)
    recorder = GameRecorder(game, seats=[{"name": "Ana", "player": "human"}, ...])
    while not game.over:
        recorder.apply(choose(game.legal_actions()))
    write_record(recorder.document(), "game.json")

    doc = read_record("game.json")   # the structure is checked
    check_record(doc)                # every move replayed in plain Python
    game = replay(doc)               # the engine replays it and must agree

The engine decides in micro-steps (docs/engine.md: RECYCLE, then CARD, CARD,
CARD); a record step is one decision of one seat as a person would say it
("recycle, paying X and Y, taking Z"). `GameRecorder` groups the micro-steps
into record steps (typed: `engine.steps.Step`, written out as record text
by `document`) and keeps their action ids in the extra field
`engine_actions`, so that a saved game resumes to exactly the same state.
docs/record-format.md describes the whole format.

Every problem with a record raises `RecordError`, a one-line message.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import msgpack
import numpy as np

from . import _layout as L
from . import cards as C
from ._record_format import (  # noqa: F401 -- re-exported: the public API of records
    ACTION_FIELDS, CARD_IDS, COUNTRY_IDS, FORMAT, KIND_IDS, VERSION, RecordError,
    _json, check_record, validate_document,
)
from .actions import decode
from .files import LimitError, parse_json, parse_msgpack, read_limited, write_atomically
from .game import ConfigError, Game, IllegalActionError
from .steps import (
    Look, Move, Step, StepLog, TurnBegins, Where, entry_to_record, hand,
)

# The engine phases that continue a step once it has begun (docs/engine.md).
INNER_PHASES = {
    "recycle": (L.PH_RECYCLE_PAY, L.PH_RECYCLE_TAKE),
    "offer": (L.PH_TRADE_GIVE, L.PH_TRADE_ASK),
    "steal": (L.PH_STEAL_PAY,),
    "dispose": (L.PH_DISPOSE_WITH,),
    "smuggle": (L.PH_SMUGGLE_TO,),
    "local-guide": (L.PH_LG_TAKE,),
    "trading-post": (L.PH_TP_PICK, L.PH_TP_GIVE),
    "discard": (L.PH_DISCARD,),
}

# MAIN-phase action names (engine.actions.decode) -> record step types.
MAIN_STEP_TYPES = {
    "draw": "draw", "recycle": "recycle", "trade": "offer", "steal": "steal",
    "travel": "travel", "travel-card": "travel", "dispose": "dispose",
    "smuggle": "smuggle", "local-guide": "local-guide", "trading-post": "trading-post",
    "map": "map", "upgrade": "upgrade", "declare": "declare", "binoculars": "binoculars",
}


# ---- recording ------------------------------------------------------------------

def _capture_setup(game: Game) -> dict:
    """The record's `setup` of a game on which no action has been applied yet."""
    with_characters = game.config.extensions & C.EXT_CHARACTERS
    hands = []
    for seat in range(game.players):
        # The passport first, then the items: the order of setup steps 1 and 3.
        hand = sorted(game.hand(seat), key=lambda c: (C.card_kind(c) != C.KIND_PASSPORT, c))
        hands.append([C.CARD_NAMES[c] for c in hand])
    return {
        "countries": [C.COUNTRIES[game.own_country(s)] for s in range(game.players)],
        "center": C.COUNTRIES[game.center],
        "box": [C.COUNTRIES[c] for c in game.box()],
        "characters": ([C.CHARACTERS[game.character(s)] for s in range(game.players)]
                       if with_characters else None),
        "hands": hands,
        "draw_pile": [C.CARD_NAMES[c] for c in game.draw_pile()],
        "start_seat": game.start_seat,
    }


def _action_fields(kind: str, seat: int, decisions: list, moves: list, destination: int) -> dict:
    """The fields of a finished step's action (docs/record-format.md, "Step
    types"; cards as ids) from its (phase, action id) decisions and its moves."""
    def cards(phase):
        return tuple(a - L.A_CARD for p, a in decisions if p == phase and a >= L.A_CARD)

    first = decisions[0][1] if decisions else -1
    arg = decode(first).arg if decisions else -1
    if kind == "recycle":
        return {"pay": cards(L.PH_RECYCLE_PAY), "take": cards(L.PH_RECYCLE_TAKE)[0]}
    if kind == "offer":
        return {"to": arg, "give": cards(L.PH_TRADE_GIVE),
                "ask": tuple(a - L.A_KIND for p, a in decisions
                             if p == L.PH_TRADE_ASK and a >= L.A_KIND)}
    if kind in ("reply", "mousetrap"):
        return {"accept" if kind == "reply" else "play": first == L.A_YES}
    if kind == "steal":
        paid = cards(L.PH_STEAL_PAY)
        return {"pay": paid[0] if paid else None, "from": arg}
    if kind == "travel":
        used = []
        for move in moves:
            if isinstance(move, Move):
                if move.dest.where is Where.VISITED:
                    break
                if move.source == hand(seat) and move.dest.where is Where.DISCARD:
                    used.append(move.card)
        return {"to": destination, "use": tuple(used)}
    if kind == "dispose":
        return {"forbidden": C.FIRST_FORBIDDEN + arg, "with": cards(L.PH_DISPOSE_WITH)[0]}
    if kind == "smuggle":
        return {"card": C.FIRST_FORBIDDEN + arg, "to": decisions[1][1] - L.A_SEAT}
    if kind == "local-guide":
        taken = cards(L.PH_LG_TAKE)
        return {"take": taken[0] if taken else None}
    if kind == "trading-post":
        return {"swaps": tuple((given, taken) for taken, given
                               in zip(cards(L.PH_TP_PICK), cards(L.PH_TP_GIVE)))}
    if kind in ("map", "binoculars"):
        return {"target": arg}
    if kind == "declare":
        return {"forbidden": C.FIRST_FORBIDDEN + arg}
    if kind == "discard":
        return {"cards": cards(L.PH_DISCARD)}
    return {}


def _recorded(entries) -> list:
    """The entries a record shows: not the private Binoculars look."""
    return [e for e in entries if not isinstance(e, Look)]


class GameRecorder:
    """Records a game as it is played, as a record document.

    Create it right after `Game.new(...)`, then apply every action through
    `recorder.apply` (never `game.apply` directly). `seats`, if given, is
    the record's optional list of {"name": ..., "player": ...}, one per seat."""

    def __init__(self, game: Game, seats: list[dict] | None = None):
        s = game.state
        fresh = (game.phase == L.PH_MAIN and s[L.TURN] == 0 and s[L.ACTIONS_TAKEN] == 0
                 and s[L.ACTIONS_LEFT] == 1 and s[L.DECLINED] == 0 and not game.discard_pile())
        if not fresh:
            raise ValueError("GameRecorder needs a game on which no action was applied yet")
        if seats is not None and (not isinstance(seats, list) or len(seats) != game.players
                                  or not all(isinstance(x, dict) for x in seats)):
            raise ValueError(f"seats must be a list of {game.players} dicts")
        self.game = game
        self.seats = copy.deepcopy(seats)
        self.setup = _capture_setup(game)
        self.steps: list[Step] = []
        self._open: dict | None = None  # the step whose decisions are still being made
        self._opened_from: np.ndarray | None = None  # the state the open step started from
        # Fields of a resumed document this recorder does not write itself
        # (another program's: readers ignore them), kept for the
        # next save: top-level ones, and each step's by its index.
        self.extra_fields: dict = {}
        self.extra_step_fields: dict[int, dict] = {}

    def apply(self, action: int) -> StepLog:
        """Apply a legal action to the game and record it; return the engine's StepLog.

        An illegal action raises engine.IllegalActionError, with the game
        unchanged and nothing recorded."""
        game = self.game
        phase, decider = game.phase, game.decider
        destination = game.destination(game.active)
        ends_turn = phase == L.PH_MAIN and action == L.A_END_TURN
        kind = None
        if self._open is None and not ends_turn and game.is_legal(action):
            kind = _step_type(phase, action)  # before apply: a recorder out of step changes nothing
            before = game.snapshot()
        log = game.apply(action)
        action = int(action)
        if ends_turn:
            # Not a record step: kept with the step before it, so that the
            # steps' engine_actions, in order, are the whole game.
            last = self.steps[-1]
            self.steps[-1] = replace(last, engine_actions=last.engine_actions + (action,))
        else:
            if kind is not None:
                self._open = {"seat": decider, "type": kind, "decisions": [],
                              "moves": [], "destination": destination}
                self._opened_from = before
            self._open["decisions"].append((phase, action))

        entries, turn, refill = log.entries, None, []
        for i, entry in enumerate(entries):
            if isinstance(entry, TurnBegins):
                entries, turn, refill = entries[:i], entry, entries[i + 1:]
                break
        moves = _recorded(entries)
        if self._open is not None:
            self._open["moves"].extend(moves)
        elif moves:
            last = self.steps[-1]
            self.steps[-1] = replace(last, moves=last.moves + tuple(moves))

        if self._open is not None and self._step_is_over(turn is not None):
            self._close()
        if turn is not None and refill:  # R4.1, the empty-hand draw: a step of its own
            self.steps.append(Step(turn.seat, "refill", {}, tuple(_recorded(refill))))
        return log

    def take_back(self, count: int) -> None:
        """Undo the last `count` decisions of the open step, as if they had
        never been made: the game returns to the state they started from.
        Only the open step's own decisions can be taken back (a closed step
        is part of the record); whether the game's rules allow it (nothing
        revealed to another seat meanwhile) is the caller's to judge."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"count must be a whole number of decisions, not {count!r}")
        made = len(self._open["decisions"]) if self._open is not None else 0
        if count > made:
            raise ValueError(f"the open step has {made} decisions: {count} can't be taken back")
        if count == 0:
            return
        kept = [action for _, action in self._open["decisions"][:made - count]]
        self.game.restore(self._opened_from)
        self._open = None
        self._opened_from = None
        for action in kept:
            self.apply(action)

    def rewound(self, steps: int) -> GameRecorder:
        """A recorder of this game as it stood after its first `steps`
        record steps: a fresh deal of the same config with those steps'
        engine actions played again (the seats and the fields of other
        programs kept). A take-back of whole moves (`passport play`'s
        `undo`); whether the players may have it is the caller's to judge.
        ValueError for a count of steps the record lacks, or one that
        cuts a refill from the step that made it."""
        if isinstance(steps, bool) or not isinstance(steps, int) or not 0 <= steps <= len(self.steps):
            raise ValueError(f"steps must be a whole number from 0 to {len(self.steps)}, "
                             f"not {steps!r}")
        config = self.game.config
        recorder = GameRecorder(Game(config), self.seats)
        for step in self.steps[:steps]:
            for action in step.engine_actions:
                recorder.apply(action)
        if len(recorder.steps) != steps:
            raise ValueError(f"step {steps} is a refill, made with the step before it: "
                             "the record can't be cut between them")
        recorder.extra_fields = copy.deepcopy(self.extra_fields)
        recorder.extra_step_fields = {i: copy.deepcopy(fields)
                                      for i, fields in self.extra_step_fields.items() if i < steps}
        return recorder

    def _step_is_over(self, turn_ended: bool) -> bool:
        game, step = self.game, self._open
        if turn_ended or game.over:
            return True
        if game.phase not in INNER_PHASES.get(step["type"], ()):
            return True
        return step["type"] == "discard" and game.decider != step["seat"]

    def _close(self) -> None:
        step, self._open = self._open, None
        self._opened_from = None
        fields = _action_fields(step["type"], step["seat"], step["decisions"],
                                step["moves"], step["destination"])
        self.steps.append(Step(step["seat"], step["type"], fields, tuple(step["moves"]),
                               tuple(a for _, a in step["decisions"])))

    @property
    def pending(self) -> dict | None:
        """The step being decided, if a decision is half made: its seat, its
        type and the engine actions taken so far; None between steps."""
        if self._open is None:
            return None
        return {"seat": self._open["seat"], "type": self._open["type"],
                "engine_actions": [a for _, a in self._open["decisions"]]}

    def result(self) -> dict:
        """The record's `result`; while the game runs, winner and reason are None
        and rounds is the current round (our extension for unfinished games)."""
        outcome = self.game.outcome
        if outcome is None:
            return {"winner": None, "reason": None, "rounds": self.game.round}
        return {"winner": outcome.winner, "reason": outcome.reason, "rounds": outcome.rounds}

    def document(self) -> dict:
        """The record so far, as a new record document (a plain dict)."""
        config = self.game.config
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "config": {"players": config.players, "extensions": config.extension_names,
                       "seed": config.seed, "round_cap": config.round_cap},
        }
        if self.seats is not None:
            doc["seats"] = copy.deepcopy(self.seats)
        doc["setup"] = copy.deepcopy(self.setup)
        doc["steps"] = [dict(step.to_record(), **self.extra_step_fields.get(i, {}))
                        for i, step in enumerate(self.steps)]
        doc["result"] = self.result()
        if self._open is not None:  # a decision half made: our extension for saved games
            doc["pending"] = dict(self.pending, moves=self._pending_moves())
        for key, value in self.extra_fields.items():
            doc.setdefault(key, copy.deepcopy(value))
        return doc

    def _pending_moves(self) -> list:
        return [entry_to_record(m) for m in self._open["moves"]]


def _step_type(phase: int, action: int) -> str:
    if phase == L.PH_TRADE_REPLY:
        return "reply"
    if phase == L.PH_MOUSETRAP:
        return "mousetrap"
    if phase == L.PH_DISCARD:
        return "discard"
    if phase != L.PH_MAIN:
        raise ValueError("the recorder missed the start of this step: "
                         "was game.apply called directly?")
    return MAIN_STEP_TYPES[decode(action).name]


# ---- files ----------------------------------------------------------------------

def write_record(doc: dict, path, private: bool = False) -> None:
    """Write a document as JSON (.json) or msgpack (.msgpack), by the path's suffix.

    The document is validated first; the file is replaced atomically. A
    `private` file is readable by its owner only (a record holds its seed,
    from which every hidden card follows)."""
    path = Path(path)
    suffix = _suffix(path)
    validate_document(doc, str(path))
    try:
        if suffix == ".json":
            data = _json_text(doc).encode("utf-8")
        else:
            data = msgpack.packb(doc, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as error:  # e.g. odd values in extra fields
        raise RecordError(f"{path}: can't be written as {suffix[1:]} ({error})") from None
    try:
        write_atomically(path, data, 0o600 if private else 0o666)
    except OSError as error:
        raise RecordError(f"{path}: can't be written ({error.strerror or error})") from None


def _suffix(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in (".json", ".msgpack"):
        raise RecordError(f"{path}: unknown record format {suffix or '(no suffix)'!r}; "
                          "use .json or .msgpack")
    return suffix


def _json_text(doc: dict) -> str:
    """JSON with one top-level field, one setup field and one step per line."""
    def dump(value):
        return json.dumps(value, ensure_ascii=False, allow_nan=False)

    lines = []
    for key, value in doc.items():
        if key == "setup" and isinstance(value, dict):
            inner = ",\n".join(f"    {dump(k)}: {dump(v)}" for k, v in value.items())
            text = "{\n" + inner + "\n  }"
        elif key == "steps" and isinstance(value, list) and value:
            text = "[\n" + ",\n".join(f"    {dump(step)}" for step in value) + "\n  ]"
        else:
            text = dump(value)
        lines.append(f"  {dump(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def read_record(path) -> dict:
    """Read a record (.json or .msgpack) and validate its structure
    (RecordError if wrong). Read within engine.files' limits: a record of
    four random bots to the default cap of 200 rounds is about 380 KB."""
    path = Path(path)
    suffix = _suffix(path)
    try:
        data = read_limited(path)
        doc = parse_json(data) if suffix == ".json" else parse_msgpack(data)
    except OSError as error:
        raise RecordError(f"{path}: can't be read ({error.strerror or error})") from None
    except LimitError as error:
        raise RecordError(f"{path}: {error}") from None
    validate_document(doc, str(path))
    return doc


# ---- replaying with the engine ------------------------------------------------------

def replay(doc: dict, name: str | None = None) -> Game:
    """Rebuild the game of a document with the engine; RecordError if the engine
    does not reproduce every step, move and the result."""
    return resume(doc, name).game


def resume(doc: dict, name: str | None = None) -> GameRecorder:
    """Like `replay`, but return a recorder that continues the document (saved games)."""
    validate_document(doc, name)
    prefix = f"{name}: " if name else ""

    def fail(message):
        raise RecordError(prefix + message)

    config = doc["config"]
    try:
        game = Game.new(config["players"], config["extensions"], config["seed"],
                        config["round_cap"])
    except ConfigError as error:
        fail(f"config: {error}")
    recorder = GameRecorder(game, doc.get("seats"))
    differs = _setup_difference(recorder.setup, doc["setup"])
    if differs:
        fail(f"setup.{differs} is not what config.seed {config['seed']} deals")
    steps = doc["steps"]
    compared = 0

    def compare_new_steps():
        nonlocal compared
        while compared < len(recorder.steps) and compared < len(steps):
            problem = _step_difference(steps[compared], recorder.steps[compared].to_record())
            if problem:
                fail(f"step {compared + 1} does not replay: {problem}")
            compared += 1

    for number, step in enumerate(steps, 1):
        if number > len(recorder.steps):  # else a refill, made by the step before
            if "engine_actions" in step:
                for action in step["engine_actions"]:
                    _apply(recorder, action, f"step {number}", fail)
            else:
                _apply_fields(recorder, step, number, fail)
        compare_new_steps()
        if number > len(recorder.steps):
            fail(f"step {number} does not replay: the engine makes no such step here")
    if "pending" in doc:
        for action in doc["pending"]["engine_actions"]:
            _apply(recorder, action, "the pending step", fail)
        compare_new_steps()
        if recorder.pending is None or recorder._pending_moves() != doc["pending"]["moves"]:
            fail("the pending step does not replay")
        made = recorder.pending
        for field in ("seat", "type"):  # what the record says the step is, and whose
            said = doc["pending"].get(field, made[field])
            if said != made[field]:
                fail(f"the pending step is a {made['type']} of seat {made['seat']}, "
                     f"not pending.{field} {_json(said)}")
    elif doc["result"]["reason"] == "round_cap" and L.A_END_TURN in game.legal_actions():
        _apply(recorder, L.A_END_TURN, "the end", fail)  # the last turn, in a record without ids
    if len(recorder.steps) != len(steps):
        fail(f"the engine makes {len(recorder.steps)} steps of the record's {len(steps)}")
    _keep_extra_fields(recorder, doc)
    if recorder.result() != {k: doc["result"][k] for k in ("winner", "reason", "rounds")}:
        fail(f"result does not replay: the engine says {_json(recorder.result())}")
    return recorder


WRITTEN_FIELDS = ("format", "version", "config", "seats", "setup", "steps", "result", "pending")
WRITTEN_STEP_FIELDS = ("seat", "action", "moves", "engine_actions")


def _keep_extra_fields(recorder: GameRecorder, doc: dict) -> None:
    """Fields of `doc` that the recorder does not write, so that a resumed
    game saved again keeps them (top-level ones and each step's)."""
    recorder.extra_fields = {k: copy.deepcopy(v) for k, v in doc.items()
                             if k not in WRITTEN_FIELDS}
    for i, step in enumerate(doc["steps"]):
        written = set(WRITTEN_STEP_FIELDS) | set(recorder.steps[i].to_record())
        extra = {k: copy.deepcopy(v) for k, v in step.items() if k not in written}
        if extra:
            recorder.extra_step_fields[i] = extra


def _apply(recorder: GameRecorder, action, where: str, fail) -> None:
    try:
        recorder.apply(action)
    except IllegalActionError:
        fail(f"{where} does not replay: engine action {action} is not legal there "
             f"(phase {recorder.game.phase_name}, seat {recorder.game.decider} to decide)")


def _setup_difference(ours: dict, theirs: dict) -> str | None:
    """The first setup field in which a document differs from the engine's deal."""
    for key, value in ours.items():
        other = theirs.get(key)
        if key == "hands":  # a hand is a set: any order will do
            value, other = [sorted(h) for h in value], [sorted(h) for h in other]
        if value != other:
            return key
    return None


def _step_difference(recorded: dict, replayed: dict) -> str | None:
    """How a recorded step differs from the engine's, or None."""
    if recorded["seat"] != replayed["seat"]:
        return (f"the record says seat {recorded['seat']} decides, "
                f"the engine seat {replayed['seat']}")
    kind = replayed["action"]["type"]
    fields = ("type",) + tuple(ACTION_FIELDS[kind])
    mine = {k: recorded["action"].get(k) for k in fields}
    if mine != {k: replayed["action"][k] for k in fields}:
        return (f"the record says {_json(recorded['action'])}, "
                f"the engine {_json(replayed['action'])}")
    moves, engine = recorded["moves"], replayed["moves"]
    for number in range(max(len(moves), len(engine))):
        here = moves[number] if number < len(moves) else "nothing"
        there = engine[number] if number < len(engine) else "nothing"
        if here != there:
            return f"move {number + 1} is {_json(here)} in the record, {_json(there)} in the engine"
    return None


def _apply_fields(recorder: GameRecorder, step: dict, number: int, fail) -> None:
    """Replay step `number`, written without engine_actions (the format alone), from
    its fields: the engine's micro-actions follow from them (docs/engine.md)."""
    game, action, seat = recorder.game, step["action"], step["seat"]
    kind, where = action["type"], f"step {number}"
    free_play = kind in ("declare", "binoculars") and seat == game.active
    if L.A_END_TURN in game.legal_actions() and not free_play:
        _apply(recorder, L.A_END_TURN, where, fail)  # the turn before ended here
        if len(recorder.steps) >= number:
            return  # and its refill is this step
    if kind == "refill":
        return  # no refill here: the caller reports it
    card = lambda name: L.A_CARD + CARD_IDS[name]  # noqa: E731
    forbidden = lambda name: CARD_IDS[name] - C.FIRST_FORBIDDEN  # noqa: E731
    ids: list[int] = []
    if kind == "draw":
        ids = [L.A_DRAW]
    elif kind == "recycle":
        ids = [L.A_RECYCLE] + sorted(card(c) for c in action["pay"]) + [card(action["take"])]
    elif kind == "offer":
        give = sorted(card(c) for c in action["give"])
        ask = sorted(L.A_KIND + KIND_IDS[k] for k in action["ask"])
        ids = ([L.A_TRADE_TO + action["to"]] + give + [L.A_DONE] * (len(give) < 3)
               + ask + [L.A_DONE] * (len(ask) < 3))
    elif kind in ("reply", "mousetrap"):
        ids = [L.A_YES if action["accept" if kind == "reply" else "play"] else L.A_NO]
    elif kind == "steal":
        ids = [L.A_STEAL_FROM + action["from"]] + ([card(action["pay"])] if action["pay"] else [])
    elif kind == "travel":
        ids = [_travel_id(action)]
    elif kind == "dispose":
        ids = [L.A_DISPOSE + forbidden(action["forbidden"]), card(action["with"])]
    elif kind == "smuggle":
        ids = [L.A_SMUGGLE + forbidden(action["card"]), L.A_SEAT + action["to"]]
    elif kind == "local-guide":
        ids = [L.A_LOCAL_GUIDE] + ([card(action["take"])] if action["take"] else [])
    elif kind == "trading-post":
        ids = [L.A_TRADING_POST]
        for given, taken in action["swaps"]:
            ids += [card(taken), card(given)]
    elif kind == "map":
        ids = [L.A_MAP + action["target"]]
    elif kind == "upgrade":
        ids = [L.A_UPGRADE]
    elif kind == "declare":
        ids = [L.A_DECLARE + forbidden(action["forbidden"])]
    elif kind == "binoculars":
        ids = [L.A_BINOCULARS + action["target"]]
    elif kind == "discard":
        ids = sorted(card(c) for c in action["cards"])
    for action_id in ids:
        _apply(recorder, action_id, where, fail)
    if kind == "trading-post" and game.phase == L.PH_TP_PICK:
        _apply(recorder, L.A_DONE, where, fail)  # the swaps end by choice, not by themselves


def _travel_id(action: dict) -> int:
    """TRAVEL, or TRAVEL_CARD + i when Mom's Credit Card stands in for required item i."""
    if C.CARD_NAMES[C.CREDIT_CARD] not in action["use"]:
        return L.A_TRAVEL
    kinds = {C.card_kind(CARD_IDS[c]) for c in action["use"]}
    required = C.REQUIRED_KINDS[COUNTRY_IDS[action["to"]]]
    missing = [i for i, kind in enumerate(required) if kind not in kinds]
    return L.A_TRAVEL_CARD + (missing[0] if missing else 0)
