"""`passport play` in a real pseudo-terminal, played to the end by a script.

A `Player` reads each numbered menu off the screen and picks by fixed rules
(travel when it can, compose a trade now and then, accept and decline
offers in turn, otherwise draw), so a seed gives the same game every run.
The bots are `easy` and the game has no extensions, so a game takes seconds.

Every subprocess shares this session's NUMBA_CACHE_DIR (the Makefile's
throwaway one) and the kernels are compiled once, in-process, first.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
OPTION = re.compile(r"(\d+)\. (.+?)(?=\s{2,}\d+\. |\s*$)")
PROMPT = "\n> "
SEED = 11


pytestmark = [pytest.mark.usefixtures("easy_bots_ready"), pytest.mark.slow]


def spawn(home: Path, *args: str, columns: int = 80):
    env = dict(os.environ, PASSPORT_HOME=str(home), COLUMNS=str(columns), LINES="24",
               TERM="xterm",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("NO_COLOR", None)
    # Ctrl-C as in a terminal, even when the tests run as a background job
    # (which starts with SIGINT ignored, and a child keeps an ignored signal)
    child = pexpect.spawn(sys.executable, ["-m", "passport_cli", "play", *args], env=env,
                          cwd=str(ROOT), encoding="utf-8", timeout=60,
                          dimensions=(24, columns),
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    child.delaybeforesend = None  # the script types at once; pexpect would wait 50 ms
    return child


class Player:
    """Plays the person's seat by rules, from what the screen shows."""

    def __init__(self) -> None:
        self.transcript = ""
        self.offers_answered = 0
        self.answers: list[str] = []
        self.trades_composed = 0
        self.round_offered = None
        self.main_prompts = 0

    def read(self, child) -> str | None:
        """The screen up to the next prompt, or None when the program ended."""
        found = child.expect_exact([PROMPT, pexpect.EOF])
        text = ANSI.sub("", child.before)
        self.transcript += text + ("\n> " if found == 0 else "")
        return text if found == 0 else None

    @staticmethod
    def menu(screen: str) -> tuple[str, dict[int, str]]:
        """The last menu on the screen: its title and {number: words (note)}."""
        lines = screen.splitlines()
        options: dict[int, str] = {}
        block: list[str] = []  # the title, which a narrow terminal wraps
        for line in reversed(lines):
            if re.match(r"\s+\d+\. ", line) and not block:
                for number, words in OPTION.findall(line):
                    options[int(number)] = words.strip()
            elif line.strip() and not line.startswith((" ", ">")):
                block.insert(0, line.strip())
            elif block:
                break
        # the title is "what — what to choose" (" - " in ASCII); lines above it are not
        starts = [i for i, line in enumerate(block) if " — " in line or " - " in line]
        return " ".join(block[starts[-1]:] if starts else block[-1:]), options

    def choose(self, screen: str) -> str:
        said = " ".join(screen.split())
        if said.endswith("Type y to confirm, n to choose again."):
            return "y"  # this player gives what its rules chose, needed or not
        if said.endswith("or press Enter to stop."):
            return ""  # the game is over: no other
        title, options = self.menu(screen)
        numbers = sorted(options)

        def first(prefix, unless=()):
            return next((str(n) for n in numbers if options[n].startswith(prefix)
                         and not any(word in options[n] for word in unless)), None)

        if first("accept the offer"):
            self.offers_answered += 1
            answer = "accept the offer" if self.offers_answered % 2 else "decline the offer"
            self.answers.append(answer)
            return answer  # by words
        if title.startswith("Your turn"):
            self.main_prompts += 1
            round_now = re.search(r"round (\d+)", title).group(1)
            if first("travel"):
                return first("travel")
            if first("offer a trade") and self.round_offered != round_now \
                    and int(round_now) % 3 == 1:
                self.round_offered = round_now
                self.trades_composed += 1
                return first("offer a trade")
            if first("recycle") and int(round_now) % 3 == 2:
                return "recycle"
            return "draw"  # by words
        if title.startswith("Trade with") and "to offer" in title:
            return first("done") or first("offer", ("needed", "Passport")) or "1"
        if title.startswith("Trade with") and "to ask" in title:
            return first("done") or next((str(n) for n in numbers if "(needed)" in options[n]),
                                         "1")
        if title.startswith("Hand limit") or (title.startswith("Recycle") and "to pay" in title):
            return (first("", ("needed", "Passport", "chosen"))
                    or first("", ("chosen",)))
        if title.startswith("Recycle — choose a card to take"):
            return next((str(n) for n in numbers if "needed" in options[n]), "1")
        return first("end the turn") or "1"


