"""Tests of the plain-Python reference model (engine/reference/) on its own.

Rule citations refer to engine/RULES.md; the contract is docs/engine.md.
"""

import random

import pytest

from engine import cards
from engine.cards import (
    ALL_EXTENSIONS, EXT_CHARACTERS, EXT_EVENTS, EXT_FORBIDDEN, EXT_POSTCARDS, EXT_SPECIALS,
    FIRST_EVENT, FIRST_PASSPORT, FIRST_POSTCARD, NUM_CARDS, NUM_ITEMS, REQUIRED_KINDS,
)
from engine.reference import (
    CARD, DONE, DRAW, END_TURN, KIND, LOCAL_GUIDE, NO, RECYCLE, STEAL_FROM, TRADE_TO,
    TRADING_POST, TRAVEL,
    YES, IllegalAction, ReferenceGame, SplitMix64, is_event, is_forbidden,
)


# ----- helpers ---------------------------------------------------------------
def extension_card_count(extensions: int) -> int:
    sizes = {1: 4, 2: 9, 4: 3, 8: 6}
    return sum(size for flag, size in sizes.items() if extensions & flag)


def in_play_cards(game: ReferenceGame) -> set[int]:
    """Every card lying in a hand, a pile or the look."""
    return {c for c, place in enumerate(game.card_places()) if place != -1}


def assert_places_consistent(game: ReferenceGame, expected_in_play: set[int]) -> None:
    """Every card in exactly one place; pile positions contiguous from 0."""
    listed = [c for h in game.hands for c in h] + game.draw_pile + game.discard_pile + game.look
    assert len(listed) == len(set(listed)), "a card lies in two places"
    assert set(listed) == expected_in_play
    places = game.card_places()
    assert len(places) == NUM_CARDS
    for base, pile in ((100, game.draw_pile), (200, game.discard_pile), (300, game.look)):
        assert sorted(p - base for p in places if base <= p < base + 100) == list(range(len(pile)))
    for seat, hand in enumerate(game.hands):
        assert {c for c, p in enumerate(places) if p == seat} == hand
    assert not any(is_event(c) for h in game.hands for c in h)        # R9.1


def play_random(game: ReferenceGame, seed: int, check=None, max_steps: int = 200_000) -> int:
    """Play uniformly random legal actions until the game ends; return the step count."""
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        actions = game.legal_actions()
        assert actions and actions == sorted(set(actions))
        assert all(0 <= a < 148 for a in actions)
        game.apply(rng.choice(actions))
        steps += 1
        if check:
            check(game)
        assert steps < max_steps
    return steps


def take_card(game: ReferenceGame, card: int) -> None:
    """Lift a card out of wherever it lies (test set-up only)."""
    for hand in game.hands:
        hand.discard(card)
    for pile in (game.draw_pile, game.discard_pile, game.look):
        if card in pile:
            pile.remove(card)


def give(game: ReferenceGame, seat: int, *cards_: int) -> None:
    """Put cards into a seat's hand, taking them from wherever they are."""
    for card in cards_:
        take_card(game, card)
        game.hands[seat].add(card)


def to_draw_pile_top(game: ReferenceGame, *cards_: int) -> None:
    for card in reversed(cards_):
        take_card(game, card)
        game.draw_pile.insert(0, card)


# ----- random numbers ----------------------------------------------------------
def test_splitmix64_known_values():
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    assert rng.next() == 0x6E789E6AA1B965F4
    assert SplitMix64(-1).state == 2**64 - 1


# ----- setup (R3) ---------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("extensions", [0, EXT_EVENTS | EXT_POSTCARDS, ALL_EXTENSIONS])
def test_setup_invariants(players, extensions):
    game = ReferenceGame(players, extensions, seed=1234 + players)
    assert not game.over and game.winner == -1 and game.reason == ""
    assert game.round == 1
    assert game.active == game.start_seat == game.decider
    for hand in game.hands:
        assert len(hand) == 4
        assert sum(1 for c in hand if FIRST_PASSPORT <= c < FIRST_EVENT) == 1
        assert sum(1 for c in hand if c < NUM_ITEMS) == 3
    assert len(game.draw_pile) == NUM_ITEMS - 3 * players + extension_card_count(extensions)
    assert game.discard_pile == [] and game.look == []
    assert len(in_play_cards(game)) == 4 * players + len(game.draw_pile)
    countries = game.countries()
    table = countries["own"] + [countries["center"]] + countries["box"]
    assert sorted(table) == list(range(13))
    assert countries["visited"] == [[] for _ in range(players)]
    if extensions & EXT_CHARACTERS:
        assert len(game.characters) == players and len(set(game.characters)) == players
    else:
        assert game.characters is None
    ranks = [cards.DISTANCE_RANK[own][countries["center"]] for own in countries["own"]]
    assert game.start_seat == ranks.index(min(ranks))                    # R3.5


