"""What a person waits for in `passport play`, measured. A benchmark, not a
test (STYLE.md 11).

Real 4-player games with every extension, the person's seat played by the
planner (it answers at once, so only the bots' time is measured) against
three bots of a level (the expert by default), each bot made anew for every
decision and seeded as `passport play` seeds it. Three figures, each with
its median and its worst:

- the wait from each of the person's answers to their next prompt: every
  bot decision in between (rendering, a few milliseconds, left out); and
  the same over the answers after which bots moved (most answers inside
  the person's own move are followed by the next prompt at once);
- one bot decision;
- a `hint`: the expert's analysis of the person's main decisions, with the
  recommended move whole (passport_cli/play/hint.py).
"""

from __future__ import annotations

import statistics
import time


def run_play_bench(games: int, rounds: int, hints: int, level: str, seed: int,
                   think: float | None) -> dict:
    from arena.match import Reseeded, Seat, Table, derive_seed
    from contextlib import nullcontext

    from bots.baselines import PlannerBot
    from engine import Config, Phase
    from engine.game import parse_extensions

    from ..play import hand as H
    from ..play.hint import expert_hint

    waits, bot_waits, decisions, hint_times = [], [], [], []
    for number in range(games):
        game_seed = derive_seed("bench play", seed, number)
        config = Config(4, parse_extensions("all"), game_seed)
        seats = [Seat("person", "human")] + [Seat.bot(f"bot {i}", level) for i in (1, 2, 3)]
        names = [seat.name for seat in seats]
        table = Table(config, seats, [None] * 4)
        table.take_seats([None] + [
            Reseeded(level, lambda s=s: derive_seed("play", game_seed, s, table.decisions,
                                                    bits=62), think)
            for s in (1, 2, 3)])
        person = PlannerBot(game_seed, "person")
        game = table.game
        answered = None
        hinted = 0
        bots_moved = False
        while not game.over and game.round <= rounds:
            if game.decider == 0:
                if answered is not None:
                    waits.append(time.perf_counter() - answered)
                    if bots_moved:
                        bot_waits.append(waits[-1])
                view = game.view(0)
                if game.phase == Phase.MAIN and hinted < hints and len(view.legal_actions) > 1:
                    start = time.perf_counter()
                    expert_hint(view, H.Menu("", choices=H.choices(game, 0, names)), think, None,
                                game_seed, nullcontext(), names)
                    hint_times.append(time.perf_counter() - start)
                    hinted += 1
                table.apply(person.choose(view))
                answered = time.perf_counter()
                bots_moved = False
            else:
                start = time.perf_counter()
                table.step()
                decisions.append(time.perf_counter() - start)
                bots_moved = True
    return {"games": games, "rounds": rounds, "level": level, "seed": seed, "think": think,
            "wait": _figures(waits), "wait_after_bots": _figures(bot_waits), "decision": _figures(decisions), "hint": _figures(hint_times)}


def _figures(times: list[float]) -> dict:
    if not times:
        return {"count": 0, "median": None, "worst": None}
    return {"count": len(times), "median": statistics.median(times), "worst": max(times)}
