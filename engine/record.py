"""Game records: shared/RECORD.md (format version 1), written, read, checked, replayed.

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
into record steps and keeps their action ids in the extra field
`engine_actions`, so that a saved game resumes to exactly the same state.
docs/record-format.md describes what we write beyond RECORD.md.

Every problem with a record raises `RecordError`, a one-line message.
"""

from __future__ import annotations

import copy
import json
import os
import re
import tempfile
from pathlib import Path

from . import _layout as L
from . import cards as C
from .actions import decode
from .game import ConfigError, Game, IllegalActionError, Move, StepLog, parse_extensions

FORMAT = "passport-record"
VERSION = 1

CARD_IDS = {name: card for card, name in enumerate(C.CARD_NAMES)}
COUNTRY_IDS = {name: country for country, name in enumerate(C.COUNTRIES)}
CHARACTER_IDS = {name: ch for ch, name in enumerate(C.CHARACTERS)}
KIND_IDS = {name: kind for kind, name in enumerate(C.KIND_NAMES)}
EVENT_NAMES = frozenset(C.EVENTS)
REASONS = ("center", "postcards", "round_cap")


class RecordError(ValueError):
    """A record that can't be read, isn't well formed, or doesn't add up (one line)."""


# ---- step types (RECORD.md "Action types") --------------------------------------
# Field types: card, cards, card? (a card id or null), seat, kinds, bool, country,
# swaps ([[hand card, pile card], ...]).
ACTION_FIELDS = {
    "refill": {}, "draw": {}, "upgrade": {},
    "recycle": {"pay": "cards", "take": "card"},
    "offer": {"to": "seat", "give": "cards", "ask": "kinds"},
    "reply": {"accept": "bool"},
    "steal": {"pay": "card?", "from": "seat"},
    "mousetrap": {"play": "bool"},
    "travel": {"to": "country", "use": "cards"},
    "dispose": {"forbidden": "card", "with": "card"},
    "smuggle": {"card": "card", "to": "seat"},
    "local-guide": {"take": "card?"},
    "trading-post": {"swaps": "swaps"},
    "map": {"target": "seat"},
    "declare": {"forbidden": "card"},
    "binoculars": {"target": "seat"},
    "discard": {"cards": "cards"},
}

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


