"""Reading what comes from outside, within limits, and writing our files whole.

A record, a save, a results file, an opening book or an agent's message is
anyone's text. Each is read here with limits on what it may cost before it
is checked field by field:

    data = read_limited(path)          # at most MAX_FILE_BYTES
    doc = parse_json(data)             # at most MAX_ITEMS values, MAX_DEPTH deep
    book = parse_msgpack(data)

- `read_limited` opens only a regular file (never a FIFO, a terminal or a
  device such as /dev/zero, even through a symlink) and reads at most the
  limit, whatever the file's size claims;
- `parse_json` and `parse_msgpack` refuse a text of more values (numbers,
  strings, lists, objects, keys) than `max_items` before building it, a
  nesting deeper than `max_depth`, NaN and infinities, and a whole number
  of more than `MAX_DIGITS` digits. So a file's cost in memory is bounded
  by its limits, not by its shape.

Each refusal is a `LimitError` (a ValueError) of one sentence that names no
path: the caller says which file or message it was.

Every file of ours (a record, a save, a results or calibration file, an
opening book) is written by `write_atomically`: a crash or Ctrl-C never
leaves half a file.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
from pathlib import Path

import msgpack

# What any file of ours may cost. The largest is the record of a game to the
# engine's highest round cap (6 players to 5,000 rounds: about 16 MB and 1.5
# million values); with these limits no file, refused or read, takes more
# than about 300 MB to parse.
MAX_FILE_BYTES = 32 * 2**20
MAX_ITEMS = 2_500_000
MAX_DEPTH = 32      # lists and objects inside each other; our files nest 6 deep at most
MAX_DIGITS = 40     # a whole number's digits; seeds (2**64) have 20
READ_CHUNK = 1 << 20


class LimitError(ValueError):
    """Data from outside that is not read: too big, too deep, not a regular
    file, or not well-formed. One sentence, without the path."""


def read_limited(path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them;
    LimitError for a file that is larger or is not a regular file, and
    OSError when it can't be opened or read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    handle = os.open(path, flags)  # O_NONBLOCK: opening a FIFO does not wait for a writer
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise LimitError("not a regular file")
        if info.st_size > limit:
            raise LimitError(f"larger than the {_size(limit)} a file may hold here")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(handle, min(READ_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # it grew while being read
            raise LimitError(f"larger than the {_size(limit)} a file may hold here")
        return b"".join(chunks)
    finally:
        os.close(handle)


def _size(count: int) -> str:
    return f"{count / 2**20:g} MB" if count >= 2**20 else f"{count:,} bytes"


def parse_json(data: bytes | str, max_items: int = MAX_ITEMS, max_depth: int = MAX_DEPTH):
    """The value of a JSON text (UTF-8 bytes or a str), within the limits;
    LimitError otherwise."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise LimitError("not a JSON text (not UTF-8)") from None
    # Every value but the first follows a comma or a colon, or opens a list
    # or an object: counting those bounds the values from above (the same
    # characters inside strings only make the bound looser).
    items = data.count(",") + data.count(":") + data.count("[") + data.count("{") + 1
    if items > max_items:
        raise LimitError(f"more than {max_items:,} values")
    try:
        value = json.loads(data, parse_int=_whole, parse_float=_finite,
                           parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise LimitError(f"truncated or corrupt JSON (line {error.lineno}, "
                         f"column {error.colno}: {error.msg})") from None
    except RecursionError:
        raise LimitError(f"nested more than {max_depth} levels deep") from None
    except ValueError as error:  # from _whole, _finite and _no_constant
        raise LimitError(str(error)) from None
    _check_depth(value, max_depth)
    return value


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of more than {MAX_DIGITS} digits")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        _no_constant(text)
    return value


def _no_constant(_name: str):
    raise ValueError("a number is NaN or infinite")


def parse_msgpack(data: bytes, max_items: int = MAX_ITEMS, max_depth: int = MAX_DEPTH):
    """The value of msgpack data, within the limits; LimitError otherwise.
    Map keys must be strings or bytes; the data must hold exactly one value."""
    counted = [0]

    def count(container):
        counted[0] += len(container) + 1
        if counted[0] > max_items:
            raise _TooMany
        return container

    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=True, max_buffer_size=max(len(data), 1),
        max_array_len=max_items, max_map_len=max_items // 2, list_hook=count, object_hook=count)
    unpacker.feed(data)
    try:
        value = unpacker.unpack()
    except msgpack.OutOfData:
        raise LimitError("truncated or corrupt msgpack data") from None
    except _TooMany:
        raise LimitError(f"more than {max_items:,} values") from None
    except Exception as error:  # msgpack raises many types for damaged data
        if "exceeds max_" in str(error):  # a list or a map longer than max_items allows
            raise LimitError(f"more than {max_items:,} values") from None
        raise LimitError("truncated or corrupt msgpack data") from None
    try:
        unpacker.unpack()
    except msgpack.OutOfData:
        _check_depth(value, max_depth)
        return value
    except Exception:
        pass
    raise LimitError("corrupt msgpack data (more follows its value)")


class _TooMany(Exception):
    pass


def _check_depth(value, max_depth: int) -> None:
    """LimitError if lists and objects nest more than `max_depth` deep."""
    level = [value]
    for _ in range(max_depth):
        level = [child for item in level if isinstance(item, (list, dict))
                 for child in (item.values() if isinstance(item, dict) else item)]
        if not level:
            return
    if any(isinstance(item, (list, dict)) for item in level):
        raise LimitError(f"nested more than {max_depth} levels deep")


# A writer's neighbour file: ".NAME.PID.tmp". One left by a writer that was
# killed between writing and renaming is removed by the next write.
STALE_AFTER_SECONDS = 600


def write_atomically(path, data: bytes, mode: int = 0o666) -> None:
    """Write `data` to a neighbour file, then rename it over `path`: a crash
    never leaves half a file. Neighbour files of `path` left by writers that
    were killed (their process is gone, or the file is ten minutes old) are
    removed first. The file is created with `mode` under the user's umask
    (0o600: only its owner reads it, from its first byte on). Raises
    OSError when the file can't be written."""
    path = Path(path)
    _remove_stale_neighbours(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise


def _remove_stale_neighbours(path: Path) -> None:
    prefix, now = f".{path.name}.", time.time()
    try:
        neighbours = [p for p in path.parent.iterdir()
                      if p.name.startswith(prefix) and p.name.endswith(".tmp")]
    except OSError:
        return
    for neighbour in neighbours:
        pid = neighbour.name[len(prefix):-len(".tmp")]
        with contextlib.suppress(OSError):
            if (pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid))) or (
                    now - neighbour.stat().st_mtime > STALE_AFTER_SECONDS):
                neighbour.unlink()


def _alive(pid: int) -> bool:
    """Is process `pid` running? (Not asked on Windows, where signal 0 would
    end it: there only the file's age tells.)"""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, under another user
        return True
    return True
