"""What a seat is told (engine/seen.py) never holds a card it may not know
(R7.4), compared with the engine's own knowledge of every card."""

import hashlib
import json
import random
import re

import numpy as np
import pytest

from engine import Game, StateError
from engine import _layout as L
from engine import cards as C
from engine.record import GameRecorder
from engine.seen import (
    VIEW_VERSION, setup_seen_by, state_seen_by, step_seen_by, view_from_seen, view_seen_by,
)
from engine.steps import ACTION_FIELDS, CARD_IDS, Move
from tests.sweeps import sweep


def named_cards(seen: dict) -> set[str]:
    """The cards a told step names, in its action's fields (kinds asked are
    no cards) and its moves, a shuffle's excepted (its cards are public: they
    were the discard pile)."""
    names = set()

    def walk(value):
        if isinstance(value, str) and value in CARD_IDS:
            names.add(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict) and "shuffle" not in value:
            for item in value.values():
                walk(item)
    action = seen["action"]
    walk([value for name, value in action.items()
          if name != "type" and ACTION_FIELDS[action["type"]][name] != "kinds"])
    walk(seen["moves"])
    return names


def play_and_check(seed: int, players: int, decisions: int = 1500) -> int:
    """Random play; every step each seat is told is checked against the
    engine's knowledge right after the step's last decision. Returns the
    number of steps checked."""
    game = Game.new(players=players, extensions="all", seed=seed)
    recorder = GameRecorder(game)
    rng = random.Random(seed)
    after = [game.copy()]  # after[k]: the game after k decisions
    told = checked = 0
    while not game.over and len(after) <= decisions:
        recorder.apply(rng.choice(game.legal_actions()))
        after.append(game.copy())
        ends, total = [], 0
        for step in recorder.steps:
            total += len(step.engine_actions)
            ends.append(total)
        for i in range(told, len(recorder.steps)):
            step, then = recorder.steps[i], after[ends[i]]
            # This step and the steps closed by the same decision may move a
            # card on after it was shown, or take a card from a hand unseen: a
            # seat that did not see which card left a hand no longer knows
            # where the rest of that hand is (after Lost Luggage, any hand's).
            closing = [j for j in range(i, len(recorder.steps)) if ends[j] == ends[i]]
            places = then.card_places()
            for seat in range(players):
                told_now = [step_seen_by(recorder.steps[j], seat) for j in closing]
                moved = [m for t in told_now for m in t["moves"] if isinstance(m, list)]
                moved_on = {m[0] for t in told_now[1:] for m in t["moves"] if isinstance(m, list)}
                lost_from = {int(m[1][5:]) for m in moved if m[0] is None and m[1].startswith("hand:")}
                if any(m == {"event": "Lost Luggage"} for t in told_now for m in t["moves"]):
                    lost_from = set(range(players))  # each seat then knows its own hand only
                for name in named_cards(told_now[0]):
                    card = CARD_IDS[name]
                    if then.knows(seat, card) or name in moved_on or places[card] in lost_from:
                        continue
                    assert 100 <= places[card] < 200, (  # shuffled into the draw pile
                        f"seed {seed}: seat {seat} was told {name} in {step.to_record()}")
            checked += 1
        told = len(recorder.steps)
    return checked


@pytest.mark.parametrize("players", sweep([2, 3, 4, 5, 6], quick={3}))
def test_a_seat_is_told_no_card_it_did_not_see(players):
    checked = sum(play_and_check(seed, players) for seed in range(6))
    assert checked > 2000


def test_hidden_moves_are_told_without_their_card():
    game = Game.new(players=3, extensions="none", seed=5)
    recorder = GameRecorder(game)
    while not recorder.steps or recorder.steps[-1].type != "draw":
        recorder.apply(0 if game.phase_name == "main" else game.legal_actions()[0])
    draw = recorder.steps[-1]
    drawer = draw.seat
    card = next(m.card for m in draw.moves if isinstance(m, Move))
    assert step_seen_by(draw, drawer)["moves"][0][0] == draw.to_record()["moves"][0][0]
    for seat in range(3):
        if seat != drawer:
            assert step_seen_by(draw, seat)["moves"][0] == [None, "draw", f"hand:{drawer}"]
            assert not game.knows(seat, card) or game.card_places()[card] != drawer


def test_the_setup_a_seat_is_told_holds_its_own_hand_only():
    game = Game.new(players=4, extensions="all", seed=3)
    setup = GameRecorder(game).document()["setup"]
    for seat in range(4):
        told = setup_seen_by(setup, seat)
        assert told["hand"] == setup["hands"][seat]
        assert told["hand_sizes"] == [len(h) for h in setup["hands"]]
        text = repr(told)
        for other in range(4):
            if other != seat:
                assert not any(name in text for name in setup["hands"][other])
        assert all(name not in text for name in setup["draw_pile"])
    with pytest.raises(ValueError, match="not in this 4-player game"):
        setup_seen_by(setup, 4)


