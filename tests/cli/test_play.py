"""`passport play` driven as a person types, through click's CliRunner:
every bad option, bad save and bad answer gets one clear sentence, never a
traceback, and stopping always saves a game that resumes where it stopped."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine import Game
from passport_cli.main import cli

SEED = 5  # with 3 bots the person starts: the first prompt comes at once


pytestmark = pytest.mark.usefixtures("easy_bots_ready")


@pytest.fixture
def play(home):
    """Run `passport play ARGS...` with typed input; returns click's Result."""

    def run(*args, input="", env=None):
        environment = {"NO_COLOR": "1", "COLUMNS": "80", "PASSPORT_HOME": str(home)}
        environment.update(env or {})
        return CliRunner().invoke(cli, ["play", *map(str, args)], input=input,
                                  env=environment, prog_name="passport")

    return run


def saves(home):
    folder = home / "saves"
    return sorted(folder.iterdir()) if folder.exists() else []


def saved_game(play, home, typed="1\n"):
    """A game saved after the person typed `typed` (then the input ended)."""
    result = play("--bots", 1, "--difficulty", "easy", "--seed", 3, input=typed)
    assert result.exit_code == 0, result.output
    [path] = saves(home)
    return path


# ---- options --------------------------------------------------------------------------

@pytest.mark.parametrize("args,words", [
    (["--bogus"], "No such option"),
    (["--bots", "0"], "--bots"),
    (["--bots", "6"], "--bots"),
    (["--bots", "two"], "--bots"),
    (["--difficulty", "wizard"], "'wizard' is not a level"),
    (["--bots", "3", "--difficulty", "easy,hard"], "names 2 levels for 3 bots"),
    (["--extensions", "moon"], "unknown extension 'moon'"),
    (["--seed", "-1"], "--seed"),
    (["--name", "  "], "--name"),
    (["--think", "0"], "--think"),
])
def test_bad_options_are_usage_errors(play, home, args, words):
    result = play(*args)
    assert result.exit_code == 2
    assert words in result.output
    assert "Traceback" not in result.output
    assert saves(home) == []


def test_resume_refuses_new_game_options(play, home, tmp_path):
    path = saved_game(play, home)
    result = play("--resume", path, "--bots", 2, "--seed", 4)
    assert result.exit_code == 2
    assert "leave out --bots, --seed" in result.output


# ---- saves that can't be resumed: one sentence, exit 2, nothing written ------------------

def test_missing_save(play, home, tmp_path):
    result = play("--resume", tmp_path / "nowhere.json")
    assert result.exit_code == 2
    assert result.output.strip().startswith("Can't resume")
    assert "No such file" in result.output and len(result.output.strip().splitlines()) == 1
    assert saves(home) == []


