"""The opening book (openings/): keys read only what a seat knows, book
moves are legal where they are played, and a file that is not a usable
book is refused in one sentence."""

import re

import msgpack
import pytest

from bots.difficulty import make_bot
from engine import Game
from openings import (
    BOOK_ROUNDS, Book, BookError, BookSettingsError, action_class, class_action, opening_key,
    read_book, write_book,
)


def openings_of(players: int, extensions: str, games: int):
    """(game, view) at every decision of the first BOOK_ROUNDS + 1 rounds of greedy games."""
    for seed in range(games):
        game = Game.new(players=players, extensions=extensions, seed=seed)
        bots = [make_bot("greedy", seat) for seat in range(players)]
        while not game.over and game.round <= BOOK_ROUNDS + 1:
            view = game.view(game.decider)
            yield game, view
            game.apply(bots[game.decider].choose(view))


@pytest.mark.parametrize("players, extensions", [(2, "none"), (3, "all"), (4, "all")])
def test_a_key_holds_only_what_its_seat_knows(players, extensions):
    keyed = 0
    for game, view in openings_of(players, extensions, 12):
        key = opening_key(view)
        if key is None:
            continue
        keyed += 1
        for seed in (1, 2, 3):  # the cards the seat can't see, dealt anew
            assert opening_key(game.determinize(view.seat, seed).view(view.seat)) == key
    assert keyed >= 12 * players


def test_keys_are_the_first_decisions_of_the_first_turns():
    turns = set()
    for game, view in openings_of(4, "all", 6):
        if opening_key(view) is not None:
            assert game.round <= BOOK_ROUNDS and game.phase.label == "main"
            assert game.actions_taken == 0 and game.declined_offers == 0
            assert (game.config.seed, game.round, view.seat) not in turns  # one a turn
            turns.add((game.config.seed, game.round, view.seat))
    assert len(turns) == 6 * 4 * BOOK_ROUNDS


def test_a_key_does_not_depend_on_seat_numbers():
    # the same deal seen from the seat that starts, whichever number it has
    keys = {}
    for seed in range(40):
        game = Game.new(players=3, extensions="none", seed=seed)
        key = opening_key(game.view(game.decider))
        keys.setdefault(key, set()).add(game.start_seat)
    assert any(len(seats) > 1 for seats in keys.values())


def test_an_action_class_is_the_action_seen_from_the_seat():
    for game, view in openings_of(4, "all", 4):
        for action in view.legal_actions:
            move = action_class(view, action)
            assert class_action(view, move) == action
    view = Game.new(players=3, extensions="none", seed=1).view(0)
    assert class_action(view, ("trade", 5)) is None and class_action(view, ("travel", -1)) is None


def a_book(players=3, extensions="none", games=10) -> Book:
    """Every legal move of each keyed position, with made-up visits."""
    book = Book({"players": players, "level": "test"})
    for _, view in openings_of(players, extensions, games):
        key = opening_key(view)
        if key is not None:
            book.add(key, {action_class(view, a): (i + 1, 0.5 * (i + 1))
                           for i, a in enumerate(view.legal_actions)})
    return book


def test_a_book_is_written_and_read_back_and_its_moves_are_legal(tmp_path):
    book = a_book()
    path = tmp_path / "book.msgpack"
    write_book(book, path)
    back = read_book(path)
    assert back.entries == book.entries and back.positions == book.positions
    assert back.built_with == book.built_with
    played = 0
    for _, view in openings_of(3, "none", 14):
        moves = back.moves(view)
        for action, visits, value in moves:
            assert action in view.legal_actions and visits > 0 and value == pytest.approx(0.5)
        best = back.best(view, min_positions=1)
        if moves:
            played += 1
            assert best == moves[0][0]
        assert back.best(view, min_positions=10**9) is None
    assert played > 20


def damaged(tmp_path, doc=None, raw=None):
    path = tmp_path / "book.msgpack"
    path.write_bytes(raw if raw is not None else msgpack.packb(doc))
    return path


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="chess"), "not a Passport opening book"),
    (lambda d: d.update(version=99), "book version 99 can't be read"),
    (lambda d: d.update(key_version=0), "keys are of another version"),
    (lambda d: d.update(entries=[]), "holds built_with, positions and entries"),
    (lambda d: next(iter(d["entries"].values())).append(["fly", 0, 1, 0.5]), "'fly' 0 is not a move"),
    (lambda d: next(iter(d["entries"].values())).append(["draw", -1, -3, 0.5]), "is not [name, arg"),
    (lambda d: next(iter(d["entries"].values())).append(["draw", -1, 3, float("nan")]), "is not [name"),
    (lambda d: d["positions"].update(x=-1), "positions counts whole numbers"),
])
def test_a_damaged_book_is_refused_in_one_sentence(tmp_path, change, words):
    doc = a_book(games=2).to_document()
    change(doc)
    with pytest.raises(BookError, match=re.escape(words)) as error:
        read_book(damaged(tmp_path, doc))
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("raw, words", [
    (b"", "corrupt msgpack"), (b"\xc1\xc1\xc1", "corrupt msgpack"), (msgpack.packb([1, 2]), "not a Passport"),
])
def test_what_is_not_a_book_is_refused(tmp_path, raw, words):
    with pytest.raises(BookError, match=words):
        read_book(damaged(tmp_path, raw=raw))
    with pytest.raises(BookError, match="can't be read"):
        read_book(tmp_path / "missing.msgpack")


def test_a_book_of_other_settings_is_refused():
    book = a_book(games=1)
    book.check_built_with({"players": 3})
    with pytest.raises(BookSettingsError, match="built with other players"):
        book.check_built_with({"players": 4})


def test_hard_and_the_expert_play_the_books_move_where_it_has_one():
    from bots.ismcts import BOOK_POSITIONS, _is_offer
    book = a_book(players=3, games=10)
    hard, easy = make_bot("hard", 1, book=book), make_bot("easy", 1, book=book)
    assert easy.book is None and make_bot("expert", 1, book=book).book is book
    played = searched = 0
    for _, view in openings_of(3, "none", 14):
        action = hard.choose(view)
        assert action in view.legal_actions
        move = book.best(view, BOOK_POSITIONS)
        if move is not None and _is_offer(move):
            move = None  # an offer is searched, to be checked against its mirror
        assert hard.last_from_book == (move is not None)
        if move is not None:
            assert action == move
            played += 1
        else:
            searched += 1
    assert played > 5 and searched > 5


def test_a_book_is_written_as_every_file_of_ours_is(tmp_path):
    """write_book is engine.files.write_atomically: the neighbour file a
    killed writer left is cleared, and the book is readable by others
    (mode 0o666 under the umask), not a private temporary file's 0o600."""
    import os
    import subprocess
    import sys
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    path = tmp_path / "book.msgpack"
    leftover = tmp_path / f".book.msgpack.{int(gone.stdout)}.tmp"
    leftover.write_bytes(b"half a book")
    umask = os.umask(0o022)
    try:
        write_book(Book({"players": 3, "level": "test"}), path)
    finally:
        os.umask(umask)
    assert not leftover.exists() and sorted(p.name for p in tmp_path.iterdir()) == [path.name]
    assert path.stat().st_mode & 0o777 == 0o644
