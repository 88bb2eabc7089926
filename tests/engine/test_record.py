"""Game records (engine/record.py; the format is docs/record-format.md):
recording, step grouping, files, checking and replay."""

import copy
import functools
import json
import random

import msgpack
import pytest

from engine import Game, IllegalActionError
from engine import _layout as L
from engine import cards as C
from engine.files import MAX_FILE_BYTES
from engine.record import (
    GameRecorder, RecordError, check_record, read_record, replay, resume,
    validate_document, write_record,
)

EXTENSION_SETS = ["none", "events", "specials", "forbidden", "postcards", "characters", "all"]
CONFIGS = [(players, extensions) for players in range(2, 7) for extensions in EXTENSION_SETS]


# ---- playing recorded games ------------------------------------------------------

def uniform(game: Game, rnd: random.Random) -> int:
    return rnd.choice(game.legal_actions())


def purposeful(game: Game, rnd: random.Random) -> int:
    """Travel when possible, draw and play specials often, trade and steal rarely:
    games that reach travels, events, shuffles, hand limits and wins."""
    legal = game.legal_actions()
    if game.phase == L.PH_MAIN:
        travels = [a for a in legal if L.A_TRAVEL <= a < L.A_DISPOSE]
        if travels:
            return rnd.choice(travels)
        weights = [4 if a == L.A_DRAW else 0.4 if L.A_TRADE_TO <= a < L.A_TRAVEL
                   else 1 if a == L.A_RECYCLE else 3 for a in legal]
        return rnd.choices(legal, weights)[0]
    if game.phase == L.PH_TRADE_REPLY and L.A_YES in legal and rnd.random() < 0.8:
        return L.A_YES
    return rnd.choice(legal)


POLICIES = {"uniform": uniform, "purposeful": purposeful}


@functools.lru_cache(maxsize=None)
def recorded_game(players, extensions, seed, policy="purposeful", round_cap=30):
    """(document, final state, actions, trace) of a recorded random game; the trace
    holds (phase, decider, active, action) before each action. Treat as read-only."""
    game = Game.new(players, extensions, seed, round_cap)
    recorder = GameRecorder(game)
    rnd = random.Random(seed)
    actions, trace = [], []
    while not game.over:
        action = POLICIES[policy](game, rnd)
        trace.append((game.phase, game.decider, game.active, action))
        actions.append(action)
        recorder.apply(action)
    return recorder.document(), game.snapshot(), tuple(actions), tuple(trace)


@functools.lru_cache(maxsize=None)
def won_at_the_center(players, extensions):
    """The first seed whose 60-round purposeful game ends with a travel to the center."""
    return next(seed for seed in range(100) if recorded_game(
        players, extensions, seed, "purposeful", 60)[0]["result"]["reason"] == "center")


LONG_GAMES = [(2, "none", "center"), (4, "none", "center"), (3, "all", 2), (5, "all", 2)]


def long_game(players, extensions, seed):
    """A 60-round game; seed "center" means one won at the center."""
    if seed == "center":
        seed = won_at_the_center(players, extensions)
    return recorded_game(players, extensions, seed, "purposeful", 60)


def some_games():
    """A spread of recorded games for the grouping tests."""
    for players, extensions in CONFIGS:
        for seed, policy in ((0, "uniform"), (1, "purposeful")):
            yield recorded_game(players, extensions, seed, policy)
    for players, extensions, seed in LONG_GAMES:
        yield long_game(players, extensions, seed)


def all_moves(doc):
    for number, step in enumerate(doc["steps"], 1):
        for move in step["moves"]:
            yield number, step, move


def without_engine_actions(doc):
    stripped = copy.deepcopy(doc)
    for step in stripped["steps"]:
        del step["engine_actions"]
    return stripped


# ---- random games: check, files, replay ------------------------------------------

@pytest.mark.parametrize("players,extensions", CONFIGS)
def test_random_records_check_round_trip_and_replay(players, extensions, tmp_path):
    for seed, policy in ((0, "uniform"), (1, "purposeful")):
        doc, final_state, actions, _ = recorded_game(players, extensions, seed, policy)
        check_record(doc)
        assert doc["result"]["reason"] in ("center", "postcards", "round_cap")
        # the steps' engine actions, in order, are the whole game
        assert [a for step in doc["steps"] for a in step["engine_actions"]] == list(actions)
        # JSON and msgpack read back to equal documents
        for suffix in (".json", ".msgpack"):
            path = tmp_path / f"game{seed}{suffix}"
            write_record(doc, path)
            assert read_record(path) == doc
        # the engine replays it to the very same state, with or without engine_actions
        assert (replay(doc).state == final_state).all()
        assert (replay(without_engine_actions(doc)).state == final_state).all()