@pytest.mark.parametrize("damage,words", [
    (lambda text: text[: len(text) // 2], "truncated or corrupt JSON"),
    (lambda text: "not json at all", "corrupt JSON"),
    (lambda text: text.replace('"version": 1', '"version": 2'), "version 2 is not supported"),
    (lambda text: text.replace('"format": "passport-record"', '"format": "chess"'), "format"),
    (lambda text: re.sub(r'"seed": \d+', '"seed": 4', text), "does not replay|not what"),
    (lambda text: text.replace('"player": "human"', '"player": "bot:random"'),
     "not one person"),
    # crafted files: each was a traceback or a long wait
    (lambda text: text.replace('"player": "human"', '"player": ["human"]'),
     r"seats\[0\]\.player must be a text"),
    (lambda text: text.replace('"player": "human"', '"player": 7'), r"seats\[0\]\.player"),
    (lambda text: re.sub(r'"name": "[^"]*"', '"name": NaN', text, count=1),
     "NaN or infinite"),
    (lambda text: re.sub(r'"name": "[^"]*"', '"name": {"first": "Ana"}', text, count=1),
     r"seats\[0\]\.name must be a text"),
    (lambda text: re.sub(r'"name": "[^"]*"', '"name": "' + "A" * 20_000 + '"', text, count=1),
     "longer than any record holds"),
    (lambda text: text.replace('"format"', '"deep": ' + "[" * 900 + "]" * 900 + ', "format"', 1),
     "nested more than 32 levels"),
    (lambda text: text.replace('"format"', '"deep": ' + "[" * 90_000 + "]" * 90_000 + ', "format"', 1),
     "nested more than 32 levels"),
])
def test_damaged_save_is_refused_and_left_alone(play, home, damage, words):
    path = saved_game(play, home)
    broken = damage(path.read_text())
    path.write_text(broken)
    result = play("--resume", path)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Can't resume")
    assert re.search(words, result.output), result.output
    assert len(result.output.strip().splitlines()) == 1
    assert path.read_text() == broken
    assert saves(home) == [path]


def test_finished_game_is_not_resumed(play, home, tmp_path):
    path = saved_game(play, home)
    doc = json.loads(path.read_text())
    doc["result"] = {"winner": 1, "reason": "center", "rounds": 2}
    path.write_text(json.dumps(doc))
    result = play("--resume", path)
    assert result.exit_code == 2
    assert "that game is over" in result.output


def test_record_without_seats_is_not_a_save(play, home, tmp_path):
    path = saved_game(play, home)
    doc = json.loads(path.read_text())
    del doc["seats"]
    path.write_text(json.dumps(doc))
    result = play("--resume", path)
    assert result.exit_code == 2
    assert "not a game saved by passport play" in result.output


def test_wrong_suffix(play, home, tmp_path):
    other = tmp_path / "game.txt"
    other.write_text("{}")
    result = play("--resume", other)
    assert result.exit_code == 2
    assert "unknown record format" in result.output


# ---- at the prompt ------------------------------------------------------------------------

def test_bad_answers_reprompt_with_a_reason(play, home, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    typed = f"\n0\n99\nxyz\nsteal\nrules R99\nsave {blocker}/x.json\nsave x.txt\n"
    result = play("--seed", SEED, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # a path longer than a line has a line of its own
    assert "Type a number from 1 to 8, or help." in out
    assert "There is no option 0: choose 1 to 8." in out
    assert "There is no option 99: choose 1 to 8." in out
    assert '"xyz" is not an option or a command' in out
    assert '"steal" could be 6. steal from Ana, 7. steal from Bo, 8. steal from Cy' in out
    assert "There is no rule section R99" in out
    assert f"Not saved: {blocker}: no such folder." in out
    assert "Not saved: x.txt: unknown record format" in out
    assert "Traceback" not in out
    # The end of input saved the game; nothing else was written.
    assert "End of input." in out and len(saves(home)) == 1
    assert f"Resume it with: passport play --resume {saves(home)[0]}" in out


def test_choosing_by_words_and_the_commands(play, home):
    typed = "help\nlog\ndiscard\ntable\nrules steal\nDRAW A\nquit\n"
    result = play("--seed", SEED, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "At any prompt" in out and "save [FILE]" in out
    assert "The discard pile is empty." in out
    assert out.count("Your hand") >= 2                    # `table` shows it again
    assert "R5.4 Steal" in out
    assert re.search(r"You drew [A-Z]", out)               # "draw a" chose "draw a card"
    assert "Stopped." in out and "Game saved to" in out


def test_the_screen_shows_only_what_seat_0_knows(play, home):
    from bots.names import LEVEL_WORDS
    result = play("--seed", SEED, "--difficulty", "easy", input="")
    out = result.output
    assert f"Easy: {LEVEL_WORDS['easy']}." in out  # what the level means, at the start
    assert "Round 1 of 200 · your turn" in out
    assert "Center: Japan (Chopsticks, Phrasebook, Travel Adapter)" in out
    assert "Your hand (4 cards, limit 7)" in out
    for name in ("Ana", "Bo", "Cy"):
        assert re.search(rf"{name} +4 ", out)
    # Nobody has shown a card yet: no other hand is known.
    known = re.findall(r"^ +(?:Ana|Bo|Cy) +\d+ +\w+ +(.*?) *$", out, re.M)
    assert known == ["-", "-", "-"], out
    # 80 columns, save for the lines naming the save file: a path is never broken.
    assert max(len(line) for line in out.splitlines() if str(home) not in line) <= 80


def test_end_of_input_saves_a_game_that_resumes_in_the_same_state(play, home):
    from engine.record import read_record
    path = saved_game(play, home, typed="1\n")
    before = read_record(path)
    result = play("--resume", path, input="")
    assert result.exit_code == 0, result.output
    assert f"Resumed {path}" in " ".join(result.output.split())
    after = read_record(path)
    assert after["steps"] == before["steps"] and after.get("pending") == before.get("pending")


def test_ascii_only(play, home):
    result = play("--seed", SEED, "--ascii", "--extensions", "all", input="help\n")
    assert result.exit_code == 0, result.output
    assert result.output.isascii()
    assert "Your hand" in result.output


def test_no_color_flag_without_the_environment(play, home):
    result = play("--seed", SEED, "--no-color", input="", env={"NO_COLOR": None})
    assert result.exit_code == 0
    assert "\x1b[" not in result.output


def test_pick_by_number_by_words_and_by_a_later_word():
    from passport_cli.play.menu import pick
    from passport_cli.play.hand import Choice
    choices = [Choice(1, 52, "offer Camera"), Choice(2, 53, "offer Camera"),
               Choice(3, 60, "offer Tent"), Choice(4, 43, "done")]
    assert pick("3", choices)[0].action == 60
    assert pick("do", choices)[0].action == 43
    assert pick("offer c", choices)[0].action == 52     # two copies: the first
    assert pick("tent", choices)[0].action == 60        # the start of a later word
    assert pick("Offer  TENT", choices)[0].action == 60
    chosen, why = pick("offer", choices)
    assert chosen is None and why.startswith('"offer" could be 1. offer Camera, 2. offer Camera')
    assert pick("5", choices) == (None, "There is no option 5: choose 1 to 4.")


def test_a_hint_chance_is_calibrated_and_has_its_interval():
    from passport_cli.play.hint import chance_words
    from bots.chances import chance
    # the calibrated chance (bots.chances.chance) of the rating and of
    # its interval's ends, here 0.5 ± 0.049, by the map of the search's budget
    from engine.cards import ALL_EXTENSIONS as ALL
    assert chance_words(0.5, 400, 2, 1_000, "400 of 1,000 playouts", ALL) == (
        f"about {chance(0.5, 2, 1_000):.0%} chance to win ({chance(0.451, 2, 1_000):.0%} to "
        f"{chance(0.549, 2, 1_000):.0%}, 400 of 1,000 playouts)")
    assert chance(0.5, 2, 1_000) != 0.5  # a duel's rating is shown through its map too
    # at four players the full budget's ratings of 15-60% all win about 40%
    assert chance_words(0.8, 10_000, 4, 40_000, "n", ALL) == chance_words(0.8, 10_000, 4, 10_000, "n", ALL)
    assert chance(0.8, 4, 40_000) < chance(0.8, 4, 1_000)


def test_a_hint_puts_the_experts_move_first_then_the_best_chances():
    from bots.ismcts import MoveEstimate
    from passport_cli.play.hand import Choice, Menu
    from bots.chances import chance
    from passport_cli.play.hint import chance_words, hint_lines
    menu = Menu("Your move", choices=[Choice(1, 10, "draw"), Choice(2, 11, "recycle"),
                                      Choice(3, 12, "steal"), Choice(4, 13, "trade")])
    estimates = [MoveEstimate(10, 500, 0.49), MoveEstimate(11, 400, 0.50),  # most playouts first
                 MoveEstimate(99, 300, 0.90),   # not an option of this menu
                 MoveEstimate(13, 0, float("nan")), MoveEstimate(12, 90, 0.30)]
    from engine.cards import ALL_EXTENSIONS as ALL
    lines = hint_lines(estimates, menu, 1_290, players=2, budget=2_000, extensions=ALL)
    assert [line.split(".")[0] for line in lines] == ["1", "2", "3", "4"]
    assert lines[0].endswith("; the expert's move") and f"{chance(0.49, 2, 2_000):.0%}" in lines[0]
    assert not any(line.endswith("move") for line in lines[1:])
    assert lines[3] == "4. trade: no estimate (0 of 1,290 playouts)"
    assert hint_lines(estimates, menu, 1_290, players=2, budget=2_000, shown=1, extensions=ALL) == [
        f"1. draw: {chance_words(0.49, 500, 2, 2_000, '500 of 1,290 playouts', ALL)}"]


def test_a_hint_tells_the_recommended_move_whole():
    from bots.ismcts import MoveEstimate
    from engine import Phase
    from engine import cards as C
    from engine.actions import encode
    from engine.cards import ALL_EXTENSIONS as ALL
    from passport_cli.play.hand import Choice, Menu
    from passport_cli.play.hint import hint_lines, whole_move_words

    def card(words):
        return encode("card", C.CARD_WORDS.index(words))

    def kind(words):
        return encode("kind", C.KIND_NAMES.index(words))

    trade = [(Phase.TRADE_GIVE, card("Tent")), (Phase.TRADE_GIVE, card("Sunscreen")),
             (Phase.TRADE_GIVE, encode("done")), (Phase.TRADE_ASK, kind("Camera")),
             (Phase.TRADE_ASK, kind("Camera")), (Phase.TRADE_ASK, encode("done"))]
    names = ["You", "Ana", "Bo"]
    assert whole_move_words(trade, names) == "offer Tent and Sunscreen, ask for two Cameras"
    recycle = [(Phase.RECYCLE_PAY, card("Tent")), (Phase.RECYCLE_PAY, card("Umbrella")),
               (Phase.RECYCLE_TAKE, card("Camera"))]
    assert whole_move_words(recycle, names) == "pay Tent and Umbrella, take Camera"
    smuggle = [(Phase.SMUGGLE_TO, encode("seat", 2))]
    assert whole_move_words(smuggle, names) == "hand it to Bo"
    assert whole_move_words([], names) == ""
    menu = Menu("Your move", choices=[Choice(1, 10, "draw"), Choice(2, 11, "offer a trade to Bo")])
    estimates = [MoveEstimate(11, 500, 0.49), MoveEstimate(10, 400, 0.50)]
    lines = hint_lines(estimates, menu, 900, players=3, budget=2_000, extensions=ALL,
                       whole=whole_move_words(trade, names))
    assert lines[0].startswith("2. offer a trade to Bo (offer Tent and Sunscreen, ask for two "
                               "Cameras): about ") and lines[0].endswith("; the expert's move")
    assert lines[1].startswith("1. draw: about ")


def test_y_n_yes_and_no_answer_a_question():
    from engine import kernels as L
    from passport_cli.play.hand import Choice
    from passport_cli.play.menu import pick
    reply = [Choice(1, L.A_YES, "accept the offer"), Choice(2, L.A_NO, "decline the offer")]
    for text, action in (("y", L.A_YES), ("Yes", L.A_YES), ("n", L.A_NO), (" NO ", L.A_NO)):
        assert pick(text, reply)[0].action == action
    other = [Choice(1, L.A_DRAW, "draw"), Choice(2, L.A_DONE, "done")]
    assert pick("y", other)[0] is None  # no question asked: not an answer


def test_a_long_answer_is_repeated_only_in_part():
    from engine import kernels as L
    from passport_cli.play.hand import Choice
    from passport_cli.play.menu import ECHOED, pick
    menu = [Choice(1, L.A_DRAW, "draw"), Choice(2, L.A_DONE, "done")]
    for text in ("9" * 300, "x" * 200):
        chosen, problem = pick(text, menu)
        assert chosen is None and len(problem) < ECHOED + 80, problem
        assert text[:ECHOED - 1] + "…" in problem
    assert pick("7", menu)[1] == "There is no option 7: choose 1 to 2."


def reply_position(players=3, seed=0):
    """A game where seat 1 answers an offer from seat 0 that asks for a passport."""
    from engine import Game, Phase
    from engine import cards as C
    from engine.actions import decode
    for s in range(seed, seed + 200):
        game = Game.new(players=players, extensions="none", seed=s)
        if game.decider != 0 or C.KIND_PASSPORT not in {C.card_kind(c) for c in game.hand(1)}:
            continue
        offer = [a for a in game.legal_actions() if decode(a).name == "trade" and decode(a).arg == 1]
        if not offer:
            continue
        game.apply(offer[0])
        give = [a for a in game.legal_actions() if decode(a).name == "card"]
        game.apply(give[0])
        game.apply(next(a for a in game.legal_actions() if decode(a).name == "done"))
        ask = [a for a in game.legal_actions() if decode(a).name == "kind" and decode(a).arg == C.KIND_PASSPORT]
        if not ask:
            continue
        game.apply(ask[0])
        game.apply(next(a for a in game.legal_actions() if decode(a).name == "done"))
        assert game.phase == Phase.TRADE_REPLY and game.decider == 1
        return game
    raise AssertionError("no such deal")


def test_accepting_an_offer_says_it_gives_the_only_passport():
    from engine import cards as C
    from engine import kernels as L
    from passport_cli.play.hand import choice_note
    game = reply_position()
    passports = sum(C.card_kind(c) == C.KIND_PASSPORT for c in game.hand(1))
    assert passports == 1  # each player starts with one (R3.1)
    assert choice_note(game, 1, L.A_YES) == "you would give your only passport"
    assert choice_note(game, 1, L.A_NO) == ""


def test_the_characters_at_the_table_are_explained_under_it(play, home):
    from engine import cards as C
    from passport_cli.table.view import CHARACTER_EFFECTS
    assert set(CHARACTER_EFFECTS) == {name.removeprefix("The ") for name in C.CHARACTERS}
    result = play("--seed", 7, "--difficulty", "easy", "--extensions", "all", input="")
    out = " ".join(result.output.split())
    assert ("Characters: Smuggler (you): may give a forbidden item of their own to anyone, "
            "as an action; Jetsetter (Ana): draws 2 cards; Backpacker (Bo): hand limit 9; "
            "Collector (Cy): recycling costs 1 card.") in out


def test_a_hand_of_one_card_is_one_card():
    from rich.console import Console
    from passport_cli.play.hand import HandView
    from passport_cli.play.render import render_hand
    console = Console(width=80, record=True, color_system=None)
    render_hand(console, HandView(1, 5, [], None))
    assert "Your hand (1 card, limit 5)" in console.export_text()


@pytest.mark.parametrize("cards,words", [
    (["Tent"], "Discard pile, 1 card: Tent"),
    (["Tent", "Camera"], "Discard pile, 2 cards, oldest first (the last is on top): Tent, Camera"),
])
def test_the_discard_pile_counts_its_cards_in_words(cards, words):
    from rich.console import Console
    from passport_cli.play.render import render_discard
    console = Console(width=80, record=True, color_system=None)
    render_discard(console, cards)
    assert words in " ".join(console.export_text().split())


def test_the_forbidden_items_note_speaks_of_them_when_there_are_two():
    from bots.difficulty import make_bot
    from engine import Game
    from engine import cards as C
    from passport_cli.play.hand import hand_view
    game = Game.new(players=3, extensions="all", seed=0, round_cap=60)
    bots = [make_bot("random", seat) for seat in range(3)]

    def forbidden(seat):
        return sum(C.FIRST_FORBIDDEN <= c < C.FIRST_POSTCARD for c in game.hand(seat))
    while not game.over and all(forbidden(seat) < 2 for seat in range(3)):
        game.apply(bots[game.decider].choose(game.view(game.decider)))
    seat = next(seat for seat in range(3) if forbidden(seat) >= 2)
    group = next(g for g in hand_view(game, seat).groups if g.title == "Forbidden")
    assert group.note.startswith("you can't travel holding them")


def test_a_very_long_line_is_refused_without_being_echoed(play, home):
    line = "z" * 5_000
    result = play("--seed", SEED, "--difficulty", "easy", input=f"{line}\n")
    assert result.exit_code == 0, result.output
    assert "That line is 5,000 characters long" in result.output
    assert "z" * 100 not in result.output


def test_ctrl_c_during_a_hint_stops_only_the_hint(play, home, monkeypatch):
    from bots.ismcts import IsmctsBot

    searched = IsmctsBot.analyse

    def interrupted(self, view, seed):  # Ctrl-C while the hint's search runs; bots search on
        if self.name == "hint":
            raise KeyboardInterrupt
        return searched(self, view, seed)
    monkeypatch.setattr(IsmctsBot, "analyse", interrupted)
    result = play("--seed", SEED, "--difficulty", "easy", input="hint\n1\n")
    assert result.exit_code == 0, result.output  # not 130: the game went on to the end of input
    assert "Hint stopped. Your turn goes on." in result.output
    assert "End of input." in result.output and "Interrupted" not in result.output


@pytest.mark.parametrize("signum", [15, 1])  # SIGTERM, SIGHUP
def test_a_stop_signal_during_a_hint_stops_the_game_and_saves_it(play, home, monkeypatch, signum):
    from bots.ismcts import IsmctsBot
    from passport_cli.stopping import Stopped

    searched = IsmctsBot.analyse

    def stopped(self, view, seed):
        if self.name == "hint":
            raise Stopped(signum)
        return searched(self, view, seed)
    monkeypatch.setattr(IsmctsBot, "analyse", stopped)
    result = play("--seed", SEED, "--difficulty", "easy", input="1\nhint\n1\n")
    assert result.exit_code == 128 + signum, result.output
    assert "Hint stopped" not in result.output and "Interrupted." in result.output
    [path] = saves(home)
    assert [step["seat"] for step in json.loads(path.read_text())["steps"]][:1] == [0]


def test_the_dealt_hand_is_shown_at_the_start_and_in_the_log(play, home):
    from engine import Game
    from engine import cards as C
    from passport_cli.table.narrate import listing
    for seed in range(1, 40):  # a deal where a bot starts, so the hand may change first
        if Game.new(players=4, extensions="all", seed=seed).start_seat != 0:
            break
    game = Game.new(players=4, extensions="all", seed=seed)
    result = play("--seed", str(seed), "--bots", "3", "--extensions", "all", "--difficulty", "easy", input="log\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    dealt = sorted(game.hand(0), key=lambda c: (C.card_kind(c) != C.KIND_PASSPORT, c))
    words = f"You were dealt {listing([C.CARD_WORDS[c] for c in dealt])}."
    assert out.count(words) == 2, result.output  # before the first screen, and in the log
    assert out.index(words) < out.index("Your hand")
    assert "The deal" in out


def test_a_declined_offer_does_not_reprint_the_table(play, home):
    typed = "offer\n1\ndone\nsunscreen\ndone\n"  # Swimsuit for the Sunscreen Ana needs
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    after = out[out.index("You offered Ana Swimsuit for a Sunscreen."):]
    assert "Ana declined the offer." in after
    assert "Declined offers this turn: 1 of 3." in after
    assert out.count("Your hand (") == 1 and "Your hand (" not in after


def test_an_offer_the_person_cannot_accept_is_told_as_such(play, home):
    result = play("--seed", 70, "--bots", 1, "--difficulty", "easy", input="quit\n")
    out = " ".join(result.output.split())
    assert "Ana offered you Bug Spray for a Travel Adapter." in out
    assert "You couldn't accept the offer: you don't hold every card asked for." in out
    assert "You declined the offer." not in out


def test_save_file_writes_a_copy_and_the_game_keeps_its_own_save(play, home, tmp_path):
    from engine.record import read_record
    copy = tmp_path / "copy.json"
    missing = tmp_path / "no" / "such" / "x.json"
    typed = f"save {copy}\nsave {missing}\n1\nquit\n"
    result = play("--seed", SEED, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert f"A copy of the game saved to {copy}" in out
    assert f"Not saved: {missing.parent}: no such folder." in out
    assert not (tmp_path / "no").exists()
    own = saves(home)
    assert len(own) == 1 and f"Resume it with: passport play --resume {own[0]}" in out
    # the copy stays as it was; the game's own save has the move played after it
    assert len(read_record(own[0])["steps"]) > len(read_record(copy)["steps"])


def test_a_payment_is_chosen_in_any_order_and_the_numbers_stay(play, home):
    # Seed 5, one bot: after Ana's steal the person holds Swimsuit, Hiking
    # Boots and their passport; the engine takes a payment in increasing card
    # order, the person does not have to.
    typed = "recycle\n2\n2\n2\n1\nsnorkel\nquit\n"  # 2 chosen, taken out, chosen again
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    first = out[out.index("Recycle — choose 2 cards to pay (2 more)"):]
    first = first[:first.index("> ")]
    # every card that may pay is listed, the last one too
    assert all(f"{n}. pay {card}" in first for n, card in
               [(1, "Swimsuit"), (2, "Hiking Boots"), (3, "Passport (Ghana)")])
    second = out[out.index("Recycle — choose 2 cards to pay (1 more)"):]
    assert "Chosen so far: Hiking Boots." in second
    assert "1. pay Swimsuit" in second and "2. pay Hiking Boots (chosen)" in second
    assert "Hiking Boots is no longer chosen." in second  # "2" twice pays nothing twice
    assert re.search(r"You paid Swimsuit and Hiking Boots", out)
    assert "take Snorkel" in out


def test_back_and_cancel_take_back_a_move_not_yet_made(play, home):
    from engine.record import read_record
    typed = ("back\n"                       # nothing begun yet
             "offer\n2\n1\ndone\nsunscreen\n"  # an offer, up to the kinds asked for
             "back\n"                       # the Sunscreen asked for
             "back\n"                       # done: back among the cards offered
             "back\n"                       # Swimsuit
             "cancel\n"                     # the whole offer
             "draw\nquit\n")
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "There is nothing to take back: you have not begun a move." in out
    assert "Taken back." in out and "Move abandoned." in out
    after_back = out[out.index("Taken back."):]
    assert after_back.startswith("Taken back. Trade with Ana — choose 1 to 3 cards to offer")
    assert "You offer Hiking Boots and Swimsuit" in after_back
    assert "You offered" not in out and re.search(r"You drew [A-Z]", out)
    [path] = saves(home)
    doc = read_record(path)
    # the abandoned offer is no part of the game: the person's first step is the draw
    mine = [step["action"]["type"] for step in doc["steps"] if step["seat"] == 0]
    assert mine[0] == "draw" and "offer" not in mine  # after Ana's steal, the draw


@pytest.mark.slow
@pytest.mark.parametrize("ascii_only", [False, True])
def test_lines_wrap_between_words_at_any_width_from_50(play, home, ascii_only):
    # The same game (seed, bots, answers) at 200 columns and at 80, 60 and
    # 50: no line is wider than the terminal (a save path, never broken,
    # aside), and every word of the narrow screens is a word of the wide one,
    # so none was cut ("spec/ials", "Passport (Ch", "Pet Sn…").
    from rich.cells import cell_len
    typed = "1\n" * 40 + "rules steal\nlog\nquit\n"
    args = ["--seed", 7, "--difficulty", "easy", "--extensions", "all"] + (
        ["--ascii"] if ascii_only else [])

    def screen(width):
        result = play(*args, input=typed, env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.output
        # the prompt "> " and what follows it share a line only because the
        # answers typed here are not echoed
        return [line[2:] if line.startswith("> ") else line
                for line in result.output.splitlines()]

    def words(lines):
        text = "\n".join(lines).replace(str(home), "")
        return set(re.findall(r"[A-Za-z][A-Za-z']*", text))

    wide = words(screen(200)) | {"heading"}  # narrow screens list the seats as sentences
    for width in (80, 60, 50):
        lines = screen(width)
        assert max(cell_len(line) for line in lines if str(home) not in line) <= width
        assert words(lines) <= wide, (width, sorted(words(lines) - wide))


def test_giving_away_the_only_passport_or_a_needed_card_asks_first(play, home):
    typed = "recycle\n3\nn\n3\ny\n1\nquit\n"  # the passport: refused once, then confirmed
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    question = ("Pay Passport (Ghana)? (your only passport) Type y to confirm, "
                "n to choose again.")
    assert out.count(question) == 2 and out.count("Then choose again.") == 1
    assert "You paid Swimsuit and Passport (Ghana)." in out
    # a card nobody needs is paid without a question
    assert "Pay Swimsuit?" not in out


def test_a_yes_or_no_question_is_asked_until_answered_and_quit_stops_there(play, home):
    typed = "recycle\n3\n7\nmaybe\nquit\n"  # a number and a word are no answer; quit is
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert out.count("Type y to confirm or n to choose again (quit saves the game and "
                     "stops).") == 2
    assert "Then choose again." not in out and "Stopped." in out
    assert "You paid" not in out


def test_colours_carry_meaning_and_words_say_the_same():
    import io

    from rich.console import Console

    from passport_cli.play import render as R
    from passport_cli.play.hand import Choice, Menu
    from passport_cli.table import render as T
    from passport_cli.table.view import table_view
    from engine import Game

    def colour_console():
        return Console(file=io.StringIO(), force_terminal=True, color_system="standard",
                       width=80, highlight=False)

    console = colour_console()
    R.render_menu(console, Menu("Recycle", [], [
        Choice(1, 60, "pay Swimsuit"), Choice(2, 61, "pay Passport (Ghana)", "your only passport")]))
    out = console.file.getvalue()
    warning = out[out.index("pay Passport"):]
    assert "\x1b[1;33m (your only passport)" in warning   # bold yellow: a warning
    assert "\x1b[1;33m" not in out[:out.index("pay Passport")]
    game = Game.new(players=4, seed=3)
    console = colour_console()
    T.render_table(console, table_view(game, 0, ["You", "Ana", "Bo", "Cy"]))
    out = console.file.getvalue()
    for code, name in (("1;36", "You"), ("35", "Ana"), ("33", "Bo"), ("34", "Cy")):
        assert f"\x1b[{code}m{name}" in out, name              # a colour per seat


def test_a_name_in_a_file_is_shown_as_text_never_as_escape_codes(play, home, passport):
    # a crafted record must not clear the screen or retitle the window
    import json
    path = saved_game(play, home, typed="1\n")
    doc = json.loads(path.read_text())
    doc["seats"][1]["name"] = "Ana\x1b]0;pwned\x07\x1b[2J"
    path.write_text(json.dumps(doc))
    for result in (play("--resume", path, input="quit\n"),
                   passport("replay", path, "--print")):
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.output and "\x07" not in result.output
        assert "Ana\\x1b]0;pwned\\x07\\x1b[2J" in result.output


# ---- outside programs at the table (docs/agent-protocol.md) ------------------------------

EXAMPLE_AGENT = f"cmd:{sys.executable} {Path(__file__).parents[2] / 'examples' / 'random_agent.py'} 1"


def test_an_outside_program_plays_a_seat_and_is_resumed_only_when_named(play, home):
    from engine.record import read_record
    result = play("--bots", 2, "--difficulty", f"easy,{EXAMPLE_AGENT}", "--seed", SEED,
                  input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "an outside program" in " ".join(result.output.split())
    [path] = saves(home)
    doc = read_record(path)
    assert doc["seats"][2]["player"] == f"bot:{EXAMPLE_AGENT}"
    agent_steps = [step for step in doc["steps"] if step["seat"] == 2]
    assert len(agent_steps) > 3 and "forfeit" not in doc  # it played its turns

    # resuming runs the program's command: only when the person names it
    refused = play("--resume", path)
    assert refused.exit_code == 2
    assert "without naming the outside programs it seats" in " ".join(refused.output.split())
    assert play("--resume", path, "--difficulty", "hard").exit_code == 2
    resumed = play("--resume", path, "--difficulty", EXAMPLE_AGENT, input="1\ny\n" * 10)
    assert resumed.exit_code == 0, resumed.output
    assert len(read_record(path)["steps"]) > len(doc["steps"])


def test_undo_is_refused_when_an_outside_program_was_told_the_moves(play, home):
    result = play("--bots", 2, "--difficulty", f"easy,{EXAMPLE_AGENT}", "--seed", SEED,
                  input="1\n1\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert ("An outside program plays at this table and has been told every move: moves "
            "can't be taken back.") in " ".join(result.output.split())
    [path] = saves(home)
    assert "take_backs" not in json.loads(path.read_text())["seats"][0]


def test_a_program_that_breaks_the_protocol_forfeits_the_game(play, home):
    from engine.record import read_record
    crashing = f"cmd:{sys.executable} -c pass"
    result = play("--bots", 2, "--difficulty", f"easy,{crashing}", "--seed", SEED, input="1\n")
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert "Bo's program forfeited the game in round 1 (crashed" in words
    assert "not counted in passport stats" in words
    [path] = saves(home)
    assert read_record(path)["forfeit"]["seat"] == 2
    again = play("--resume", path, "--difficulty", crashing)
    assert again.exit_code == 2 and "that game is over" in again.output


# ---- an opening book -----------------------------------------------------------------

def built_book(tmp_path, players: int, level: str = "expert", path=None):
    from openings import Book, action_class, opening_key, write_book
    from passport_cli.runs.openings import used_with
    book = Book(used_with(level, players, 0) | {"depth": 1, "seed": 0})
    for seed in range(30):  # the person's first decision in many deals, every move rated
        view = Game.new(players=players, seed=seed).view(0)
        key = opening_key(view)
        if key is not None:
            book.add(key, {action_class(view, a): (10 * (i + 1), 4.0 * (i + 1))
                           for i, a in enumerate(view.legal_actions)})
    path = path or tmp_path / "book.msgpack"
    write_book(book, path)
    return path


def first_in_book(path, players: int = 2) -> int:
    """A seed whose deal gives the person (seat 0) the first move, with a key in the book."""
    from openings import opening_key, read_book
    book = read_book(path)
    seeds = [s for s in range(30) if Game.new(players=players, seed=s).start_seat == 0
             and book.positions.get(opening_key(Game.new(players=players, seed=s).view(0)), 0) >= 2]
    assert seeds
    return seeds[0]


def test_hint_says_when_its_advice_is_the_books(play, home, tmp_path):
    path = built_book(tmp_path, 2)
    result = play("--bots", 1, "--difficulty", "easy", "--seed", first_in_book(path), "--book", path,
                  input="hint\n")
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert "From the opening book:" in words and "chance to win" in words


def test_hint_shows_only_the_experts_book(play, home, tmp_path):
    path = built_book(tmp_path, 2, level="hard")
    result = play("--bots", 1, "--difficulty", "easy", "--seed", first_in_book(path), "--book", path,
                  input="hint\n")
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert "From the opening book:" not in words and "chance to win" in words


def test_the_packages_books_are_played_unless_told_not_to(play, home, tmp_path, monkeypatch):
    from engine import Config
    from openings import shipped
    from passport_cli.play.start import opening_books
    monkeypatch.setattr(shipped, "BOOKS_DIR", tmp_path)
    hard = built_book(tmp_path, 2, "hard", shipped.shipped_path("hard", 2, 0))
    expert = built_book(tmp_path, 2, "expert", shipped.shipped_path("expert", 2, 0))
    config = Config(players=2)
    assert {level: book.built_with["level"] for level, book in opening_books(config, None).items()} \
        == {"hard": "hard", "expert": "expert"}
    assert opening_books(config, None, shipped=False) == {}
    # the expert's book is for its settings: at another --think it searches
    assert list(opening_books(config, 0.5)) == ["hard"]
    # a book given replaces the package's for its level only
    given = built_book(tmp_path, 2, "hard", tmp_path / "mine.msgpack")
    books = opening_books(config, None, given)
    assert books["hard"].positions == read_book_of(given).positions
    assert books["expert"].positions == read_book_of(expert).positions
    assert opening_books(Config(players=3), None) == {}
    assert hard.exists()
    # a person sees the book only through hint
    words = " ".join(play("--bots", 1, "--difficulty", "easy", "--seed", first_in_book(expert),
                          input="hint\n").output.split())
    assert "From the opening book:" in words
    words = " ".join(play("--bots", 1, "--difficulty", "easy", "--seed", first_in_book(expert),
                          "--no-book", input="hint\n").output.split())
    assert "From the opening book:" not in words and "chance to win" in words


def read_book_of(path):
    from openings import read_book
    return read_book(path)


def test_book_and_no_book_are_one_choice(play, home, tmp_path):
    result = play("--bots", 1, "--book", built_book(tmp_path, 2), "--no-book", input="")
    assert result.exit_code == 2 and "give one of them" in result.output


def test_a_book_for_other_games_is_refused_in_one_sentence(play, home, tmp_path):
    result = play("--bots", 2, "--book", built_book(tmp_path, 2), input="")
    assert result.exit_code == 2
    assert result.output.strip() == ("Can't use the opening book: the book was built with other "
                                     "players (2, not 3); build one for these.")
    result = play("--bots", 1, "--book", built_book(tmp_path, 2, level="medium"), input="")
    assert result.exit_code == 2 and "names no level that plays a book" in result.output
    bad = tmp_path / "bad.msgpack"
    bad.write_text("not a book")
    result = play("--bots", 1, "--book", bad, input="")
    assert result.exit_code == 2 and "Can't use the opening book" in result.output


class _OfferedGame:
    """Just what hand.reply_note asks of a game: a pending offer to seat 0."""

    def __init__(self, hand, given, asked, destination, center):
        self._hand, self._offer = hand, (0, given, asked)
        self._destination, self.center = destination, center

    def pending_offer(self):
        return self._offer

    def hand(self, seat):
        return self._hand

    def destination(self, seat):
        return self._destination


def test_a_reply_warns_of_what_the_trade_takes_and_does_not_give_back():
    from engine import cards as C
    from passport_cli.play.hand import reply_note

    def card_of(kind, copy=0):
        return [c for c in range(C.NUM_CARDS) if C.card_kind(c) == kind][copy]
    umbrella, boots = C.ITEM_KINDS.index("Umbrella"), C.ITEM_KINDS.index("Hiking Boots")
    home = next(n for n, kinds in enumerate(C.REQUIRED_KINDS) if umbrella in kinds)
    center = next(n for n, kinds in enumerate(C.REQUIRED_KINDS)
                  if n != home and umbrella not in kinds and boots not in kinds)
    passport = card_of(C.KIND_PASSPORT)
    hand = [card_of(umbrella), card_of(boots), passport]
    # an Umbrella for Hiking Boots and an Umbrella: one Umbrella comes back
    back = _OfferedGame(hand, [card_of(umbrella, 1)], [boots, umbrella], home, center)
    assert reply_note(back, 0) == ""
    # the same without the Umbrella coming back: the person would lose theirs
    lost = _OfferedGame(hand, [card_of(boots, 1)], [boots, umbrella], home, center)
    assert reply_note(lost, 0) == "you would give up Umbrella, which you need"
    # a passport for a passport leaves one; a passport for a Tent does not
    swap = _OfferedGame(hand, [card_of(C.KIND_PASSPORT, 1)], [C.KIND_PASSPORT], home, center)
    assert reply_note(swap, 0) == ""
    gone = _OfferedGame(hand, [card_of(boots, 1)], [C.KIND_PASSPORT], home, center)
    assert reply_note(gone, 0) == "you would give your only passport"


def test_the_table_counts_rounds_to_the_cap_and_warns_near_it():
    from rich.console import Console

    from bots.difficulty import make_bot
    from engine import Game
    from passport_cli.table import render as T
    from passport_cli.table.view import table_view

    def shown(game):
        console = Console(width=80, record=True, color_system=None)
        T.render_table(console, table_view(game, 0, ["You", "Ana", "Bo", "Cy"]))
        return " ".join(console.export_text().split())

    out = shown(Game.new(players=4, seed=3))
    assert "Round 1 of 200 · " in out
    assert "Nearly out of time" not in out
    game = Game.new(players=4, seed=3, round_cap=3)
    assert ("Nearly out of time: 2 more rounds after this one; if nobody has won after "
            "round 3, nobody wins.") in shown(game)
    bots = [make_bot("random", seat) for seat in range(4)]
    while not game.over and game.round < 3:
        game.apply(bots[game.decider].choose(game.view(game.decider)))
    assert not game.over  # random players win nothing in two rounds
    assert ("Nearly out of time: this is the last round: if nobody wins in it, "
            "nobody wins.") in shown(game)


def test_asking_for_a_passport_without_one_is_marked_needed():
    from engine import cards as C
    from engine.actions import encode
    from passport_cli.play.hand import choice_note
    boots = C.ITEM_KINDS.index("Hiking Boots")
    card = next(c for c in range(C.NUM_CARDS) if C.card_kind(c) == boots)
    passport = next(c for c in range(C.NUM_CARDS) if C.card_kind(c) == C.KIND_PASSPORT)
    center = next(n for n, kinds in enumerate(C.REQUIRED_KINDS) if boots not in kinds)
    without = _OfferedGame([card], [], [], center, center)
    assert choice_note(without, 0, encode("kind", C.KIND_PASSPORT)) == "needed"
    holding = _OfferedGame([card, passport], [], [], center, center)
    assert choice_note(holding, 0, encode("kind", C.KIND_PASSPORT)) == ""


def test_an_only_option_that_gives_away_the_only_passport_is_asked_first(play, home, tmp_path):
    """Disposing of a forbidden item with a hand of it and a passport: the
    passport is the one card to discard with it, and the person is asked."""
    import json

    from arena.match import Seat, Table
    from bots.difficulty import make_bot
    from engine import Config, Phase
    from engine.game import parse_extensions
    from engine import cards as C
    from engine.actions import decode

    def only_passport_to_give(game):
        legal = game.legal_actions()
        kinds = [C.card_kind(c) for c in game.hand(0)]
        return (game.decider == 0 and game.phase == Phase.DISPOSE_WITH and len(legal) == 1
                and C.card_kind(decode(legal[0]).arg) == C.KIND_PASSPORT
                and kinds.count(C.KIND_PASSPORT) == 1)

    for seed in range(200):
        table = Table(Config(2, parse_extensions("forbidden"), seed, 200),
                      [Seat("You", "human"), Seat("Ana", "bot:easy")],
                      [make_bot("random", seed=s) for s in range(2)])
        while not table.over and not only_passport_to_give(table.game):
            table.step()
        if not table.over:
            break
    assert only_passport_to_give(table.game), "no seed reaches the position"
    path = tmp_path / "dispose.json"
    path.write_text(json.dumps(table.document()))
    result = play("--resume", path, input="1\nn\n1\ny\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert out.count("(your only passport) Type y to confirm, n to choose again.") == 2
    assert out.count("Then choose again.") == 1


def two_chopsticks():
    """(a hand of both Chopsticks with Japan to travel to, its two cards,
    Japan, a center that asks for no Chopsticks)."""
    from engine import cards as C
    chopsticks = C.ITEM_KINDS.index("Chopsticks")
    first, second = [c for c in range(C.NUM_CARDS) if C.card_kind(c) == chopsticks][:2]
    japan = next(n for n, kinds in enumerate(C.REQUIRED_KINDS) if chopsticks in kinds)
    center = next(n for n, kinds in enumerate(C.REQUIRED_KINDS) if chopsticks not in kinds)
    return _OfferedGame([first, second], [], [], japan, center), first, second, japan, center


def test_a_second_copy_of_a_needed_card_is_a_spare_until_the_first_is_chosen():
    from engine import cards as C
    from engine.actions import encode
    from passport_cli.play.hand import choice_note
    game, first, second, japan, center = two_chopsticks()
    assert choice_note(game, 0, encode("card", first)) == "a spare copy"
    needed = f"needed for {C.COUNTRIES[japan]}"
    assert choice_note(game, 0, encode("card", first), picked=[second]) == needed
    assert choice_note(_OfferedGame([first], [], [], japan, center), 0,
                       encode("card", first)) == needed
    # a kind both trips ask for: two copies are both needed
    both = next(n for n, kinds in enumerate(C.REQUIRED_KINDS)
                if C.ITEM_KINDS.index("Chopsticks") in kinds and n != japan)
    assert choice_note(_OfferedGame([first, second], [], [], japan, both), 0,
                       encode("card", first)) == needed


def test_the_hand_shows_a_second_copy_as_a_spare():
    from engine import cards as C
    from passport_cli.play.hand import hand_view
    game, first, second, japan, center = two_chopsticks()
    game.over, game.hand_limit = True, lambda seat: 7
    groups = {g.title: [label.words for label in g.cards] for g in hand_view(game, 0).groups}
    assert groups[f"For {C.COUNTRIES[japan]}"] == ["Chopsticks"]
    assert groups["Spare copies"] == ["Chopsticks"]


def random_positions(games: int, longest: int = 100_000):
    """(game, step) at each step of `games` 4-player games of random bots
    with every extension, up to `longest` steps a game."""
    from bots.difficulty import make_bot
    from engine import Game
    for seed in range(games):
        game = Game.new(players=4, extensions="all", seed=seed)
        bots = [make_bot("random", s) for s in range(4)]
        for step in range(longest):
            if game.over:
                break
            yield game, step
            game.apply(bots[game.decider].choose(game.view(game.decider)))


def test_the_card_tracker_tells_only_what_the_seat_knows():
    """The same tracker in every world the seat can't tell from the real one
    (R7.4), and every copy of each kind in exactly one of its columns."""
    from engine import cards as C
    from passport_cli.play.hand import tracker
    names = ["You", "Ana", "Bo", "Cy"]
    checked = differed = 0
    for game, step in random_positions(6, longest=120):
        if step % 20 == 0:
            for seat in range(4):
                rows = tracker(game, seat, names)
                for world_seed in range(3):
                    world = game.determinize(seat, world_seed)
                    assert tracker(world, seat, names) == rows
                    differed += any(world.hand(o) != game.hand(o) for o in range(4))
                for row in rows:
                    assert row.unseen >= 0
                    assert row.yours + row.discarded + row.unseen + sum(
                        n for _, n in row.seen) == row.copies
                mine = [C.KIND_NAMES[C.card_kind(c)] for c in game.hand(seat)]
                assert sum(row.yours for row in rows) == len(mine)
                checked += 1
    assert checked >= 100 and differed >= 100  # the worlds deal the hidden cards anew


def test_cards_at_a_prompt_shows_the_tracker(play, home):
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input="cards\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Where the cards are, as far as you know" in out
    assert "Unseen: in the draw pile or in a hand you have not seen." in out


def test_the_table_warns_of_rivals_near_a_win_from_what_the_seat_knows():
    from engine import Game
    from passport_cli.table.view import table_view, threats
    names = ["You", "Ana", "Bo", "Cy"]
    said = set()
    for game, step in random_positions(3):
        for seat in range(4) if step % 25 == 0 else ():
            lines = threats(game, seat, names)  # the same in every world it can't tell apart
            assert threats(game.determinize(seat, game.round), seat, names) == lines
        said.update(line.split(" ", 1)[1].split(":")[0].split(" from ")[0]
                    for line in threats(game, None, names))
    # every kind of line was said somewhere, seeing every hand
    assert "is one item" in said and any(line.endswith(" postcards") for line in said), said
    assert any(line.startswith("holds what") for line in said), said
    assert table_view(Game.new(players=4, seed=0), 0, names).threats == []


def test_a_chosen_card_chosen_again_is_no_longer_chosen(play, home):
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy",
                  input="offer a trade\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    after = out[out.index("Swimsuit is no longer chosen."):]
    assert "1. offer Swimsuit 2." in after and "(chosen)" not in after


def test_after_no_at_a_question_the_options_are_shown_again(play, home):
    typed = "recycle\n3\nn\nquit\n"
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input=typed)
    out = " ".join(result.output.split())
    after = out[out.index("Then choose again."):]
    assert "3. pay Passport (Ghana) (your only passport)" in after


def test_the_cards_to_take_by_recycling_are_grouped_and_sorted():
    from bots.difficulty import make_bot
    from engine import Game, Phase
    from passport_cli.play.menu import decision_menu

    class Steps:
        steps = []
    for seed in range(20):
        game = Game.new(players=4, extensions="all", seed=seed)
        bots = [make_bot("random", s) for s in range(4)]
        while not game.over and not (game.phase == Phase.RECYCLE_TAKE
                                     and len(game.legal_actions()) > 12):
            game.apply(bots[game.decider].choose(game.view(game.decider)))
        if not game.over:
            break
    me = game.decider
    menu = decision_menu(game, me, ["You", "Ana", "Bo", "Cy"], [], Steps())
    labels = [c.label for c in menu.choices]
    assert len(set(labels)) == len(labels) < len(game.legal_actions())
    assert any(label.endswith(" ×2") for label in labels)
    needed = [c for c in menu.choices if "needed" in c.note]
    assert menu.choices[:len(needed)] == needed
    rest = [c.label for c in menu.choices[len(needed):]]
    assert rest == sorted(rest)
    assert [c.number for c in menu.choices] == list(range(1, len(labels) + 1))
    assert {c.action for c in menu.choices} <= set(game.legal_actions())


def test_rules_of_a_card_at_a_prompt_is_that_card_alone(play, home):
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy",
                  input="rules customs declaration\nquit\n")
    out = " ".join(result.output.split())
    asked = out[out.index("> ") :]
    assert ("Customs Declaration: a special item (R9.2); timing: free; effect: Discard one "
            "forbidden item from your hand along with this card. Type rules R9.2 for the "
            "whole section.") in asked
    assert "Mom's Credit Card" not in asked  # not the whole table of special items


def test_a_rules_lead_is_its_first_paragraph_of_prose():
    from passport_cli import rulebook
    book = rulebook.load()
    assert book.section("R5.3").lead.startswith("You propose an exchange to one other player")
    assert "**" not in book.section("R5.3").lead
    assert book.section("R4").lead is None   # a numbered list
    assert book.section("R5").lead is None   # a subsection at once
    assert book.section("R6").lead is None   # a lead-in to a list


def test_help_n_explains_an_option_with_its_rule(play, home):
    typed = "help 1\n?3\nhelp 9\nrecycle\nhelp 1\nquit\n"
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy", input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    # a move: what it does, in the words of its rule's first paragraph
    assert ("1. draw a card You take the draw pile's top card into your hand, where only you "
            "see it.") in out and "(type rules R5.1 for the whole rule)" in out
    assert ("3. offer a trade to Ana You propose an exchange to one other player who holds at "
            "least one card.") in out and "(type rules R5.3 for the whole rule)" in out
    assert "There is no option 9: help N explains option N of 1 to 4." in out
    assert "1. pay Swimsuit Swimsuit: an item (R11.1); copies: 2; required by:" in out


def test_an_escape_typed_at_a_prompt_is_shown_as_text(play, home):
    result = play("--seed", 5, "--bots", 1, "--difficulty", "easy",
                  input="\x1b[31mred\tand\x9b2J\nquit\n")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x9b" not in result.output
    said = " ".join(result.output.split())
    assert '"\\x1b[31mred\\x09and\\x9b2J" is not an option or a command' in said


def test_the_persons_losses_stand_out_in_the_recap():
    """A card stolen, passed on by Lost Luggage or lost at a Customs Check,
    and an own country sent back to the box, as narrate tells them to the
    person; the same losses of others are not marked."""
    from rich.console import Console

    from engine import cards as C
    from engine.steps import Move, Place, Where, hand
    from passport_cli.play.render import render_recap
    from passport_cli.table.narrate import BOX, DISCARD, EVENT, Teller, _country_swaps, _event
    names = ["You", "Ana", "Bo"]
    you, them = Teller(names, 0), Teller(["Cy", "Ana", "Bo"], 2)
    camera, japan, kenya = C.CARD_WORDS.index("Camera"), C.COUNTRIES.index("Japan"), \
        C.COUNTRIES.index("Kenya")

    def told(teller, event, moves):
        return _event(teller, event, list(moves) + [Move(event, EVENT, DISCARD)], 1)

    swap = [Move(japan, Place(Where.TABLE, 0), BOX, country=True),
            Move(kenya, BOX, Place(Where.TABLE, 0), country=True)]
    luggage = [Move(camera, hand(0), hand(1))]
    customs = [Move(camera, hand(0), DISCARD)]
    lines = ["Ana drew a card.", "Ana stole Passport (Ghana) from you.", "Bo stole a card from Ana."]
    losses = lines[1:2] + _country_swaps(you, list(swap))
    losses += told(you, C.LOST_LUGGAGE, luggage)[-1:] + told(you, C.CUSTOMS_CHECK, customs)[-1:]
    others = (_country_swaps(them, list(swap)) + told(them, C.LOST_LUGGAGE, luggage)[-1:]
              + told(them, C.CUSTOMS_CHECK, customs)[-1:])
    console = Console(width=200, record=True, color_system="standard", force_terminal=True)
    render_recap(console, "Since your last turn", lines + losses[1:] + others)
    plain = console.export_text(clear=False)
    out = console.export_text(styles=True)
    for loss in losses:
        assert f"Lost: {loss}" in plain, (loss, plain)
    assert out.count("Lost:") == len(losses) == 4 and "\x1b[1;33mLost:" in out


def test_the_tutorial_teaches_each_kind_of_decision_once(play, home):
    typed = "offer a trade to ana\n1\ndone\n1\ndone\n" + "1\n" * 12 + "quit\n"
    result = play("--tutorial", input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "You play against Ana (easy) and Bo (easy). Extensions: none." in out
    for lesson in ("The goal (R1)", "Your turn (R4)", "Trade (R5.3)"):
        assert out.count(f"Lesson — {lesson}") == 1, lesson
    assert out.index("Lesson — The goal") < out.index("Your turn (round 1)")
    assert out.index("Lesson — Trade (R5.3)") < out.index("Trade with Ana — choose")
    normal = play("--seed", 7, "--bots", 2, "--difficulty", "easy", input=typed)
    assert "Lesson" not in normal.output


def test_the_tutorial_plays_its_own_table(play, home):
    result = play("--tutorial", "--seed", 3)
    assert result.exit_code == 2 and "--tutorial plays its own deal and table; leave out --seed" \
        in " ".join(result.output.split())


def test_the_tracker_shows_names_as_text():
    from rich.console import Console

    from passport_cli.play.hand import TrackedKind
    from passport_cli.play.render import render_tracker
    console = Console(width=80, record=True, color_system=None)
    render_tracker(console, [TrackedKind("Tent", 2, 0, [("[/]\x1b[2J[bold]", 1)], 0, 1)])
    out = console.export_text()
    assert "[/]\\x1b[2J[bold] 1" in out and "\x1b" not in out


def saved_steps(home):
    """The steps of the one game saved under `home`, and its person's seat."""
    from engine.record import read_record
    [save] = (home / "saves").glob("*.json")
    doc = read_record(save)
    return doc["steps"], doc["seats"][0]


OFFER = "offer a trade to ana\n1\ndone\n1\ndone\n"  # seed 4: Ana declines


def test_undo_takes_back_the_last_move_and_the_bots_replay_it_the_same(play, home):
    """`undo` after an offer Ana declined, then the same offer again: the bot
    decides as it did (the same seeds), so the game is the one played
    without the take-back; the save counts the take-back."""
    straight = play("--seed", 4, "--bots", 1, "--difficulty", "easy", input=OFFER + "1\nquit\n")
    assert straight.exit_code == 0, straight.output
    assert "Ana declined the offer." in straight.output
    steps, seat = saved_steps(home)
    assert "take_backs" not in seat
    for path in (home / "saves").iterdir():
        path.unlink()
    again = play("--seed", 4, "--bots", 1, "--difficulty", "easy",
                 input=OFFER + "undo\n" + OFFER + "1\nquit\n")
    assert again.exit_code == 0, again.output
    out = " ".join(again.output.split())
    assert re.search(r"Taken back: You offered Ana [\w ]+ for an? [\w ]+, and a move after it\. "
                     r"Take-backs this game: 1\.", out), out[-3000:]
    undone, seat = saved_steps(home)
    assert undone == steps and seat["take_backs"] == 1


def test_undo_never_shows_a_card_before_its_time(play, home):
    """A draw shows the person the top card: taking it back would let them
    draw knowing it (R7.4), so undo refuses, and nothing is marked."""
    result = play("--seed", 4, "--bots", 1, "--difficulty", "easy", input="1\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert ("Your last move can't be taken back: since it you have seen cards you did not know "
            "then") in out and "Taken back" not in out
    _, seat = saved_steps(home)
    assert "take_backs" not in seat


def test_undo_goes_back_move_by_move_and_says_when_there_is_none(play, home):
    result = play("--seed", 4, "--bots", 1, "--difficulty", "easy",
                  input="undo\n" + OFFER + "undo\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert out.count("There is no move of yours to take back yet.") == 2
    assert "Take-backs this game: 1." in out
    steps, seat = saved_steps(home)
    assert seat["take_backs"] == 1 and not [s for s in steps if s["seat"] == 0]


def test_a_resumed_game_keeps_its_take_backs_and_a_bad_count_is_refused(play, home):
    assert play("--seed", 4, "--bots", 1, "--difficulty", "easy",
                input=OFFER + "undo\nquit\n").exit_code == 0
    [save] = (home / "saves").glob("*.json")
    resumed = play("--resume", save, input=OFFER + "undo\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Take-backs this game: 2." in " ".join(resumed.output.split())
    doc = json.loads(save.read_text())
    for bad in (-1, 2.5, True, "3", 10**12):
        doc["seats"][0]["take_backs"] = bad
        save.write_text(json.dumps(doc))
        refused = play("--resume", save)
        assert refused.exit_code != 0
        assert "Can't resume" in refused.output and "take-backs" in refused.output, refused.output


def test_the_steps_a_seat_chose_leave_out_those_with_one_option():
    """`chosen_steps`: a seat's steps with a choice at one of their decisions,
    never another seat's, never one of only forced decisions; and whether
    the seat has seen a card since that it did not know then: always after
    it drew (the card drawn), and, seen since a step, seen since every step
    before it."""
    import numpy as np

    from engine.record import GameRecorder
    from passport_cli.play.session import chosen_steps
    game = Game.new(players=3, extensions="all", seed=8)
    recorder = GameRecorder(game)
    rnd = np.random.default_rng(8)
    forced = {}
    while not game.over and len(recorder.steps) < 300:
        legal = game.legal_actions()
        if recorder.pending is None:
            forced[len(recorder.steps)] = len(legal) == 1
        recorder.apply(legal[int(rnd.integers(len(legal)))])
    for seat in range(3):
        chosen = chosen_steps(recorder.steps, game.config, seat)
        numbers = [number for number, _ in chosen]
        assert all(recorder.steps[i].seat == seat for i in numbers)
        mine = [i for i, step in enumerate(recorder.steps) if step.seat == seat
                and step.engine_actions]
        assert set(numbers) <= set(mine) and len(numbers) >= len(mine) // 2
        assert not any(forced.get(i) and len(recorder.steps[i].engine_actions) == 1
                       for i in numbers)
        draws = [seen for number, seen in chosen if recorder.steps[number].type == "draw"]
        assert draws and all(draws)
        flags = [seen for _, seen in chosen]
        assert flags == sorted(flags, reverse=True)
