"""Rich output of `passport calibrate` (numbers from arena.calibration.summary)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ..safe_text import path_text, shown
from .render import entries_text


def render_calibration(console: Console, summary: dict, bots, out=None) -> None:
    console.print(f"Calibration: {entries_text(list(bots))}; {summary['games']} games, "
                  f"{summary['samples']:,} rated moves")
    for name, level in summary["levels"].items():
        seats = [str(seat + 1) for seat, bot in enumerate(bots) if bot == name]
        console.print(f"\n{name} (seat{'s' if len(seats) > 1 else ''} {', '.join(seats)}): "
                      f"{level['samples']:,} rated moves")
        if not level["samples"]:
            console.print("No move was rated: nothing to measure.")
            continue
        table = Table(box=None, pad_edge=False)
        for heading in ("Chance given", "Moves", "Mean chance", "Share won", "Gap"):
            table.add_column(heading, justify="right")
        for row in level["deciles"]:
            table.add_row(f"{row['low']:.0%}–{row['high']:.0%}".replace("%–", "–"), f"{row['samples']:,}",
                          f"{row['mean_rating']:.1%}", f"{row['share_won']:.1%}",
                          f"{(row['share_won'] - row['mean_rating']) * 100:+.1f}")
        console.print(table)
        console.print(f"Calibration error: {level['calibration_error'] * 100:.1f} points "
                      f"(the mean gap, weighted by moves). Brier score: {level['brier']:.3f}.")
        if level["calibrated_error"] is not None:
            console.print(f"As `hint` shows them (the chance map of bots/chances.py for this "
                          f"budget): error {level['calibrated_error'] * 100:.1f} points, Brier score "
                          f"{level['calibrated_brier']:.3f}.")
    console.print("\nThe moves of one game share its outcome: judge the figures by the games, "
                  "not by the moves.")
    if out is not None:
        console.print(shown(f"Samples: {path_text(out)}"))
