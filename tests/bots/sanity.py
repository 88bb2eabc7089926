"""Sanity positions: positions from real games where one move is clearly
right or some moves are clearly wrong, as chess engines' test suites have.

A position is stored as the game that leads to it (players, extensions,
seed and the actions played), so it replays through the public API and
never depends on the state's layout. Each has a `kind`, and `verdict`
says whether a move is sensible there, from the decider's view only:

- travel-wins: travelling to the center wins at once (R6): travel.
- travel-home: travelling to the own country is legal: travel (R6; it can
  never be taken back, and waiting lets rivals steal what it needs), or
  first a free play (R9.2), or an offer while holding 3 postcards (it may
  win at once, R8).
- recycle-wins: three postcards in hand, one in the discard pile and enough
  other cards to pay: a recycle takes the fourth and wins (R5.2, R9.4):
  recycle, or first a move that keeps the action (an offer, a free play).
- keep-only-passport: paying a cost while holding one passport and enough
  other payable cards: do not pay the passport (R6, R3.1).
- give-only-passport: composing an offer while holding one passport: do not
  give it.
- no-fourth-postcard: an offer asks a postcard that could be the offerer's
  fourth (its postcards seen, the ones asked and its unseen cards): decline.
- ask-what-can-be-there: do not ask for one more copy of a kind than the
  target can hold (every other copy is seen elsewhere).

`python -m tests.bots.sanity` rebuilds tests/bots/sanity_positions.json
from seeded games (it takes a few minutes).
"""

from __future__ import annotations

import json
from pathlib import Path

from engine import Game
from engine import cards as C
from engine import kernels as L
from engine.kernels import CARD_KIND

POSITIONS = Path(__file__).with_name("sanity_positions.json")
KINDS = ("travel-wins", "travel-home", "recycle-wins", "keep-only-passport", "give-only-passport",
         "no-fourth-postcard", "ask-what-can-be-there")
PAY_PHASES = (L.PH_RECYCLE_PAY, L.PH_STEAL_PAY, L.PH_DISCARD, L.PH_DISPOSE_WITH)
TRAVELS = {L.A_TRAVEL, L.A_TRAVEL_CARD, L.A_TRAVEL_CARD + 1, L.A_TRAVEL_CARD + 2}


def _seen_in(S, holder, kind) -> int:
    return sum(1 for c in range(C.NUM_CARDS) if S[L.LOC + c] == holder and CARD_KIND[c] == kind)


def _unplaced(S, kind) -> int:
    """Copies of `kind` whose place the observation does not show."""
    return sum(1 for c in range(C.NUM_CARDS) if CARD_KIND[c] == kind
               and not (S[L.LOC + c] < L.LOC_DRAW or S[L.LOC + c] in (L.LOC_DISCARD, L.LOC_OUT)))


def _unseen_cards(S, holder) -> int:
    return int(S[L.HAND_SIZE + holder]) - sum(1 for c in range(C.NUM_CARDS) if S[L.LOC + c] == holder)


def kinds_of(game: Game) -> list[str]:
    """The sanity kinds the position is an instance of, judged from the
    decider's observation."""
    seat = game.decider
    S = game.observation(seat)
    phase = int(S[L.PHASE])
    legal = set(game.legal_actions())
    if len(legal) < 2:
        return []
    found = []
    hand = game.hand(seat)
    passports = [c for c in hand if CARD_KIND[c] == C.KIND_PASSPORT]
    if phase == L.PH_MAIN:
        if legal & TRAVELS:
            found.append("travel-wins" if game.own_country(seat) is None else "travel-home")
        postcards = sum(1 for c in hand if CARD_KIND[c] == C.KIND_POSTCARD)
        payable = [c for c in hand if not L.is_forbidden(c) and CARD_KIND[c] != C.KIND_POSTCARD]
        if (postcards == 3 and L.A_RECYCLE in legal and not legal & TRAVELS
                and len(payable) >= game.recycle_cost(seat)
                and any(CARD_KIND[c] == C.KIND_POSTCARD for c in game.discard_pile())):
            found.append("recycle-wins")
    elif phase in PAY_PHASES and len(passports) == 1:
        in_id_order = phase in (L.PH_RECYCLE_PAY, L.PH_DISCARD)  # cards after the last one paid
        due = int(S[L.NEED]) if in_id_order else 1
        first = int(S[L.LAST]) + 1 if in_id_order else 0
        others = [c for c in hand if c != passports[0] and c >= first and not L.is_forbidden(c)]
        if len(others) >= due and L.A_CARD + passports[0] in legal:
            found.append("keep-only-passport")
    elif phase == L.PH_TRADE_GIVE and len(passports) == 1 and L.A_CARD + passports[0] in legal:
        found.append("give-only-passport")
    elif phase == L.PH_TRADE_REPLY and L.A_YES in legal:
        asked = [int(S[L.ASK + i]) for i in range(S[L.N_ASK])].count(C.KIND_POSTCARD)
        offerer = int(S[L.ACTIVE])
        if asked and (_seen_in(S, offerer, C.KIND_POSTCARD) + asked
                      + min(_unseen_cards(S, offerer), _unplaced(S, C.KIND_POSTCARD)) >= 4):
            found.append("no-fourth-postcard")
    elif phase == L.PH_TRADE_ASK and wrong_asks(game):
        found.append("ask-what-can-be-there")
    return found


