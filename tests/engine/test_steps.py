"""Moves and record steps as values (engine/steps.py): the engine's move log
decodes into them, and a record's text parses back into the same values."""

import random
from dataclasses import replace

import pytest

from engine import Game
from engine.record import GameRecorder
from engine.steps import EventDrawn, Move, Place, Step, Where, hand


def test_every_place_reads_back_from_its_text():
    places = [Place(where) for where in Where if where not in (Where.HAND, Where.TABLE,
                                                                Where.VISITED)]
    places += [Place(where, seat) for where in (Where.HAND, Where.TABLE, Where.VISITED)
               for seat in range(6)]
    for place in places:
        assert Place.parse(str(place)) == place
    assert str(hand(2)) == "hand:2" and hand(2).is_hand(2) and not hand(2).is_hand(1)


@pytest.mark.parametrize("text", ["hand", "hand:6", "hand:x", "discard:1", "pile", "center:0"])
def test_a_string_that_is_no_place_is_refused(text):
    with pytest.raises(ValueError):
        Place.parse(text)


def without_drawers(step: Step) -> Step:
    return replace(step, moves=tuple(EventDrawn(m.card) if isinstance(m, EventDrawn) else m
                                     for m in step.moves))


def recorded(seed, players=4, extensions="all", round_cap=40):
    game = Game.new(players=players, extensions=extensions, seed=seed, round_cap=round_cap)
    recorder = GameRecorder(game)
    rnd = random.Random(seed)
    while not game.over:
        recorder.apply(rnd.choice(game.legal_actions()))
    return recorder


@pytest.mark.parametrize("seed", range(6))
def test_a_recorders_steps_are_what_its_document_says(seed):
    """Written as record text and parsed back, every step is the value the
    recorder holds: no card, place or field is lost either way, but for who
    drew an event, which a record does not say."""
    recorder = recorded(seed, players=2 + seed % 5)
    document = recorder.document()
    assert [step.to_record() for step in recorder.steps] == document["steps"]
    parsed = [Step.from_record(step) for step in document["steps"]]
    assert parsed == [without_drawers(step) for step in recorder.steps]
    assert any(isinstance(m, EventDrawn) for step in parsed for m in step.moves)
    moves = [m for step in recorder.steps for m in step.moves if isinstance(m, Move)]
    assert moves and all(isinstance(m.source, Place) and isinstance(m.dest, Place)
                         for m in moves)