def play_on(child, player: Player, stop_after_main: int | None = None,
            extra: dict[int, list[str]] | None = None) -> str:
    """Answer prompts until the game ends (or the person quits); return the last screen."""
    extra = extra or {}
    while True:
        screen = player.read(child)
        if screen is None:
            return ""
        title, _ = player.menu(screen)
        if title.startswith("Your turn"):
            number = player.main_prompts + 1
            if stop_after_main is not None and number > stop_after_main:
                child.sendline("quit")
                player.read(child)
                return screen
            for command in extra.pop(number, []):  # commands, then the choice
                child.sendline(command)
                assert player.read(child) is not None
        child.sendline(player.choose(screen))


def saved_path(transcript: str) -> Path:
    paths = re.findall(r"saved to\s+(\S+\.json)", transcript)
    assert paths, transcript[-2000:]
    return Path(paths[-1])


def moves(doc: dict) -> list:
    """Every engine action of a record, in order."""
    actions = [a for step in doc["steps"] for a in step["engine_actions"]]
    return actions + doc.get("pending", {}).get("engine_actions", [])


def test_full_game_with_trades_hint_save_and_resume(tmp_path):
    from engine.record import check_record, read_record, replay

    # One game straight through, with a hint, a save and a look at the rules.
    straight = Player()
    child = spawn(tmp_path / "a", "--bots", "2", "--difficulty", "easy", "--seed", str(SEED))
    play_on(child, straight, extra={1: ["hint"], 3: ["save", "rules R5.3", "log"]})
    child.close()
    assert child.exitstatus == 0, straight.transcript[-3000:]
    text = straight.transcript
    assert "Since your last turn" in text
    assert re.search(r"\d+\. .+: about \d+% chance to win", text), "no hint shown"
    assert "Game saved to" in text and "R5.3 Trade" in text
    assert "Game over" in text and "Rounds played:" in text
    assert straight.trades_composed >= 1 and re.search(r"You offered (Ana|Bo) ", text)
    assert "accept the offer" in straight.answers and "decline the offer" in straight.answers
    assert re.search(r"You accepted: ", text) and "You declined the offer." in text
    record = saved_path(text)
    doc = read_record(record)
    check_record(doc)
    assert replay(doc).outcome.reason == doc["result"]["reason"]
    assert [s["player"] for s in doc["seats"]] == ["human", "bot:easy", "bot:easy"]

    # The same game, quit after a few turns, then resumed from its save: the
    # bots, reseeded from the game's seed and the decisions so far, play the
    # very same moves, so the two records are the same game.
    resumed = Player()
    child = spawn(tmp_path / "b", "--bots", "2", "--difficulty", "easy", "--seed", str(SEED))
    last_screen = play_on(child, resumed, stop_after_main=4, extra={1: ["hint"]})
    child.close()
    assert child.exitstatus == 0
    save = saved_path(resumed.transcript)
    assert "Resume it with: passport play --resume" in resumed.transcript
    child = spawn(tmp_path / "b", "--resume", str(save))
    first = resumed.read(child)
    assert f"Resumed {save}" in " ".join(first.split())
    assert resumed.menu(first) == resumed.menu(last_screen)  # the same decision, the same options
    child.sendline(resumed.choose(first))
    play_on(child, resumed)
    child.close()
    assert child.exitstatus == 0
    assert moves(read_record(saved_path(resumed.transcript))) == moves(doc)


def test_ctrl_c_mid_decision_saves_and_resumes_there(tmp_path):
    from engine.record import read_record

    player = Player()
    child = spawn(tmp_path, "--bots", "1", "--difficulty", "easy", "--seed", "3")
    # To the first trade the person composes, one card chosen: the offer is
    # under way (its target chosen), the set of cards is not played yet, so
    # the resumed game asks for the cards again, from the same options.
    while True:
        screen = player.read(child)
        title, _ = player.menu(screen)
        if title.startswith("Your turn"):
            child.sendline(str(player.menu(screen)[1] and min(
                n for n, w in player.menu(screen)[1].items() if w.startswith("offer a trade"))))
            continue
        if title.startswith("Trade with") and "to offer" in title:
            child.sendline("1")
            break
        child.sendline(player.choose(screen))
    chosen = player.read(child)
    assert "1. offer" in chosen and "(chosen" in chosen and "done" in player.menu(chosen)[1][
        max(player.menu(chosen)[1])]
    child.sendintr()
    child.expect(pexpect.EOF)
    player.transcript += ANSI.sub("", child.before)
    child.close()
    assert child.exitstatus == 130
    save = saved_path(player.transcript)
    doc = read_record(save)
    assert doc["pending"]["type"] == "offer"
    child = spawn(tmp_path, "--resume", str(save))
    first = player.read(child)
    assert player.menu(first) == player.menu(screen)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert json.loads(save.read_text())["pending"] == doc["pending"]


