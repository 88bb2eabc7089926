"""Narration of game records: each seat is told what it saw, and no more (R7.4)."""

from __future__ import annotations

import pytest

from engine.steps import CARD_IDS, Move, Step, Where
from passport_cli.table.narrate import PUBLIC, card_words, narrate, narrate_step, turns

NAMES = ["Ana", "Bo", "Cy"]


def step(seat, action, moves):
    """A step as a record file holds it, read as the value narration takes."""
    return Step.from_record({"seat": seat, "action": action, "moves": moves})


DRAW = step(1, {"type": "draw"}, [["Camera#2", "draw", "hand:1"]])


@pytest.mark.parametrize("viewer,told", [
    (0, "Bo drew a card."),
    (1, "You drew Camera."),
    (None, "Bo drew Camera."),
    (PUBLIC, "Bo drew a card."),
])
def test_a_draw_is_seen_by_its_drawer_only(viewer, told):
    assert narrate_step(DRAW, NAMES, viewer) == [told]


def test_the_public_view_names_a_private_card_only_when_every_seat_saw_it():
    theft = step(1, {"type": "steal", "pay": "Tent#1", "from": 0},
                 [["Tent#1", "hand:1", "discard"], ["Umbrella#1", "hand:0", "hand:1"]])
    assert narrate_step(theft, NAMES, PUBLIC) == ["Bo paid Tent and stole a card from Ana."]
    # Two players: thief and victim are the whole table, so the card is public.
    assert narrate_step(theft, NAMES[:2], PUBLIC) == ["Bo paid Tent and stole Umbrella from Ana."]


def test_a_draw_that_finds_no_card_says_so():
    assert narrate_step(step(2, {"type": "draw"}, []), NAMES, 0) == [
        "Cy drew nothing: there was no card left to draw."]


def test_a_steal_is_seen_by_thief_and_victim_only():
    theft = step(1, {"type": "steal", "pay": "Tent#1", "from": 2},
                 [["Tent#1", "hand:1", "discard"], ["Umbrella#1", "hand:2", "hand:1"]])
    assert narrate_step(theft, NAMES, 0) == ["Bo paid Tent and stole a card from Cy."]
    assert narrate_step(theft, NAMES, 1) == ["You paid Tent and stole Umbrella from Cy."]
    assert narrate_step(theft, NAMES, 2) == ["Bo paid Tent and stole Umbrella from you."]


def test_with_special_items_the_steal_happens_in_the_mousetrap_step():
    paid = step(1, {"type": "steal", "pay": None, "from": 0}, [])
    let_it = step(0, {"type": "mousetrap", "play": False}, [["Sunscreen#2", "hand:0", "hand:1"]])
    sprung = step(0, {"type": "mousetrap", "play": True}, [["Mousetrap", "hand:0", "discard"]])
    assert narrate([paid, let_it], NAMES, 2) == ["Bo set out to steal from Ana.",
                                                "Bo stole a card from Ana."]
    assert narrate([paid, let_it], NAMES, 0) == ["Bo set out to steal from you.",
                                                "Bo stole Sunscreen from you."]
    assert narrate_step(sprung, NAMES, 2) == [
        "Ana sprang a Mousetrap: the steal failed and the thief's turn ended."]


def test_copies_of_one_card_are_counted_not_repeated():
    offer = step(0, {"type": "offer", "to": 2, "give": ["Tent#1", "Camera#1", "Tent#2"],
                     "ask": ["Umbrella", "Local Currency", "Umbrella"]}, [])
    assert narrate([offer], NAMES, 1) == [
        "Ana offered Cy two Tents and Camera for two Umbrellas and a Local Currency."]
    ask = step(0, {"type": "offer", "to": 2, "give": ["Camera#1"],
                   "ask": ["Chopsticks", "Chopsticks", "Local Currency", "Local Currency"]}, [])
    assert narrate([ask], NAMES, 1) == [
        "Ana offered Cy Camera for two Chopsticks and two Local Currencies."]


def test_trades_are_public_and_bonus_draws_private():
    offer = step(0, {"type": "offer", "to": 2, "give": ["Camera#1", "Tent#2"],
                     "ask": ["Umbrella", "Passport"]}, [])
    accept = step(2, {"type": "reply", "accept": True},
                  [["Camera#1", "hand:0", "hand:2"], ["Tent#2", "hand:0", "hand:2"],
                   ["Umbrella#1", "hand:2", "hand:0"], ["Passport (Ghana)", "hand:2", "hand:0"],
                   ["Snorkel#1", "draw", "hand:0"]])
    assert narrate([offer, accept], NAMES, 1) == [
        "Ana offered Cy Camera and Tent for an Umbrella and a Passport.",
        "Cy accepted: Ana gave Camera and Tent and got Umbrella and Passport (Ghana).",
        "Ana drew a card.",
    ]
    assert narrate([offer, accept], NAMES, 0)[1:] == [
        "Cy accepted: you gave Camera and Tent and got Umbrella and Passport (Ghana).",
        "You drew Snorkel.",
    ]
    decline = step(2, {"type": "reply", "accept": False}, [])
    assert narrate_step(decline, NAMES, 2) == ["You declined the offer."]