def _json(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


# ---- recording ------------------------------------------------------------------

def _capture_setup(game: Game) -> dict:
    """RECORD.md `setup` of a game on which no action has been applied yet."""
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


def _record_entry(entry):
    """A StepLog entry as a RECORD.md move entry; None for what a record doesn't show."""
    if isinstance(entry, Move):
        name = C.COUNTRIES[entry.card] if entry.country else C.CARD_NAMES[entry.card]
        return [name, entry.source, entry.dest]
    kind = entry[0]
    if kind == "shuffle":
        return {"shuffle": [C.CARD_NAMES[c] for c in entry[1]]}
    if kind == "event":
        return {"event": C.CARD_NAMES[entry[1]]}
    if kind == "reveal":
        return {"reveal": {"seat": entry[1], "cards": [C.CARD_NAMES[c] for c in entry[2]]}}
    if kind == "binoculars":
        return None  # a private look: the `binoculars` step says who looked at whom
    raise ValueError(f"unexpected move-log entry {entry!r}")


def _action_fields(kind: str, seat: int, decisions: list, moves: list, destination: int) -> dict:
    """The RECORD.md `action` of a finished step from its (phase, action id) decisions."""
    def cards(phase):
        return [C.CARD_NAMES[a - L.A_CARD] for p, a in decisions if p == phase and a >= L.A_CARD]

    first = decisions[0][1] if decisions else -1
    arg = decode(first).arg if decisions else -1
    action = {"type": kind}
    if kind == "recycle":
        action.update(pay=cards(L.PH_RECYCLE_PAY), take=cards(L.PH_RECYCLE_TAKE)[0])
    elif kind == "offer":
        action.update(to=arg, give=cards(L.PH_TRADE_GIVE),
                      ask=[C.KIND_NAMES[a - L.A_KIND] for p, a in decisions
                           if p == L.PH_TRADE_ASK and a >= L.A_KIND])
    elif kind in ("reply", "mousetrap"):
        action["accept" if kind == "reply" else "play"] = first == L.A_YES
    elif kind == "steal":
        paid = cards(L.PH_STEAL_PAY)
        action.update({"pay": paid[0] if paid else None, "from": arg})
    elif kind == "travel":
        used = []
        for move in moves:
            if isinstance(move, list):
                if move[2].startswith("visited:"):
                    break
                if move[1] == f"hand:{seat}" and move[2] == "discard":
                    used.append(move[0])
        action.update(to=C.COUNTRIES[destination], use=used)
    elif kind == "dispose":
        action.update({"forbidden": C.CARD_NAMES[C.FIRST_FORBIDDEN + arg],
                       "with": cards(L.PH_DISPOSE_WITH)[0]})
    elif kind == "smuggle":
        action.update(card=C.CARD_NAMES[C.FIRST_FORBIDDEN + arg], to=decisions[1][1] - L.A_SEAT)
    elif kind == "local-guide":
        taken = cards(L.PH_LG_TAKE)
        action["take"] = taken[0] if taken else None
    elif kind == "trading-post":
        action["swaps"] = [[given, taken] for taken, given
                           in zip(cards(L.PH_TP_PICK), cards(L.PH_TP_GIVE))]
    elif kind in ("map", "binoculars"):
        action["target"] = arg
    elif kind == "declare":
        action["forbidden"] = C.CARD_NAMES[C.FIRST_FORBIDDEN + arg]
    elif kind == "discard":
        action["cards"] = cards(L.PH_DISCARD)
    return action


class GameRecorder:
    """Records a game as it is played, as a RECORD.md document.

    Create it right after `Game.new(...)`, then apply every action through
    `recorder.apply` (never `game.apply` directly). `seats`, if given, is
    RECORD.md's optional list of {"name": ..., "player": ...}, one per seat."""

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
        self.steps: list[dict] = []
        self._open: dict | None = None  # the step whose decisions are still being made

    def apply(self, action: int) -> StepLog:
        """Apply a legal action to the game and record it; return the engine's StepLog.

        An illegal action raises engine.IllegalActionError, with the game
        unchanged and nothing recorded."""
        game = self.game
        phase, decider, active = game.phase, game.decider, game.active
        destination = game.destination(active)
        log = game.apply(action)
        action = int(action)
        if self._open is None:
            if phase == L.PH_MAIN and action == L.A_END_TURN:
                # Not a record step: kept with the step before it, so that the
                # steps' engine_actions, in order, are the whole game.
                self.steps[-1]["engine_actions"].append(action)
            else:
                kind = _step_type(phase, action)
                self._open = {"seat": decider, "type": kind, "decisions": [],
                              "moves": [], "destination": destination}
        if self._open is not None:
            self._open["decisions"].append((phase, action))

        entries, turn, refill = log.entries, None, []
        for i, entry in enumerate(entries):
            if isinstance(entry, tuple) and entry[0] == "turn":
                entries, turn, refill = entries[:i], entry, entries[i + 1:]
                break
        moves = [m for m in map(_record_entry, entries) if m is not None]
        target = self._open if self._open is not None else self.steps[-1]
        target["moves"].extend(moves)

        if self._open is not None and self._step_is_over(turn is not None):
            self._close()
        if turn is not None and refill:  # R4.1, the empty-hand draw: a step of its own
            self.steps.append({"seat": turn[1], "action": {"type": "refill"},
                               "moves": [m for m in map(_record_entry, refill) if m is not None],
                               "engine_actions": []})
        return log

    def _step_is_over(self, turn_ended: bool) -> bool:
        game, step = self.game, self._open
        if turn_ended or game.over:
            return True
        if game.phase not in INNER_PHASES.get(step["type"], ()):
            return True
        return step["type"] == "discard" and game.decider != step["seat"]

    def _close(self) -> None:
        step, self._open = self._open, None
        action = _action_fields(step["type"], step["seat"], step["decisions"],
                                step["moves"], step["destination"])
        self.steps.append({"seat": step["seat"], "action": action, "moves": step["moves"],
                           "engine_actions": [a for _, a in step["decisions"]]})

    def result(self) -> dict:
        """RECORD.md `result`; while the game runs, winner and reason are None
        and rounds is the current round (our extension for unfinished games)."""
        outcome = self.game.outcome
        if outcome is None:
            return {"winner": None, "reason": None, "rounds": self.game.round}
        return {"winner": outcome.winner, "reason": outcome.reason, "rounds": outcome.rounds}

    def document(self) -> dict:
        """The record so far, as a new RECORD.md document (a plain dict)."""
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
        doc["steps"] = copy.deepcopy(self.steps)
        doc["result"] = self.result()
        if self._open is not None:  # a decision half made: our extension for saved games
            doc["pending"] = {"seat": self._open["seat"], "type": self._open["type"],
                              "engine_actions": [a for _, a in self._open["decisions"]],
                              "moves": copy.deepcopy(self._open["moves"])}
        return doc


def _step_type(phase: int, action: int) -> str:
    if phase == L.PH_TRADE_REPLY:
        return "reply"
    if phase == L.PH_MOUSETRAP:
        return "mousetrap"
    if phase == L.PH_DISCARD:
        return "discard"
    if phase != L.PH_MAIN:
        raise ValueError("the recorder missed the start of this step: was game.apply called directly?")
    return MAIN_STEP_TYPES[decode(action).name]


# ---- files ----------------------------------------------------------------------

def write_record(doc: dict, path) -> None:
    """Write a document as JSON (.json) or msgpack (.msgpack), by the path's suffix.

    The document is validated first; the file is replaced atomically."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".json", ".msgpack"):
        raise RecordError(f"{path}: unknown record format {suffix or '(no suffix)'!r}; "
                          "use .json or .msgpack")
    validate_document(doc, str(path))
    if suffix == ".json":
        data = _json_text(doc).encode("utf-8")
    else:
        import msgpack
        try:
            data = msgpack.packb(doc, use_bin_type=True)
        except (TypeError, ValueError, OverflowError) as error:
            raise RecordError(f"{path}: can't be written as msgpack ({error})") from None
    directory = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _json_text(doc: dict) -> str:
    """JSON with one top-level field, one setup field and one step per line."""
    def dump(value):
        return json.dumps(value, ensure_ascii=False)

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
    """Read a record (.json or .msgpack) and validate its structure (RecordError if wrong)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".json", ".msgpack"):
        raise RecordError(f"{path}: unknown record format {suffix or '(no suffix)'!r}; "
                          "use .json or .msgpack")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecordError(f"{path}: can't be read ({error.strerror or error})") from None
    if suffix == ".json":
        try:
            doc = json.loads(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise RecordError(f"{path}: not a JSON text (not UTF-8)") from None
        except json.JSONDecodeError as error:
            raise RecordError(f"{path}: truncated or corrupt JSON (line {error.lineno}, "
                              f"column {error.colno}: {error.msg})") from None
        except (ValueError, RecursionError):
            raise RecordError(f"{path}: corrupt JSON") from None
    else:
        import msgpack
        try:
            doc = msgpack.unpackb(data, raw=False)
        except Exception:  # msgpack raises many types for bad input; all mean the same here
            raise RecordError(f"{path}: truncated or corrupt msgpack data") from None
    validate_document(doc, str(path))
    return doc


# ---- structure ------------------------------------------------------------------

PLACE = re.compile(r"(draw|draw-bottom|discard|center|box|look|event)|(hand|table|visited):([0-5])")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_card(value) -> bool:
    return isinstance(value, str) and value in CARD_IDS


def _is_cards(value) -> bool:
    return isinstance(value, list) and all(_is_card(v) for v in value)


FIELD_TYPES = {  # type code -> (test(value, players), words for the message)
    "card": (lambda v, n: _is_card(v), "a card id"),
    "card?": (lambda v, n: v is None or _is_card(v), "a card id or null"),
    "cards": (lambda v, n: _is_cards(v), "a list of card ids"),
    "seat": (lambda v, n: _is_int(v) and 0 <= v < n, "a seat number"),
    "bool": (lambda v, n: isinstance(v, bool), "true or false"),
    "country": (lambda v, n: isinstance(v, str) and v in COUNTRY_IDS, "a country"),
    "kinds": (lambda v, n: isinstance(v, list)
              and all(isinstance(k, str) and k in KIND_IDS for k in v), "a list of card kinds"),
    "swaps": (lambda v, n: isinstance(v, list)
              and all(isinstance(s, list) and len(s) == 2 and _is_cards(s) for s in v),
              "a list of [hand card, pile card] pairs"),
}


def validate_document(doc, name: str | None = None) -> None:
    """Check that a document has RECORD.md's structure: fields, types and names.

    It doesn't replay the moves: that is `check_record`."""
    prefix = f"{name}: " if name else ""

    def fail(message):
        raise RecordError(prefix + message)

    if not isinstance(doc, dict):
        fail("not a Passport record (not a JSON object / msgpack map)")
    if "format" not in doc:
        fail("not a Passport record (missing 'format')")
    if doc["format"] != FORMAT:
        fail(f"not a Passport record (format is {_json(doc['format'])}, not {FORMAT!r})")
    version = doc.get("version")
    if not _is_int(version):
        fail("missing or malformed 'version' (an integer)")
    if version != VERSION:
        fail(f"record format version {version} is not supported (this program reads version {VERSION})")
    for key in ("config", "setup", "steps", "result"):
        if key not in doc:
            fail(f"missing {key!r}")

    config = doc["config"]
    if not isinstance(config, dict):
        fail("'config' must be an object")
    for key in ("players", "extensions", "seed", "round_cap"):
        if key not in config:
            fail(f"missing 'config.{key}'")
    players = config["players"]
    if not _is_int(players) or not 2 <= players <= 6:
        fail(f"config.players must be 2 to 6, not {_json(players)}")
    extensions = config["extensions"]
    if (not isinstance(extensions, list) or not all(isinstance(e, str) and e in C.EXTENSIONS for e in extensions)
            or len(set(extensions)) != len(extensions)):
        fail(f"config.extensions must list names from {', '.join(C.EXTENSIONS)}, not {_json(extensions)}")
    if not _is_int(config["seed"]):
        fail(f"config.seed must be an integer, not {_json(config['seed'])}")
    if not _is_int(config["round_cap"]) or config["round_cap"] < 1:
        fail(f"config.round_cap must be a positive integer, not {_json(config['round_cap'])}")

    seats = doc.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != players
                              or not all(isinstance(s, dict) for s in seats)):
        fail(f"'seats' must be a list of {players} objects")

    _validate_setup(doc["setup"], players, "characters" in extensions, fail)

    steps = doc["steps"]
    if not isinstance(steps, list):
        fail("'steps' must be a list")
    for number, step in enumerate(steps, 1):
        _validate_step(step, f"step {number}", players, fail)
    if "pending" in doc:
        pending = doc["pending"]
        if not isinstance(pending, dict) or not all(k in pending for k in ("seat", "engine_actions", "moves")):
            fail("'pending' must be an object with seat, engine_actions and moves")
        _validate_step(pending, "the pending step", players, fail, partial=True)

    result = doc["result"]
    if not isinstance(result, dict) or not all(k in result for k in ("winner", "reason", "rounds")):
        fail("'result' must be an object with winner, reason and rounds")
    winner, reason, rounds = result["winner"], result["reason"], result["rounds"]
    if reason is not None and reason not in REASONS:
        fail(f"result.reason must be center, postcards, round_cap or null, not {_json(reason)}")
    wants_winner = reason in ("center", "postcards")
    if (winner is not None) != wants_winner or (winner is not None and not (
            _is_int(winner) and 0 <= winner < players)):
        fail(f"result.winner {_json(winner)} does not fit reason {_json(reason)}")
    if not _is_int(rounds) or rounds < 1:
        fail(f"result.rounds must be a positive integer, not {_json(rounds)}")


