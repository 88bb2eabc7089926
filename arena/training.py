"""Self-play for the learned networks, and their fit (`passport train`;
docs/training.md).

`generate` plays games of one bot in every seat (the expert, at a budget of
its own) at the tables of TABLES in turn, and keeps whole states:
  - value states: a share of the main decisions (VALUE_SHARE), with who won
    the game;
  - policy states: a share of the main decisions the bot searched
    (POLICY_SHARE), with the share of the search's root visits that went
    to each class of move (POLICY_CLASSES).
The games come in parts of GAMES_PER_PART, one file each in the run's
folder (`part-NNNNN.npz`, written whole or not at all), beside `run.json`,
the run's settings: a run killed and started again plays only the parts it
lacks, and a folder is never filled with games of other settings. Game g is
dealt and seated by seeds derived from the run's seed and g alone, so a part
is the same wherever it is played (a local process or a Ray task).

`fit` reads the states as the networks do (`seat_features`: for the value,
each seat's position in the whole state, as the search scores its sampled
worlds; for the policy, what the decider knew) and fits the two networks
with scikit-learn's MLPClassifier (the optional `train` extra): the value
network as the chance that a seat wins (a drawn game counts 1/n win for
each seat), the policy network as the visit shares (each row weighted by
its class's share). Every fifth part is kept aside to rate the fit: the
value's mean log-likelihood of the true winner against the fitted
evaluation's and a uniform guess's, and the policy's cross-entropy and how
often its likeliest class is the search's most visited. The same rows and
seed give the same weights.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from bots.difficulty import iterations_per_move, make_bot
from bots.kernels import (
    EVALUATION_WEIGHTS, NUM_CLASSES, NUM_FEATURES, NUM_SEAT_FEATURES, action_class,
    evaluate_fitted, feature_scratch, seat_features,
)
from bots.names import BotNameError, check_names
from bots.networks import Network, Networks
from engine import MAX_PLAYERS, Game, Phase
from engine.kernels import DECIDER, PLAYERS, STATE_SIZE
from engine.files import write_atomically

from .match import derive_seed

# The tables of the games, in turn: (players, extensions). Four players
# twice as often as the rest: the table people play.
TABLES = ((4, "none"), (4, "all"), (2, "all"), (4, "none"), (3, "all"), (4, "all"), (5, "all"),
          (2, "none"), (4, "none"), (4, "all"), (6, "all"), (3, "none"))
GAMES_PER_PART = 10
VALUE_SHARE = 0.1    # of the main decisions, those whose position is a value row
POLICY_SHARE = 0.5   # of the searched main decisions, those that are a policy row
HELD_OUT = 5         # every fifth part is kept aside to rate a fit
PART_ARRAYS = ("value_states", "value_winner", "value_estimates", "policy_states", "policy_y")
TRAINING_THINK = 0.00625  # the expert's budget in self-play: 250 iterations a move
RUN_FILE = "run.json"


class TrainingError(ValueError):
    """A run that can't go on: one sentence."""


@dataclass(frozen=True)
class TrainingSettings:
    """A self-play run: `bot` in every seat (a level, or a variant such as
    expert+learned_value=1+networks=FILE), `think` its budget when it is
    the expert, `games` games in all, dealt from `seed`."""
    bot: str = "expert"
    think: float | None = TRAINING_THINK
    games: int = 100
    seed: int = 0

    def __post_init__(self):
        try:
            check_names([self.bot], measurement=True)
            searching = iterations_per_move(self.bot, self.think) is not None
            if searching:
                check_names([self.uncapped], measurement=True)
                iterations_per_move(self.uncapped, self.think)
        except BotNameError as error:
            raise TrainingError(str(error)) from None
        if not searching:
            raise TrainingError(f"{self.bot!r} does not search: self-play needs a searching bot")
        if self.games < 1:
            raise TrainingError("a run plays at least one game")

    @property
    def uncapped(self) -> str:
        """The bot as it plays: by iterations alone, never stopped by the
        clock, so that a part is the same on any machine."""
        return f"{self.bot}+seconds=none"

    @property
    def parts(self) -> int:
        return math.ceil(self.games / GAMES_PER_PART)

    def to_json(self) -> dict:
        return {**asdict(self), "tables": [list(t) for t in TABLES],
                "games_per_part": GAMES_PER_PART, "value_share": VALUE_SHARE,
                "policy_share": POLICY_SHARE}


def part_path(directory, part: int) -> Path:
    return Path(directory) / f"part-{part:05d}.npz"


