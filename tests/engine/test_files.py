"""engine.files: what comes from outside is read within limits, and every
refusal is one LimitError sentence."""

import json
import os
import subprocess
import sys

import msgpack
import pytest

from engine.files import (
    MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES, LimitError, parse_json, parse_msgpack, read_limited,
)


def test_a_regular_file_is_read_whole_within_its_limit(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 1000)
    assert read_limited(path, 1000) == b"x" * 1000
    with pytest.raises(LimitError, match="larger than the 999 bytes a file may hold"):
        read_limited(path, 999)


def test_what_is_not_a_regular_file_is_refused_before_it_is_read(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)  # opening it to read would wait for a writer forever
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")  # its size says 0, and it never ends
    for path in (fifo, link, tmp_path):
        with pytest.raises((LimitError, IsADirectoryError), match="not a regular file|directory"):
            read_limited(path)


def test_a_file_whose_size_lies_is_read_no_further_than_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "growing.json"
    path.write_bytes(b"x" * 5000)
    real_fstat = os.fstat

    def shrunk(handle):  # as if the file grew after its size was read
        info = real_fstat(handle)
        return os.stat_result((*info[:6], 10, *info[7:]))

    monkeypatch.setattr(os, "fstat", shrunk)
    with pytest.raises(LimitError, match="larger than the 100 bytes"):
        read_limited(path, 100)


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_limited(tmp_path / "missing.json")


@pytest.mark.parametrize("text, words", [
    ("[" * 200_000, f"nested more than {MAX_DEPTH} levels deep"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"nested more than {MAX_DEPTH} levels deep"),
    ("9" * 5000, f"more than {MAX_DIGITS} digits"),
    ("[-" + "9" * (MAX_DIGITS + 1) + "]", f"more than {MAX_DIGITS} digits"),
    ("[NaN]", "NaN or infinite"),
    ('{"a": -Infinity}', "NaN or infinite"),
    ("[1e999]", "NaN or infinite"),
    ('{"a": [1, 2', "truncated or corrupt JSON"),
    (b"\xff\xfe", "not UTF-8"),
    ("[" + ",".join(["{}"] * 11) + "]", "more than 20 values"),
])
def test_json_beyond_its_limits_is_refused(text, words):
    items = 20 if words.startswith("more than 20") else 10**6
    with pytest.raises(LimitError, match=words):
        parse_json(text, max_items=items)


def test_json_within_its_limits_is_read():
    value = {"a": [1, -2, 3.5, None, True, "x:,[{"], "b": {"c": 10**39}}
    text = json.dumps(value)
    assert parse_json(text) == value == parse_json(text.encode())
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(nested) == json.loads(nested)


@pytest.mark.parametrize("data, words", [
    (msgpack.packb([[[[]]]]), "nested more than 3 levels deep"),
    (b"\x91" * 100_000, "corrupt msgpack"),
    (msgpack.packb(list(range(30))), "more than 20 values"),
    (msgpack.packb([{"a": 1}] * 8), "more than 20 values"),
    (b"\xdd\xff\xff\xff\xff", "more than 20 values"),  # an array of 4 G items, announced
    (msgpack.packb([1]) + b"\x01", "more follows"),
    (msgpack.packb({1: 2}), "corrupt msgpack"),      # keys are strings
    (b"", "corrupt msgpack"),
])
def test_msgpack_beyond_its_limits_is_refused(data, words):
    with pytest.raises(LimitError, match=words):
        parse_msgpack(data, max_items=20, max_depth=3)


def test_msgpack_within_its_limits_is_read():
    value = {"a": [1, 2, {"b": "c"}], "d": None}
    assert parse_msgpack(msgpack.packb(value)) == value


# Files as hostile as the limits allow, each made by one process and read by
# another: what a file can cost to read, whether it is refused later or not.
HOSTILE = r"""
import json, resource, sys
from engine.files import MAX_FILE_BYTES, MAX_ITEMS, LimitError, parse_json, parse_msgpack, read_limited


def make(path, kind):
    if kind == "astral.json":  # mostly ASCII, yet the text takes 4 bytes a character
        piece = json.dumps("a" * 65000 + "\U0001F600", ensure_ascii=False).encode()
        data = b"[" + b",".join([piece] * ((MAX_FILE_BYTES - 1000) // (len(piece) + 1))) + b"]"
    elif kind == "strings.json":
        data = b"[" + b",".join([b'"ab"'] * (MAX_ITEMS - 5)) + b"]"
    elif kind == "objects.json":
        data = b"[" + b",".join([b'{"a":[]}'] * (MAX_ITEMS // 4 - 2)) + b"]"
    elif kind == "strings.msgpack":
        data = b"\xdd" + (MAX_ITEMS - 5).to_bytes(4, "big") + b"\xa2ab" * (MAX_ITEMS - 5)
    else:  # map.msgpack
        count = MAX_ITEMS // 2
        data = b"\xdf" + count.to_bytes(4, "big") + b"".join(
            b"\xa7%07d\xa2ab" % i for i in range(count))
    with open(path, "wb") as out:
        out.write(data)


def grown_kb(path, kind):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:
        data = read_limited(path)
        (parse_json if kind.endswith(".json") else parse_msgpack)(data)
    except LimitError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before


folder, kind, mode = sys.argv[1:]
if mode == "make":
    make(f"{folder}/{kind}", kind)
else:
    print(grown_kb(f"{folder}/{kind}", kind))
"""


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["astral.json", "strings.json", "objects.json",
                                  "strings.msgpack", "map.msgpack"])
def test_the_costliest_file_within_the_limits_stays_far_below_500_mb(tmp_path, kind):
    for mode in ("make", "read"):  # the reading process pays nothing for the making
        done = subprocess.run([sys.executable, "-c", HOSTILE, str(tmp_path), kind, mode],
                              capture_output=True, text=True, check=True)
    grown_mb = int(done.stdout) / 1024  # ru_maxrss is in KB on Linux
    assert (tmp_path / kind).stat().st_size <= MAX_FILE_BYTES
    assert grown_mb < 350, f"reading {kind} grew the process by {grown_mb:.0f} MB"
