"""`passport review`: a finished (or saved) game replayed from one seat's
view, with the expert's win chance at each of that seat's turn-level
decisions, for the move played and for the move it would play.

Only what the seat knew at that moment is searched: each analysis gets the
seat's view (R7.4) of the position, never the record's other hands. Payments,
offers and the other small choices inside a move are not reviewed; the move
that began them is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .safe_text import path_text, seat_name

# A move is flagged when the expert rates its own move this many points above it.
COSTLY = 0.05
MOST_FLAGGED = 5


class ReviewError(ValueError):
    """A record that can't be reviewed; `str()` is one sentence."""


@dataclass(frozen=True)
class Reviewed:
    """One decision of the reviewed seat."""
    round: int
    played: str
    played_chance: float | None   # None: the search did not look at the move played
    best: str
    best_chance: float

    @property
    def cost(self) -> float:
        return self.best_chance - (self.played_chance if self.played_chance is not None else 0.0)


@dataclass(frozen=True)
class Review:
    name: str
    players: int
    decisions: list[Reviewed]
    ending: str  # how the game ended: "Ana won", "nobody won (round 200 was the last)"


def load(path: Path, seat: int | None):
    """(the record's document, its config, the seat to review, the seats' names)."""
    from engine.record import RecordError, read_record, resume
    try:
        doc = read_record(path)
        resume(doc, str(path))  # every step replays, or RecordError
    except RecordError as error:
        raise ReviewError(str(error)) from None
    players = doc["config"]["players"]
    seats = doc.get("seats") or [{"name": f"seat {s}", "player": "?"} for s in range(players)]
    names = [seat_name(s.get("name", f"seat {i}")) for i, s in enumerate(seats)]
    if seat is None:
        people = [i for i, s in enumerate(seats) if s.get("player") == "human"]
        if len(people) != 1:
            raise ReviewError(f"{path_text(path)} has no single person's seat: choose one with --seat "
                              f"(0 to {players - 1}).")
        seat = people[0]
    elif not 0 <= seat < players:
        raise ReviewError(f"--seat {seat}: the game has seats 0 to {players - 1}.")
    return doc, seat, names


def review(path: Path, seat: int | None, think: float, advance: Callable[[int, int], None]
           ) -> Review:
    """Search every turn-level decision of the seat; `advance(done, total)` after each."""
    from arena.match import derive_seed
    from bots.chances import chance
    from bots.difficulty import expert_settings
    from bots.ismcts import IsmctsBot
    from engine import Game, Phase

    doc, seat, names = load(path, seat)
    config = doc["config"]
    actions = [a for step in doc["steps"] for a in step.get("engine_actions", [])]
    actions += doc.get("pending", {}).get("engine_actions", [])
    game = Game.new(config["players"], config["extensions"], config["seed"], config["round_cap"])
    mine = []
    probe = game.copy()
    for action in actions:  # where the seat decided, before searching anything
        if probe.decider == seat and probe.phase == Phase.MAIN and len(probe.legal_actions()) > 1:
            mine.append(len(mine))
        probe.apply(action)
    total = len(mine)
    settings = expert_settings(think)
    decisions = []
    for index, action in enumerate(actions):
        if game.decider == seat and game.phase == Phase.MAIN and len(game.legal_actions()) > 1:
            view = game.view(seat)
            search_seed = derive_seed("review", config["seed"], index)
            estimates = IsmctsBot(settings, search_seed, "review").analyse(view, search_seed)
            best = estimates[0]
            played = next((e for e in estimates if e.action == action and e.visits > 0), None)
            decisions.append(Reviewed(
                game.round, game.action_text(action, names),
                chance(played.win_chance, game.players, settings.iterations, game.config.extensions)
                if played else None,
                game.action_text(best.action, names),
                chance(best.win_chance, game.players, settings.iterations, game.config.extensions)))
            advance(len(decisions), total)
        game.apply(action)
    return Review(names[seat], game.players, decisions, ending(game, names))


def ending(game, names: list[str]) -> str:
    """How a reviewed game ended, in a few words."""
    if not game.over:
        return "the game was not finished"
    if game.outcome.winner is None:
        return f"nobody won (round {game.outcome.rounds} was the last, the round cap)"
    return f"{names[game.outcome.winner]} won"


def costly(result: Review) -> list[Reviewed]:
    """The decisions that cost most (at least COSTLY), worst first."""
    flagged = [d for d in result.decisions if d.played != d.best and d.cost >= COSTLY]
    return sorted(flagged, key=lambda d: -d.cost)[:MOST_FLAGGED]