def test_full_game_with_every_extension(tmp_path):
    """A whole game with every extension on, played to its end;
    here in a terminal of 50 columns, in ASCII and without colour, where
    every line fits (a save path, never broken, aside)."""
    from engine.record import check_record, read_record

    player = Player()
    child = spawn(tmp_path, "--bots", "3", "--difficulty", "easy", "--extensions", "all",
                  "--seed", "5", "--ascii", "--no-color", columns=50)
    play_on(child, player)
    child.close()
    assert child.exitstatus == 0, player.transcript[-3000:]
    assert player.transcript.isascii()
    # (the bots' live display redraws in place: its frames, run together
    # once the cursor moves are stripped, are left out)
    lines = [line[2:] if line.startswith("> ") else line
             for line in player.transcript.splitlines()
             if str(tmp_path) not in line and "is thinking" not in line]
    assert max(len(line) for line in lines) <= 50
    assert "Game over" in player.transcript
    doc = read_record(saved_path(player.transcript))
    check_record(doc)
    assert doc["config"]["extensions"] == ["events", "specials", "forbidden", "postcards",
                                           "characters"]
    assert doc["result"]["reason"] in ("center", "postcards")


def test_what_is_typed_while_bots_move_answers_nothing(tmp_path):
    """A line typed before the first prompt, while the bots who start take
    their turns (the expert thinks a third of a second a move), is thrown away."""
    from engine import Game
    seed = next(s for s in range(1, 100)
                if Game.new(players=4, extensions="all", seed=s).start_seat != 0)
    child = spawn(tmp_path, "--bots", "3", "--difficulty", "expert", "--think", "0.3",
                  "--extensions", "all", "--seed", str(seed))
    child.expect_exact("Type help at any prompt")
    child.sendline("1")  # "draw a card", typed ahead
    child.expect_exact(PROMPT, timeout=120)
    shown = ANSI.sub("", child.before)
    assert "Your turn" in shown
    with pytest.raises(pexpect.TIMEOUT):  # the prompt waits: the typed line was dropped
        child.expect_exact(["You drew", PROMPT], timeout=3)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# ---- stopped at any moment: SIGTERM, SIGHUP, SIGKILL -------------------------------------
#
# Each case plays a game to a prompt drawn at random, then stops it: at
# that prompt, or a random moment after answering it (while the move is
# made, bots think, the game is saved, or at the next prompt). SIGTERM and
# SIGHUP save the game as it stands (SIGHUP also by closing the terminal,
# half the time); SIGKILL leaves the last save made after a completed move.
# Either way the save is the same game as one played straight through, it
# resumes, and it reaches every "Your turn" prompt that was on the screen:
# only the move under way may be missing. make test runs 3 cases of each
# signal; PASSPORT_KILLS=30 runs 30, the count docs/robustness.md reports.

KILLS = int(os.environ.get("PASSPORT_KILLS", "0") or 0) or 3
KILL_SEEDS = (11, 12, 13, 14, 15)
_straight: dict[int, list[int]] = {}


def straight_game(tmp_path: Path, seed: int) -> list[int]:
    """The moves of the game of `seed` played straight through by a Player."""
    if seed not in _straight:
        from engine.record import read_record
        player = Player()
        child = spawn(tmp_path / f"straight-{seed}", "--bots", "1", "--difficulty", "easy",
                      "--seed", str(seed))
        play_on(child, player)
        child.close()
        assert child.exitstatus == 0, player.transcript[-3000:]
        _straight[seed] = moves(read_record(saved_path(player.transcript)))
    return _straight[seed]


def main_points(doc: dict) -> int:
    """The "Your turn" decisions of seat 0 a record reaches (the one it stops at included)."""
    from engine import Game, Phase
    config = doc["config"]
    game = Game.new(config["players"], config["extensions"], config["seed"], config["round_cap"])
    points = 0
    for action in moves(doc):
        points += game.decider == 0 and game.phase == Phase.MAIN
        game.apply(action)
    return points + (not game.over and game.decider == 0 and game.phase == Phase.MAIN)


