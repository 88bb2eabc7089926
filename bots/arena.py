"""Playing whole games between bots, each seeing only its own seat's view."""

from __future__ import annotations

from typing import Callable, Protocol, Sequence

from engine import Game, Outcome, SeatView


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView) -> int: ...


def play_game(game: Game, bots: Sequence[Bot], apply: Callable[[int], object] | None = None) -> Outcome:
    """Play `game` to its end; seat s is played by bots[s]. `apply` (e.g. a
    record keeper's) replaces game.apply when given."""
    step = apply or game.apply
    while not game.over:
        seat = game.decider
        view = game.view(seat)
        if getattr(bots[seat], "sees_everything", False):
            # measurement only (a cheating bot): the whole state as its "view"
            view = SeatView(view.config, seat, game.snapshot(), view.legal_actions)
        step(bots[seat].choose(view))
    return game.outcome
