"""Getting the engine ready: numba loads each kernel from its cache, or
compiles it the first time (about half a minute for all of them).

Kernels compile per argument types on first call, so each step calls them
exactly as the commands will; a step run with other types would compile a
specialisation nobody uses.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Callable, ContextManager

from . import kernel_cache


def _load_kernels() -> None:
    from . import kernels  # noqa: F401 -- the import is the work: numba and the cache check


def _game_api() -> None:
    from .game import Game
    game = Game.new(players=4, extensions="all", seed=0, round_cap=3)
    for seat in range(4):
        game.hand_limit(seat), game.recycle_cost(seat), game.payable_cards(seat)
    for kind in range(30):
        game.copies(kind)
    while not game.over:
        game.apply(game.actions()[0].id)


def _hidden_information() -> None:
    from .game import Game
    Game.new(players=4, extensions="all", seed=0).determinize(0, 1)


def _mirrored_offers() -> None:
    from .actions import Phase
    from .game import Game
    game = Game.new(players=4, extensions="all", seed=0)
    while game.phase != Phase.TRADE_REPLY:  # the first offer, its first legal cards and kinds
        actions = game.actions()
        game.apply(next((a for a in actions if a.name == "trade"), actions[0]).id)
    try:
        game.mirrored_offer()
    except ValueError:  # this target could not accept: the kernel ran all the same
        pass


def _random_playouts() -> None:
    import numpy as np

    from . import kernels
    state = np.zeros(kernels.STATE_SIZE, np.int64)
    log = np.zeros((1, 4), np.int64)
    kernels.new_game(state, 4, 31, np.int64(0), 3, log)
    kernels.play_random(state, np.zeros(1, np.int64), 2**62, log)


def _records() -> None:
    from .game import Game
    from .record import GameRecorder
    game = Game.new(players=4, extensions="all", seed=0, round_cap=3)
    recorder = GameRecorder(game, seats=[{"name": f"Seat {s}", "player": "bot:random"}
                                         for s in range(4)])
    while not game.over:
        recorder.apply(game.legal_actions()[0])
    recorder.document()


# (what a person is told, the work), in the order `warm` runs them.
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("numba and the rules kernels", _load_kernels),
    ("set-up, legal actions and moves (the Game API)", _game_api),
    ("hidden information: observations and determinizations", _hidden_information),
    ("trade offers turned around (the bots check their offers)", _mirrored_offers),
    ("random playouts (passport bench)", _random_playouts),
    ("game records (passport selfplay)", _records),
]


def warm(on_step: Callable[[str], ContextManager] | None = None) -> None:
    """Compile (or load from numba's cache) every kernel the engine's API
    uses, then note that the cache is warm. `on_step(label)`, if given, is
    entered around each step: a command shows progress with it."""
    for label, step in STEPS:
        with on_step(label) if on_step is not None else nullcontext():
            step()
    kernel_cache.mark_warm(kernel_cache.ENGINE_DIR)


def is_warm() -> bool:
    """Whether `warm` has compiled these very sources into the cache, so that
    nothing will be compiled now. Reads a stamp only: imports nothing heavy."""
    return kernel_cache.is_warm(kernel_cache.ENGINE_DIR)