def _validate_setup(setup, players: int, with_characters: bool, fail) -> None:
    if not isinstance(setup, dict):
        fail("'setup' must be an object")
    for key in ("countries", "center", "box", "characters", "hands", "draw_pile", "start_seat"):
        if key not in setup:
            fail(f"missing 'setup.{key}'")

    def country_list(value):
        return isinstance(value, list) and all(isinstance(c, str) and c in COUNTRY_IDS for c in value)

    if not country_list(setup["countries"]) or len(setup["countries"]) != players:
        fail(f"setup.countries must list {players} countries")
    if not (isinstance(setup["center"], str) and setup["center"] in COUNTRY_IDS):
        fail(f"setup.center must be a country, not {_json(setup['center'])}")
    if not country_list(setup["box"]):
        fail("setup.box must be a list of countries")
    characters = setup["characters"]
    if with_characters:
        if (not isinstance(characters, list) or len(characters) != players
                or not all(isinstance(c, str) and c in CHARACTER_IDS for c in characters)):
            fail(f"setup.characters must list {players} characters")
    elif characters is not None:
        fail("setup.characters must be null without the characters extension")
    hands = setup["hands"]
    if not isinstance(hands, list) or len(hands) != players or not all(_is_cards(h) for h in hands):
        fail(f"setup.hands must be {players} lists of card ids")
    if not _is_cards(setup["draw_pile"]):
        fail("setup.draw_pile must be a list of card ids")
    if not (_is_int(setup["start_seat"]) and 0 <= setup["start_seat"] < players):
        fail(f"setup.start_seat must be a seat, not {_json(setup['start_seat'])}")