@pytest.mark.parametrize("players,extensions,seed", LONG_GAMES)
def test_long_records_check_and_replay(players, extensions, seed):
    doc, final_state, _, _ = long_game(players, extensions, seed)
    check_record(doc)
    assert (replay(doc).state == final_state).all()
    assert (replay(without_engine_actions(doc)).state == final_state).all()


def test_records_reach_every_kind_of_step_and_entry():
    """The random games above really exercise the whole format."""
    types, entries, reasons = set(), set(), set()
    for doc, *_ in some_games():
        reasons.add(doc["result"]["reason"])
        types.update(step["action"]["type"] for step in doc["steps"])
        for _, _, move in all_moves(doc):
            if isinstance(move, dict):
                entries.add(next(iter(move)))
    assert types >= {"draw", "recycle", "offer", "reply", "steal", "mousetrap", "travel",
                     "dispose", "local-guide", "trading-post", "map", "upgrade", "binoculars",
                     "discard", "refill"}
    assert entries == {"shuffle", "event", "reveal"}
    assert reasons >= {"center", "round_cap"}


# ---- step grouping -----------------------------------------------------------------

def fresh(players=2, extensions="none", seed=3):
    game = Game.new(players, extensions, seed)
    return game, GameRecorder(game)


def test_recycle_is_one_step_with_pay_and_take():
    game, recorder = fresh()
    seat = game.active
    recorder.apply(L.A_RECYCLE)
    paid = []
    for _ in range(2):
        action = game.legal_actions()[0]
        paid.append(C.CARD_NAMES[action - L.A_CARD])
        recorder.apply(action)
    assert recorder.document()["steps"] == []          # not complete yet: pending
    take = game.legal_actions()[-1]
    recorder.apply(take)
    (step,) = recorder.document()["steps"]
    taken = C.CARD_NAMES[take - L.A_CARD]
    assert step["seat"] == seat
    assert step["action"] == {"type": "recycle", "pay": paid, "take": taken}
    assert step["moves"] == [[paid[0], f"hand:{seat}", "discard"],
                             [paid[1], f"hand:{seat}", "discard"],
                             [taken, "discard", f"hand:{seat}"]]
    assert step["engine_actions"][:4] == [L.A_RECYCLE, L.A_CARD + C.CARD_NAMES.index(paid[0]),
                                          L.A_CARD + C.CARD_NAMES.index(paid[1]), take]


def offer_passport(game, recorder):
    """The active seat offers its lowest card for 'a Passport' (the other holds one)."""
    seat, other = game.active, 1 - game.active
    recorder.apply(L.A_TRADE_TO + other)
    give = game.hand(seat)[0]
    for action in (L.A_CARD + give, L.A_DONE, L.A_KIND + C.KIND_PASSPORT, L.A_DONE):
        recorder.apply(action)
    return seat, other, give


def test_declined_offer_is_an_offer_step_and_a_reply_step():
    game, recorder = fresh()
    seat, other, give = offer_passport(game, recorder)
    recorder.apply(L.A_NO)
    offer, reply = recorder.document()["steps"]
    assert offer == {"seat": seat, "action": {"type": "offer", "to": other,
                                              "give": [C.CARD_NAMES[give]], "ask": ["Passport"]},
                     "moves": [],
                     "engine_actions": [L.A_TRADE_TO + other, L.A_CARD + give, L.A_DONE,
                                        L.A_KIND + C.KIND_PASSPORT, L.A_DONE]}
    assert reply == {"seat": other, "action": {"type": "reply", "accept": False},
                     "moves": [], "engine_actions": [L.A_NO]}
    assert game.decider == seat and game.phase == L.PH_MAIN  # the offer used no action


def test_accepted_offer_moves_the_cards_and_the_bonus_in_the_reply_step():
    game, recorder = fresh()
    seat, other, give = offer_passport(game, recorder)
    passport = next(c for c in game.hand(other) if C.card_kind(c) == C.KIND_PASSPORT)
    top = game.draw_pile()[0]
    recorder.apply(L.A_YES)
    reply = recorder.document()["steps"][1]
    assert reply["seat"] == other and reply["action"] == {"type": "reply", "accept": True}
    assert reply["moves"] == [[C.CARD_NAMES[give], f"hand:{seat}", f"hand:{other}"],
                              [C.CARD_NAMES[passport], f"hand:{other}", f"hand:{seat}"],
                              [C.CARD_NAMES[top], "draw", f"hand:{seat}"]]


