"""Build exact positions for scenario tests: chosen hands, piles and countries.

`arrange` starts from a real game (so every field is valid), then rewrites the
card places and the turn so that the active seat is at the start of its main
decision. Every rule scenario in tests/engine/ starts here.
"""

from engine import Game
from engine import _layout as L
from engine import kernels
from engine import cards as C


def arrange(players=2, extensions=0, hands=None, draw=(), discard=(), own=None,
            center=None, characters=None, active=0, seed=0) -> Game:
    """A game with `hands[seat]` in each hand, `draw` on top of the draw pile
    (top first; the other cards of the game but passports follow in id order), `discard`
    as the discard pile (oldest first), and `active` to move."""
    game = Game.new(players=players, extensions=extensions, seed=seed)
    S = game.state
    hands = hands or {}
    in_game = [c for c in range(C.NUM_CARDS) if S[L.LOC + c] != L.LOC_OUT]
    for cards in list(hands.values()) + [list(draw), list(discard)]:
        for c in cards:
            if c not in in_game:
                in_game.append(c)  # e.g. a fifth passport, for a scenario
    placed = [c for cards in hands.values() for c in cards] + list(draw) + list(discard)
    assert len(placed) == len(set(placed)), "a card is placed twice"
    # Cards not placed go to the draw pile, except passports: only the ones
    # placed in hands are in the game (R3.1).
    rest = [c for c in sorted(in_game) if c not in placed
            and not C.FIRST_PASSPORT <= c < C.FIRST_EVENT]
    everyone = (1 << players) - 1
    S[L.HAND_SIZE:L.HAND_SIZE + L.MAX_PLAYERS * (C.NUM_KINDS + 1)] = 0
    for c in range(C.NUM_CARDS):
        S[L.LOC + c] = L.LOC_OUT
        S[L.KNOWN + c] = everyone
    for seat, cards in hands.items():
        for c in cards:
            S[L.LOC + c] = seat
            S[L.KNOWN + c] = 1 << seat
            S[L.HAND_SIZE + seat] += 1
            S[L.KIND_COUNT + seat * C.NUM_KINDS + C.CARD_KINDS[c]] += 1
    pile = list(draw) + rest
    S[L.DRAW_HEAD] = 0
    S[L.DRAW_SIZE] = len(pile)
    for i, c in enumerate(pile):
        S[L.DRAW + i] = c
        S[L.LOC + c] = L.LOC_DRAW
        S[L.KNOWN + c] = 0
    S[L.DISCARD_SIZE] = len(discard)
    for i, c in enumerate(discard):
        S[L.DISCARD + i] = c
        S[L.LOC + c] = L.LOC_DISCARD
    if own is not None:
        taken = set(own.values()) | ({center} if center is not None else set())
        if center is not None:
            S[L.CENTER] = center
        for seat, country in own.items():
            S[L.OWN + seat] = country
        box = [k for k in range(C.NUM_COUNTRIES)
               if k not in taken and k != S[L.CENTER] and k not in [S[L.OWN + s] for s in range(players)]]
        S[L.BOX_HEAD] = 0
        S[L.BOX_SIZE] = len(box)
        S[L.BOX_KNOWN] = 0
        for i, k in enumerate(box):
            S[L.BOX + i] = k
    if characters is not None:
        for seat, ch in enumerate(characters):
            S[L.CHARACTER + seat] = ch
    S[L.ACTIVE] = active
    S[L.START_SEAT] = active
    S[L.TURN] = 0
    S[L.PHASE] = L.PH_MAIN
    S[L.DECIDER] = active
    S[L.ACTIONS_LEFT] = 1
    S[L.ACTIONS_TAKEN] = 0
    S[L.DECLINED] = 0
    S[L.STRIKE] = -1
    S[L.LAST_SEEN:L.STATE_SIZE] = 0  # memory starts from the arranged position
    kernels.remember(S, active)
    return game


def card(name: str) -> int:
    """Card id from its record name: 'Camera#1', 'Passport (Ghana)', 'Bribe'."""
    return C.CARD_NAMES.index(name)


def country(name: str) -> int:
    return C.COUNTRIES.index(name)


def act(game: Game, name: str, arg: int = -1) -> None:
    """Apply an action given by name (engine.actions.encode)."""
    from engine.actions import encode
    game.apply(encode(name, arg))


def kinds_of(cards):
    return sorted(C.CARD_KINDS[c] for c in cards)
