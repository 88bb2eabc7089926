"""`passport play`: one person against bots, at the terminal.

The person sits at one seat (seat 0 in a new game) of a table
(arena/match.py) whose other seats are bots. The loop asks whoever decides
next: a bot gets its seat's view and nothing more, and the person gets the
screen of `table/view.py` and `play/hand.py` (only what their seat may know,
R7.4) and a prompt. The table records every action, so the game is always
one record away from a save file: it is written to the game's own file
after every completed move (`autosave`), and as it stands when the game is
stopped. The steps a move closes are told in words (`narrate`) as the
person's seat saw them.

Reproducible: the deal comes from the seed, and each bot decision is seeded
from (game seed, seat, decisions so far), not from a running generator, so
a resumed game plays on exactly as the uninterrupted one would. (The expert
searches a fixed number of iterations; only its clock cap, on a machine
three times slower than the nominal speed, could cut a search short.)
"""

from __future__ import annotations

import errno
import sys
from contextlib import nullcontext, suppress
from dataclasses import dataclass
from pathlib import Path

from arena.match import Reseeded, Seat, Table, derive_seed
from engine import Game, Phase
from engine import cards as C
from engine.actions import decode, encode

from .. import stopping
from ..catalog import card_help
from ..safe_text import as_text, path_text
from ..table import render as T
from ..table import view as V
from ..table.narrate import (TURN_STEPS, card_words, count_words, listing, narrate, narrate_step,
                             turns)
from . import hand as H
from . import render as R
from .explain import explain
from .hint import expert_hint
from .lessons import due, lesson_lines
from .menu import MOST_IN_OFFER, SET_PHASES, decision_menu, pick, set_candidates, set_menu, set_size
from .saves import TAKE_BACKS, SaveFile

# The bots' names at a table, in seat order (the person's name is skipped).
SEAT_NAMES = ("Ana", "Bo", "Cy", "Di", "Eli", "Fay")
PROMPT = "> "
COMMANDS = [
    ("NUMBER or TEXT", "choose an option: its number, or the start of its words"),
    ("table", "show the table and your hand again"),
    ("hint", "ask the expert bot for the best moves and their win chances"),
    ("rules [R5.3 | word]", "read the rules: a section, or the sections that mention a word"),
    ("log", "everything you have seen so far this game"),
    ("discard", "the whole discard pile"),
    ("cards", "where each kind of card is, as far as you know"),
    ("back", "take back your last choice in the move you are making"),
    ("cancel", "abandon the move you are making, back to where it began"),
    ("undo", "take back your last move and the bots' moves after it, if you have seen no "
             "new card since (the game is marked as one with take-backs)"),
    ("save [FILE]", "save the game; with FILE (.json or .msgpack), also a copy there"),
    ("quit", "save the game and stop; resume with passport play --resume FILE"),
    ("help N, ?N", "what option N does, and its rule"),
    ("help", "this list"),
]
COMMAND_WORDS = {"help", "?", "table", "hint", "rules", "log", "discard", "cards", "save", "quit",
                 "exit", "back", "cancel", "undo"}

# Steps that show the person cards of the draw pile: once shown, they can't
# be taken back.
SEEN_STEPS = {"local-guide", "trading-post"}
# Phases whose decision starts something new for the person: the whole screen is shown.
SCREEN_PHASES = {Phase.MAIN, Phase.TRADE_REPLY, Phase.MOUSETRAP}


REFUSED = "You couldn't accept the offer: you don't hold every card asked for."

# A longer line is refused unread: no option, command or save path needs it.
LONGEST_ANSWER = 300


@dataclass(frozen=True)
class Made:
    """A decision of the person's in the step under way: the engine actions
    it made, whether the person was asked (else it was the only option),
    and for a set, its members in the order chosen and whether done ended it."""
    actions: tuple[int, ...]
    asked: bool
    picks: tuple[int, ...] = ()
    done: bool = False


class Again(Exception):
    """Ask the person again: a choice was taken back."""


class Stop(Exception):
    """The game stops before its end (quit, end of input, Ctrl-C, SIGTERM,
    SIGHUP): save, then exit `code` (1 instead of 0 when the save fails)."""

    def __init__(self, code: int, why: str):
        super().__init__(why)
        self.code = code
        self.why = why


