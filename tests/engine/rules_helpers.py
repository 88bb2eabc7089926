"""Small helpers shared by the rule scenario tests (tests/engine/test_rules_*.py).

Rule sections (R1..R11) refer to engine/RULES.md; action names to
engine/actions.py. Positions are built with tests.engine.arrange.arrange.
"""

from engine import Game
from engine import _layout as L
from engine import cards as C
from engine.actions import encode
from tests.engine.arrange import act, arrange, card, country  # noqa: F401 (re-exported)

EVENTS, SPECIALS, FORBIDDEN, POSTCARDS, CHARACTERS = (
    C.EXT_EVENTS, C.EXT_SPECIALS, C.EXT_FORBIDDEN, C.EXT_POSTCARDS, C.EXT_CHARACTERS)
ALL = C.ALL_EXTENSIONS

FIREWORKS, PET_SNAKE, CHEESE = C.FIRST_FORBIDDEN, C.FIRST_FORBIDDEN + 1, C.FIRST_FORBIDDEN + 2
POSTCARD = tuple(range(C.FIRST_POSTCARD, C.FIRST_POSTCARD + 6))
PASSPORT = tuple(range(C.FIRST_PASSPORT, C.FIRST_PASSPORT + 12))


def A(name: str, arg: int = -1) -> int:
    """The action id of a name and argument."""
    return encode(name, arg)


def cards(*names: str) -> list[int]:
    return [card(n) for n in names]


def kind(name: str) -> int:
    """A card kind (R5.3) by name: 'Camera', 'Passport', 'Postcard', 'Bribe', 'Fireworks'."""
    return C.KIND_NAMES.index(name)


def item(kind_name: str, copy: int = 1) -> int:
    return card(f"{kind_name}#{copy}")


def offer(game, to: int, give, ask, reply=None) -> None:
    """Compose a trade offer (R5.3) from the active seat to `to`; answer it if
    `reply` is True (accept) or False (decline)."""
    act(game, "trade", to)
    for c in sorted(give):
        act(game, "card", c)
    if len(give) < 3:
        act(game, "done")
    for k in sorted(ask):
        act(game, "kind", k)
    if len(ask) < 3:
        act(game, "done")
    if reply is not None:
        act(game, "yes" if reply else "no")


def pay(game, *paid: int) -> None:
    """Choose cards in a payment / discard list (canonical order: increasing id)."""
    for c in sorted(paid):
        act(game, "card", c)


def mark_visited(game, seat: int) -> None:
    """Make `seat` have traveled to its own country already (its next
    destination is the center, R6)."""
    S = game.state
    S[L.VISITED + seat] = S[L.OWN + seat]
    S[L.OWN + seat] = -1


def in_discard(game, *cs: int) -> bool:
    pile = game.discard_pile()
    return all(c in pile for c in cs)


def legal_names(game) -> set:
    from engine.actions import decode
    return {decode(a).name for a in game.legal_actions()}


def hand_limit(game, seat: int) -> int:
    return 9 if game.character(seat) == C.BACKPACKER else 7


def postcards_hidden_in_a_big_hand():
    """Seat 0 to move. Seat 1 holds its passport, 3 postcards and 5 items,
    none seen by seat 0; the other 3 postcards lie in a draw pile of 5
    cards; every other card is in the discard pile (public). A uniform deal
    of seat 0's 14 hidden cards (6 postcards) often gives seat 1 four or
    more, a world R8 would have ended."""
    fresh = Game.new(players=2, extensions=POSTCARDS, seed=0)
    others = [c for c in range(C.NUM_CARDS) if fresh.state[L.LOC + c] != L.LOC_OUT
              and C.CARD_KINDS[c] < C.NUM_ITEM_KINDS]
    mine, theirs, pile = others[:2], others[2:7], others[7:9]
    return arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0]] + mine, 1: [PASSPORT[1]] + list(POSTCARD[:3]) + theirs},
                   draw=list(POSTCARD[3:]) + pile, discard=others[9:])
