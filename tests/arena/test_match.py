"""A table of seats playing one game (arena/match.py): seeds, players, records."""

import pytest

from arena.match import GameResult, Seat, Table, bot_players, bot_seats, derive_seed, record_path
from engine import Config, IllegalActionError, SeatView
from engine import cards as C
from engine.kernels import RNG


def test_seeds_are_those_every_earlier_record_was_made_with():
    """The seeds of tournament deals and bots, selfplay games and bots, watch
    bots and play decisions, as they have always been derived: the same
    seeds still make the same games."""
    assert derive_seed("tournament", 7, 3, "deal") == 5556762291825964
    assert derive_seed("tournament", 7, 3, "rotation 1 seat 2") == 5656484714473150
    assert derive_seed("selfplay", 5, 1, "game") == 4998055939921025
    assert derive_seed("selfplay", 5, 2, "seat 1") == 5182658848747367
    assert derive_seed("watch", 9, 2, bits=62) == 29246823394479931
    assert derive_seed("play", 11, 1, 40, bits=62) == 4398961739593344245
    assert derive_seed("selfplay", 5, 1, "game") < 2**53


def test_a_table_plays_a_game_to_its_end_and_counts_its_decisions():
    names = ("greedy", "random", "greedy")
    config = Config(players=3, extensions=C.ALL_EXTENSIONS, seed=8, round_cap=30)
    table = Table(config, bot_seats(names, ["Ana", "Bo", "Cy"]), bot_players(names, [1, 2, 3]))
    table.play()
    result = table.result(number=4)
    assert isinstance(result, GameResult) and result.number == 4 and result.seats == names
    outcome = table.game.outcome
    assert (result.winner, result.reason, result.rounds) == (outcome.winner, outcome.reason,
                                                             outcome.rounds)
    assert result.steps == table.decisions == sum(len(s.engine_actions) for s in table.steps)
    assert table.document()["seats"][1] == {"name": "Bo", "player": "bot:random"}


def test_a_seat_without_a_player_is_decided_by_the_caller():
    config = Config(players=2, seed=5)
    table = Table(config, [Seat("You", "human"), Seat.bot("Ana", "greedy")],
                  [None] + bot_players(["greedy"], [1]))
    while table.game.decider != 0:
        table.step()
    assert table.decider_is_person
    with pytest.raises(ValueError):
        table.step()
    with pytest.raises(IllegalActionError):
        table.apply(10_000)
    before = table.decisions
    steps = table.apply(table.game.legal_actions()[0])
    assert table.decisions == before + 1 and all(step.seat == 0 for step in steps)


def test_players_see_their_seats_view_and_a_cheater_the_whole_state():
    seen = []

    class Spy:
        sees_everything = False

        def choose(self, view: SeatView) -> int:
            seen.append(view)
            return view.legal_actions[0]

    class Cheat(Spy):
        sees_everything = True

    config = Config(players=2, seed=6, round_cap=3)
    table = Table(config, bot_seats(["x", "y"], ["A", "B"]), [Spy(), Cheat()], record=False)
    table.play()
    spy_views = [v for v in seen if v.seat == 0]
    cheat_views = [v for v in seen if v.seat == 1]
    assert spy_views and cheat_views
    # An observation blanks the game's random state (R7.4: the order of the
    # draw pile); the whole state a cheater is shown keeps it.
    assert all(v.observation[RNG] == 0 for v in spy_views)
    assert all(v.observation[RNG] != 0 for v in cheat_views)
    assert table.steps == [] and table.result().steps == table.decisions


def test_record_paths_sort_a_runs_games_together():
    assert record_path("out", 1, 20).name == "game-0001.json"
    assert record_path("out", 12, 12345, ".msgpack").name == "game-00012.msgpack"
    assert record_path("out", 3, 10, rotation=2).name == "deal-0003-rotation-2.json"
