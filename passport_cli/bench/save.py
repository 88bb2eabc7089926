"""What saving after every move costs in `passport play`, measured. A
benchmark, not a test (STYLE.md 11).

`passport play` saves the game to its file after every completed move (a
record step closed: play/session.py, `autosave`), as `SaveFile.write` does
it: the record checked, written beside the file and renamed over it. Here
whole games of `players` seats with every extension are played by planner
bots (they answer at once, so the games are long and only the saves are
timed) and saved that way after every step, into a folder of the system's
temporary directory. Figures: one save (median and worst), the saves of
the last tenth of each game (its longest records), and the record's size
at the end.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path


def run_save_bench(games: int, players: int, seed: int) -> dict:
    from arena.match import Seat, Table, bot_players, derive_seed
    from engine import Config
    from engine.game import parse_extensions

    from ..play.saves import SaveFile

    saves, late, sizes, steps = [], [], [], 0
    with tempfile.TemporaryDirectory(prefix="passport-bench-save-") as folder:
        for number in range(games):
            game_seed = derive_seed("bench save", seed, number)
            config = Config(players, parse_extensions("all"), game_seed)
            names = ("planner",) * players
            table = Table(config, [Seat.bot(f"bot {s}", name) for s, name in enumerate(names)],
                          bot_players(names, [game_seed + s for s in range(players)]))
            kept = SaveFile(Path(folder) / f"game-{number}.json")
            times = []
            while not table.over:
                table.step()
                if len(table.steps) == kept.steps:
                    continue
                start = time.perf_counter()
                problem = kept.write(table.document(), len(table.steps), table.game.round)
                times.append(time.perf_counter() - start)
                if problem is not None:
                    raise RuntimeError(problem)
            saves += times
            late += times[-max(1, len(times) // 10):]
            steps += len(table.steps)
            sizes.append(kept.path.stat().st_size)
    return {"games": games, "players": players, "seed": seed, "saves": len(saves),
            "save": _figures(saves), "late_save": _figures(late),
            "record_bytes": {"median": statistics.median(sizes), "largest": max(sizes)},
            "steps": steps}


def _figures(times: list[float]) -> dict:
    return {"count": len(times), "median": statistics.median(times), "worst": max(times)}