def test_setup_is_deterministic():
    a, b = ReferenceGame(5, ALL_EXTENSIONS, 99), ReferenceGame(5, ALL_EXTENSIONS, 99)
    assert a.card_places() == b.card_places() and a.countries() == b.countries()
    assert a.characters == b.characters
    assert ReferenceGame(5, ALL_EXTENSIONS, 100).card_places() != a.card_places()


# ----- random games -------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("extensions", [0, ALL_EXTENSIONS])
def test_random_games_keep_every_card_in_one_place(players, extensions):
    for seed in range(3):
        game = ReferenceGame(players, extensions, seed=seed * 10 + players, round_cap=60)
        expected = in_play_cards(game)
        play_random(game, seed, check=lambda g: assert_places_consistent(g, expected))
        assert game.over and game.decider == -1 and game.legal_actions() == []
        assert game.reason in ("center", "postcards", "round_cap")
        if game.reason == "round_cap":
            assert game.winner == -1 and game.round == 60
        else:
            assert 0 <= game.winner < players


def test_same_actions_replay_identically():
    game = ReferenceGame(4, ALL_EXTENSIONS, seed=5, round_cap=20)
    rng, trail = random.Random(5), []
    while not game.over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        trail.append((action, game.card_places()))
    replay = ReferenceGame(4, ALL_EXTENSIONS, seed=5, round_cap=20)
    for action, places in trail:
        replay.apply(action)
        assert replay.card_places() == places


def test_illegal_action_leaves_state_unchanged():
    game = ReferenceGame(3, ALL_EXTENSIONS, seed=3)
    rng = random.Random(3)
    for _ in range(200):
        if game.over:
            break
        legal = game.legal_actions()
        before = (game.card_places(), game.countries(), game.phase, game.decider)
        for bad in (-1, 148, next(a for a in range(148) if a not in legal)):
            with pytest.raises(IllegalAction):
                game.apply(bad)
            assert (game.card_places(), game.countries(), game.phase, game.decider) == before
        game.apply(rng.choice(legal))
    game = ReferenceGame(2, 0, seed=1, round_cap=1)
    play_random(game, 1)
    with pytest.raises(IllegalAction):
        game.apply(DRAW)


# ----- targeted rules -------------------------------------------------------------
def test_events_cannot_be_recycled():  # R5.2
    game = ReferenceGame(2, EXT_EVENTS, seed=11)
    a = game.active
    for event in range(FIRST_EVENT, FIRST_EVENT + 4):
        take_card(game, event)
        game.discard_pile.append(event)
    game.apply(RECYCLE)
    paid = sorted(game.hands[a])[:2]
    for card in paid:
        game.apply(CARD + card)
    assert game.legal_actions() == sorted(CARD + c for c in paid)


def test_recycle_payment_is_in_increasing_order():
    game = ReferenceGame(2, 0, seed=2)
    hand = sorted(game.hands[game.active])
    game.apply(RECYCLE)
    # The highest card cannot come first: a second, higher card must follow it.
    assert game.legal_actions() == [CARD + c for c in hand[:-1]]


def test_three_declined_offers_end_trading():  # R5.3
    game = ReferenceGame(2, 0, seed=21)
    a, t = game.active, 1 - game.active
    for _ in range(3):
        assert TRADE_TO + t in game.legal_actions()
        game.apply(TRADE_TO + t)
        game.apply(CARD + min(game.hands[a]))
        game.apply(DONE)
        game.apply(KIND + 0)
        game.apply(DONE)
        assert game.decider == t and NO in game.legal_actions()
        game.apply(NO)
        assert game.decider == a and game.active == a        # action not used
    assert TRADE_TO + t not in game.legal_actions()
    game.apply(DRAW)
    assert game.active == t and TRADE_TO + a in game.legal_actions()   # next turn resets


def test_accepted_trade_exchanges_and_draws_bonus():  # R5.3
    game = ReferenceGame(2, 0, seed=8)
    a, t = game.active, 1 - game.active
    offered = min(game.hands[a])
    kind = max(c for c in game.hands[t] if c < NUM_ITEMS) % 16
    wanted = min(c for c in game.hands[t] if c < NUM_ITEMS and c % 16 == kind)  # lowest id
    draw_top = game.draw_pile[0]
    game.apply(TRADE_TO + t)
    game.apply(CARD + offered)
    game.apply(DONE)
    game.apply(KIND + kind)
    game.apply(DONE)
    assert game.legal_actions() == [YES, NO]
    game.apply(YES)
    assert offered in game.hands[t] and wanted in game.hands[a]
    assert draw_top in game.hands[a]                     # the bonus card
    assert game.active == t