def play_part(settings: TrainingSettings, part: int) -> dict[str, np.ndarray]:
    """The states of part `part`'s games (see the module's docstring):
    value states with their game's winner (-1: none), policy states (the
    decider's) with the visit shares of their search's root by class."""
    value_states, value_won, value_estimates, policy_states, policy_y = [], [], [], [], []
    first = part * GAMES_PER_PART
    for g in range(first, min(first + GAMES_PER_PART, settings.games)):
        players, extensions = TABLES[g % len(TABLES)]
        game = Game.new(players=players, extensions=extensions,
                        seed=derive_seed("train", settings.seed, g, "game"))
        bots = [make_bot(settings.uncapped, derive_seed("train", settings.seed, g, f"seat {s}"),
                         think=settings.think, measurement=True) for s in range(players)]
        sampler = np.random.default_rng(derive_seed("train", settings.seed, g, "rows"))
        kept = 0
        while not game.over:
            seat = game.decider
            state = game.snapshot() if game.phase == Phase.MAIN else None
            bot = bots[seat]
            action = bot.choose(game.view(seat))
            if state is not None:
                if sampler.random() < VALUE_SHARE:
                    value_states.append(state)
                    estimate = np.full(MAX_PLAYERS, np.nan, np.float32)
                    if bot.last_root_values is not None:
                        estimate[:players] = bot.last_root_values
                    value_estimates.append(estimate)
                    kept += 1
                if bot.last_iterations > 0 and sampler.random() < POLICY_SHARE:
                    shares = np.zeros(NUM_CLASSES, np.float32)
                    for move in bot.last_search:
                        shares[action_class(state, move.action)] += move.visits
                    if shares.sum() > 0:
                        policy_states.append(state)
                        policy_y.append(shares / shares.sum())
            game.apply(action)
        winner = game.outcome.winner
        value_won += [-1 if winner is None else winner] * kept
    return {
        "value_states": np.array(value_states, np.int64).reshape(-1, STATE_SIZE),
        "value_winner": np.array(value_won, np.int8),
        "value_estimates": np.array(value_estimates, np.float32).reshape(-1, MAX_PLAYERS),
        "policy_states": np.array(policy_states, np.int64).reshape(-1, STATE_SIZE),
        "policy_y": np.array(policy_y, np.float32).reshape(-1, NUM_CLASSES),
    }


def _no_states() -> dict[str, np.ndarray]:
    """A part's arrays, holding nothing."""
    return {"value_states": np.zeros((0, STATE_SIZE), np.int64), "value_winner": np.zeros(0, np.int8),
            "value_estimates": np.zeros((0, MAX_PLAYERS), np.float32),
            "policy_states": np.zeros((0, STATE_SIZE), np.int64),
            "policy_y": np.zeros((0, NUM_CLASSES), np.float32)}


def _save_part(directory: Path, part: int, rows: dict) -> None:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **rows)
    write_atomically(part_path(directory, part), buffer.getvalue())


def _part_job(settings: TrainingSettings, part: int) -> tuple[int, dict]:
    return part, play_part(settings, part)


def start_run(settings: TrainingSettings, directory) -> list[int]:
    """Make or check the run's folder; the parts it still lacks."""
    directory = Path(directory)
    run = directory / RUN_FILE
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if run.exists():
            if run_settings(directory) != settings.to_json():
                raise TrainingError(f"{directory} holds a run of other settings ({run}); "
                                    "choose another folder")
        else:
            write_atomically(run, (json.dumps(settings.to_json(), indent=1) + "\n").encode())
    except OSError as error:
        raise TrainingError(f"{directory}: can't be written ({error.strerror or error})") from None
    return [p for p in range(settings.parts) if not part_path(directory, p).exists()]


def run_settings(directory) -> dict:
    """The settings a run's folder records (TrainingError if it records none)."""
    run = Path(directory) / RUN_FILE
    try:
        settings = json.loads(run.read_text())
    except (OSError, ValueError) as error:
        raise TrainingError(f"{run}: can't be read ({error})") from None
    if not isinstance(settings, dict):
        raise TrainingError(f"{run}: not a run's settings")
    return settings


def generate(settings: TrainingSettings, directory, *, workers: int = 1, backend: str = "local",
             address: str | None = None, on_part: Callable[[int], None] | None = None) -> int:
    """Play the run's missing parts into `directory`, `workers` at a time
    (processes, or Ray tasks with `backend` "ray"); each part is saved as it
    finishes. Returns the parts played."""
    directory = Path(directory)
    missing = start_run(settings, directory)
    jobs = [(settings, part) for part in missing]
    played = 0
    for part, rows in _run_jobs(jobs, workers, backend, address, settings.bot):
        try:
            _save_part(directory, part, rows)
        except OSError as error:
            raise TrainingError(f"{part_path(directory, part)}: can't be written "
                                f"({error.strerror or error})") from None
        played += 1
        if on_part is not None:
            on_part(part)
    return played