def test_hand_limit_discards_are_one_step_per_seat_over_its_limit():
    non_active = 0
    for doc, _, _, trace in some_games():
        # the engine's DISCARD decisions, batched by consecutive decider
        batches = []
        for phase, decider, active, action in trace:
            if phase == L.PH_DISCARD:
                card = C.CARD_NAMES[action - L.A_CARD]
                if batches and batches[-1][0] == decider and batches[-1][2] is not None:
                    batches[-1][1].append(card)
                else:
                    batches.append((decider, [card], active))
            elif batches:
                batches[-1] = batches[-1][:2] + (None,)  # a batch ends at any other decision
        steps = [s for s in doc["steps"] if s["action"]["type"] == "discard"]
        assert [(s["seat"], s["action"]["cards"]) for s in steps] == [b[:2] for b in batches]
        for step in steps:
            seat = step["seat"]
            cards = step["action"]["cards"]
            assert step["moves"] == [[c, f"hand:{seat}", "discard"] for c in cards]
        non_active += sum(1 for b in batches if b[0] != b[2])
    assert non_active > 0  # some discards were by a seat whose turn it wasn't


def test_events_are_closed_in_their_step_then_the_replacement_draw_follows():
    seen = set()
    for doc, *_ in some_games():
        for step in doc["steps"]:
            moves = step["moves"]
            for i, move in enumerate(moves):
                if not (isinstance(move, dict) and "event" in move):
                    continue
                event = move["event"]
                seen.add(event)
                close = moves.index([event, "event", "discard"], i)
                effects = [m for m in moves[i + 1:close]
                           if not (isinstance(m, dict) and "shuffle" in m)]
                if event == "Civil Unrest":
                    assert all(isinstance(m, list) and m[0] in C.COUNTRIES for m in effects)
                    for out, back in zip(effects[::2], effects[1::2]):
                        seat = out[1].split(":")[1]
                        assert out[1:] == [f"table:{seat}", "box"]
                        assert back[1:] == ["box", f"table:{seat}"]
                elif event == "Lost Luggage":
                    assert all(m[1].startswith("hand:") and m[2].startswith("hand:")
                               for m in effects)
                elif event == "Airline Strike":
                    assert effects == []
                else:  # Customs Check: a reveal per hand, each followed by its discard if any
                    assert all("reveal" in m if isinstance(m, dict) else m[2] == "discard"
                               for m in effects)
                    assert not effects or "reveal" in effects[0]
                rest = moves[close + 1:]
                if rest:  # the replacement draw (or a shuffle or another event first)
                    nxt = rest[0]
                    assert ((isinstance(nxt, list) and nxt[1] == "draw")
                            or "shuffle" in nxt or "event" in nxt)
    assert seen == set(C.EVENTS)


def test_travel_reveals_then_discards_then_visits_then_draws():
    travels = 0
    for doc, *_ in some_games():
        for step in doc["steps"]:
            if step["action"]["type"] != "travel":
                continue
            travels += 1
            seat, moves, action = step["seat"], step["moves"], step["action"]
            assert moves[0] == {"reveal": {"seat": seat, "cards": moves[0]["reveal"]["cards"]}}
            used = len(action["use"])
            assert used in (3, 4)
            assert moves[1:1 + used] == [[c, f"hand:{seat}", "discard"] for c in action["use"]]
            visit = moves[1 + used]
            assert visit[0] == action["to"] and visit[2] == f"visited:{seat}"
            if visit[1] == "center":
                assert moves[2 + used:] == [] and doc["result"]["winner"] == seat
            else:
                assert visit[1] == f"table:{seat}"
    assert travels > 0