def new_seats(human_name: str, levels: list[str]) -> list[Seat]:
    """The person at seat 0, then one bot per level with a friendly name."""
    free = [n for n in SEAT_NAMES if n.lower() != human_name.lower()]
    return [Seat(human_name, "human")] + [Seat.bot(free[i], level)
                                          for i, level in enumerate(levels)]


def decision_seed(table: Table, seat: int) -> int:
    """The seed of `seat`'s next decision: from the game's seed, the seat and
    the decisions so far, so it is the same after a resume as without one."""
    return derive_seed("play", table.game.config.seed, seat, table.decisions, bits=62)


@dataclass
class _Step:
    """One of a seat's record steps, as `chosen_steps` follows it."""
    number: int
    unknown: list[int]   # the cards the seat did not know as the step began
    chose: bool = False  # one of its decisions had more than one option
    seen: bool = False   # one of `unknown` has been shown to the seat since


def chosen_steps(steps, config, seat: int, pending=()) -> list[tuple[int, bool]]:
    """The record steps in which `seat` chose among options (a step of one
    legal option at each of its decisions is no choice of its own), each
    (its number, whether `seat` has seen since it began a card it did not
    know then: one it drew, stole or looked at, one a player showed or
    put on a public pile). `pending`: the engine actions of the step under
    way. The game is played again from its deal to see."""
    game = Game(config)
    mine: list[_Step] = []
    watched: list[_Step] = []  # those not seen yet
    actions = [(number, step.seat, action) for number, step in enumerate(steps)
               for action in step.engine_actions]
    actions += [(len(steps), None, action) for action in pending]
    for number, by, action in actions:
        if by == seat and (not mine or mine[-1].number != number):
            mine.append(_Step(number, [c for c in range(C.NUM_CARDS) if not game.knows(seat, c)]))
            watched.append(mine[-1])
        if mine and mine[-1].number == number and game.decider == seat:
            mine[-1].chose = mine[-1].chose or len(game.legal_actions()) > 1
        game.apply(action)
        for step in watched:
            step.seen = any(game.knows(seat, c) for c in step.unknown)
        watched = [step for step in watched if not step.seen]
    return [(step.number, step.seen) for step in mine if step.chose]


def seat_players(table: Table, think: float | None, books: dict | None = None) -> list:
    """The players of a play table's seats: each bot made anew for every
    decision (`Reseeded`; with the opening book of its level, if `books`
    has one), an outside program (cmd:COMMAND) started for the game, the
    person's seat None (the session asks them)."""
    from arena.agents import OutsideAgent
    from bots.names import is_agent

    def player(s: int, level: str | None):
        if level is None:
            return None
        if is_agent(level):
            return OutsideAgent(level)
        return Reseeded(level, lambda: decision_seed(table, s), think, (books or {}).get(level))
    return [player(s, seat.level) for s, seat in enumerate(table.seats)]