def _run_jobs(jobs, workers, backend, address, bot) -> Iterator[tuple[int, dict]]:
    if backend == "ray":
        from .cluster import ClusterError, ray_results
        finished = ray_results(_part_job, jobs, workers, address, [bot])
        done = set()
        try:
            for _, (part, rows) in finished:
                if part not in done:  # a part played again after its worker died
                    done.add(part)
                    yield part, rows
        except ClusterError as error:
            raise TrainingError(str(error)) from None
        finally:
            finished.close()
        return
    if backend != "local":
        raise TrainingError(f"backend {backend!r}; choose from local, ray")
    from .cluster import local_results
    for _, result in local_results(_part_job, jobs, workers, [bot]):
        yield result


# ---- the fit ------------------------------------------------------------------------------

@dataclass
class Rows:
    """A run's rows as the networks read them: per value position, each
    seat's position (`seat_features` with everything; 0 for empty seats),
    the table's players, the winner (-1: none) and the fitted evaluation's
    win chances (a yardstick); per policy row, what the decider knew and
    the visit shares."""
    value_x: np.ndarray        # [positions, MAX_PLAYERS, NUM_SEAT_FEATURES]
    value_players: np.ndarray  # [positions]
    value_winner: np.ndarray   # [positions]
    value_estimates: np.ndarray  # [positions, MAX_PLAYERS]: the decider's search's, NaN: none
    value_fitted: np.ndarray   # [positions, MAX_PLAYERS]
    policy_x: np.ndarray       # [rows, NUM_SEAT_FEATURES]
    policy_y: np.ndarray       # [rows, NUM_CLASSES]

    @property
    def positions(self) -> int:
        return len(self.value_winner)


def rows_of(states: dict[str, np.ndarray]) -> Rows:
    """The rows of a part's states."""
    value_states, policy_states = states["value_states"], states["policy_states"]
    x = np.empty(NUM_SEAT_FEATURES)
    fitted = np.empty(MAX_PLAYERS)
    scratch = feature_scratch()
    value_x = np.zeros((len(value_states), MAX_PLAYERS, NUM_SEAT_FEATURES), np.float32)
    value_fitted = np.zeros((len(value_states), MAX_PLAYERS))
    players = value_states[:, PLAYERS].astype(np.int8) if len(value_states) else np.zeros(0, np.int8)
    for i, S in enumerate(value_states):
        for s in range(S[PLAYERS]):
            seat_features(S, s, x, scratch, True)
            value_x[i, s] = x
        fitted[:] = 0.0
        evaluate_fitted(S, fitted, EVALUATION_WEIGHTS, np.empty(NUM_FEATURES))
        value_fitted[i] = fitted
    policy_x = np.zeros((len(policy_states), NUM_SEAT_FEATURES), np.float32)
    for i, S in enumerate(policy_states):
        seat_features(S, S[DECIDER], x, scratch, False)
        policy_x[i] = x
    return Rows(value_x, players, states["value_winner"].astype(np.int8),
                states["value_estimates"].astype(np.float32), value_fitted, policy_x,
                states["policy_y"].astype(np.float32))


def load_rows(directory, held_out: bool | None = None) -> Rows:
    """The rows of the run in `directory`: of every part (held_out None),
    of the parts kept aside (True: every HELD_OUT-th), or of the others."""
    directory = Path(directory)
    parts = sorted(directory.glob("part-*.npz"))
    if not parts:
        raise TrainingError(f"{directory} holds no games yet (passport train games)")
    rows = []
    for path in parts:
        number = int(path.stem.removeprefix("part-"))
        if held_out is not None and (number % HELD_OUT == HELD_OUT - 1) != held_out:
            continue
        try:
            with np.load(path) as data:
                states = {name: data[name] for name in PART_ARRAYS}
        except (OSError, ValueError, KeyError) as error:
            raise TrainingError(f"{path}: not a part of a training run ({error})") from None
        if (states["value_states"].shape[1:] != (STATE_SIZE,)
                or states["policy_states"].shape[1:] != (STATE_SIZE,)
                or len(states["value_states"]) != len(states["value_winner"])
                or states["value_estimates"].shape != (len(states["value_states"]), MAX_PLAYERS)
                or len(states["policy_states"]) != len(states["policy_y"])):
            raise TrainingError(f"{path}: not a part of a training run of this version")
        rows.append(rows_of(states))
    if not rows:
        rows.append(rows_of(_no_states()))
    return Rows(*(np.concatenate([getattr(r, f) for r in rows]) for f in Rows.__dataclass_fields__))