def _validate_step(step, where: str, players: int, fail, partial: bool = False) -> None:
    if not isinstance(step, dict):
        fail(f"{where} must be an object")
    for key in ("seat", "moves") + (() if partial else ("action",)):
        if key not in step:
            fail(f"{where} has no {key!r}")
    if not (_is_int(step["seat"]) and 0 <= step["seat"] < players):
        fail(f"{where}: seat must be 0 to {players - 1}, not {_json(step['seat'])}")
    if not partial:
        action = step["action"]
        if not isinstance(action, dict) or action.get("type") not in ACTION_FIELDS:
            fail(f"{where}: action must be an object with a known type, not {_json(action)}")
        for field, code in ACTION_FIELDS[action["type"]].items():
            test, words = FIELD_TYPES[code]
            if field not in action:
                fail(f"{where}: a {action['type']} action needs {field!r}")
            if not test(action[field], players):
                fail(f"{where}: {action['type']}.{field} must be {words}, not {_json(action[field])}")
    if "engine_actions" in step:
        ids = step["engine_actions"]
        if not isinstance(ids, list) or not all(_is_int(a) and 0 <= a < L.NUM_ACTIONS for a in ids):
            fail(f"{where}: engine_actions must be a list of action ids 0..{L.NUM_ACTIONS - 1}")
    if not isinstance(step["moves"], list):
        fail(f"{where}: moves must be a list")
    for number, move in enumerate(step["moves"], 1):
        problem = _move_problem(move, players)
        if problem:
            fail(f"{where}, move {number}: {problem}")


