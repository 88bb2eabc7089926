"""Rich output of `passport bench`: the figures of bench/engine.py,
bench/ismcts.py, bench/play.py and bench/save.py. Nothing here computes."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table


def render_bench(console: Console, result: dict) -> None:
    """The figures of `passport bench engine` (passport_cli.bench.run_engine_bench)."""
    work = result["workload"]
    console.print(f"[bold]Engine speed[/]: random {work['players']}-player games, "
                  f"extensions {work['extensions']}, round cap {work['round_cap']}")
    table = Table("Engine", "Decisions/s", "Repetitions", "Decisions timed", box=None,
                  padding=(0, 2, 0, 0),
                  caption=f"median over repetitions of {work['games_per_repetition']} games",
                  caption_justify="left")
    for name, label in (("numba", "numba kernels"), ("reference", "Python reference")):
        row = result[name]
        table.add_row(label, f"{row['steps_per_second']:,.0f}", str(row["repetitions"]),
                      f"{row['steps']:,}")
    console.print(table)
    console.print(f"Ratio: the kernels are {result['ratio']:,.0f}× as fast as the reference")
    fresh = result["fresh_process"]
    console.print(f"Fresh process: {fresh['seconds']:.2f} s (median of {fresh['repetitions']}) "
                  "to import, load the kernels from the cache and play one game")
    console.print(f"  engine ready {fresh['engine_ready_seconds']:.2f} s, "
                  f"game {fresh['game_seconds']:.2f} s ({fresh['steps']:,} decisions)")
    if fresh["cache_misses"]:
        console.print("[bold]Warning[/]: the fresh process compiled kernels instead of "
                      "loading them; its time includes the compiler.")
    machine = result["machine"]
    cpu = f"pinned to CPU {machine['cpu']}" if machine["cpu"] is not None else "not pinned"
    console.print(f"Python {machine['python']}, numba {machine['numba']}, {cpu}")


def render_ismcts_bench(console: Console, result: dict) -> None:
    """The `passport bench ismcts` figures."""
    console.print(f"ISMCTS speed: {result['positions']} typical 4-player positions, every "
                  f"extension, {result['iterations_per_position']:,} iterations each")
    console.print(f"  median   {result['iterations_per_second']:>10,.0f} iterations/s")
    console.print(f"  slowest  {result['slowest_position']:>10,.0f} iterations/s")
    console.print(f"  fastest  {result['fastest_position']:>10,.0f} iterations/s")
    s = result["settings"]
    console.print(f"  settings: rollout depth {s['rollout_depth']}, "
                  f"epsilon {s['epsilon']}, exploration {s['exploration']}; "
                  f"Python {result['python']}, numba {result['numba']}, CPU {result['cpu']}")


def render_save_bench(console: Console, result: dict) -> None:
    """The `passport bench save` figures."""
    console.print(f"Saving after every move: {result['games']} whole {result['players']}-player "
                  f"games with every extension, {result['saves']:,} saves")
    for key, what in (("save", "one save"), ("late_save", "  the last tenth of a game")):
        f = result[key]
        console.print(f"  {what:<27} median {f['median'] * 1000:6.2f} ms  "
                      f"worst {f['worst'] * 1000:6.2f} ms  ({f['count']:,} timed)")
    size = result["record_bytes"]
    console.print(f"  a finished game's record    median {size['median'] / 1024:,.0f} KiB, "
                  f"largest {size['largest'] / 1024:,.0f} KiB")


def render_play_bench(console: Console, result: dict) -> None:
    """The `passport bench play` figures."""
    think = f", thinking {result['think']:g} s" if result["think"] else ""
    console.print(f"What a person waits for: {result['games']} four-player games with every "
                  f"extension, to round {result['rounds']}, against three {result['level']} "
                  f"bots{think}")
    for key, what in (("wait", "answer to next prompt"), ("wait_after_bots", "  when bots moved"),
                      ("decision", "one bot decision"), ("hint", "a hint")):
        f = result[key]
        if f["count"]:
            console.print(f"  {what:<22} median {f['median']:5.2f} s  worst {f['worst']:5.2f} s"
                          f"  ({f['count']} timed)")
        else:
            console.print(f"  {what:<22} none timed")