def _seat_rows(rows: Rows, search_share: float):
    """The value rows one per seat and outcome: features, label, weight. A
    seat's target is its result (1 won, 0 lost, 1/n a drawn game), mixed
    with the search's estimate where there is one (`search_share` of it);
    each seat's row comes twice, as won with the target's weight and as
    lost with the rest."""
    xs, targets = [], []
    for players in range(2, MAX_PLAYERS + 1):
        at = rows.value_players == players
        if not at.any():
            continue
        x = rows.value_x[at][:, :players].reshape(-1, NUM_SEAT_FEATURES)
        winner = np.repeat(rows.value_winner[at], players)
        seat = np.tile(np.arange(players), int(at.sum()))
        result = np.where(winner < 0, 1 / players, (winner == seat).astype(float))
        estimate = rows.value_estimates[at][:, :players].reshape(-1)
        target = np.where(np.isnan(estimate), result,
                          (1 - search_share) * result + search_share * np.nan_to_num(estimate))
        xs.append(x)
        targets.append(target)
    x, target = np.concatenate(xs), np.concatenate(targets)
    return (np.concatenate([x, x]), np.concatenate([np.ones(len(x), int), np.zeros(len(x), int)]),
            np.concatenate([target, 1 - target]))


def _class_rows(rows: Rows):
    """The policy rows one per class with visits: features, class, weight (its share)."""
    row, cls = np.nonzero(rows.policy_y > 0)
    return rows.policy_x[row], cls, rows.policy_y[row, cls]


def _network(model, scaler_mean, scaler_scale, outputs: int, classes) -> Network:
    """A fitted MLPClassifier as a Network: for one output, the logit of
    class 1; else one logit per class of `outputs`, classes never seen
    getting a bias far below the rest."""
    w1, w2 = model.coefs_
    b1, b2 = model.intercepts_
    if outputs == 1:
        return Network(scaler_mean, scaler_scale, w1, b1, w2, b2)
    full_w2 = np.zeros((w2.shape[0], outputs))
    full_b2 = np.full(outputs, -30.0)
    for column, cls in enumerate(classes):
        full_w2[:, cls] = w2[:, column]
        full_b2[cls] = b2[column]
    return Network(scaler_mean, scaler_scale, w1, b1, full_w2, full_b2)


def fit_networks(rows: Rows, hidden: int = 16, seed: int = 0, max_iter: int = 200,
                 alpha: float = 1.0, search_share: float = 0.0) -> Networks:
    """The value and the policy networks fitted to `rows` (scikit-learn,
    the `train` extra; ImportError without it), with L2 penalty `alpha`:
    the rows of one game share its result, and a network left free
    learns the games by heart."""
    from sklearn.neural_network import MLPClassifier

    if rows.positions == 0 or len(rows.policy_x) == 0:
        raise TrainingError("the run holds too few rows to fit networks")
    networks = []
    for x, y, w, outputs in (_seat_rows(rows, search_share) + (1,),
                             _class_rows(rows) + (NUM_CLASSES,)):
        kept = w > 0
        x, y, w = x[kept].astype(np.float64), y[kept], w[kept]
        mean = x.mean(axis=0)
        scale = x.std(axis=0)
        scale[scale < 1e-6] = 1.0
        model = MLPClassifier(hidden_layer_sizes=(hidden,), activation="relu", alpha=alpha,
                              batch_size=256, learning_rate_init=1e-3, max_iter=max_iter,
                              early_stopping=True, n_iter_no_change=5, random_state=seed)
        model.fit((x - mean) / scale, y, sample_weight=w)
        networks.append(_network(model, mean, scale, outputs, list(model.classes_)))
    return Networks(networks[0], networks[1])


def rate(networks: Networks, rows: Rows) -> dict:
    """How well `networks` predict `rows` (held-out ones): the value's mean
    log-likelihood of the true winner, the fitted evaluation's and a uniform
    guess's, over decided games; the policy's cross-entropy against the visit shares, and how
    often its likeliest class is the most visited."""
    decided = rows.value_winner >= 0
    loglik, fitted, uniform = [], [], []
    for i in np.nonzero(decided)[0]:
        players, winner = rows.value_players[i], rows.value_winner[i]
        logits = networks.value.logits(rows.value_x[i, :players])[:, 0]
        logits = logits - logits.max()
        loglik.append(logits[winner] - np.log(np.exp(logits).sum()))
        fitted.append(math.log(max(rows.value_fitted[i, winner], 1e-12)))
        uniform.append(-math.log(players))
    rating = {"value_positions": int(decided.sum()),
              "value_log_likelihood": float(np.mean(loglik)) if loglik else None,
              "fitted_log_likelihood": float(np.mean(fitted)) if fitted else None,
              "uniform_log_likelihood": float(np.mean(uniform)) if uniform else None,
              "policy_rows": len(rows.policy_x)}
    if len(rows.policy_x):
        logits = networks.policy.logits(rows.policy_x)
        logits = logits - logits.max(axis=1, keepdims=True)
        logp = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        rating["policy_cross_entropy"] = float(-np.mean((rows.policy_y * logp).sum(axis=1)))
        rating["policy_top_class_agreement"] = float(np.mean(
            logits.argmax(axis=1) == rows.policy_y.argmax(axis=1)))
    return rating
