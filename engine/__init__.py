"""Passport's rules engine: the complete rules as numba kernels over one flat array.

Public API: `Game`, `Config`, `Outcome`, `SeatView`, `Phase`, `Action`,
the limits of a Config (`MIN_PLAYERS`, `MAX_PLAYERS`, `DEFAULT_ROUND_CAP`,
`MAX_ROUND_CAP`) and the reasons a game ends (`END_REASONS`),
`IllegalActionError`, `ConfigError`, `StateError`, `check_view` (a SeatView
made elsewhere than the engine, checked whole), `whole_state_view` (the
whole state as a seat's view: for measurements of what hidden information
costs, never for play); card data in `engine.cards`; action ids in
`engine.actions`; moves and record steps as values in `engine.steps`; game
records in `engine.record`; files and messages from outside read within limits
in `engine.files`; what one seat may know of them, as record values, in
`engine.seen`; the kernels that search code calls inside numba
in `engine.kernels`. `warm()` compiles the kernels into numba's cache once;
`is_warm()` says whether that is done.
"""

from ._layout import END_REASONS
from ._warm import is_warm, warm
from .actions import Action, Phase
from .game import (
    DEFAULT_ROUND_CAP, MAX_PLAYERS, MAX_ROUND_CAP, MIN_PLAYERS, Config, ConfigError, Game,
    IllegalActionError, Outcome, SeatView, StateError, check_view, parse_extensions,
    whole_state_view,
)

__all__ = [
    "DEFAULT_ROUND_CAP", "END_REASONS", "MAX_PLAYERS", "MAX_ROUND_CAP", "MIN_PLAYERS",
    "Action", "Config", "ConfigError", "Game", "IllegalActionError", "Outcome", "Phase",
    "SeatView", "StateError", "check_view", "is_warm", "parse_extensions", "warm",
    "whole_state_view",
]
