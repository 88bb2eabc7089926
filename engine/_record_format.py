"""The record format (docs/record-format.md, version 1): its vocabulary, and checks
that need no engine.

`validate_document` checks a document's structure (fields, types, names);
`check_record` replays its moves from the setup in plain Python, with only
the card data of `engine.cards`, the way any other program reading our
records could. The public names are re-exported by `engine.record`.
"""

from __future__ import annotations

import json
import re

from . import cards as C
from ._layout import END_REASONS, NUM_ACTIONS
from .files import MAX_DEPTH
from .game import MAX_PLAYERS, MIN_PLAYERS
from .steps import ACTION_FIELDS, CARD_IDS, COUNTRY_IDS, KIND_IDS  # noqa: F401 -- re-exported

FORMAT = "passport-record"
VERSION = 1

CHARACTER_IDS = {name: ch for ch, name in enumerate(C.CHARACTERS)}
EVENT_NAMES = frozenset(C.EVENTS)


class RecordError(ValueError):
    """A record that can't be read, isn't well formed, or doesn't add up (one line)."""


def _json(value) -> str:
    """A value as an error message quotes it: at most 80 characters."""
    if isinstance(value, str) and len(value) > 80:
        value = value[:80]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."


# Limits no real record comes near (MAX_DEPTH is every file's): a record
# nests five levels deep (steps, a step, its moves, a move, a card id), its
# longest strings are seat names (`passport play` allows 20 characters) and
# ids of a few dozen. Checked
# before anything walks the document, so a crafted file is refused at once
# instead of exhausting the stack, the memory or the clock.
MAX_STRING = 10_000
MAX_SEAT_FIELD = 200  # a seat's name or player


