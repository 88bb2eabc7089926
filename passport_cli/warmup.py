"""Getting the engine ready: numba loads each kernel from its cache, or
compiles it the first time (about half a minute for all of them).

Kernels compile per argument types on first call, so each step below calls
them exactly as `selfplay` and `bench` will; a step run with other types
would compile a specialisation nobody uses. `passport warm` runs the steps
one by one and says what it is doing; `selfplay` and `bench` run them behind
a status line before their real work.
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


# (what a person is told, the work), in the order `passport warm` runs them.
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("numba and the rules kernels", _load_kernels),
    ("set-up, legal actions and moves (the Game API)", _game_api),
    ("hidden information: observations and determinizations", _hidden_information),
    ("random playouts (passport bench)", _random_playouts),
    ("game records (passport selfplay)", _records),
]


def prepare_engine() -> None:
    """Run every step quietly; for commands that only need the engine ready."""
    for _, step in STEPS:
        step()
