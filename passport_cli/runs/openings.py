"""Building an opening book (`passport openings build`, docs/openings.md):
games dealt from a run's seed are played by the bots of the level the book
is for; at each of their book decisions (openings.opening_key), a search
`depth` times the level's budget is run from the deciding seat's view, and
its root moves (visits, and visits times the estimated win chance) are
added to the book under the position's key.

Game k of a build seeded S is dealt with derive_seed("openings", S, k);
its bots and its deep searches are seeded from the same words, so a book
is the same for the same settings on any machine and with any number of
workers, and a build stopped part way goes on from the games its file
holds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arena.match import derive_seed


@dataclass(frozen=True)
class BuildSettings:
    level: str
    players: int
    extensions: int
    depth: int   # the deep search's budget, in multiples of the level's
    seed: int
    think: float | None = None  # the expert's thinking time (its budget); None: its default

    def built_with(self) -> dict:
        """What the book records it was built with (`Book.built_with`)."""
        return used_with(self.level, self.players, self.extensions, self.think) | {
            "depth": self.depth, "seed": self.seed}


def used_with(level: str, players: int, extensions: int, think: float | None = None) -> dict:
    """What a book must record to be played by `level` (at `think`) in games
    of `players` seats with the extensions of bit mask `extensions`: the
    level, the table and the level's search settings at that table."""
    from bots.difficulty import search_settings_of
    from engine import Config
    return {"level": level, "players": players,
            "extensions": Config(extensions=extensions).extension_names,
            "settings": search_settings_of(level, think, players, extensions)}


def deep_settings(settings: BuildSettings):
    """The deep search of a build: the level's settings at the build's table
    (hard's duels have their own), with `depth` times their budget."""
    from bots.difficulty import level_settings

    table = level_settings(settings.level, settings.think).at_table_of(settings.players, settings.extensions)
    return replace(table, iterations=table.iterations * settings.depth,
                   seconds=None if table.seconds is None else table.seconds * settings.depth)


def book_positions(settings: BuildSettings, game: int) -> list[tuple[str, dict]]:
    """Game `game` of the build: (key, {move: (visits, value sum)}) for each
    book decision met while the level's bots play its first rounds."""
    from bots.difficulty import make_bot
    from bots.ismcts import IsmctsBot
    from engine import Config, Game
    from openings import BOOK_ROUNDS, action_class, opening_key

    s = settings
    game_state = Game(Config(s.players, s.extensions, derive_seed("openings", s.seed, game)))
    bots = [make_bot(s.level, derive_seed("openings", s.seed, game, f"seat {seat}"), s.think)
            for seat in range(s.players)]
    deep = IsmctsBot(deep_settings(s), 0, f"{s.level} x{s.depth}")
    found = []
    while not game_state.over and game_state.round <= BOOK_ROUNDS:
        view = game_state.view(game_state.decider)
        key = opening_key(view)
        if key is not None:
            search_seed = derive_seed("openings", s.seed, game, "search", len(found))
            moves = deep.analyse(view, search_seed)
            found.append((key, {action_class(view, m.action): (m.visits, m.visits * m.win_chance)
                                for m in moves if m.visits > 0}))
        game_state.apply(bots[game_state.decider].choose(view))
    return found


def build(settings: BuildSettings, games: int, book, workers: int = 1, on_game=None,
          on_book=None, backend: str = "local", address: str | None = None):
    """Search games book.games + 1 .. `games` into `book` (an openings.Book
    built with `settings`), in order; after each, `on_game(number)` and
    `on_book(book)` (the caller saves it, so a stopped build loses at most
    the games under way). With `backend` "ray" the games are Ray tasks
    (arena.cluster.ray_results: on the cluster at `address`, or on a private
    instance of `workers` CPUs); arena.cluster.ClusterError, one sentence,
    if Ray is missing or its cluster out of reach or refusing the run."""
    numbers = range(book.games + 1, games + 1)
    jobs = [(settings, number) for number in numbers]
    if backend == "ray":
        from arena.cluster import ray_results
        finished = ray_results(book_positions, jobs, workers, address, [settings.level])
    else:
        from arena.cluster import local_results
        finished = local_results(book_positions, jobs, workers, [settings.level])
    results = _in_order(finished)
    try:
        for number, positions in zip(numbers, results):
            for key, moves in positions:
                book.add(key, moves)
            book.games = number
            if on_book is not None:
                on_book(book)
            if on_game is not None:
                on_game(number)
    finally:
        finished.close()  # stops the games under way


def _in_order(finished):
    """The results of (index, result) pairs in index order, each index once
    (a job run again after its worker died may finish twice)."""
    waiting, wanted = {}, 0
    for index, result in finished:
        if index >= wanted:
            waiting.setdefault(index, result)
        while wanted in waiting:
            yield waiting.pop(wanted)
            wanted += 1


def entry_lines(book, key: str) -> list[str]:
    """A book entry in words: the key, then each move's share of the visits
    and its estimated win chance, most visited first (an entry whose moves
    have no visits has no shares: each says so)."""
    from openings import SEAT_ACTIONS
    rows = book.entry(key)
    lines = [f"Key: {key}"]
    if not rows:
        return lines + ["Not in the book."]
    total = sum(visits for _, visits, _ in rows)
    lines.append(f"{book.positions.get(key, 0)} positions searched, {total:,} visits in all:")
    for (name, arg), visits, value in rows:
        words = name if arg < 0 else (f"{name} +{arg}" if name in SEAT_ACTIONS
                                      else f"{name} {arg}")
        share = f"{visits / total:6.1%} of the visits" if total else "no visits"
        chance = f"win chance {value:.1%}" if value == value else "no win chance"
        lines.append(f"  {words:<18} {share}, {chance}")
    return lines