def _shape_problem(doc) -> str | None:
    """Why `doc` is out of a record's bounds (nesting, string length, value
    types), or None. Iterative: a deep document can't exhaust the stack."""
    stack = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} levels deep"
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    return f"a field name is a {type(key).__name__}, not text"
                if len(key) > MAX_STRING:
                    return f"a field name is longer than {MAX_STRING} characters"
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                return f"a text of {len(value)} characters is longer than any record holds"
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                return "a number is NaN or infinite"
        elif not (value is None or isinstance(value, (bool, int))):
            return f"a value is a {type(value).__name__}, which records never hold"
    return None


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
    """Check that a document has the record format's structure: fields, types and names.

    It doesn't replay the moves: that is `check_record`."""
    prefix = f"{name}: " if name else ""

    def fail(message):
        raise RecordError(prefix + message)

    if not isinstance(doc, dict):
        fail("not a Passport record (not a JSON object / msgpack map)")
    problem = _shape_problem(doc)
    if problem:
        fail(f"not a Passport record: {problem}")
    if "format" not in doc:
        fail("not a Passport record (missing 'format')")
    if doc["format"] != FORMAT:
        fail(f"not a Passport record (format is {_json(doc['format'])}, not {FORMAT!r})")
    version = doc.get("version")
    if not _is_int(version):
        fail("missing or malformed 'version' (an integer)")
    if version != VERSION:
        fail(f"record format version {version} is not supported "
             f"(this program reads version {VERSION})")
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
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        fail(f"config.players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {_json(players)}")
    extensions = config["extensions"]
    if (not isinstance(extensions, list)
            or not all(isinstance(e, str) and e in C.EXTENSIONS for e in extensions)
            or len(set(extensions)) != len(extensions)):
        fail(f"config.extensions must list names from {', '.join(C.EXTENSIONS)}, "
             f"not {_json(extensions)}")
    if not _is_int(config["seed"]):
        fail(f"config.seed must be an integer, not {_json(config['seed'])}")
    if not _is_int(config["round_cap"]) or config["round_cap"] < 1:
        fail(f"config.round_cap must be a positive integer, not {_json(config['round_cap'])}")

    seats = doc.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != players
                              or not all(isinstance(s, dict) for s in seats)):
        fail(f"'seats' must be a list of {players} objects")
    for number, seat in enumerate(seats or ()):
        for key in ("name", "player"):
            if key in seat and (not isinstance(seat[key], str)
                                or not 0 < len(seat[key]) <= MAX_SEAT_FIELD):
                fail(f"seats[{number}].{key} must be a text of 1 to {MAX_SEAT_FIELD} "
                     f"characters, not {_json(seat[key])}")

    _validate_setup(doc["setup"], players, "characters" in extensions, fail)

    steps = doc["steps"]
    if not isinstance(steps, list):
        fail("'steps' must be a list")
    for number, step in enumerate(steps, 1):
        _validate_step(step, f"step {number}", players, fail)
    if "pending" in doc:
        pending = doc["pending"]
        if not isinstance(pending, dict) or not all(
                k in pending for k in ("seat", "engine_actions", "moves")):
            fail("'pending' must be an object with seat, engine_actions and moves")
        _validate_step(pending, "the pending step", players, fail, partial=True)

    result = doc["result"]
    if not isinstance(result, dict) or not all(k in result for k in ("winner", "reason", "rounds")):
        fail("'result' must be an object with winner, reason and rounds")
    winner, reason, rounds = result["winner"], result["reason"], result["rounds"]
    if reason is not None and reason not in END_REASONS:
        fail(f"result.reason must be {', '.join(END_REASONS)} or null, not {_json(reason)}")
    wants_winner = reason is not None and reason != "round_cap"
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
        return isinstance(value, list) and all(
            isinstance(c, str) and c in COUNTRY_IDS for c in value)

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
        if not isinstance(action, dict) or not isinstance(action.get("type"), str) \
                or action["type"] not in ACTION_FIELDS:
            fail(f"{where}: action must be an object with a known type, not {_json(action)}")
        for field, code in ACTION_FIELDS[action["type"]].items():
            test, words = FIELD_TYPES[code]
            if field not in action:
                fail(f"{where}: the {action['type']} action needs {field!r}")
            if not test(action[field], players):
                fail(f"{where}: {action['type']}.{field} must be {words}, "
                     f"not {_json(action[field])}")
    if "engine_actions" in step:
        ids = step["engine_actions"]
        if not isinstance(ids, list) or not all(_is_int(a) and 0 <= a < NUM_ACTIONS for a in ids):
            fail(f"{where}: engine_actions must be a list of action ids 0..{NUM_ACTIONS - 1}")
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
            if isinstance(value, str) and value in EVENT_NAMES:
                return None
            return f"unknown event {_json(value)}"
        if key == "reveal":
            if (isinstance(value, dict) and _is_int(value.get("seat"))
                    and 0 <= value["seat"] < players and _is_cards(value.get("cards"))):
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
        """Remove a card from `source` (docs/record-format.md, "Places"); why it can't, or None."""
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
                held = C.COUNTRIES[self.table[int(seat)]]
                return f"moves {name} to {dest}, which still holds {held}"
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
    mask = sum(1 << C.EXTENSIONS.index(name) for name in doc["config"]["extensions"])
    expected = set(range(C.NUM_ITEMS)) | {c for c in range(C.FIRST_EVENT, C.NUM_CARDS)
                                          if mask & C.extension_of(c)}
    present = {CARD_IDS[c] for c in cards if C.card_kind(CARD_IDS[c]) != C.KIND_PASSPORT}
    if present != expected:
        odd = sorted(present ^ expected)[0]
        problem = "missing" if odd in expected else "not in this game"
        fail(f"setup: {C.CARD_NAMES[odd]} is {problem}")


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
                fail(f"{where}{f', move {number}:' if len(step['moves']) > 1 else ''} {problem}")
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
            left = len(table.draw) + len(table.look)
            return f"shuffles while the draw pile still holds {left} cards"
        if sorted(cards) != sorted(table.discard):
            return (f"shuffles {len(cards)} cards that are not the discard pile "
                    f"({len(table.discard)} cards)")
        table.draw, table.discard = cards, []
    else:
        seat, cards = value["seat"], {CARD_IDS[c] for c in value["cards"]}
        if cards != table.hands[seat] or len(cards) != len(value["cards"]):
            return f"reveals hand:{seat} as {_json(value['cards'])}, but it holds other cards"
    return None
