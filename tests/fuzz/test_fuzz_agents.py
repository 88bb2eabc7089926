"""Both sides of the agent protocol under messages of every shape.

- Agent lines: what an outside program writes where the host waits for an
  answer -- random bytes, random JSON, lines nested deep, numbers of
  thousands of digits, long lines, broken UTF-8, floods of info, answers of
  the wrong type -- through `OutsideAgent` at a table: each is an answer or
  a forfeit, never an exception out of the table and never a hang.
- Host messages: what a host sends `passport agent` (arena/serve.py) -- the
  protocol's messages with their fields changed, dropped or replaced (the
  fields of a decision's state, or the numbers of its view, among them),
  and lines that are no JSON at all: each is answered, or ends the serving
  with one HostError sentence.
"""

import functools
import io
import json
import shlex
import threading

from hypothesis import event, given
from hypothesis import strategies as st

from arena.agents import PROTOCOL, VERSION, VERSIONS, OutsideAgent
from arena.match import Seat, Table
from arena.serve import HostError, serve
from bots.difficulty import make_bot
from engine import Config, Game
from engine.seen import decision_seen_by, view_seen_by

from .conftest import FUZZ

HANG = 60  # seconds: far beyond any case's deadlines (move_time 1 s)
REASONS = {"bad message", "illegal action", "crashed", "timed out"}

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)


def _encoded(value) -> bytes:
    return json.dumps(value).encode()


MESSAGES = st.one_of(
    JSON_VALUES.map(_encoded),
    st.fixed_dictionaries({"type": st.sampled_from(["action", "info", "pong", "hello", "x"])},
                          optional={"id": JSON_VALUES, "text": JSON_VALUES}).map(_encoded),
    st.integers(0, 200).map(lambda i: _encoded({"type": "action", "id": i})),
)
ADVERSARIAL = st.one_of(
    st.integers(1, 300_000).map(lambda n: b"[" * n),
    st.integers(1, 20_000).map(lambda n: b'{"type": "action", "id": ' + b"9" * n + b"}"),
    st.sampled_from([b"NaN", b'{"type": "action", "id": Infinity}', b"-Infinity", b"1e999",
                     b'{"type": "info", "x": NaN}', b"", b"\r", b"\x00", b"\xff\xfe",
                     b"\xed\xa0\x80",
                     b'{"type": "action", "id": true}', b'{"type": "action", "id": 1.0}',
                     b'{"type": "info"} {"type": "info"}', b'{"type": "\xe2\x80\xae"}']),
    st.integers(1, 3_000_000).map(lambda n: b'{"type": "info", "t": "' + b"x" * n + b'"}'),
    st.binary(max_size=200),
    st.text(max_size=50).map(lambda text: text.encode("utf-8", "surrogatepass")),
)
FLOODS = st.integers(1, 2_000).map(lambda n: [b'{"type": "info", "n": 1}'] * n)
LINES = st.lists(st.one_of(MESSAGES, ADVERSARIAL).map(lambda line: [line]) | FLOODS,
                 min_size=1, max_size=4).map(lambda groups: [line for g in groups for line in g])


def within(seconds: float, call) -> None:
    done, errors = threading.Event(), []

    def run():
        try:
            call()
        except BaseException as error:  # handed to the test below
            errors.append(error)
        done.set()
    threading.Thread(target=run, daemon=True).start()
    assert done.wait(seconds), f"a hang: still running after {seconds} s"
    if errors:
        raise errors[0]


@FUZZ
@given(LINES, st.booleans())
def test_whatever_an_agent_writes_is_an_answer_or_a_forfeit(tmp_path_factory, lines,
                                                             newline_at_end):
    """A puppet agent writes its hello, then `lines` where its first answer
    is awaited; it reads two messages (hello, new_game) and exits."""
    payload = tmp_path_factory.mktemp("agent") / "payload"
    text = b"\n".join(lines) + (b"\n" if newline_at_end else b"")
    payload.write_bytes(_encoded({"type": "hello", "version": VERSION, "name": "puppet"}) + b"\n"
                        + text)
    name = "cmd:sh -c " + shlex.quote('cat "$0"; head -n 2 > /dev/null') + " " + str(payload)
    agent = OutsideAgent(name, move_time=1.0, start_time=5.0)
    config = Config(players=2, extensions=0, seed=1)  # seat 0 decides first
    table = Table(config, [Seat.bot("Puppet", name), Seat.bot("Bot", "random")],
                  [agent, make_bot("random", 1)], record=False)
    within(HANG, table.play)
    within(HANG, table.close)
    result = table.result()
    assert result.forfeit == 0 and result.fault["reason"] in REASONS
    sent = result.fault["sent"]
    assert sent is None or len(sent) < 400
    event(f"forfeit: {result.fault['reason']}")


