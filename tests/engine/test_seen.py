"""What a seat is told (engine/seen.py) never holds a card it may not know
(R7.4), compared with the engine's own knowledge of every card."""

import random

import pytest

from engine import Game
from engine import cards as C
from engine.record import GameRecorder
from engine.seen import setup_seen_by, state_seen_by, step_seen_by
from engine.steps import ACTION_FIELDS, CARD_IDS, Move


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


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
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