def is_main(screen: str) -> bool:
    return Player.menu(screen)[0].startswith("Your turn")


def stop_at_random(tmp_path: Path, signum: int, case: int, rng) -> dict:
    """One case: play to a random prompt, stop the game, check its save."""
    from engine.record import check_record, read_record
    from passport_cli.play.saves import read_save

    seed = rng.choice(KILL_SEEDS)
    target = rng.randrange(0, 30)             # prompts answered before the stop
    delay = rng.choice([None, rng.uniform(0, 0.5)])  # None: at the prompt itself
    hang_up = signum == signal.SIGHUP and case % 2 == 1  # the terminal closes
    home = tmp_path / f"case-{case}"
    player = Player()
    child = spawn(home, "--bots", "1", "--difficulty", "easy", "--seed", str(seed))
    seen = answered = 0
    while True:
        screen = player.read(child)
        assert screen is not None, player.transcript[-3000:]
        seen += is_main(screen)
        if answered == target:
            break
        child.sendline(player.choose(screen))
        answered += 1
    if delay is not None:
        child.sendline(player.choose(screen))
        time.sleep(delay)
        with contextlib.suppress(pexpect.TIMEOUT):  # a prompt shown meanwhile counts
            child.expect_exact(PROMPT, timeout=0)
            seen += is_main(ANSI.sub("", child.before))
    if hang_up:
        child.ptyproc.fileobj.close()  # the terminal is gone: the kernel sends SIGHUP
        status = child.ptyproc.wait()
        exitstatus, signalstatus = (status, None) if status is not None else (None, None)
    else:
        child.kill(signum)
        child.expect(pexpect.EOF, timeout=120)  # everything it printed, to its end
        child.wait()  # (close() would signal a program still exiting after 0.1 s)
        exitstatus, signalstatus = child.exitstatus, child.signalstatus
    [save] = sorted((home / "saves").glob("game-*.json"))
    doc = read_record(save)
    check_record(doc)
    over = doc["result"]["reason"] is not None
    if signum == signal.SIGKILL:
        assert signalstatus == signal.SIGKILL
    else:
        codes = {128 + signum} | ({0} if over else set())
        assert exitstatus in codes, (exitstatus, signalstatus, player.transcript[-2000:])
    if not over:
        read_save(save)  # it resumes
    straight = straight_game(tmp_path, seed)
    kept = moves(doc)
    assert kept == straight[:len(kept)], "not the same game"
    assert main_points(doc) >= seen, (seen, main_points(doc), target, delay)
    return {"kept": len(kept), "at": "a prompt" if delay is None else "after an answer",
            "ended": f"exit {exitstatus}" if signalstatus is None else f"signal {signalstatus}"}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL],
                         ids=["TERM", "HUP", "KILL"])
def test_a_game_stopped_at_any_moment_loses_at_most_the_move_under_way(tmp_path, signum):
    import random
    rng = random.Random(f"kills {signum}")
    from collections import Counter
    cases = [stop_at_random(tmp_path, signum, case, rng) for case in range(KILLS)]
    assert len(cases) == KILLS
    print(f"\n{signal.Signals(signum).name}: {KILLS} stops, none lost more than the move "
          f"under way ({dict(Counter(c['at'] for c in cases))}; "
          f"{dict(Counter(c['ended'] for c in cases))}); moves kept {[c['kept'] for c in cases]}")


def test_the_tutorial_teaches_and_undo_takes_a_move_back_in_a_terminal(tmp_path):
    """`--tutorial` through a real terminal: its lessons at the first
    decisions, then `undo` at the third turn: it takes the last move back
    (the save counts it) or, when that move showed a card, says why not;
    the game goes on."""
    from engine.record import read_record
    player = Player()
    child = spawn(tmp_path / "t", "--tutorial")
    play_on(child, player, stop_after_main=5, extra={3: ["undo"]})
    child.close()
    assert child.exitstatus == 0, player.transcript[-3000:]
    text = " ".join(player.transcript.split())
    assert "Lesson — The goal (R1):" in text and "Lesson — Your turn (R4):" in text
    taken = re.search(r"Taken back: You [^.]+\. Take-backs this game: 1\.", text)
    refused = "Your last move can't be taken back: since it you have seen cards" in text
    assert bool(taken) != refused, text[-3000:]
    doc = read_record(saved_path(player.transcript))
    assert doc["seats"][0].get("take_backs") == (1 if taken else None)