def test_travel_shows_the_hand_to_everyone():
    travel = step(2, {"type": "travel", "to": "Peru",
                      "use": ["Hiking Boots#1", "Tent#1", "Phrasebook#2"]},
                  [{"reveal": {"seat": 2, "cards": ["Hiking Boots#1", "Tent#1", "Phrasebook#2",
                                                    "Passport (Chile)"]}},
                   ["Hiking Boots#1", "hand:2", "discard"], ["Tent#1", "hand:2", "discard"],
                   ["Phrasebook#2", "hand:2", "discard"], ["Peru", "table:2", "visited:2"],
                   ["Camera#1", "draw", "hand:2"]])
    assert narrate_step(travel, NAMES, 0) == [
        "Cy traveled to Peru with Hiking Boots, Tent and Phrasebook, showing their hand: "
        "Hiking Boots, Tent, Phrasebook and Passport (Chile).",
        "Cy drew a card.",
    ]


def test_events_lost_luggage_is_seen_by_giver_and_receiver():
    draw = step(0, {"type": "draw"}, [
        {"event": "Lost Luggage"},
        ["Camera#1", "hand:0", "hand:1"], ["Tent#1", "hand:1", "hand:2"],
        ["Umbrella#1", "hand:2", "hand:0"],
        ["Lost Luggage", "event", "discard"], ["Snorkel#1", "draw", "hand:0"]])
    told = narrate_step(draw, NAMES, 1)
    assert told[0] == "Ana drew the event Lost Luggage!"
    assert "Ana passed Camera to you." in told and "You passed Tent to Cy." in told
    assert "Cy passed a card to Ana." in told and told[-1] == "Ana drew a card."
    assert not any("Umbrella" in line or "Snorkel" in line for line in told)


def test_local_guide_cards_are_seen_by_their_player_only():
    guide = step(1, {"type": "local-guide", "take": "Tent#2"}, [
        ["Local Guide", "hand:1", "discard"], ["Tent#2", "draw", "look"],
        ["Camera#1", "draw", "look"], ["Tent#2", "look", "hand:1"],
        ["Camera#1", "look", "draw-bottom"]])
    assert narrate_step(guide, NAMES, 0) == [
        "Bo played the Local Guide: looked at the top 2 cards of the draw pile and took one of them."]
    assert "took Tent" in narrate_step(guide, NAMES, 1)[0]


def test_turns_start_where_the_acting_seat_changes():
    offer = step(0, {"type": "offer", "to": 1, "give": ["Camera#1"], "ask": ["Tent"]}, [])
    reply = step(1, {"type": "reply", "accept": False}, [])
    draw0 = step(0, {"type": "draw"}, [])
    assert turns([offer, reply, draw0, DRAW, step(2, {"type": "draw"}, [])]) == [0, 0, 0, 1, 2]


def test_card_words():
    assert card_words(CARD_IDS["Camera#2"]) == "Camera"
    assert card_words(CARD_IDS["Passport (Ghana)"]) == "Passport (Ghana)"


def test_a_whole_game_told_to_one_seat_never_names_others_draws():
    """Greedy bots play a game with every extension; for each seat, no sentence
    about another seat's plain draw names the card drawn."""
    from bots.baselines import GreedyBot
    from engine import Game
    from engine.record import GameRecorder

    game = Game.new(players=3, extensions="all", seed=21)
    recorder = GameRecorder(game)
    bots = [GreedyBot(seat) for seat in range(3)]
    while not game.over:
        recorder.apply(bots[game.decider].choose(game.view(game.decider)))
    for viewer in range(3):
        for record_step in recorder.steps:
            moves = record_step.moves
            if record_step.type != "draw" or not all(isinstance(m, Move) for m in moves):
                continue
            assert moves[0].dest.where is Where.HAND
            drawer = moves[0].dest.seat
            told = " ".join(narrate_step(record_step, NAMES, viewer))
            for move in moves:
                if drawer != viewer:
                    assert card_words(move.card) not in told, (viewer, record_step, told)
    assert narrate(recorder.steps, NAMES, None)