class Session:
    """A game being played: the table, the person's seat, where it is saved, the console.

    A resumed game is saved to its file at `path`; a new game (`path` None)
    to a file of its own that `create_save` makes."""

    def __init__(self, table: Table, me: int, path: Path | None, console,
                 think: float | None = None, read=input, books: dict | None = None,
                 lessons: bool = False) -> None:
        # --tutorial: the lessons given so far (None: no lessons)
        self.lessons_given: set[str] | None = set() if lessons else None
        # opening books (openings.Book) by level: hard and the expert play theirs,
        # hint shows the expert's
        self.books = books or {}
        self.think = think
        self.sit(table)
        self.me = me
        self.file = SaveFile(path) if path is not None else None
        if self.file is not None:  # a resumed game: its file holds it as it is
            self.file.steps, self.file.round = len(table.steps), table.game.round
        self.autosave_failed = False  # told once, until a save works again
        self.console = console
        self.read = read
        table.restart_bot_move()  # a bot's move half made at the save is made again whole
        pending = table.recorder.pending
        self.recap: list[str] = []          # others' moves since the person's last screen
        self.told_steps = len(table.steps)
        # The person's decisions in the step under way (a save may stop mid-step).
        self.step_actions: list[int] = (list(pending["engine_actions"])
                                        if pending and pending["seat"] == me else [])
        # What the person may take back: their decisions in the step under way.
        self.made: list[Made] = [Made((a,), True) for a in self.step_actions]
        self.picks: list[int] = []  # the members chosen so far of a set being chosen
        self.last_phase = self.game.phase if self.step_actions else None
        self.screen_shown = False
        self.refused = False  # the person could not accept the offer just answered
        self.bots_moved = False  # since the last prompt
        self.screen_turn: tuple[int, int] | None = None  # (round, active seat) of the last screen
        self.spinner = "line" if console.encoding == "ascii" else "dots"
        self.activity = R.BotActivity(console, self.spinner)

    def sit(self, table: Table) -> None:
        """Play at `table` (a new game, a resumed one, or one taken back to
        an earlier move), its bots seated."""
        self.table = table
        self.recorder = table.recorder
        self.game = table.game
        self.seats = table.seats
        self.names = table.names
        table.take_seats(seat_players(table, self.think, self.books))

    # ---- the loop ---------------------------------------------------------------------
    def play(self, opening: list[str] = (), dealt: bool = False) -> int:
        """Say `opening` (and with `dealt`, the person's hand as dealt: bots
        may move before their first screen), then play to the end or until
        the game is stopped; return the exit code.

        The game is saved after every completed move (`autosave`), so that
        even a kill loses only the move under way; Ctrl-C, SIGTERM and
        SIGHUP (inside stopping.terminate_as_interrupt) save it as it stands."""
        try:
            if opening:
                R.render_intro(self.console, opening)
            if dealt:
                T.render_lines(self.console, [self.dealt()])
            while not self.table.over:
                if self.game.decider == self.me:
                    self.activity.stop()
                    try:
                        made = self.ask_person()
                    except Again:
                        continue
                    for action in made.actions:
                        self.table.apply(action)
                    self.autosave()
                    self.tell(made.actions[-1], told_now=made.asked)
                    pending = self.recorder.pending
                    mine = pending is not None and pending["seat"] == self.me
                    self.made = self.made + [made] if mine else []
                else:
                    self.activity.thinking(self.names[self.game.decider])
                    self.table.step()  # the bot chooses from its seat's view, never the game
                    self.autosave()
                    self.bots_moved = True
                    self.made = []
                    self.tell(None, told_now=False)
            self.activity.stop()
            return self.forfeited() if self.table.forfeit is not None else self.finish()
        except Stop as stop:
            self.quiet_activity()
            return self.stop(stop)
        except KeyboardInterrupt as interrupt:
            self.quiet_activity()
            if self.table.over:  # the end is kept (again: it may have come first), not shown
                with suppress(KeyboardInterrupt):
                    self.keep_end()
                return stopping.exit_code(interrupt)
            return self.stop(Stop(stopping.exit_code(interrupt), "Interrupted."))
        except OSError as error:  # reading or writing the terminal failed
            self.quiet_activity()
            # EIO: the terminal hung up (closed), which SIGHUP says too, or is about to
            code = stopping.HANGUP_CODE if error.errno == errno.EIO else 1
            return self.stop(Stop(code, f"Stopped: {as_text(error)}."))

    def quiet_activity(self) -> None:
        """Stop the bots' live display, if the terminal is still there."""
        with suppress(OSError, KeyboardInterrupt):
            self.activity.stop()

    def tell(self, action: int | None, told_now: bool) -> None:
        """Tell the steps a move closed, at once (the person's own choices) or
        in the recap of the next screen (the rest)."""
        steps = self.table.steps
        new, self.told_steps = steps[self.told_steps:], len(steps)
        lines = narrate(new, self.names, self.me)
        if self.refused:
            lines = [REFUSED if line == "You declined the offer." else line for line in lines]
            self.refused = False
        if told_now and decode(action).name == "binoculars":
            target = decode(action).arg  # the person may now see that hand (R9.2)
            lines.append(f"{self.names[target]} holds "
                         f"{listing([card_words(c) for c in self.game.hand(target)])}.")
        if told_now:
            T.render_lines(self.console, lines)
        else:
            self.recap.extend(lines)
            self.activity.told(lines)

    # ---- the person's decisions ----------------------------------------------------------
    def ask_person(self) -> Made:
        """The person's decision; a decision with one option is made for them
        (and told with the others' moves) unless it gives away their only
        passport or a card they need; a set is chosen whole (`ask_set`)."""
        game = self.game
        phase = game.phase
        starts = phase in SCREEN_PHASES or (phase == Phase.DISCARD
                                             and self.last_phase != Phase.DISCARD)
        if starts:
            self.step_actions = []
        if phase in SET_PHASES:
            made = self.ask_set(starts)
        else:
            menu = self.menu()
            if (phase == Phase.MAIN or len(menu.choices) > 1
                    or risky(phase, menu.choices[0])):  # even with no other option, asked
                self.show(menu, starts)
                made = Made((self.prompt(menu, confirm_risk=True),), True)
            else:
                made = Made((menu.choices[0].action,), False)
                self.refused = phase == Phase.TRADE_REPLY  # told as such, not as a decline
        self.step_actions.extend(made.actions)
        self.last_phase = phase
        return made

    def ask_set(self, starts: bool) -> Made:
        """A payment, a discard or one part of an offer, chosen a member at a
        time in any order, with fixed option numbers; then played in the
        order the engine takes a set (increasing ids)."""
        game = self.game
        self.reopen_set()
        candidates = set_candidates(game, self.me)
        need = set_size(game, self.me)
        if need is not None and len(candidates) <= need:  # no choice: all of them
            return Made(tuple(sorted(candidates)), False, tuple(candidates))
        done = False
        shown = None
        while True:
            menu = set_menu(game, self.me, self.names, candidates, self.picks,
                            self.step_actions, self.recorder)
            if menu != shown:
                self.show(menu, starts)
                starts, shown = False, menu
            action = self.prompt(menu, confirm_risk=True)
            if decode(action).name == "done":
                done = True
                break
            if decode(action).name == "card" and action in self.picks:  # chosen again: not chosen
                self.picks.remove(action)
                T.render_note(self.console, f"{card_words(decode(action).arg)} is no longer "
                                            "chosen.")
                continue
            self.picks.append(action)
            if len(self.picks) == (need if need is not None else MOST_IN_OFFER):
                break
        picks, self.picks = tuple(self.picks), []
        actions = tuple(sorted(picks)) + ((encode("done"),) if done else ())
        return Made(actions, True, picks, done)

    def reopen_set(self) -> None:
        """A set half played into the engine (a game saved that way by an
        older version) is taken back into the set being chosen, so that its
        members can be chosen in any order again."""
        game = self.game
        phase = game.phase
        if phase in (Phase.TRADE_GIVE, Phase.TRADE_ASK):
            _, given, asked = game.pending_offer()
            played = len(given if phase == Phase.TRADE_GIVE else asked)
        elif phase == Phase.RECYCLE_PAY:
            played = len(self.step_actions) - 1 if self.step_actions else 0
        else:
            pending = self.recorder.pending
            played = len(pending["engine_actions"]) if pending and pending["type"] == "discard" else 0
        if played <= 0 or played > len(self.made):
            return
        members = [a for m in self.made[-played:] for a in m.actions]
        self.table.take_back(len(members))
        self.made = self.made[:-played]
        self.step_actions = self.step_actions[:len(self.step_actions) - len(members)]
        self.picks = members

    def show(self, menu: H.Menu, starts: bool) -> None:
        """Put a decision to the person: the screen when it starts something
        new, then the menu."""
        if self.after_declined_offer():
            # the same turn, the same table and hand: only what changed
            T.render_lines(self.console, self.recap)
            self.recap = []
        elif starts or not self.screen_shown:
            self.screen()
        if self.lessons_given is not None:
            for lesson in due(self.game, self.me, self.lessons_given):
                self.lessons_given.add(lesson)
                T.render_lines(self.console, lesson_lines(lesson))
        R.render_menu(self.console, menu)

    def take_back(self, everything: bool) -> None:
        """`back` (the last choice) or `cancel` (the whole move): undo the
        person's decisions in the step under way and ask again, unless
        another seat has decided since or cards of the draw pile were shown."""
        if self.picks and not everything:
            self.picks.pop()
            self.last_phase = self.game.phase  # the same decision: no new screen
            raise Again()
        pending = self.recorder.pending
        if not self.made and not self.picks:
            T.render_note(self.console, "There is nothing to take back: you have not begun a move.")
            return
        if pending is not None and pending["type"] in SEEN_STEPS:
            T.render_note(self.console, "You have seen cards of the draw pile in this move: "
                          "it can't be taken back.")
            return
        made, undone, restored = list(self.made), 0, []
        while made:
            last = made.pop()
            undone += len(last.actions)
            if not everything and last.asked:
                if last.picks:  # back into the set, less its last choice unless done ended it
                    restored = list(last.picks if last.done else last.picks[:-1])
                break
        if everything:
            restored = []
        self.table.take_back(undone)
        self.made = made
        self.picks = restored
        pending = self.recorder.pending
        self.step_actions = (list(pending["engine_actions"])
                             if pending and pending["seat"] == self.me else [])
        self.last_phase = None
        T.render_note(self.console, "Move abandoned." if everything else "Taken back.")
        raise Again()

    @property
    def take_backs(self) -> int:
        """How many times the person took moves back in this game (`undo`),
        as the save's seat keeps it (read_save checked it)."""
        seats = self.recorder.seats
        return int(seats[self.me].get(TAKE_BACKS, 0)) if seats else 0

    def undo(self) -> None:
        """`undo`: take back the person's last move in which they chose
        (with the move under way, and every move after it): the game is
        played again from its record to just before it, and the bots then
        decide with the seeds they had (`decision_seed`). Only while the
        person has seen no card since that they did not know then (R7.4):
        the deal is the same, so a card drawn, stolen, looked at or shown
        would be known before its time. The save counts the take-backs,
        and so does `stats` at the end. Not with an outside program seated:
        it has been told the moves."""
        if self.table.listeners:
            T.render_note(self.console, "An outside program plays at this table and has been "
                          "told every move: moves can't be taken back.")
            return
        pending = self.recorder.pending
        chosen = chosen_steps(self.table.steps, self.game.config, self.me,
                              pending["engine_actions"] if pending else ())
        if not chosen:
            T.render_note(self.console, "There is no move of yours to take back yet"
                          + (": cancel abandons the one you are making." if self.made else "."))
            return
        cut, seen = chosen[-1]
        if seen:
            T.render_note(self.console, "Your last move can't be taken back: since it you have "
                          "seen cards you did not know then (drawn, stolen, looked at, shown or "
                          "put on a pile), and the deal would stay the same (R7.4).")
            return
        said = narrate_step(self.table.steps[cut], self.names, self.me)[0].rstrip(".!")
        after = len(self.table.steps) - cut - 1
        take_backs = self.take_backs + 1
        table = self.table.rewound(cut)
        table.recorder.seats[self.me][TAKE_BACKS] = take_backs
        self.table.close()
        self.sit(table)
        self.file.steps = None  # the save holds another line of play: always written again
        self.recap, self.told_steps = [], len(table.steps)
        self.step_actions, self.made, self.picks = [], [], []
        self.last_phase, self.screen_shown, self.screen_turn = None, False, None
        self.refused = self.bots_moved = False
        problem = self.write()
        T.render_note(self.console, f"Taken back: {said}" + (
            f", and {count_words(after, 'move')} after it" if after else "")
            + f". Take-backs this game: {take_backs}.")
        if problem is not None:
            T.render_note(self.console, f"The game could not be saved: {problem}.")
        raise Again()

    def after_declined_offer(self) -> bool:
        """Is this the person's turn again after its offer was declined (R5.3:
        a declined offer is no action), with the screen shown this turn?"""
        game = self.game
        return (self.screen_shown and game.phase == Phase.MAIN and game.declined_offers > 0
                and self.screen_turn == (game.round, game.active)
                and self.last_phase == Phase.TRADE_ASK)

    def screen(self) -> None:
        """The whole screen: what happened, the table, the hand."""
        self.screen_turn = (self.game.round, self.game.active)
        R.render_recap(self.console, "Since your last turn", self.recap)
        self.recap = []
        T.render_table(self.console, V.table_view(self.game, self.me, self.names))
        R.render_hand(self.console, H.hand_view(self.game, self.me))
        self.screen_shown = True

    def prompt(self, menu: H.Menu, confirm_risk: bool = False) -> int:
        """Read until the person names an option; commands are run in between.
        With `confirm_risk`, an option that gives away the only passport or a
        card the person needs is played only once they confirm it."""
        while True:
            action = self.read_option(menu)
            choice = next(c for c in menu.choices if c.action == action)
            if not confirm_risk or not risky(self.game.phase, choice):
                return action
            label = choice.label[0].upper() + choice.label[1:]
            if self.confirm(f"{label}? ({choice.note}) Type y to confirm, n to choose again."):
                return action
            T.render_note(self.console, "Then choose again.")
            R.render_menu(self.console, menu)

    def confirm(self, question: str) -> bool:
        """Ask a yes-or-no question until it is answered; `quit` saves and
        stops here as at any prompt."""
        T.render_note(self.console, question)
        while True:
            try:
                text = self.read(PROMPT).strip().lower()
            except EOFError:
                self.console.print()
                raise Stop(0, "End of input.") from None
            if text in ("y", "yes", "n", "no"):
                return text.startswith("y")
            if text in ("quit", "exit"):
                raise Stop(0, "Stopped.")
            T.render_note(self.console, "Type y to confirm or n to choose again "
                                        "(quit saves the game and stops).")

    def read_option(self, menu: H.Menu) -> int:
        """Read until the person names an option; commands are run in between."""
        if self.bots_moved:
            drop_typed_ahead()
            self.bots_moved = False
        while True:
            try:
                text = self.read(PROMPT)
            except EOFError:
                self.console.print()
                raise Stop(0, "End of input.") from None
            text = text.strip()
            if len(text) > LONGEST_ANSWER:  # never echoed back: it is no answer
                T.render_note(self.console, f"That line is {len(text):,} characters long: "
                              "type a number, a few words or a command (help).")
                continue
            word, _, rest = text.partition(" ")
            if word.startswith("?") and word[1:].isdigit():  # ?N: help N
                word, rest = "?", word[1:]
            if word.lower() in COMMAND_WORDS and (rest == "" or word.lower() in ("rules", "save")
                                                  or word.lower() in ("help", "?")
                                                  and rest.strip().isdigit()):
                self.command(word.lower(), rest.strip(), menu)
                continue
            chosen, problem = pick(text, menu.choices)
            if chosen is not None:
                return chosen.action
            T.render_note(self.console, problem)

    def menu(self) -> H.Menu:
        return decision_menu(self.game, self.me, self.names, self.step_actions, self.recorder)

    # ---- commands ---------------------------------------------------------------------------
    def command(self, word: str, rest: str, menu: H.Menu) -> None:
        console = self.console
        if word in ("help", "?") and rest.isdigit():
            number = int(rest)
            if 1 <= number <= len(menu.choices):
                T.render_lines(console, explain(menu.choices[number - 1], self.game.phase))
            else:
                T.render_note(console, f"There is no option {number}: help N explains "
                                       f"option N of 1 to {len(menu.choices)}.")
        elif word in ("help", "?"):
            R.render_help(console, COMMANDS)
        elif word == "table":
            self.screen()
            R.render_menu(console, menu)
        elif word == "hint":
            R.render_hint(console, self.hint(menu))
        elif word == "rules":
            self.rules(rest)
        elif word == "log":
            R.render_log(console, self.log())
        elif word == "discard":
            R.render_discard(console, [card_words(c)
                                       for c in self.game.discard_pile()])
        elif word == "cards":
            R.render_tracker(console, H.tracker(self.game, self.me, self.names))
        elif word == "save":
            self.save(Path(rest).expanduser() if rest else None)
        elif word in ("back", "cancel"):
            self.take_back(everything=word == "cancel")
        elif word == "undo":
            self.undo()
        elif word in ("quit", "exit"):
            raise Stop(0, "Stopped.")

    def hint(self, menu: H.Menu) -> list[str]:
        """`hint`: the expert's view of the person's options (play/hint.py)."""
        status = (self.console.status("The expert is thinking about your options…",
                                      spinner=self.spinner) if self.console.is_terminal
                  else nullcontext())
        return expert_hint(self.game.view(self.me), menu, self.think, self.books.get("expert"),
                           decision_seed(self.table, self.me), status, self.names)

    def rules(self, query: str) -> None:
        from .. import rulebook
        book = rulebook.load()
        if not query:
            T.render_lines(self.console, ["Sections: " + ", ".join(
                f"{s.id} {s.title}" for s in book.sections if s.id.count(".") == 0)
                + ". Type rules and a section (rules R5.3) or a word (rules steal)."])
            return
        card = None if rulebook.is_section_id(query) else card_help(query)
        if card is not None:  # one card's rule alone
            T.render_lines(self.console, [card.words,
                                          f"Type rules {card.rule} for the whole section."])
            return
        try:
            found = book.find(query)
        except rulebook.RuleNotFoundError as error:
            T.render_note(self.console, str(error))
            return
        shown = found[:rulebook.SHOWN_IN_FULL]
        R.render_rules(self.console, shown, [s.id for s in found[len(shown):]])

    def dealt(self) -> str:
        """The hand the person was dealt (the record's `setup`), in words."""
        names = self.recorder.setup["hands"][self.me]
        country = self.recorder.setup["countries"][self.me]
        return (f"Your country is {country}. You were dealt "
                f"{listing([C.CARD_WORDS[C.CARD_NAMES.index(n)] for n in names])}.")

    def log(self) -> list[tuple[str, list[str]]]:
        """(heading, sentences) for every turn so far, as the person's seat saw it,
        after the hand the person was dealt."""
        steps = self.recorder.steps
        numbers = turns(steps)
        out: list[tuple[str, list[str]]] = [("The deal", [self.dealt()])]
        active: dict[int, int] = {}
        for step, turn in zip(steps, numbers):
            if step.type in TURN_STEPS:
                active.setdefault(turn, step.seat)
        for step, turn in zip(steps, numbers):
            lines = narrate([step], self.names, self.me)
            seat = active.get(turn, step.seat)
            whose = "your" if seat == self.me else f"{self.names[seat]}'s"
            heading = f"Round {turn // self.game.players + 1}, {whose} turn"
            if out and out[-1][0] == heading:
                out[-1][1].extend(lines)
            elif lines:
                out.append((heading, lines))
        return out

    # ---- saving and the end -------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        """The game's save file (None until a new game's is made)."""
        return self.file.path if self.file is not None else None

    def create_save(self) -> None:
        """Make a new game's save file, a name of its own holding the deal
        (saves.create_save); RecordError, one sentence, if it can't be."""
        self.file = SaveFile.create(self.document(), len(self.table.steps), self.game.round)

    def document(self) -> dict:
        return self.table.document()

    def write(self) -> str | None:
        """Save the game to its file: None, or why it could not be saved."""
        return self.file.write(self.document(), len(self.table.steps), self.game.round)

    def autosave(self) -> None:
        """After a completed move (a record step closed), the game to its
        file, so that no stop, not even a kill, loses more than the move
        under way. Silent while it works; a failure is told once, until a
        save works again."""
        if len(self.table.steps) == self.file.steps:
            return
        with stopping.held():  # a stop waits for the save (a few milliseconds)
            problem = self.write()
        if problem is not None and not self.autosave_failed:
            T.render_note(self.console, f"The game could not be saved: {problem}. It goes on; "
                          "quit tries again, and save FILE saves a copy elsewhere.")
        self.autosave_failed = problem is not None

    def save(self, copy: Path | None = None) -> bool:
        """`save`: the game to its one save file; with `copy`, also a copy
        there (the game goes on saving to its own file)."""
        from engine.record import RecordError

        from .saves import write_save
        if copy is not None:
            try:
                write_save(self.document(), copy, make_folder=False)
            except RecordError as error:
                T.render_note(self.console, f"Not saved: {error}.")
                return False
        problem = self.write()
        if problem is not None:
            T.render_note(self.console, f"Not saved: {problem}. {self.file.lost()}")
            return False
        self.autosave_failed = False
        if copy is not None:
            T.render_note(self.console, f"A copy of the game saved to {path_text(copy)}; "
                          f"the game itself goes on saving to {path_text(self.path)}")
        else:
            T.render_note(self.console, f"Game saved to {path_text(self.path)}")
        return True

    def stop(self, stop: Stop) -> int:
        """Save the game as it stands, then say so; the exit code: `stop.code`,
        or 1 for a stop meant to exit 0 whose save failed. The save comes
        first and no further signal cuts it short; what is said after may
        go nowhere (after SIGHUP the terminal may be gone)."""
        problem = "the game was stopped while it was being saved"
        with suppress(KeyboardInterrupt), stopping.held():
            problem = self.write()
        with suppress(KeyboardInterrupt):
            self.table.close()  # outside programs stop; a resume starts them afresh
        with suppress(OSError, KeyboardInterrupt):
            T.render_note(self.console, stop.why)
            if problem is None:
                T.render_note(self.console, f"Game saved to {path_text(self.path)}")
                T.render_note(self.console, "Resume it with: passport play --resume "
                                            f"{path_text(self.path)}")
            else:
                T.render_note(self.console, f"The game could not be saved: {problem}. "
                                            f"{self.file.lost()}")
        return stop.code if problem is None or stop.code != 0 else 1

    def keep_end(self) -> tuple[str | None, str | None]:
        """Save a game that ended and, unless it was forfeited, count it in
        the person's tally (once: a game's row is keyed by its save), with
        no signal cutting either short. (Why the save failed, why the tally
        did), None for what worked."""
        from . import history
        with stopping.held():
            problem = self.write()
            if self.table.forfeit is not None:
                return problem, None
            levels = [seat.level for s, seat in enumerate(self.seats) if s != self.me]
            try:
                history.record(history.finished_game(self.game, self.me, levels, self.path,
                                                     self.take_backs))
            except history.HistoryError as error:  # the game is saved: only the tally misses it
                return problem, str(error)
        return problem, None

    def forfeited(self) -> int:
        """The game ended when an outside program broke the protocol: it
        loses, the other seats share the win (docs/agent-protocol.md). The
        record keeps why; the person's tally does not count the game.
        The exit code: 1 if the record could not be saved."""
        problem, _ = self.keep_end()
        seat, fault = self.table.forfeit
        R.render_recap(self.console, "Since your last turn", self.recap)
        self.recap = []
        T.render_note(self.console, f"{self.names[seat]}'s program forfeited the game in round "
                      f"{self.game.round} ({fault.reason}: {fault.detail}); the other players "
                      "share the win. The game is not counted in passport stats.")
        return self.tell_saved(problem)

    def finish(self) -> int:
        """The end: the record and the tally are written first, so that
        nothing shown after can lose them; then the end screen. The exit
        code: 1 if the record could not be saved."""
        problem, tally_problem = self.keep_end()
        R.render_recap(self.console, "Since your last turn", self.recap)
        self.recap = []
        headline, hands = V.end_summary(self.game, self.names, self.me)
        T.render_end(self.console, headline, hands, self.game.outcome.rounds)
        R.render_recap(self.console, "How the game went",
                       V.game_summary(self.game, self.table.steps, self.names, self.me))
        # Only now: the seed deals every hand, so shown before the end it
        # would let `passport watch --seed S --reveal` show the bots' cards.
        seed = self.game.config.seed
        T.render_note(self.console, f"Seed {seed}: passport play --seed {seed} deals this game again.")
        if self.take_backs:
            T.render_note(self.console, f"You took back {count_words(self.take_backs, 'move')} "
                          "in this game (undo).")
        code = self.tell_saved(problem)
        if tally_problem is not None:
            T.render_note(self.console, tally_problem)
        return code

    def tell_saved(self, problem: str | None) -> int:
        """Say where the record of a game that ended is (or why it is not); the exit code."""
        if problem is None:
            T.render_note(self.console, f"Game record saved to {path_text(self.path)}")
            return 0
        T.render_note(self.console, f"The game record could not be saved: {problem}. "
                                    f"{self.file.lost()}")
        return 1


# Phases whose choice gives a card of the person's away.
GIVING_PHASES = {Phase.RECYCLE_PAY, Phase.DISCARD, Phase.TRADE_GIVE, Phase.STEAL_PAY,
                 Phase.DISPOSE_WITH, Phase.TRADING_POST_GIVE}


def risky(phase: Phase, choice: H.Choice) -> bool:
    """Whether a choice gives away the person's only passport or a card they
    need (its note says so: hand.choice_note, hand.reply_note)."""
    name = decode(choice.action).name
    if phase == Phase.TRADE_REPLY:
        return name == "yes" and choice.note.startswith("you would give")
    return (phase in GIVING_PHASES and name == "card"
            and ("your only passport" in choice.note or "needed for" in choice.note)
            and "chosen" not in choice.note)


def drop_typed_ahead() -> None:
    """Throw away what was typed at the terminal while bots moved: an answer
    typed before its question was shown must not answer it."""
    if not sys.stdin.isatty():
        return
    try:
        import termios
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError):  # no POSIX terminal: nothing to drop
        pass