def test_travel_to_own_country_then_center():  # R6
    game = ReferenceGame(2, 0, seed=4)
    a = game.active
    own, center = game.own[a], game.center
    needed = list(REQUIRED_KINDS[own])                    # first copies of each kind
    give(game, a, *needed)
    assert TRAVEL in game.legal_actions()
    top = game.draw_pile[0]
    game.apply(TRAVEL)
    assert game.discard_pile[-3:] == needed              # R11.2 order
    assert top in game.hands[a]                           # free draw
    assert game.own[a] == -1 and game.countries()["visited"][a] == [own]
    # The other seat draws; on a's next turn, travel to the center wins at once.
    assert game.active == 1 - a
    game.apply(DRAW)
    assert game.active == a
    give(game, a, *[k + 16 for k in REQUIRED_KINDS[center]])
    game.apply(TRAVEL)
    assert game.over and game.winner == a and game.reason == "center"
    assert game.countries()["visited"][a] == [own, center]


def test_airline_strike_stops_travel_until_drawer_turn():  # R9.1
    game = ReferenceGame(2, EXT_EVENTS, seed=6)
    a, b = game.active, 1 - game.active
    for event in (cards.CIVIL_UNREST, cards.LOST_LUGGAGE, cards.CUSTOMS_CHECK):
        take_card(game, event)
        game.draw_pile.append(event)                       # out of the way, at the bottom
    for card in [c for c in game.hands[b] if c < NUM_ITEMS]:
        take_card(game, card)
        game.discard_pile.append(card)
    give(game, b, *REQUIRED_KINDS[game.own[b]])
    assert game._travel_cards(b) is not None
    to_draw_pile_top(game, cards.AIRLINE_STRIKE)
    game.apply(DRAW)
    assert game.discard_pile[-1] == cards.AIRLINE_STRIKE and game.strike_by == a
    assert game.active == b and TRAVEL not in game.legal_actions()
    game.apply(DRAW)
    assert game.active == a and game.strike_by == -1      # a's turn: the strike is over
    game.apply(DRAW)
    assert game.active == b and TRAVEL in game.legal_actions()


def test_mousetrap_ends_the_thiefs_turn():  # R9.2
    game = ReferenceGame(3, EXT_SPECIALS, seed=9)
    a = game.active
    victim = (a + 1) % 3
    give(game, victim, cards.MOUSETRAP)
    game.apply(STEAL_FROM + victim)
    payment = min(game.hands[a])
    game.apply(CARD + payment)
    assert game.decider == victim and game.legal_actions() == [YES, NO]
    game.apply(YES)
    assert game.discard_pile[-2:] == [payment, cards.MOUSETRAP]
    assert game.active == (a + 1) % 3


def test_hand_limit_discard_in_increasing_order():  # R4.4
    game = ReferenceGame(2, 0, seed=12)
    a = game.active
    give(game, a, *game.draw_pile[1:5])                                  # 8 cards, the draw makes 9
    game.apply(DRAW)
    assert game.phase == "DISCARD" and game.decider == a
    hand = sorted(game.hands[a])
    assert game.legal_actions() == [CARD + c for c in hand[:-1]]
    game.apply(CARD + hand[0])
    game.apply(CARD + hand[-1])
    assert len(game.hands[a]) == 7 and game.active == 1 - a


def test_fourth_postcard_wins_at_once():  # R9.4
    game = ReferenceGame(3, EXT_POSTCARDS, seed=13)
    a = game.active
    give(game, a, *range(FIRST_POSTCARD, FIRST_POSTCARD + 3))
    to_draw_pile_top(game, FIRST_POSTCARD + 5)
    game.apply(DRAW)
    assert game.over and game.winner == a and game.reason == "postcards"


def test_forbidden_items_never_pay():  # R9.3
    game = ReferenceGame(2, ALL_EXTENSIONS & ~EXT_CHARACTERS, seed=14)
    a = game.active
    for card in list(game.hands[a]):
        take_card(game, card)
        game.discard_pile.append(card)
    give(game, a, cards.FIRST_FORBIDDEN)
    legal = game.legal_actions()
    assert RECYCLE not in legal and not any(STEAL_FROM <= x < STEAL_FROM + 6 for x in legal)
    assert all(is_forbidden(c) for c in game.hands[a]) and DRAW in legal


