"""Writing the files of long runs (tournament results, calibrations)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.files import write_atomically


def write_text_atomically(path: Path, text: str, private: bool = False) -> None:
    """Write `text` atomically (engine.files.write_atomically): a crash or
    Ctrl-C never leaves half a file, and a run resumed from it loses at most
    what was not yet saved. A `private` file is readable by its owner only
    (mode 0600). Creates missing parent directories; raises OSError when
    the file can't be written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, text.encode("utf-8"), 0o600 if private else 0o666)


def run_file_text(document: dict) -> str:
    """Indented JSON, but one line per entry of its "games": a file of
    thousands of games stays short enough to read and to diff."""
    members = []
    for key, value in document.items():
        if key == "games" and value:
            games = ",\n".join("  " + json.dumps(game) for game in value)
            members.append(f' "games": [\n{games}\n ]')
        else:
            members.append(f" {json.dumps(key)}: " + json.dumps(value, indent=1).replace("\n", "\n "))
    return "{\n" + ",\n".join(members) + "\n}\n"
