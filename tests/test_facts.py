"""One fact, one definition: the players a game seats, the round cap and the
ways a game ends are the engine's, and every layer that checks or shows them
reads them there (the CLI's help pages say them without loading the engine:
tests/cli/test_help.py checks that they agree)."""

import pytest

import engine
from arena.calibration import CalibrationSettings
from arena.tournament import REASONS, TournamentError, TournamentSettings
from engine import Config, ConfigError, Game
from engine.record import RecordError, validate_document
from engine.reference import ReferenceGame


def a_record(players: int) -> dict:
    game = Game.new(players=2, seed=1)
    from engine.record import GameRecorder
    document = GameRecorder(game).document()
    document["config"]["players"] = players
    return document


@pytest.mark.parametrize("players", [engine.MIN_PLAYERS - 1, engine.MAX_PLAYERS + 1])
def test_every_check_of_the_players_refuses_what_the_engine_refuses(players):
    with pytest.raises(ConfigError, match=f"{engine.MIN_PLAYERS} to {engine.MAX_PLAYERS}"):
        Config(players=players)
    with pytest.raises(ValueError, match=f"{engine.MIN_PLAYERS} to {engine.MAX_PLAYERS}"):
        ReferenceGame(players, 0, 1)
    with pytest.raises(RecordError, match=f"{engine.MIN_PLAYERS} to {engine.MAX_PLAYERS}"):
        validate_document(a_record(players))
    with pytest.raises(TournamentError, match=f"{engine.MIN_PLAYERS} to {engine.MAX_PLAYERS}"):
        TournamentSettings(bots=("greedy",) * players)


@pytest.mark.parametrize("players", [engine.MIN_PLAYERS, engine.MAX_PLAYERS])
def test_every_check_of_the_players_takes_what_the_engine_takes(players):
    assert Config(players=players).players == ReferenceGame(players, 0, 1).players == players
    assert TournamentSettings(bots=("greedy",) * players).players == players


def test_every_run_has_the_engines_round_cap_by_default():
    cap = engine.DEFAULT_ROUND_CAP
    assert Config().round_cap == Game.new().config.round_cap == ReferenceGame(2, 0, 1).round_cap == cap
    assert TournamentSettings(bots=("greedy", "greedy")).round_cap == cap
    assert CalibrationSettings(bots=("easy", "greedy"), games=1).round_cap == cap
    assert 1 <= cap <= engine.MAX_ROUND_CAP


def test_a_game_ends_for_one_of_the_engines_reasons_and_a_tournament_adds_forfeit():
    assert REASONS == engine.END_REASONS + ("forfeit",)
    game = Game.new(players=2, seed=3, round_cap=2)
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert game.outcome.reason in engine.END_REASONS
    document = a_record(2)
    document["result"] = {"winner": None, "reason": "forfeit", "rounds": 1}
    with pytest.raises(RecordError, match=", ".join(engine.END_REASONS) + " or null"):
        validate_document(document)
