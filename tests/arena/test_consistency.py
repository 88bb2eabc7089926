"""Consistent trade values (arena/consistency.py): a bot's offers seen from
the other side; the command is `passport lab consistency`
(tests/cli/test_lab.py)."""

import re

import pytest

from arena.consistency import mirror_replies, offer_counts, summary
from bots.names import BotNameError
from engine import ConfigError
from engine import cards as C


def test_without_postcards_the_planner_accepts_the_mirror_of_every_offer_it_makes():
    # bots/_planner.py: one valuation on both sides of a trade
    rows = mirror_replies("planner", players=3, games=30, seed=1,
                          extensions="events,specials,forbidden,characters") \
        + mirror_replies("planner", players=4, games=20, seed=1, extensions="none")
    assert len(rows) > 300
    assert all(r.accepted == 1 for r in rows), [r.words() for r in rows if not r.accepted]


def test_with_postcards_the_planner_declines_only_mirrors_where_a_postcard_changes_hands():
    # Two known differences between the planner's two sides (docs/experiments.md,
    # "Consistent trade values"): it gives a postcard to a target not known to
    # hold one (plan_offer), but from the other side refuses any postcard that
    # could be the offerer's fourth (reply_gain); and a mirror shows the
    # target's postcard, which makes the target look closer to winning.
    rows = mirror_replies("planner", players=3, games=30, seed=1)
    assert len(rows) > 200
    declined = [r for r in rows if r.accepted == 0]
    assert len(declined) <= 0.05 * len(rows)
    for r in declined:
        assert (C.KIND_POSTCARD in r.ask
                or any(C.CARD_KINDS[c] == C.KIND_POSTCARD for c in r.give)), r.words()


def test_a_search_bot_answers_the_mirrors_of_its_offers():
    rows = mirror_replies("medium", players=3, games=3, seed=5, think=0.005, replies=2)
    assert rows, "three games of medium make offers"
    for r in rows:
        assert r.replies == 2 and 0 <= r.accepted <= 2
        assert r.target != r.seat and 1 <= len(r.give) <= 3 and 1 <= len(r.ask) <= 3
    lines = summary(rows)
    assert lines[0].startswith(f"{len(rows)} offers its target could accept")
    assert lines[1].startswith("offers whose mirror every reply accepted")


@pytest.mark.parametrize("bot, args, error, message", [
    ("nobody", {}, BotNameError, "unknown bot 'nobody'"),
    ("planner", {"field": "medium+nonsense=1"}, BotNameError, "'nonsense' is not a search setting"),
    ("hard+book", {}, BotNameError, "hard+book plays an opening book, and none was given"),
    ("cheater-expert", {}, BotNameError, "a cheater sees every hand"),
    ("planner", {"extensions": "bogus"}, ValueError, "unknown extension 'bogus'"),
    ("planner", {"players": 7}, ConfigError, "players must be 2 to 6, not 7"),
    ("planner", {"games": 0}, ValueError, "games must be at least 1"),
    ("planner", {"replies": 0}, ValueError, "replies must be at least 1"),
])
def test_a_run_that_cannot_be_played_is_refused_in_one_sentence(bot, args, error, message):
    with pytest.raises(error, match=re.escape(message)):
        mirror_replies(bot, **args)
    if "replies" not in args:
        with pytest.raises(error, match=re.escape(message)):
            offer_counts(bot, **args)


def test_offer_counts_count_the_offers_whose_mirrors_are_asked_about():
    """The same games as `mirror_replies`: every offer the bot made, and
    those its target could accept, which are the offers mirrored there."""
    args = dict(players=2, games=3, seed=4, field="greedy")
    made, answerable = offer_counts("planner", **args)
    assert answerable == len(mirror_replies("planner", **args))
    assert made > answerable > 0  # the planner asks for cards its target may not hold


# ---- offers checked against their mirror before they are made (bots/ismcts.py) ----

def _offers_in_play(name, monkeypatch=None, games=2, players=3, seed=60):
    """Play `games` games of `name` (seat 0) against planners; for each offer
    seat 0 made: (the composing decisions it had planned, the ones it played)."""
    from bots.difficulty import make_bot
    from bots.ismcts import _is_offer
    from engine import Game, Phase
    made = []
    for g in range(games):
        game = Game.new(players=players, extensions="all", seed=seed + g)
        seats = [make_bot(name if s == 0 else "planner", s, think=0.005, measurement=True)
                 for s in range(players)]
        while not game.over and game.round < 40:
            seat = game.decider
            action = seats[seat].choose(game.view(seat))
            game.apply(action)
            if seat == 0 and game.phase == Phase.TRADE_GIVE and _is_offer(action):
                plan = seats[0]._plan
                played = []
                while game.decider == 0 and game.phase in (Phase.TRADE_GIVE, Phase.TRADE_ASK):
                    assert plan is None or seats[0].continues(game.view(0))  # `Reseeded` asks it
                    played.append(seats[0].choose(game.view(0)))
                    game.apply(played[-1])
                made.append((None if plan is None else [step[0] for step in plan[1]], played))
    return made


def test_with_mirror_checks_the_offer_made_is_the_offer_checked():
    made = _offers_in_play("medium")
    assert len(made) >= 5
    for planned, played in made:
        assert planned == played