def test_steals_and_mousetraps():
    for doc, *_ in some_games():
        steps = doc["steps"]
        specials = "specials" in doc["config"]["extensions"]
        for i, step in enumerate(steps):
            if step["action"]["type"] != "steal":
                continue
            seat, victim = step["seat"], step["action"]["from"]
            pay = step["action"]["pay"]  # None for the Pickpocket
            if pay:
                assert step["moves"][0] == [pay, f"hand:{seat}", "discard"]
            if specials:  # the victim is always asked (the paid cost can't end the game)
                answer = steps[i + 1]
                assert answer["seat"] == victim and answer["action"]["type"] == "mousetrap"
                stolen = answer["moves"][0]
                if answer["action"]["play"]:
                    assert stolen == ["Mousetrap", f"hand:{victim}", "discard"]
                else:
                    assert stolen[1:] == [f"hand:{victim}", f"hand:{seat}"]
            else:
                assert step["moves"][1 if pay else 0][1:] == [f"hand:{victim}", f"hand:{seat}"]


def test_end_turn_is_no_step_and_refills_are_steps_of_the_new_active_seat():
    refills = 0
    for doc, *_ in some_games():
        steps = doc["steps"]
        for i, step in enumerate(steps):
            ids = step["engine_actions"]
            assert L.A_END_TURN not in ids[:-1]  # END_TURN only ever closes a step's list
            if step["action"]["type"] == "refill":
                refills += 1
                assert ids == []
                draws = [m for m in step["moves"] if isinstance(m, list) and m[1] == "draw"]
                assert draws and all(m[2] == f"hand:{step['seat']}" for m in draws)
                if i + 1 < len(steps):
                    assert steps[i + 1]["seat"] == step["seat"]
    assert refills > 0


# ---- unfinished games and saved games ------------------------------------------------