def _move_problem(move, players: int) -> str | None:
    """Why a move entry is malformed, or None."""
    if isinstance(move, list):
        if len(move) != 3 or not all(isinstance(x, str) for x in move):
            return f"a move is [card, from, to], not {_json(move)}"
        if move[0] not in CARD_IDS and move[0] not in COUNTRY_IDS:
            return f"unknown card {_json(move[0])}"
        for place in move[1:]:
            match = PLACE.fullmatch(place)
            if not match or (match.group(3) is not None and int(match.group(3)) >= players):
                return f"unknown place {_json(place)}"
        return None
    if isinstance(move, dict) and len(move) == 1:
        (key, value), = move.items()
        if key == "shuffle":
            return None if _is_cards(value) else "shuffle must list card ids"
        if key == "event":
            return None if isinstance(value, str) and value in EVENT_NAMES else f"unknown event {_json(value)}"
        if key == "reveal":
            if (isinstance(value, dict) and _is_int(value.get("seat")) and 0 <= value["seat"] < players
                    and _is_cards(value.get("cards"))):
                return None
            return "reveal must be {\"seat\": N, \"cards\": [ids]}"
    return f"not a move entry: {_json(move)}"


# ---- checking the moves without the engine ----------------------------------------

COUNTRY_PLACES = ("table", "center", "box", "visited")
SOURCES = ("draw", "discard", "hand", "look", "event", "table", "center", "box")
DESTINATIONS = ("draw-bottom", "discard", "hand", "look", "table", "box", "visited")


