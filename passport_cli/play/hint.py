"""`hint` in `passport play`: the expert's view of the person's options —
the moves of the expert's opening book where it has the position, else
the expert's search from the person's view (R7.4: never the other hands)
— in words, each with its calibrated chance and 95% interval; the move
the expert recommends first, whole (what to offer and ask for, what to
pay and take)."""

from __future__ import annotations

import signal

from engine import cards as C
from engine.actions import action_text, decode

from .. import stopping
from ..table.narrate import counted
from . import hand as H


def expert_hint(view, menu: H.Menu, think: float | None, book, seed: int, status,
                names: list[str]) -> list[str]:
    """The hint at `view` (the person's seat view) for `menu`: from `book`
    (the expert's opening book, or None) when it holds the position, else a
    search seeded `seed` while `status` (a context manager: a spinner)
    shows; the recommended move whole, its seats called by `names`. Ctrl-C
    stops the search, not the game; SIGTERM and SIGHUP stop the game
    (their KeyboardInterrupt goes on)."""
    if len(menu.choices) == 1:
        return ["There is only one option here."]
    from bots.difficulty import hint_settings
    from bots.ismcts import BOOK_POSITIONS, IsmctsBot, MoveEstimate
    settings = hint_settings(think)
    players, extensions = view.config.players, view.config.extensions
    bot = IsmctsBot(settings, seed, "hint")
    opening = []
    try:
        with status:
            if book is not None:
                from openings import opening_key
                positions = book.positions.get(opening_key(view), 0)
                found = book.moves(view) if positions >= BOOK_POSITIONS else []
                if found:
                    opening = [f"From the opening book: {positions} positions like this one, "
                               "each searched deeply."]
                    estimates = [MoveEstimate(action, visits, value)
                                 for action, visits, value in found]
                    iterations = sum(e.visits for e in estimates)
            if not opening:
                estimates = bot.analyse(view, seed)
                iterations = bot.last_iterations
            most = recommended(estimates, menu)
            whole = bot.whole_move(view, most.action, seed) if most is not None else []
    except KeyboardInterrupt as interrupt:
        if stopping.signal_of(interrupt) != signal.SIGINT:
            raise
        return ["Hint stopped. Your turn goes on."]
    return opening + hint_lines(estimates, menu, iterations, players, settings.iterations,
                                extensions=extensions, whole=whole_move_words(whole, names))


def recommended(estimates, menu: H.Menu):
    """The estimate of the move the expert recommends among the menu's: the
    one its search looked at most (its estimates are surest there); None
    if it looked at none."""
    by_action = {choice.action for choice in menu.choices}
    return next((e for e in estimates if e.action in by_action), None)


def whole_move_words(steps, names: list[str]) -> str:
    """The decisions that complete a move (`IsmctsBot.whole_move`: (phase,
    action) pairs) in words, those of one decision together: 'offer Tent
    and Sunscreen, ask for two Cameras'; '' for none."""
    groups: list[tuple[int, str, list[str]]] = []
    for phase, action in steps:
        d = decode(action)
        if d.name == "card":
            thing = C.CARD_WORDS[d.arg]
        elif d.name == "kind":
            thing = C.KIND_NAMES[d.arg]
        elif d.name == "seat":
            thing = names[d.arg]
        else:  # done: the end of a part of an offer
            continue
        verb = action_text(action, phase, names).removesuffix(thing).rstrip()
        if groups and groups[-1][0] == phase:
            groups[-1][2].append(thing)
        else:
            groups.append((phase, verb, [thing]))
    return ", ".join(f"{verb} {counted(things)}" for _, verb, things in groups)


def hint_lines(estimates, menu: H.Menu, iterations: int, players: int, budget: int,
               shown: int = 4, *, extensions: int, whole: str = "") -> list[str]:
    """The `shown` options the search looked at most: first the one it
    recommends (`recommended`), marked as the expert's move and told whole
    (`whole`: the rest of the move in words, `whole_move_words`), then the
    others, best estimate first; each with its chance in words (the chance
    map of a search of `budget` iterations at a table of `players` with
    the extensions of bit mask `extensions`)."""
    by_action = {choice.action: choice for choice in menu.choices}
    looked_at = [e for e in estimates if e.action in by_action][:shown]
    most = recommended(looked_at, menu)
    if most is None:
        return ["The expert found nothing to say."]

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
        label = choice.label
        if estimate is most:
            label += f" ({whole})" if whole else ""
        mark = "; the expert's move" if estimate is most and len(looked_at) > 1 else ""
        lines.append(f"{choice.number}. {label}: {words}{mark}")
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