def test_unfinished_games_resume_to_the_same_state_and_record():
    doc_full, final_state, actions, _ = recorded_game(4, "all", 2, "purposeful")
    for cut in range(0, len(actions), max(1, len(actions) // 25)):
        game = Game.new(4, "all", 2, 30)
        recorder = GameRecorder(game)
        for action in actions[:cut]:
            recorder.apply(action)
        doc = recorder.document()
        assert doc["result"] == {"winner": None, "reason": None, "rounds": game.round}
        check_record(doc)
        loaded = json.loads(json.dumps(doc))
        resumed = resume(loaded)
        assert (resumed.game.state == game.state).all()
        assert resumed.document() == doc
        for action in actions[cut:]:
            resumed.apply(action)
        assert resumed.document() == doc_full
        assert (resumed.game.state == final_state).all()


def test_a_half_made_decision_is_saved_as_pending():
    game, recorder = fresh()
    recorder.apply(L.A_RECYCLE)
    recorder.apply(game.legal_actions()[0])
    doc = recorder.document()
    assert doc["steps"] == []
    assert doc["pending"]["type"] == "recycle" and len(doc["pending"]["moves"]) == 1
    check_record(doc)
    resumed = resume(doc)
    assert (resumed.game.state == game.state).all()
    assert resumed.game.phase == L.PH_RECYCLE_PAY


def test_a_resumed_game_saved_again_keeps_the_fields_it_does_not_write():
    game, recorder = fresh()
    for _ in range(12):
        recorder.apply(game.legal_actions()[0])
    doc = recorder.document()
    assert len(doc["steps"]) >= 2
    doc["annotator"] = {"name": "a study tool", "version": 3}
    doc["steps"][1]["comment"] = "a dubious move"
    resumed = resume(copy.deepcopy(doc))
    resumed.apply(resumed.game.legal_actions()[0])
    again = resumed.document()
    assert again["annotator"] == {"name": "a study tool", "version": 3}
    assert again["steps"][1]["comment"] == "a dubious move"
    assert "comment" not in again["steps"][0] and again["steps"][1]["seat"] == doc["steps"][1]["seat"]
    check_record(again)


@pytest.mark.parametrize("field, value", [("type", "travel"), ("seat", 1)])
def test_a_pending_step_that_says_it_is_another_is_refused(field, value):
    game, recorder = fresh()
    recorder.apply(L.A_RECYCLE)
    recorder.apply(game.legal_actions()[0])
    doc = recorder.document()
    assert doc["pending"][field] != value
    doc["pending"][field] = value
    with pytest.raises(RecordError, match=f"pending step is a recycle of seat 0, not pending.{field}"):
        resume(doc)


def test_take_back_undoes_the_open_steps_decisions_exactly():
    _, _, actions, _ = recorded_game(4, "all", 2, "purposeful")
    checked = 0
    for cut in range(1, len(actions)):
        game = Game.new(4, "all", 2, 30)
        recorder = GameRecorder(game)
        for action in actions[:cut]:
            recorder.apply(action)
        pending = recorder.pending
        if pending is None or len(pending["engine_actions"]) < 2:
            continue
        made = len(pending["engine_actions"])
        with pytest.raises(ValueError, match="can't be taken back"):
            recorder.take_back(made + 1)
        with pytest.raises(ValueError, match="whole number"):
            recorder.take_back(True)
        for back in range(1, made + 1):
            recorder.take_back(1)
            twin = GameRecorder(Game.new(4, "all", 2, 30))
            for action in actions[:cut - back]:
                twin.apply(action)
            assert (recorder.game.state == twin.game.state).all()
            assert recorder.document() == twin.document()
        assert recorder.pending is None
        for action in actions[cut - made:cut]:  # the same decisions again: the same game
            recorder.apply(action)
        assert recorder.pending == pending
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_rewound_is_the_game_as_it_stood_after_so_many_steps():
    """GameRecorder.rewound(k): the state and the record of the same game
    played to its k-th step, seats and other programs' fields kept; a count
    the record lacks, or one between a step and the refill it made, refused."""
    _, _, actions, _ = recorded_game(4, "all", 2, "purposeful")
    game = Game.new(4, "all", 2, 30)
    recorder = GameRecorder(game, [{"name": f"P{i}", "player": "human"} for i in range(4)])
    states = [game.snapshot()]  # after each closed step
    for action in actions:
        recorder.apply(action)
        while len(states) <= len(recorder.steps):
            states.append(game.snapshot() if recorder.pending is None else None)
    recorder.extra_fields = {"note": "kept"}
    recorder.extra_step_fields = {0: {"said": "first"}, len(recorder.steps) - 1: {"said": "last"}}
    refills = [k for k, step in enumerate(recorder.steps) if step.type == "refill"]
    checked = 0
    for k in refills:
        with pytest.raises(ValueError, match="refill"):
            recorder.rewound(k)
    for k in range(0, len(recorder.steps), 7):
        if k in refills:
            continue
        rewound = recorder.rewound(k)
        assert rewound.steps == recorder.steps[:k] and rewound.pending is None
        if states[k] is not None:
            assert (rewound.game.state == states[k]).all()
        doc = rewound.document()
        assert doc["seats"] == recorder.document()["seats"] and doc["note"] == "kept"
        if k:
            assert doc["steps"][0]["said"] == "first" and "said" not in doc["steps"][-1]
        checked += 1
    assert checked >= 10 and refills
    for bad in (-1, len(recorder.steps) + 1, True, 2.0):
        with pytest.raises(ValueError, match="whole number"):
            recorder.rewound(bad)
    assert recorder.rewound(len(recorder.steps)).document() == recorder.document()


def test_an_illegal_action_changes_and_records_nothing():
    game, recorder = fresh()
    recorder.apply(L.A_DRAW)
    before, doc = game.snapshot(), recorder.document()
    with pytest.raises(IllegalActionError):
        recorder.apply(L.A_YES)
    assert (game.state == before).all() and recorder.document() == doc


def test_the_recorder_needs_a_game_before_its_first_action():
    game = Game.new(3, "none", 1)
    game.apply(L.A_DRAW)
    with pytest.raises(ValueError):
        GameRecorder(game)


# ---- files that are not good records ------------------------------------------------

@pytest.fixture
def good_doc():
    return copy.deepcopy(recorded_game(3, "all", 1, "purposeful")[0])


def assert_record_error(path, *words):
    with pytest.raises(RecordError) as caught:
        read_record(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    for word in words:
        assert word in message
    return message


def test_corrupt_and_truncated_files(tmp_path, good_doc):
    json_path, msgpack_path = tmp_path / "game.json", tmp_path / "game.msgpack"
    write_record(good_doc, json_path)
    write_record(good_doc, msgpack_path)
    json_bytes, msgpack_bytes = json_path.read_bytes(), msgpack_path.read_bytes()
    cases = {
        "cut.json": (json_bytes[: len(json_bytes) // 2], "truncated or corrupt JSON"),
        "empty.json": (b"", "truncated or corrupt JSON"),
        "binary.json": (b"\xff\xfe\x00garbage", "not UTF-8"),
        "list.json": (b"[1, 2, 3]", "not a Passport record"),
        "cut.msgpack": (msgpack_bytes[: len(msgpack_bytes) // 2], "truncated or corrupt msgpack"),
        "short.msgpack": (msgpack_bytes[:-1], "truncated or corrupt msgpack"),
        "garbage.msgpack": (b"\xc1\xc1\xc1", "truncated or corrupt msgpack"),
        "text.msgpack": (json_bytes, "corrupt msgpack"),
    }
    for name, (data, words) in cases.items():
        (tmp_path / name).write_bytes(data)
        assert_record_error(tmp_path / name, words)
    assert_record_error(tmp_path / "missing.json", "can't be read")
    (tmp_path / "game.txt").write_text("{}")
    assert_record_error(tmp_path / "game.txt", "unknown record format")


def test_wrong_version_and_missing_fields(tmp_path, good_doc):
    def written(doc, suffix=".json"):
        path = tmp_path / f"bad{suffix}"
        path.write_bytes(json.dumps(doc).encode() if suffix == ".json"
                         else msgpack.packb(doc, use_bin_type=True))
        return path

    for suffix in (".json", ".msgpack"):
        assert_record_error(written(dict(good_doc, version=2), suffix),
                            "version 2 is not supported")
    assert_record_error(written({k: v for k, v in good_doc.items() if k != "format"}),
                        "not a Passport record (missing 'format')")
    assert_record_error(written(dict(good_doc, format="chess-pgn")), "not a Passport record")
    assert_record_error(written(dict(good_doc, version="1")), "version")
    for key in ("config", "setup", "steps", "result"):
        assert_record_error(written({k: v for k, v in good_doc.items() if k != key}),
                            f"missing '{key}'")
    for key in ("players", "extensions", "seed", "round_cap"):
        doc = copy.deepcopy(good_doc)
        del doc["config"][key]
        assert_record_error(written(doc), f"config.{key}")
    doc = copy.deepcopy(good_doc)
    del doc["setup"]["draw_pile"]
    assert_record_error(written(doc), "setup.draw_pile")
    mangled = [
        (lambda d: d["steps"][2]["action"].pop("type"), "step 3"),
        (lambda d: d["steps"][0]["moves"].append(["Camera#3", "draw", "hand:0"]), "unknown card"),
        (lambda d: d["steps"][0]["moves"].append(["Camera#1", "draw", "hand:3"]), "unknown place"),
        (lambda d: d["steps"][0].update(seat="0"), "step 1"),
        (lambda d: d["steps"][0]["moves"].append({"shuffle": "Camera#1"}), "shuffle"),
        (lambda d: d["steps"][0].update(engine_actions=[999]), "engine_actions"),
        (lambda d: d["result"].update(winner=None, reason="center"), "result.winner"),
        (lambda d: d["config"].update(extensions=["events", "weather"]), "config.extensions"),
        (lambda d: d["setup"].update(characters=None), "setup.characters"),
    ]
    for mangle, words in mangled:
        doc = copy.deepcopy(good_doc)
        mangle(doc)
        assert_record_error(written(doc), words)


def test_write_record_refuses_a_malformed_document(tmp_path, good_doc):
    del good_doc["steps"]
    with pytest.raises(RecordError):
        write_record(good_doc, tmp_path / "game.json")
    assert not (tmp_path / "game.json").exists()


# ---- documents whose moves don't add up --------------------------------------------

def check_error(doc):
    with pytest.raises(RecordError) as caught:
        check_record(doc, "game.json")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("game.json: ")
    return message


def test_a_hand_made_document_with_a_wrong_move_is_rejected():
    game, recorder = fresh(seed=5)
    doc = recorder.document()
    seat = doc["setup"]["start_seat"]
    first, second = doc["setup"]["draw_pile"][:2]
    doc["steps"] = [{"seat": seat, "action": {"type": "draw"},
                     "moves": [[first, "draw", f"hand:{seat}"]]}]
    check_record(doc)  # a hand-made record without engine_actions is fine...
    doc["steps"][0]["moves"] = [[second, "draw", f"hand:{seat}"]]
    assert check_error(doc) == (f"game.json: step 1 moves {second} from draw, "
                                "but it is in the draw pile (2nd from the top)")


def test_check_record_finds_moves_that_do_not_add_up(good_doc):
    def first_step(kind, doc):
        return next(i for i, s in enumerate(doc["steps"]) if s["action"]["type"] == kind)

    doc = copy.deepcopy(good_doc)       # a draw from the discard pile
    i = first_step("draw", doc)
    card = doc["steps"][i]["moves"][0][0]
    doc["steps"][i]["moves"][0][1] = "discard"
    assert f"step {i + 1}" in check_error(doc) and card in check_error(doc)

    doc = copy.deepcopy(good_doc)       # a paid card taken from the wrong hand
    i = first_step("recycle", doc)
    seat = doc["steps"][i]["seat"]
    doc["steps"][i]["moves"][0][1] = f"hand:{(seat + 1) % 3}"
    assert check_error(doc).startswith(f"game.json: step {i + 1}, move 1: moves ")

    doc = copy.deepcopy(good_doc)       # a shuffle that forgets a card
    i, j = next((n - 1, k) for n, s, m in all_moves(doc) if isinstance(m, dict) and "shuffle" in m
                for k in [s["moves"].index(m)])
    doc["steps"][i]["moves"][j]["shuffle"].pop()
    assert "not the discard pile" in check_error(doc)

    doc = copy.deepcopy(good_doc)       # an event never closed
    i = next(n - 1 for n, s, m in all_moves(doc) if isinstance(m, dict) and "event" in m)
    doc["steps"][i]["moves"] = [m for m in doc["steps"][i]["moves"] if not (
        isinstance(m, list) and m[1] == "event")]
    assert "unresolved" in check_error(doc)

    doc = copy.deepcopy(good_doc)       # a reveal of a card the hand doesn't hold
    i, j = next((n - 1, s["moves"].index(m)) for n, s, m in all_moves(doc)
                if isinstance(m, dict) and "reveal" in m)
    doc["steps"][i]["moves"][j]["reveal"]["cards"][0] = "Postcard (the City)"
    assert "reveals" in check_error(doc)

    doc = copy.deepcopy(good_doc)       # a card dealt twice
    doc["setup"]["hands"][0][1] = doc["setup"]["hands"][1][1]
    assert "dealt twice" in check_error(doc)


def test_replay_rejects_what_the_engine_does_not_reproduce(good_doc):
    doc = copy.deepcopy(good_doc)
    doc["config"]["seed"] += 1
    with pytest.raises(RecordError, match="setup.* is not what config.seed"):
        replay(doc)

    doc = copy.deepcopy(good_doc)       # the same moves, but another card stolen
    i = next(i for i, s in enumerate(doc["steps"]) if s["action"]["type"] == "mousetrap"
             and not s["action"]["play"])
    other = next(c for c in C.CARD_NAMES if c != doc["steps"][i]["moves"][0][0])
    doc["steps"][i]["moves"][0][0] = other
    with pytest.raises(RecordError, match=f"step {i + 1} does not replay: move 1"):
        replay(doc)

    doc = copy.deepcopy(good_doc)       # an engine action that is not legal there
    doc["steps"][0]["engine_actions"] = [L.A_YES]
    with pytest.raises(RecordError, match="step 1 does not replay: engine action 44 is not legal"):
        replay(doc)

    doc = copy.deepcopy(good_doc)
    doc["result"]["rounds"] += 1
    with pytest.raises(RecordError, match="result does not replay"):
        replay(doc)


def test_validate_document_accepts_what_the_recorder_writes():
    for doc, *_ in some_games():
        validate_document(doc)


def test_a_write_removes_the_neighbour_files_of_killed_writers(tmp_path):
    import os
    import subprocess
    import sys
    import time

    from engine.files import STALE_AFTER_SECONDS, write_atomically
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = tmp_path / f".game.json.{int(gone.stdout)}.tmp"          # its writer was killed
    old = tmp_path / f".game.json.{os.getppid()}.tmp"               # a live pid, but long ago
    live = tmp_path / ".game.json.draft.tmp"                        # not a writer's name
    other = tmp_path / f".other.json.{int(gone.stdout)}.tmp"        # another file's
    for leftover in (dead, old, live, other):
        leftover.write_bytes(b"half")
    long_ago = time.time() - STALE_AFTER_SECONDS - 60
    os.utime(old, (long_ago, long_ago))
    write_atomically(tmp_path / "game.json", b"{}")
    assert (tmp_path / "game.json").read_bytes() == b"{}"
    assert not dead.exists() and not old.exists()
    assert live.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["game.json", live.name, other.name])


def test_a_file_larger_than_any_record_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "game.json"
    with open(path, "wb") as out:  # sparse: its size says more than it holds
        out.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(RecordError, match="larger than the 32 MB a file may hold"):
        read_record(path)