class _Table:
    """Where every card and country lies, replayed from the moves alone."""

    def __init__(self, setup: dict, players: int):
        self.draw = [CARD_IDS[c] for c in setup["draw_pile"]]  # top first
        self.discard: list[int] = []                          # oldest first
        self.hands = [{CARD_IDS[c] for c in hand} for hand in setup["hands"]]
        self.look: list[int] = []
        self.event: int | None = None
        self.table = [COUNTRY_IDS[c] for c in setup["countries"]]
        self.center: int | None = COUNTRY_IDS[setup["center"]]
        self.box = [COUNTRY_IDS[c] for c in setup["box"]]      # top first
        self.visited: list[list[int]] = [[] for _ in range(players)]

    def where(self, name: str) -> str:
        """Words for where a card or country lies now."""
        if name in COUNTRY_IDS:
            country = COUNTRY_IDS[name]
            for seat, own in enumerate(self.table):
                if own == country:
                    return f"on table:{seat}"
            if self.center == country:
                return "the center"
            if country in self.box:
                return f"in the box ({_ordinal(self.box.index(country) + 1)} from the top)"
            for seat, visited in enumerate(self.visited):
                if country in visited:
                    return f"in visited:{seat}"
            return "not in this game"
        card = CARD_IDS[name]
        if card in self.draw:
            return f"in the draw pile ({_ordinal(self.draw.index(card) + 1)} from the top)"
        if card in self.discard:
            return "in the discard pile"
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return f"in hand:{seat}"
        if card in self.look:
            return "in look"
        if self.event == card:
            return "the event being resolved"
        return "not in play"

    def take(self, name: str, source: str) -> str | None:
        """Remove a card from `source` (RECORD.md "Places"); why it can't, or None."""
        place, _, seat = source.partition(":")
        if place not in SOURCES:
            return f"moves {name} from {source}, which is not a place to take from"
        if name in COUNTRY_IDS:
            found = self._take_country(COUNTRY_IDS[name], place, seat)
        else:
            found = self._take_card(CARD_IDS[name], place, seat)
        return None if found else f"moves {name} from {source}, but it is {self.where(name)}"

    def _take_country(self, country: int, place: str, seat: str) -> bool:
        if place == "table" and self.table[int(seat)] == country:
            self.table[int(seat)] = None
        elif place == "center" and self.center == country:
            self.center = None
        elif place == "box" and self.box[:1] == [country]:
            del self.box[0]
        else:
            return False
        return True

    def _take_card(self, card: int, place: str, seat: str) -> bool:
        if place == "draw" and self.draw[:1] == [card]:
            del self.draw[0]
        elif place == "discard" and card in self.discard:
            self.discard.remove(card)
        elif place == "hand" and card in self.hands[int(seat)]:
            self.hands[int(seat)].remove(card)
        elif place == "look" and card in self.look:
            self.look.remove(card)
        elif place == "event" and self.event == card:
            self.event = None
        else:
            return False
        return True

    def put(self, name: str, dest: str) -> str | None:
        """Put a card at `dest`; why it can't go there, or None."""
        place, _, seat = dest.partition(":")
        if place not in DESTINATIONS or (name in COUNTRY_IDS) != (place in COUNTRY_PLACES):
            return f"moves {name} to {dest}, which is not a place for it"
        if place == "visited":
            self.visited[int(seat)].append(COUNTRY_IDS[name])
        elif place == "box":
            self.box.append(COUNTRY_IDS[name])
        elif place == "table":
            if self.table[int(seat)] is not None:
                return f"moves {name} to {dest}, which still holds {C.COUNTRIES[self.table[int(seat)]]}"
            self.table[int(seat)] = COUNTRY_IDS[name]
        elif place == "draw-bottom":
            self.draw.append(CARD_IDS[name])
        elif place == "discard":
            self.discard.append(CARD_IDS[name])
        elif place == "hand":
            self.hands[int(seat)].add(CARD_IDS[name])
        else:
            self.look.append(CARD_IDS[name])
        return None

    def cards_in_play(self) -> list[int]:
        out = self.draw + self.discard + self.look + [c for hand in self.hands for c in hand]
        return out + ([self.event] if self.event is not None else [])


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _check_setup(doc: dict, fail) -> None:
    """Setup holds each card once and the cards of exactly this game (R3)."""
    setup = doc["setup"]
    countries = setup["countries"] + [setup["center"]] + setup["box"]
    if sorted(countries) != sorted(C.COUNTRIES):
        fail("setup: the countries, center and box must hold each of the 13 countries once")
    characters = setup["characters"]
    if characters is not None and len(set(characters)) != len(characters):
        fail("setup: a character is dealt twice")
    cards = [c for hand in setup["hands"] for c in hand] + setup["draw_pile"]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        fail(f"setup: {twice} is dealt twice")
    for seat, hand in enumerate(setup["hands"]):
        kinds = [C.card_kind(CARD_IDS[c]) for c in hand]
        if len(hand) != 4 or kinds.count(C.KIND_PASSPORT) != 1 or not all(
                k < C.NUM_ITEM_KINDS or k == C.KIND_PASSPORT for k in kinds):
            fail(f"setup: hand {seat} must hold a passport and 3 items (R3)")
    mask = parse_extensions(doc["config"]["extensions"])
    expected = set(range(C.NUM_ITEMS)) | {c for c in range(C.FIRST_EVENT, C.NUM_CARDS)
                                          if mask & C.extension_of(c)}
    present = {CARD_IDS[c] for c in cards if C.card_kind(CARD_IDS[c]) != C.KIND_PASSPORT}
    if present != expected:
        odd = sorted(present ^ expected)[0]
        fail(f"setup: {C.CARD_NAMES[odd]} is {'missing' if odd in expected else 'not in this game'}")