def test_with_mirror_checks_a_main_decision_reports_its_own_search():
    from bots.difficulty import make_bot, settings_of
    from bots.ismcts import IsmctsBot, _is_offer
    from engine import Game

    class Unchecked(IsmctsBot):  # the search's move, its offers made unchecked
        def _offer_passing_its_mirror(self, view, action, tree, seed):
            return action

    game = Game.new(players=3, extensions="all", seed=61)
    seats = [make_bot("medium", s, measurement=True) for s in range(3)]
    while not game.over and game.round < 40:
        view = game.view(game.decider)
        plain = Unchecked(settings_of("medium+inner_share=0.25"), 7)
        if game.decider == 0 and _is_offer(plain.choose(view)):
            checked = make_bot("medium+inner_share=0.25", 7, measurement=True)
            checked.choose(view)  # the same search, then the offer's composing decisions (a quarter of it each)
            assert checked.last_search == plain.last_search
            assert checked.last_iterations == plain.last_iterations > 0
            return
        game.apply(seats[game.decider].choose(view))
    raise AssertionError("seat 0 made no offer in 40 rounds")


def test_with_mirror_checks_no_offer_is_made_whose_mirror_the_seat_declines(monkeypatch):
    from bots.ismcts import IsmctsBot
    assert _offers_in_play("medium")  # the same games have offers whose mirrors it accepts
    monkeypatch.setattr(IsmctsBot, "_accepts_mirror", lambda self, view, actions, seed: False)
    assert _offers_in_play("medium") == []


def test_an_offer_no_sampled_world_lets_its_target_accept_is_made_only_without_answerable_offers(
        monkeypatch):
    """With `answerable_offers`, an offer whose target holds the asked cards
    in none of the worlds sampled from the seat's view is not made: here no
    world ever has a mirror (the engine's mirror raises as where the target
    lacks an asked card)."""
    from engine import Game

    def no_mirror(self):
        raise ValueError("the target does not hold every asked card")

    monkeypatch.setattr(Game, "mirrored_offer", no_mirror)
    assert _offers_in_play("medium+answerable_offers=false")  # passed: no mirror to decline
    assert _offers_in_play("medium+answerable_offers=true") == []


def test_with_mirror_checks_a_seat_accepts_the_mirrors_of_its_offers():
    """Fresh bots of the same name, with their own seeds, answer the mirrors
    of the real offers (`mirror_replies`); a medium without the check
    declined a tenth to a quarter of them (docs/experiments.md)."""
    rows = mirror_replies("medium", players=3, games=4, seed=5,
                          think=0.005, replies=1)
    assert len(rows) >= 10
    assert sum(r.accepted for r in rows) >= 0.9 * len(rows)


def test_with_mirror_checks_a_seat_still_decides_from_its_view_only():
    """R7.4: the offer's composition and its mirror are played in worlds
    sampled from the seat's observation, so other hidden cards behind the
    same observation give the same move."""
    from bots.difficulty import make_bot
    from tests.bots.test_bots import positions
    for seed in (3, 12):
        for game in positions(seed, limit=4):
            seat = game.decider
            other = game.determinize(seat, 7)
            a = make_bot("medium", 5).choose(game.view(seat))
            b = make_bot("medium", 5).choose(other.view(seat))
            assert a == b


def test_with_mirror_checks_an_opening_books_offer_is_searched_and_checked():
    from bots.ismcts import IsmctsBot, _is_offer
    from bots.search_settings import SearchSettings
    from engine import Game, Phase

    class OffersFirst:  # a book whose move is always an offer where one is legal
        def best(self, view, min_positions):
            return next((a for a in view.legal_actions if _is_offer(a)), None)

    class DrawsFirst:  # a book whose move is a draw
        def best(self, view, min_positions):
            return next(a for a in view.legal_actions if not _is_offer(a))

    game = Game.new(players=3, extensions="all", seed=3)
    while not any(_is_offer(a) for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    view = game.view(game.decider)
    assert view.phase == Phase.MAIN
    quick = SearchSettings(iterations=200, rollout_depth=10)
    booked = IsmctsBot(quick, 1, book=DrawsFirst())
    assert not _is_offer(booked.choose(view)) and booked.last_from_book  # another move: the book's
    checked = IsmctsBot(quick, 1, book=OffersFirst())
    checked.choose(view)
    assert not checked.last_from_book and checked.last_iterations > 0


def test_with_mirror_checks_a_cheater_checks_its_offers_in_the_true_state():
    """The cheater (measurement only) is shown the whole state, not an
    observation: it composes its offers and answers their mirrors in that
    state, and makes the offers it composed there."""
    from bots.difficulty import level_settings, make_bot
    from bots.ismcts import CheatingIsmctsBot, _is_offer
    from arena.match import Table, bot_seats
    from engine import Config, Phase

    class Counted(CheatingIsmctsBot):
        checked: list = []

        def _accepts_mirror(self, view, actions, seed):
            accepted = super()._accepts_mirror(view, actions, seed)
            Counted.checked.append((actions, accepted))
            return accepted

    names = ("cheater-medium", "planner", "planner")
    settings = level_settings("medium")
    made = []
    for seed in (60, 61):
        cheater = Counted(settings, seed, "cheater-medium")
        table = Table(Config(players=3, extensions=C.ALL_EXTENSIONS, seed=seed, round_cap=30),
                      bot_seats(names, names), [cheater, make_bot("planner", 1), make_bot("planner", 2)],
                      record=False)
        while not table.over:
            seat, phase = table.game.decider, table.game.phase
            action = table.players[seat].choose(table.view(seat))
            if seat == 0 and phase == Phase.MAIN and _is_offer(action):
                made.append([action])
            elif seat == 0 and phase in (Phase.TRADE_GIVE, Phase.TRADE_ASK) and made:
                made[-1].append(action)
            table.apply(action)
    assert made and Counted.checked
    accepted = [actions for actions, ok in Counted.checked if ok]
    assert all(offer in accepted for offer in made)  # each offer made is one it checked and accepted
