"""`hint` in `passport play`: the expert's view of the person's options —
the moves of the expert's opening book where it has the position, else
the expert's search from the person's view (R7.4: never the other hands)
— in words, each with its calibrated chance and 95% interval."""

from __future__ import annotations

import signal

from .. import stopping
from . import hand as H


def expert_hint(view, menu: H.Menu, think: float | None, book, seed: int, status) -> list[str]:
    """The hint at `view` (the person's seat view) for `menu`: from `book`
    (the expert's opening book, or None) when it holds the position, else a
    search seeded `seed` while `status` (a context manager: a spinner)
    shows. Ctrl-C stops the search, not the game; SIGTERM and SIGHUP stop
    the game (their KeyboardInterrupt goes on)."""
    if len(menu.choices) == 1:
        return ["There is only one option here."]
    from bots.difficulty import hint_settings
    from bots.ismcts import BOOK_POSITIONS, IsmctsBot, MoveEstimate
    settings = hint_settings(think)
    players, extensions = view.config.players, view.config.extensions
    if book is not None:
        from openings import opening_key
        positions = book.positions.get(opening_key(view), 0)
        found = book.moves(view) if positions >= BOOK_POSITIONS else []
        if found:
            estimates = [MoveEstimate(action, visits, value) for action, visits, value in found]
            return ([f"From the opening book: {positions} positions like this one, "
                     "each searched deeply."]
                    + hint_lines(estimates, menu, sum(e.visits for e in estimates), players,
                                 settings.iterations, extensions=extensions))
    try:
        with status:
            bot = IsmctsBot(settings, seed, "hint")
            estimates = bot.analyse(view, seed)
    except KeyboardInterrupt as interrupt:
        if stopping.signal_of(interrupt) != signal.SIGINT:
            raise
        return ["Hint stopped. Your turn goes on."]
    return hint_lines(estimates, menu, bot.last_iterations, players, settings.iterations,
                      extensions=extensions)


def hint_lines(estimates, menu: H.Menu, iterations: int, players: int, budget: int,
               shown: int = 4, *, extensions: int) -> list[str]:
    """The `shown` options the search looked at most: first the one it
    searched most, marked as the expert's move (what it would play: a
    search's estimates are surest where it looked most), then the others,
    best estimate first; each with its chance in words (the chance map of a
    search of `budget` iterations at a table of `players` with the
    extensions of bit mask `extensions`)."""
    by_action = {choice.action: choice for choice in menu.choices}
    looked_at = [e for e in estimates if e.action in by_action][:shown]
    if not looked_at:
        return ["The expert found nothing to say."]
    most = looked_at[0]

    def rated(e) -> bool:
        return e.visits > 0 and e.win_chance == e.win_chance

    lines = []
    others = sorted(looked_at[1:], key=lambda e: (not rated(e), -e.win_chance if rated(e) else 0.0))
    for estimate in [most] + others:
        choice = by_action[estimate.action]
        playouts = f"{estimate.visits:,} of {iterations:,} playouts"
        if rated(estimate):
            words = chance_words(estimate.win_chance, estimate.visits, players, budget, playouts,
                                 extensions)
        else:
            words = f"no estimate ({playouts})"
        mark = "; the expert's move" if estimate is most and len(looked_at) > 1 else ""
        lines.append(f"{choice.number}. {choice.label}: {words}{mark}")
    return lines


def chance_words(rating: float, visits: int, players: int, budget: int, note: str,
                 extensions: int) -> str:
    """The expert's rating of a move in words: the calibrated chance
    (bots.chances.chance, for a search of `budget` iterations at a table
    of `players` with the extensions of bit mask `extensions`), its 95%
    interval from the playouts, and `note`."""
    from bots.chances import chance
    spread = 1.96 * (rating * (1 - rating) / visits) ** 0.5
    low, high = (chance(max(0.0, rating - spread), players, budget, extensions),
                 chance(min(1.0, rating + spread), players, budget, extensions))
    return (f"about {chance(rating, players, budget, extensions):.0%} chance to win "
            f"({low:.0%} to {high:.0%}, {note})")