def check_record(doc: dict, name: str | None = None) -> None:
    """Replay a document's moves from its setup, without the engine.

    Every move must find its card where it says the card comes from (draw:
    the top of the draw pile; discard: anywhere in it; box: its top; ...),
    shuffles must hold exactly the discard pile, reveals exactly the hand,
    events must be closed within their step; RecordError names the step
    (counted from 1) otherwise. Rule legality is not checked."""
    validate_document(doc, name)
    prefix = f"{name}: " if name else ""

    def fail(message):
        raise RecordError(prefix + message)

    _check_setup(doc, fail)
    table = _Table(doc["setup"], doc["config"]["players"])
    total = len(table.cards_in_play())
    steps = [(f"step {n}", step) for n, step in enumerate(doc["steps"], 1)]
    if "pending" in doc:
        steps.append(("the pending step", doc["pending"]))
    for where, step in steps:
        for number, move in enumerate(step["moves"], 1):
            problem = _replay_move(table, move)
            if problem:
                fail(f"{where}{f', move {number},' if len(step['moves']) > 1 else ''} {problem}")
        if table.event is not None:
            fail(f"{where} leaves {C.CARD_NAMES[table.event]} unresolved (no move from 'event')")
    if len(table.cards_in_play()) != total or len(set(table.cards_in_play())) != total:
        fail("the moves lose or copy a card")  # unreachable if every move is checked


