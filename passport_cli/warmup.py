"""Getting the engine ready: numba loads each kernel from its cache, or
compiles it the first time (about half a minute for all of them).

Kernels compile per argument types on first call, so each step below calls
them exactly as `selfplay` and `bench` will; a step run with other types
would compile a specialisation nobody uses. `passport warm` runs the steps
one by one and says what it is doing; `selfplay`, `tournament` and `bench`
run the engine's steps, and the steps of the bots they use, behind a status
line before their real work.
"""

from __future__ import annotations

from typing import Callable


def _load_kernels() -> None:
    # Through the engine's own loader, which first drops cached kernels whose
    # sources changed. Importing the kernel modules imports numba; compiling
    # waits for the first call.
    from engine.game import _kernels
    _kernels()


def _game_api() -> None:
    from engine import Game
    game = Game.new(players=4, extensions="all", seed=0, round_cap=3)
    while not game.over:
        game.apply(game.legal_actions()[0])


def _hidden_information() -> None:
    from engine import Game
    Game.new(players=4, extensions="all", seed=0).determinize(0, 1)


def _random_playouts() -> None:
    from .bench import KernelGames
    KernelGames(round_cap=3).play(seed=0)


def _records() -> None:
    from engine import Game
    from engine.record import GameRecorder
    game = Game.new(players=4, extensions="all", seed=0, round_cap=3)
    recorder = GameRecorder(game, seats=[{"name": f"Seat {s}", "player": "bot:random"}
                                         for s in range(4)])
    while not game.over:
        recorder.apply(game.legal_actions()[0])
    recorder.document()


def _greedy_bot() -> None:
    from bots.tournament import warm_bots
    warm_bots(["greedy"])


def _search_bots() -> None:
    from bots.tournament import warm_bots
    warm_bots(["easy"])  # one kernel for every level, easy to expert


# (what a person is told, the work), in the order `passport warm` runs them.
ENGINE_STEPS: list[tuple[str, Callable[[], None]]] = [
    ("numba and the rules kernels", _load_kernels),
    ("set-up, legal actions and moves (the Game API)", _game_api),
    ("hidden information: observations and determinizations", _hidden_information),
    ("random playouts (passport bench)", _random_playouts),
    ("game records (passport selfplay)", _records),
]
BOT_STEPS: list[tuple[str, Callable[[], None]]] = [
    ("the greedy bot's heuristic", _greedy_bot),
    ("the search bots' ISMCTS, easy to expert", _search_bots),
]
STEPS = ENGINE_STEPS + BOT_STEPS


def prepare_engine() -> None:
    """Run the engine's steps quietly; for commands that only need the engine ready."""
    for _, step in ENGINE_STEPS:
        step()


def prepare_bots(names) -> None:
    """Compile or load the kernels of the bots `names` (random needs none)."""
    from bots.tournament import warm_bots
    warm_bots(name for name in names if name != "random")


def kernels_cached(search_bots: bool = True) -> bool:
    """Whether numba's cache already holds the kernels a game needs (the
    engine's and, with `search_bots`, the ISMCTS bots'), so that nothing will
    be compiled: `passport play` says "Preparing the engine (first run only)…"
    only when this is False.

    It reads each entry point's cache index as numba itself would (the index
    is stale once the source changes); numba keeps that API private, so any
    surprise counts as "not cached", which costs only a message."""
    try:
        from engine.game import _kernels
        rules, knowledge = _kernels()
        kernels = [rules.new_game, rules.legal_actions, rules.apply_action,
                   knowledge.observe, knowledge.determinize, knowledge.remember]
        if search_bots:
            from bots import _ismcts
            kernels += [_ismcts.new_tree, _ismcts.search, _ismcts.root_statistics]
        return all(kernel._cache._cache_file._load_index() for kernel in kernels)
    except Exception:  # noqa: BLE001 -- numba internals moved: assume a first run
        return False

