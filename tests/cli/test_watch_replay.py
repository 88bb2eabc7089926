"""`passport watch` and `passport replay` driven as a person types them: bots
play to the end, a spectator is told only what every player knows unless
asked for more, and a record is stepped through from any seat's view."""

from __future__ import annotations

import json
import re

import click
import pytest
from click.testing import CliRunner

from engine.record import read_record, replay, write_record
from passport_cli.main import cli
from engine.steps import Step
from passport_cli.table.narrate import PUBLIC, narrate_step

ENV = {"NO_COLOR": "1", "COLUMNS": "80"}
# "X drew ..." naming what was drawn; a hidden draw is "a card" or "N cards",
# and events are shown to everyone.
NAMED_DRAW = r"drew (?!a card|\d+ cards|the event|nothing)"
FAST = ["--delay", "0"]


def run(*args, input=None):
    """`passport ARGS...` in-process; click's Result."""
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=ENV,
                              prog_name="passport")


def prose(output: str) -> str:
    """The output with every run of whitespace made one space: sentences that
    wrapped (with a hanging indent) read whole again."""
    return " ".join(output.split())


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    """A selfplay record: 3 random bots, every extension, 12 rounds."""
    out = tmp_path_factory.mktemp("selfplay")
    result = run("selfplay", "--out", out, "--players", 3, "--round-cap", 12, "--seed", 5)
    assert result.exit_code == 0, result.output
    [path] = sorted(out.iterdir())
    return path


# ---- watch ----------------------------------------------------------------------------

def test_watch_plays_to_the_end_and_saves_a_record_that_replays(tmp_path):
    saved = tmp_path / "watched.json"
    result = run("watch", "--bots", 2, "--difficulty", "greedy", "--extensions", "none",
                 "--seed", 2, "--save", saved, *FAST)
    assert result.exit_code == 0, result.output
    assert "Ana (greedy) and Bo (greedy) play. Extensions: none." in result.output
    assert "Round 1 of 200 · " in result.output and "Known to all" in result.output
    assert re.search(r"\n(Ana|Bo) traveled to the center country, \w+, and won in round \d+\.",
                     result.output)
    assert "Rounds played:" in result.output
    doc = read_record(saved)
    assert [seat["player"] for seat in doc["seats"]] == ["bot:greedy", "bot:greedy"]
    assert replay(doc).outcome.winner == doc["result"]["winner"]
    # The step numbers shown are the record's: the last one is its last step.
    assert re.search(rf"\n +{len(doc['steps'])} ", result.output)


def test_watch_shows_only_what_every_player_knows():
    result = run("watch", "--bots", 3, "--difficulty", "random,greedy,easy", "--seed", 1,
                 "--round-cap", 8, *FAST)
    assert result.exit_code == 0, result.output
    told = prose(result.output)
    assert "drew a card" in told
    assert not re.search(NAMED_DRAW, told), re.search(NAMED_DRAW, told)
    assert "Cards in hand" not in told
    assert "Round 8 was the last (the round cap): nobody won." in told


def test_watch_with_reveal_shows_every_hand_and_card():
    result = run("watch", "--bots", 3, "--difficulty", "random,greedy,easy", "--seed", 1,
                 "--round-cap", 8, "--reveal", *FAST)
    assert result.exit_code == 0, result.output
    told = prose(result.output)
    assert "Every hand is shown" in told and "Cards in hand" in told
    assert re.search(NAMED_DRAW, told)
    # The first table lists each player's passport among their cards.
    first_table = result.output.split("Cards in hand")[1].split("Draw pile:")[0]
    assert first_table.count("Passport") == 3