# ---- host messages to `passport agent` -------------------------------------------------

HELLO = {"type": "hello", "protocol": PROTOCOL, "version": VERSION, "versions": list(VERSIONS)}


def _game_and_messages(seed: int) -> list[dict]:
    """A host's messages for one decision: its state in words, and for seed
    0 the engine's view too."""
    game = Game.new(players=2 + seed % 3, extensions="all", seed=seed)
    seat = game.decider
    view = game.view(seat)
    array = {"view": view_seen_by(view)} if seed == 0 else {}
    return [HELLO,
            {"type": "new_game", "players": game.players,
             "extensions": game.config.extension_names, "round_cap": game.config.round_cap,
             "seat": seat, "seats": [f"s{i}" for i in range(game.players)], "move_time": 10},
            {"type": "ping"},
            {"type": "decide", **decision_seen_by(view), **array, "time_left": 10.0},
            {"type": "game_over", "winner": None, "reason": "round_cap", "rounds": 1},
            {"type": "quit"}]


@functools.lru_cache(maxsize=None)
def games_messages(seed: int) -> tuple:
    return tuple(_game_and_messages(seed))


def _changed(message: dict, data) -> object:
    """`message` with one field replaced, dropped or added, or one number
    of its view or one field of its state changed, or something else
    entirely."""
    how = data.draw(st.sampled_from(["replace", "drop", "add", "view", "other", "deep"]))
    if not isinstance(message, dict) or not message:
        how = "other"
    message = json.loads(json.dumps(message))
    if how == "other":
        return data.draw(JSON_VALUES)
    if how == "deep":
        return "[" * data.draw(st.integers(1, 5000))
    view = message.get("view")
    if how == "view" and isinstance(view, dict) and isinstance(view.get("observation"), list) \
            and view["observation"]:
        observation = view["observation"]
        index = data.draw(st.integers(0, len(observation) - 1))
        observation[index] = data.draw(st.integers(-2**64, 2**64) | st.sampled_from([-1, 0, 1, 99]))
        return message
    state = message.get("state")
    if how == "view" and isinstance(state, dict) and state:
        key = data.draw(st.sampled_from(sorted(state)))
        value = state[key]
        if isinstance(value, list) and value and data.draw(st.booleans()):
            value[data.draw(st.integers(0, len(value) - 1))] = data.draw(JSON_VALUES)
        elif isinstance(value, int) and not isinstance(value, bool) and data.draw(st.booleans()):
            state[key] = value + data.draw(st.sampled_from([-1, 1]))
        else:
            state[key] = data.draw(JSON_VALUES)
        return message
    keys = sorted(message)
    key = data.draw(st.sampled_from(keys))
    if how == "drop":
        del message[key]
    elif how == "add":
        message[data.draw(st.text(max_size=5))] = data.draw(JSON_VALUES)
    else:
        message[key] = data.draw(JSON_VALUES | st.integers(-2, 8))
    return message


@FUZZ
@given(st.sampled_from(range(3)), st.data())
def test_whatever_a_host_sends_is_answered_or_refused_in_one_sentence(which, data):
    messages = list(games_messages(which))
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(messages) - 1))
        messages[index] = _changed(messages[index], data)
    lines = [m if isinstance(m, str) else json.dumps(m) for m in messages]
    if data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(lines)))
        lines.insert(index, data.draw(st.binary(max_size=40)).decode("utf-8", "surrogateescape"))
    stream = io.BytesIO(("\n".join(lines) + "\n").encode("utf-8", "surrogateescape"))
    out = io.StringIO()
    try:
        serve("random", 0, None, stream, out)
        event("served")
    except HostError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
        event("refused")
    for answer in out.getvalue().splitlines():
        assert json.loads(answer)["type"] in ("hello", "pong", "action")