def wrong_asks(game: Game) -> set[int]:
    """The asks that name one more copy of a kind than the target can hold."""
    S = game.observation(game.decider)
    target = int(S[L.TARGET])
    asked = [int(S[L.ASK + i]) for i in range(S[L.N_ASK])]
    wrong = set()
    for action in game.legal_actions():
        if action >= L.A_KIND:
            kind = action - L.A_KIND
            if asked.count(kind) + 1 > _seen_in(S, target, kind) + _unplaced(S, kind):
                wrong.add(action)
    return wrong


def verdict(game: Game, kind: str, action: int) -> bool:
    """Whether `action` is sensible in this position of `kind`."""
    S = game.observation(game.decider)
    if kind == "travel-wins":
        return action in TRAVELS
    if kind == "travel-home":
        postcards = sum(1 for c in game.hand(game.decider) if CARD_KIND[c] == C.KIND_POSTCARD)
        return action in TRAVELS or L.A_UPGRADE <= action < L.A_END_TURN \
            or (postcards >= 3 and L.A_TRADE_TO <= action < L.A_STEAL_FROM)
    if kind == "recycle-wins":  # or a move that keeps the action: an offer, a free play (R5.3, R9.2)
        return action == L.A_RECYCLE or L.A_TRADE_TO <= action < L.A_STEAL_FROM \
            or L.A_UPGRADE <= action < L.A_END_TURN
    if kind in ("keep-only-passport", "give-only-passport"):
        return action < L.A_CARD or CARD_KIND[action - L.A_CARD] != C.KIND_PASSPORT
    if kind == "no-fourth-postcard":
        return action != L.A_YES
    if kind == "ask-what-can-be-there":
        return action not in wrong_asks(game)
    raise ValueError(f"unknown sanity kind {kind!r}")


def replay(position: dict) -> Game:
    game = Game.new(players=position["players"], extensions=position["extensions"],
                    seed=position["seed"])
    for action in position["actions"]:
        game.apply(action)
    return game


def load() -> list[dict]:
    return json.loads(POSITIONS.read_text(encoding="utf-8"))["positions"]


def build(per_kind: int = 6) -> list[dict]:
    """Positions from seeded games of greedy, planner and easy bots, at most
    `per_kind` of each kind, none two from the same game."""
    from bots.difficulty import make_bot
    lineups = (("greedy", "easy"), ("planner", "greedy", "easy", "greedy"),
               ("easy", "planner"), ("greedy", "greedy", "planner", "easy", "greedy"))
    found: dict[str, list[dict]] = {kind: [] for kind in KINDS}
    seed = 0
    while any(len(v) < per_kind for v in found.values()) and seed < 400:
        names = lineups[seed % len(lineups)]
        game = Game.new(players=len(names), extensions="all", seed=seed, round_cap=60)
        bots = [make_bot(name, seed=seed * 10 + i) for i, name in enumerate(names)]
        actions: list[int] = []
        taken = set()
        while not game.over:
            for kind in kinds_of(game):
                if kind not in taken and len(found[kind]) < per_kind:
                    taken.add(kind)
                    found[kind].append({"kind": kind, "players": len(names), "extensions": "all",
                                        "seed": seed, "actions": list(actions)})
            action = bots[game.decider].choose(game.view(game.decider))
            game.apply(action)
            actions.append(int(action))
        seed += 1
    return [p for kind in KINDS for p in found[kind]]


if __name__ == "__main__":
    positions = build()
    POSITIONS.write_text(json.dumps({"about": "tests/bots/sanity.py", "positions": positions},
                                    separators=(",", ":")) + "\n", encoding="utf-8")
    counts = {kind: sum(p["kind"] == kind for p in positions) for kind in KINDS}
    print(f"{len(positions)} positions written to {POSITIONS}: {counts}")