def test_watch_stops_cleanly_on_ctrl_c(monkeypatch):
    def interrupted(seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr("passport_cli.watch.time.sleep", interrupted)
    result = run("watch", "--bots", 2, "--difficulty", "random", "--seed", 4,
                 "--delay", "0.01")
    assert result.exit_code == 130
    assert result.output.rstrip().splitlines()[-1] == \
        "Interrupted in round 1; the game was not finished."


@pytest.mark.parametrize("args,words", [
    (["--bots", "1"], "--bots"),
    (["--bots", "7"], "--bots"),
    (["--difficulty", "wizard"], "'wizard' is not a bot"),
    (["--bots", "3", "--difficulty", "easy,hard"], "names 2 levels for 3 bots"),
    (["--extensions", "moon"], "unknown extension 'moon'"),
    (["--round-cap", "0"], "--round-cap"),
    (["--save", "game.txt"], ".json or .msgpack"),
    (["--delay", "-1"], "--delay"),
])
def test_watch_bad_options_are_usage_errors(args, words):
    result = run("watch", *args)
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_watch_offers_every_bot():
    from bots.names import BOT_NAMES
    from passport_cli.commands.watch import watch
    [option] = [p for p in watch.params if p.name == "difficulty"]
    context = click.Context(watch)
    assert option.process_value(context, ",".join(BOT_NAMES)) == list(BOT_NAMES)


# ---- replay ---------------------------------------------------------------------------

def test_replay_prints_every_step(record):
    doc = read_record(record)
    names = [seat["name"] for seat in doc["seats"]]
    result = run("replay", record)
    assert result.exit_code == 0, result.output
    assert f"{len(doc['steps'])} steps." in result.output
    assert "Shown: what every player knows." in result.output
    for number, step in enumerate(doc["steps"], 1):
        if narrate_step(Step.from_record(step), names, PUBLIC):
            assert re.search(rf"\n +{number} \S", result.output), number
    assert not re.search(NAMED_DRAW, prose(result.output))
    assert "Game over" in result.output


def test_replay_from_one_seat_hides_the_others_draws(record):
    result = run("replay", record, "--seat", 1)
    assert result.exit_code == 0, result.output
    told = prose(result.output)
    assert "Shown: Random 1's view (seat 1)." in told
    assert re.search(r"You drew (?!a card|\d+ cards|the event|nothing)", told)
    assert not re.search(r"Random [02] " + NAMED_DRAW, told)
    every = prose(run("replay", record, "--all").output)
    assert re.search(r"Random [02] " + NAMED_DRAW, every)


def test_replay_one_step(record):
    result = run("replay", record, "--step", 5, "--all")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Step 5 of ")
    assert "Step 6" not in result.output and "Cards in hand" in result.output


def test_replay_at_the_prompt(record):
    result = run("replay", record, "--interactive", input="n\nb\nj 5\nq\n")
    assert result.exit_code == 0, result.output
    headings = re.findall(r"Step (\d+) of", result.output)
    assert headings == ["0", "1", "0", "5"]


def test_replay_prompt_switches_views_and_explains_mistakes(record):
    result = run("replay", record, "--interactive", input="s 2\na\nx\nj 9999\np\n")
    assert result.exit_code == 0, result.output  # the end of input ends the replay
    shown = re.findall(r"Shown: (.*)\.", result.output)
    assert shown == ["what every player knows", "what every player knows",
                     "Random 2's view (seat 2)", "every card", "what every player knows"]
    assert "No command 'x': type h for the list." in result.output
    assert "Jump to a step from 0 to" in result.output


def test_replay_msgpack_and_a_play_save(record, tmp_path):
    packed = tmp_path / "game.msgpack"
    write_record(read_record(record), packed)
    assert run("replay", packed, "--step", 0).exit_code == 0
    home = tmp_path / "home"
    played = CliRunner().invoke(cli, ["play", "--bots", "1", "--difficulty", "easy",
                                      "--seed", "3"], input="1\n",
                                env={**ENV, "PASSPORT_HOME": str(home)})
    assert played.exit_code == 0, played.output
    [save] = (home / "saves").iterdir()
    result = run("replay", save, "--seat", 0)
    assert result.exit_code == 0, result.output
    assert "You (human) and Ana (easy)" in prose(result.output)
    assert "the game was not finished" in prose(result.output)


@pytest.mark.parametrize("view", [["--seat", "0"], ["--seat", "1"], [], ["--all"]])
def test_replay_of_a_play_save_speaks_to_the_person_by_their_saved_name(tmp_path, view):
    """A person who kept the default name is "You" in the replay of their game,
    told in the second person from every seat's view (never "Seat 0", never
    "You's turn" or "You holds")."""
    home = tmp_path / "home"
    played = CliRunner().invoke(cli, ["play", "--bots", "1", "--difficulty", "easy",
                                      "--seed", "3"], input="1\n" * 12,
                                env={**ENV, "PASSPORT_HOME": str(home)})
    assert played.exit_code == 0, played.output
    [save] = (home / "saves").iterdir()
    result = run("replay", save, *view)
    assert result.exit_code == 0, result.output
    text = prose(result.output)
    assert "You (human) and Ana (easy)" in text
    assert "Seat 0" not in text
    assert re.search(r"\bYou (drew|recycled|offered|traveled|stole|discarded|start)\b", text)
    assert not re.search(r"\bYou('s| [a-z]+s\b)", text), re.findall(r"\bYou(?:'s| [a-z]+s\b).{0,30}", text)


def damaged(record, tmp_path, how):
    path = tmp_path / "damaged.json"
    text = record.read_text()
    path.write_text(how(text))
    return path


@pytest.mark.parametrize("make,words", [
    (lambda record, tmp: tmp / "nowhere.json", "No such file"),
    (lambda record, tmp: damaged(record, tmp, lambda t: t[: len(t) // 2]),
     "truncated or corrupt JSON"),
    (lambda record, tmp: damaged(record, tmp, lambda t: t.replace('"version": 1',
                                                                  '"version": 2')),
     "version 2 is not supported"),
    (lambda record, tmp: damaged(record, tmp, lambda t: re.sub(r'"seed": \d+', '"seed": 4',
                                                               t, count=1)),
     "not what config.seed"),
    (lambda record, tmp: tmp / "game.txt", "unknown record format"),
])
def test_replay_refuses_a_bad_file_in_one_sentence(record, tmp_path, make, words):
    result = run("replay", make(record, tmp_path))
    assert result.exit_code == 2
    assert result.output.startswith("Can't replay") and words in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("args,words", [
    (["--seat", "3"], "has seats 0 to 2, not seat 3"),
    (["--step", "100000"], "not step 100000"),
])
def test_replay_refuses_a_seat_or_step_the_record_lacks(record, args, words):
    result = run("replay", record, *args)
    assert result.exit_code == 2 and words in result.output


@pytest.mark.parametrize("args", [["--seat", "1", "--all"], ["--print", "--step", "2"]])
def test_replay_conflicting_options(record, args):
    result = run("replay", record, *args)
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_replay_ascii(record):
    result = run("replay", record, "--ascii", "--step", 3)
    assert result.exit_code == 0
    assert result.output.isascii()
    assert json.loads(record.read_text())["format"] == "passport-record"


def test_watch_seats_an_outside_program_and_says_when_it_forfeits(tmp_path):
    import sys
    from pathlib import Path
    example = Path(__file__).parents[2] / "examples" / "random_agent.py"
    result = run("watch", "--bots", 2, "--difficulty", f"greedy,cmd:{sys.executable} {example}",
                 "--seed", 2, *FAST)
    assert result.exit_code == 0, result.output
    assert "Rounds played:" in result.output
    crash = tmp_path / "crash.py"
    crash.write_text("import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n"
                     "    if m['type'] == 'hello':\n"
                     "        print(json.dumps({'type': 'hello', 'name': 'x', 'version': 1}), "
                     "flush=True)\n"
                     "    if m['type'] == 'decide':\n        sys.exit(2)\n", encoding="utf-8")
    saved = tmp_path / "forfeit.json"
    result = run("watch", "--bots", 2, "--difficulty", f"cmd:{sys.executable} {crash},greedy",
                 "--seed", 2, "--save", saved, *FAST)
    assert result.exit_code == 0, result.output
    assert "Ana's program forfeited the game in round 1: crashed: it exited with code 2." in \
        prose(result.output)
    assert read_record(saved)["forfeit"]["reason"] == "crashed"


def test_watched_bots_play_the_packages_opening_books_unless_told_not_to():
    from openings import shipped_path
    from passport_cli.watch import new_table
    assert shipped_path("hard", 2, 0).exists()  # the package ships hard's book of this table
    table = new_table(["hard", "easy"], 0, 5, 200)
    assert table.players[0].book is not None and table.players[0].book.built_with["level"] == "hard"
    assert table.players[1].book is None
    assert all(player.book is None for player in new_table(["hard", "easy"], 0, 5, 200, books=False).players)
    # the expert's book is for its settings; with none shipped for them it searches
    assert new_table(["expert", "hard"], 0, 5, 200, think=0.5).players[0].book is None
    result = run("watch", "--bots", 2, "--difficulty", "easy", "--extensions", "none", "--seed", 3,
                 "--round-cap", 3, "--no-book", *FAST)
    assert result.exit_code == 0, result.output