def _replay_move(table: _Table, move) -> str | None:
    """Apply one move entry to the table; the reason it doesn't fit, or None."""
    if isinstance(move, list):
        name, source, dest = move
        return table.take(name, source) or table.put(name, dest)
    (key, value), = move.items()
    if key == "event":
        card = CARD_IDS[value]
        if table.event is not None:
            return f"draws {value} while {C.CARD_NAMES[table.event]} is still being resolved"
        if table.draw[:1] != [card]:
            return f"draws the event {value}, but it is {table.where(value)}"
        table.draw.pop(0)
        table.event = card
    elif key == "shuffle":
        cards = [CARD_IDS[c] for c in value]
        if table.draw or table.look:
            return f"shuffles while the draw pile still holds {len(table.draw) + len(table.look)} cards"
        if sorted(cards) != sorted(table.discard):
            return (f"shuffles {len(cards)} cards that are not the discard pile "
                    f"({len(table.discard)} cards)")
        table.draw, table.discard = cards, []
    else:
        seat, cards = value["seat"], {CARD_IDS[c] for c in value["cards"]}
        if cards != table.hands[seat] or len(cards) != len(value["cards"]):
            return f"reveals hand:{seat} as {_json(value['cards'])}, but it holds other cards"
    return None


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
        game = Game.new(config["players"], config["extensions"], config["seed"], config["round_cap"])
    except ConfigError as error:
        fail(f"config: {error}")
    recorder = GameRecorder(game, doc.get("seats"))
    if not _same_setup(recorder.setup, doc["setup"]):
        fail("setup is not the one that config.seed deals")
    steps = doc["steps"]
    compared = 0

    def compare_new_steps():
        nonlocal compared
        while compared < len(recorder.steps) and compared < len(steps):
            problem = _step_difference(steps[compared], recorder.steps[compared])
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
        if recorder._open is None or recorder._open["moves"] != doc["pending"]["moves"]:
            fail("the pending step does not replay")
    elif doc["result"]["reason"] == "round_cap" and L.A_END_TURN in game.legal_actions():
        _apply(recorder, L.A_END_TURN, "the end", fail)  # the last turn, in a record without ids
    if len(recorder.steps) != len(steps):
        fail(f"the engine makes {len(recorder.steps)} steps of the record's {len(steps)}")
    if recorder.result() != {k: doc["result"][k] for k in ("winner", "reason", "rounds")}:
        fail(f"result does not replay: the engine says {_json(recorder.result())}")
    return recorder


def _apply(recorder: GameRecorder, action, where: str, fail) -> None:
    try:
        recorder.apply(action)
    except IllegalActionError:
        fail(f"{where} does not replay: engine action {action} is not legal there "
             f"(phase {recorder.game.phase_name}, seat {recorder.game.decider} to decide)")


def _same_setup(ours: dict, theirs: dict) -> bool:
    for key, value in ours.items():
        other = theirs.get(key)
        if key == "hands":  # a hand is a set: any order will do
            if [sorted(h) for h in value] != [sorted(h) for h in other]:
                return False
        elif value != other:
            return False
    return True


def _step_difference(recorded: dict, replayed: dict) -> str | None:
    """How a recorded step differs from the engine's, or None."""
    if recorded["seat"] != replayed["seat"]:
        return f"the record says seat {recorded['seat']} decides, the engine seat {replayed['seat']}"
    kind = replayed["action"]["type"]
    fields = ("type",) + tuple(ACTION_FIELDS[kind])
    mine = {k: recorded["action"].get(k) for k in fields}
    if mine != {k: replayed["action"][k] for k in fields}:
        return f"the record says {_json(recorded['action'])}, the engine {_json(replayed['action'])}"
    moves, engine = recorded["moves"], replayed["moves"]
    for number in range(max(len(moves), len(engine))):
        here = moves[number] if number < len(moves) else "nothing"
        there = engine[number] if number < len(engine) else "nothing"
        if here != there:
            return f"move {number + 1} is {_json(here)} in the record, {_json(there)} in the engine"
    return None


def _apply_fields(recorder: GameRecorder, step: dict, number: int, fail) -> None:
    """Replay step `number`, written without engine_actions (RECORD.md alone), from
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