@pytest.mark.parametrize("seed", range(4))
def test_the_state_a_seat_is_told_does_not_depend_on_hidden_cards(seed):
    """The same view with the hidden cards dealt anew gives the same state;
    every card of another hand it names is one the seat knows."""
    game = Game.new(players=2 + seed, extensions="all", seed=seed)
    rng = random.Random(seed)
    compared = 0
    for decision in range(400):
        if game.over:
            break
        seat = game.decider
        if decision % 5 == 0:
            told = state_seen_by(game.view(seat))
            for other_seed in (1, 2):
                assert state_seen_by(game.determinize(seat, other_seed).view(seat)) == told
            assert sorted(told["hand"]) == sorted(C.CARD_NAMES[c] for c in game.hand(seat))
            for other, names in enumerate(told["known_cards"]):
                for name in names or ():
                    assert game.knows(seat, CARD_IDS[name])
                    assert game.card_places()[CARD_IDS[name]] == other
            compared += 1
        game.apply(rng.choice(game.legal_actions()))
    assert compared > 20


# ---- the engine's own view, for a program built on this engine ----------------

# engine/_layout.py's constants when VIEW_VERSION became 1 (a digest).
LAYOUT_OF_VIEW_VERSION_1 = "fe7087f92172c342"

def random_views(seed: int, players: int, decisions: int):
    """The deciding seat's view at each decision of a random game."""
    game = Game.new(players=players, extensions="all", seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.over:
            return
        view = game.view(game.decider)
        yield game, view
        game.apply(rng.choice(view.legal_actions))


@pytest.mark.parametrize("players", sweep([2, 3, 4, 5, 6], quick={2}))
def test_a_view_told_as_data_is_rebuilt_exactly(players):
    checked = 0
    for seed in range(3):
        for game, view in random_views(seed, players, 700):
            data = json.loads(json.dumps(view_seen_by(view)))
            back = view_from_seen(game.config, data, list(view.legal_actions))
            assert np.array_equal(back.observation, view.observation)
            assert back.seat == view.seat and back.legal_actions == view.legal_actions
            checked += 1
    assert checked >= 1000


def test_a_view_holds_what_its_seat_knows_only():
    # the engine's observation, whose hidden cards a world dealt anew never changes
    for game, view in random_views(3, 4, 300):
        told = view_seen_by(view)
        for seed in (1, 2):
            world = game.determinize(view.seat, seed)
            assert view_seen_by(world.view(view.seat)) == told


def real_view(players=4, decisions=120, seed=5):
    *_, (game, view) = random_views(seed, players, decisions)
    return game, view, view_seen_by(view)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(version=0), "version 0 can't be read"),
    (lambda d: d.update(seat=True), "its seat as a whole number"),
    (lambda d: d.update(observation="all"), "list of whole numbers"),
    (lambda d: d["observation"].pop(), "fields, not shape"),
    (lambda d: d["observation"].__setitem__(0, 3), "PLAYERS is 3, outside 4..4"),
    (lambda d: d["observation"].__setitem__(L.LOC + 7, 99), "LOC[7] is 99"),
    (lambda d: d["observation"].__setitem__(L.DRAW_HEAD, -5), "DRAW_HEAD is -5"),
    (lambda d: d["observation"].__setitem__(L.RNG, 12345), "could see there"),
    (lambda d: d["observation"].__setitem__(L.HAND_SIZE, 40), "not a seat's view"),
])
def test_a_wrong_view_is_refused_in_one_sentence(change, words):
    game, view, data = real_view()
    change(data)
    with pytest.raises(StateError, match=re.escape(words)) as error:
        view_from_seen(game.config, data, list(view.legal_actions))
    assert "\n" not in str(error.value)


def test_a_view_must_come_with_its_seats_legal_actions():
    game, view, data = real_view()
    with pytest.raises(StateError, match="not the legal actions"):
        view_from_seen(game.config, data, list(view.legal_actions)[:-1] + [147])
    other = game.view((view.seat + 1) % game.players)
    with pytest.raises(StateError, match="no decision to make"):
        view_from_seen(game.config, view_seen_by(other), [])


def test_views_changed_at_random_are_refused_or_are_views():
    """One field of a real view set to a random value: the view is refused
    with StateError, or it is a view some state of the game gives, which
    the kernels may read (no crash, no other error)."""
    rng = random.Random(8)
    accepted = refused = 0
    views = [v for i, v in enumerate(random_views(9, 4, 400)) if i % 20 == 0]
    for game, view in views:
        for _ in range(40):
            data = view_seen_by(view)
            field = rng.randrange(L.STATE_SIZE)
            data["observation"][field] = rng.choice([-2, -1, 0, 1, 5, 11, 66, 2**40,
                                                     data["observation"][field] + 1])
            try:
                back = view_from_seen(game.config, data, list(view.legal_actions))
            except StateError:
                refused += 1
                continue
            accepted += 1
            assert view_seen_by(back) == data
    assert refused > 100 and accepted > 10


def test_the_view_version_follows_the_layout():
    """A change of engine/_layout.py changes what a view's numbers mean:
    raise VIEW_VERSION with it, and record here the layout it reads."""
    layout = sorted((name, value) for name, value in vars(L).items()
                    if name.isupper() and isinstance(value, int))
    digest = hashlib.sha256(repr(layout).encode()).hexdigest()[:16]
    assert (VIEW_VERSION, digest) == (1, LAYOUT_OF_VIEW_VERSION_1)
