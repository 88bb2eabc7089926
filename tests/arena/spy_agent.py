"""An outside program that tries to learn what its seat must not know.

    python3 spy_agent.py REPORTS_DIR

Standard library only, so that it runs with any python3, as any user. It
speaks the agent protocol (docs/agent-protocol.md) and plays the first legal
action; at the start of each game it gathers everything a program on the
host's machine can read without privileges:

- the command line and the environment of each of its ancestors (the
  keeper, the host, and up to init), and of every process on the machine;
- its own environment;
- every file and directory named in any of those command lines (a results
  file, a records directory), and the host's saves directory;

and it writes what it read to REPORTS_DIR/game-N.json: the texts, the
files it could open, and every whole number in them, which is what a seed
would be. It can't name a card itself (the deal follows from a seed through
the engine, which it does not have), so the test that runs it turns every
number it found into the deals that seed would make, and every file it read
into the cards the file shows: what it learned is what that test finds.
"""

from __future__ import annotations

import json
import os
import re
import sys

NUMBER = re.compile(rb"\d{1,40}")
MOST_NUMBERS = 20_000
MOST_BYTES = 4 << 20  # of any one file read
DATA_FILES = (".json", ".msgpack", ".jsonl")  # what a run writes: results, records, saves


def read(path: str, limit: int = MOST_BYTES):
    """The bytes of `path`, or None if it can't be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read(limit)
    except OSError:
        return None


def ancestors() -> list[int]:
    found, pid = [], os.getppid()
    while pid > 1 and len(found) < 50:
        found.append(pid)
        stat = read(f"/proc/{pid}/stat")
        if stat is None:
            break
        pid = int(stat.rsplit(b")", 1)[1].split()[1])
    return found


def paths_in(command_line: bytes, cwd: str | None) -> list[str]:
    """Every argument of a command line (and every part of one between '='
    and ',') that may name something on disk, as it is and from `cwd`."""
    found = []
    for argument in command_line.split(b"\0"):
        for part in re.split(rb"[=,]", argument):
            text = part.decode("utf-8", "replace")
            if "/" in text or text.endswith(DATA_FILES):
                found.append(text)
                if cwd and not text.startswith("/"):
                    found.append(os.path.join(cwd, text))
    return found


def gather() -> dict:
    """Everything readable that may hold a secret: see the module docstring."""
    texts = {}       # where -> what was read there, the nearest first
    refused = []     # what could not be read
    family = ancestors()
    others = [int(entry) for entry in os.listdir("/proc")
              if entry.isdigit() and int(entry) not in family]
    cwds = {}
    for pid in family + others:
        for kind in ("cmdline", "environ"):
            data = read(f"/proc/{pid}/{kind}")
            if data is None:
                refused.append(f"/proc/{pid}/{kind}")
            else:
                texts[f"/proc/{pid}/{kind}"] = data
        try:
            cwds[pid] = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            if pid in family:
                refused.append(f"/proc/{pid}/cwd")
    texts["own environment"] = "\0".join(f"{k}={v}" for k, v in os.environ.items()).encode()
    places = []
    for pid in family + others:
        places += paths_in(texts.get(f"/proc/{pid}/cmdline", b""), cwds.get(pid))
    places += [os.path.join(home, ".local/share/passport/saves")
               for home in ("/root", os.path.expanduser("~"))]
    files = {}
    for place in dict.fromkeys(places):
        candidates = [place]
        if os.path.isdir(place):
            try:
                candidates = [os.path.join(place, name) for name in os.listdir(place)
                              if name.endswith(DATA_FILES)]
            except OSError:
                refused.append(place)
                continue
        for path in candidates:
            if os.path.isfile(path) and path not in files:
                data = read(path)
                if data is None:
                    refused.append(path)
                elif path.endswith(DATA_FILES) or b"seed" in data:
                    files[path] = data

    def near(key: str) -> bool:
        return key.startswith("/proc/") and int(key.split("/")[2]) in family
    found_in = ([data for key, data in texts.items() if near(key)]
                + [texts["own environment"]] + list(files.values())
                + [data for key, data in texts.items() if not near(key)])
    numbers = {}     # in the order found: the nearest processes' first, then files
    for data in found_in:
        for number in NUMBER.findall(data):
            numbers.setdefault(int(number), None)
        if len(numbers) > MOST_NUMBERS:
            break
    return {"ancestors": family,
            "ancestor_command_lines": [texts.get(f"/proc/{pid}/cmdline", b"").decode(
                "utf-8", "replace") for pid in family],
            "ancestor_environments_read": [f"/proc/{pid}/environ" in texts for pid in family],
            "own_environment": dict(os.environ),
            "files_read": {path: data.decode("utf-8", "replace")[:2000]
                           for path, data in files.items()},
            "refused": refused,
            "numbers": list(numbers)[:MOST_NUMBERS]}


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    reports = sys.argv[1]
    games = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "hello", "name": "spy", "version": 1})
        elif kind == "new_game":
            games += 1
            report = {"uid": os.getuid(), "seat": message["seat"],
                      "hand": message["setup"]["hand"], **gather()}
            path = os.path.join(reports, f"game-{os.getpid()}-{games}.json")
            with open(path, "w", encoding="utf-8") as out:
                json.dump(report, out)
        elif kind == "decide":
            send({"type": "action", "id": message["actions"][0]["id"]})
        elif kind == "ping":
            send({"type": "pong"})
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()
