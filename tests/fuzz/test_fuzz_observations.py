"""Observations through every public entry that hands one to a kernel:
`determinized`, `check_view`, `SeatView.determinize`, what engine.seen tells
a seat (`passport agent`'s view path: `view_from_seen`), and each bot's
`choose` (random, greedy, planner, a search level at a tiny budget) given a
SeatView built by hand. A real view with up to three fields set to odd
values (huge, negative, -10**6, what another seat sees there, the whole
state's value, off by one), its seat, its config or its legal actions
changed, gets a normal answer (a legal move, a world that is a state of
the game) or a ValueError in one sentence, and changes nothing; never a
crash. And a state that passes the checks deals, for every seat, worlds
that pass them too.

A read or a write outside an array would end the process, not fail a test:
to see which case did, run with NUMBA_BOUNDSCHECK=1 (and a fresh
NUMBA_CACHE_DIR), which turns it into an IndexError."""

import numpy as np
from hypothesis import event, given
from hypothesis import strategies as st

from engine import Config, Game, SeatView, check_view
from engine import kernels as L
from engine._validate import check_state
from engine.game import determinized
from engine.seen import decision_seen_by, state_seen_by, view_from_seen, view_seen_by

from .conftest import FUZZ
from .test_fuzz_api import CORRUPTION, reached, restored_with

ODD = st.one_of(
    st.integers(-3, 70),
    st.sampled_from([-10**6, 10**6, 2**62, -2**63, 2**63 - 1, L.LOC_HIDDEN, L.HIDDEN]),
    st.integers(-2**63, 2**63 - 1),
    st.sampled_from(["other seat", "whole state", "one more", "one less"]),
)
CHANGES = st.lists(st.tuples(st.integers(0, L.STATE_SIZE - 1), ODD), max_size=3)
LEGAL = st.sampled_from(["as given", "as given", "as given", "one fewer", "one more", "none"])
SEAT = st.sampled_from(["decider", "decider", "decider", "another", "beyond", "negative"])
CONFIG = st.sampled_from(["its own", "its own", "its own", "another"])


def corrupted(game: Game, seat: int, changes) -> np.ndarray:
    """`seat`'s observation with `changes` made to it."""
    observation = game.observation(seat)
    other = game.observation((seat + 1) % game.players)
    for field, value in changes:
        if value == "other seat":
            value = other[field]
        elif value == "whole state":
            value = game.state[field]
        elif value == "one more":
            value = min(int(observation[field]) + 1, 2**63 - 1)
        elif value == "one less":
            value = max(int(observation[field]) - 1, -2**63)
        observation[field] = value
    return observation


def legal_as(legal: tuple, how: str) -> tuple:
    if how == "one fewer":
        return legal[1:]
    if how == "one more":
        return legal + (L.NUM_ACTIONS - 1,)
    return () if how == "none" else legal


_BOTS = {}


def bots() -> dict:
    """A bot of each kind that reaches a kernel, made once (loading a
    search level's kernels takes a moment)."""
    if not _BOTS:
        from bots.baselines import RULE_BOTS
        from bots.difficulty import make_bot
        _BOTS.update({name: bot(seed=1) for name, bot in RULE_BOTS.items()})
        medium = make_bot("medium", seed=1)
        medium.settings = medium.settings.changed(iterations=16, seconds=None)
        _BOTS["medium"] = medium
    return _BOTS


def seat_as(game: Game, how: str, seed: int) -> int:
    if how == "decider" and not game.over:
        return game.decider
    if how == "beyond":
        return game.players + seed % 3
    return -1 - seed % 2 if how == "negative" else seed % game.players


def config_as(game: Game, how: str, seed: int) -> Config:
    if how == "its own":
        return game.config
    c = game.config
    return Config(2 + (c.players - 1) % 5, (c.extensions + 1 + seed % 31) % 32, c.seed,
                  c.round_cap + seed % 2)


def entries(game: Game, view: SeatView, seed: int) -> dict:
    """Each public entry that hands `view` to a kernel, as a call with what
    its answer must satisfy if it answers."""
    def is_world(world):
        c = view.config
        check_state(world.state, c.players, c.extensions, c.round_cap)
        assert np.array_equal(world.observation(view.seat), view.observation)

    def is_move(action):
        assert action in check_view(view).legal_actions

    calls = {
        "determinized": (lambda: determinized(view.config, view.observation, view.seat, seed),
                         is_world),
        "check_view": (lambda: check_view(view), lambda checked: None),
        "SeatView.determinize": (lambda: view.determinize(seed), is_world),
        "state_seen_by": (lambda: state_seen_by(view), lambda told: None),
        "decision_seen_by": (lambda: decision_seen_by(view), lambda told: None),
        "view_from_seen": (lambda: view_from_seen(view.config, view_seen_by(view),
                                                  list(view.legal_actions)),
                           lambda rebuilt: None),
    }
    for name, bot in bots().items():
        calls[name] = (lambda bot=bot: bot.choose(view), is_move)
    return calls


@FUZZ
@given(st.integers(0, 10**6), st.integers(0, 150), SEAT, CHANGES, LEGAL, CONFIG,
       st.integers(0, 2**32))
def test_a_corrupted_view_is_refused_or_answered_at_every_entry(seed, steps, seat, changes,
                                                                legal, config, world_seed):
    game = reached(seed, steps)
    seat = seat_as(game, seat, seed)
    real = game.view(seat % game.players)
    view = SeatView(config_as(game, config, seed), seat,
                    corrupted(game, seat % game.players, changes),
                    legal_as(real.legal_actions, legal))
    before = game.snapshot()
    for name, (call, answers) in entries(game, view, world_seed).items():
        try:
            answer = call()
        except ValueError as error:
            event(f"{name}: refused")
            assert "\n" not in str(error), f"{name}: {error}"
            continue
        event(f"{name}: answered")
        answers(answer)
    assert np.array_equal(game.state, before)


@FUZZ
@given(*CORRUPTION, st.integers(0, 2**32))
def test_a_state_that_passes_deals_worlds_that_pass(seed, steps, field, value, world_seed):
    """One field of a reached state changed: refused, or every seat's world
    dealt from it passes the checks (so its seat to decide can act), and
    shows that seat what the state shows it."""
    game = restored_with(seed, steps, field, value)
    if game is None:
        return
    c = game.config
    event("corrupted state: accepted")
    for seat in range(c.players):
        world = game.determinize(seat, world_seed)
        check_state(world.state, c.players, c.extensions, c.round_cap)
        assert np.array_equal(world.observation(seat), game.observation(seat))
