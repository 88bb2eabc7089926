"""Passport's rules engine: the complete rules as numba kernels over one flat array.

Public API: `Game`, `Config`, `Outcome`, `IllegalActionError`; card data in
`engine.cards`; action ids in `engine.actions`; game records in `engine.record`.
"""

from .game import (
    Config, ConfigError, Game, IllegalActionError, Outcome, SeatView, parse_extensions,
)

__all__ = [
    "Config", "ConfigError", "Game", "IllegalActionError", "Outcome", "SeatView",
    "parse_extensions",
]