def test_round_cap_ends_without_winner():  # R8
    game = ReferenceGame(3, 0, seed=15, round_cap=2)
    for _ in range(6):
        assert not game.over
        game.apply(DRAW)
        while not game.over and game.phase == "DISCARD":
            game.apply(game.legal_actions()[0])
        if not game.over and END_TURN in game.legal_actions():
            game.apply(END_TURN)
    assert game.over and game.reason == "round_cap" and game.winner == -1


def test_local_guide_takes_one_and_bottoms_the_rest():  # R9.2
    game = ReferenceGame(2, EXT_EVENTS | EXT_SPECIALS, seed=16)
    a = game.active
    give(game, a, cards.LOCAL_GUIDE)
    top = [cards.LOST_LUGGAGE] + [c for c in game.draw_pile if c < NUM_ITEMS][:2]
    to_draw_pile_top(game, *top)
    size = len(game.draw_pile)
    game.apply(LOCAL_GUIDE)
    assert game.look == top and game.discard_pile[-1] == cards.LOCAL_GUIDE
    assert game.card_places()[top[0]] == 300
    assert game.legal_actions() == sorted(CARD + c for c in top[1:])  # never an event
    game.apply(CARD + top[2])
    assert top[2] in game.hands[a] and game.look == []
    assert game.draw_pile[-2:] == [top[0], top[1]] and len(game.draw_pile) == size - 1


def test_trading_post_swaps_in_place():  # R9.2, R10.7
    game = ReferenceGame(2, EXT_SPECIALS | EXT_FORBIDDEN, seed=17)
    a = game.active
    give(game, a, cards.TRADING_POST, cards.FIRST_FORBIDDEN)
    top = [c for c in game.draw_pile if c < NUM_ITEMS][:3]
    to_draw_pile_top(game, *top)
    game.apply(TRADING_POST)
    assert game.phase == "TP_PICK" and game.legal_actions() == sorted([CARD + c for c in top] + [DONE])
    game.apply(CARD + top[1])
    assert game.legal_actions() == sorted(CARD + c for c in game.hands[a])
    game.apply(CARD + cards.FIRST_FORBIDDEN)             # a forbidden item may go (R10.7)
    assert game.look == [top[0], cards.FIRST_FORBIDDEN, top[2]]
    assert top[1] in game.hands[a]
    # Only positions after the last swap; the card just taken can't go back.
    assert game.legal_actions() == [DONE, CARD + top[2]]
    game.apply(CARD + top[2])
    assert CARD + top[1] not in game.legal_actions()
    game.apply(game.legal_actions()[0])
    assert game.look == [] and game.draw_pile[-3] == top[0]
    assert game.draw_pile[-2] == cards.FIRST_FORBIDDEN


def test_lost_luggage_passes_left_and_replacement_draw():  # R9.1, R10.1
    game = ReferenceGame(3, EXT_EVENTS, seed=18)
    a = game.active
    hands_before = [set(h) for h in game.hands]
    replacement = next(c for c in game.draw_pile if c < NUM_ITEMS)
    to_draw_pile_top(game, cards.LOST_LUGGAGE, replacement)
    game.apply(DRAW)
    assert game.discard_pile[-1] == cards.LOST_LUGGAGE
    assert replacement in game.hands[a]
    for seat in range(3):
        assert len(game.hands[seat]) == 4 + (seat == a)
        lost = hands_before[seat] - game.hands[seat]
        assert len(lost) == 1 and lost <= game.hands[(seat + 1) % 3]


def test_nothing_to_draw_when_only_events_remain():  # R7.2
    game = ReferenceGame(2, EXT_EVENTS, seed=19)
    a = game.active
    for card in list(game.draw_pile):
        if not is_event(card):
            take_card(game, card)
            game.hands[1 - a].add(card)
    hand_before, pile_before = set(game.hands[a]), list(game.draw_pile)
    assert all(is_event(c) for c in pile_before) and game.discard_pile == []
    game.apply(DRAW)
    assert game.hands[a] == hand_before and game.draw_pile == pile_before
    assert game.phase == "DISCARD" and game.decider == 1 - a     # R4.4 for every seat


def test_local_guide_on_an_empty_draw_pile_does_not_reshuffle():  # R9.2, R7.1
    game = ReferenceGame(2, EXT_SPECIALS, seed=20)
    a = game.active
    give(game, a, cards.LOCAL_GUIDE)
    game.discard_pile.extend(game.draw_pile)
    game.draw_pile.clear()
    state = game.rng.state
    game.apply(LOCAL_GUIDE)
    assert game.draw_pile == [] and game.discard_pile[-1] == cards.LOCAL_GUIDE
    assert game.rng.state == state and game.active != a
