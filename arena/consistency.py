"""Consistent trade values: does a bot accept, from the other side, the trades it offers?

    passport lab consistency --bot expert --players 4 --games 80 --think 0.025 --seed 2000

`mirror_replies` plays games of the bot at one seat (the next seat each
game) against a field (planners unless told), and whenever the bot has
offered a trade its target could accept, asks bots of the same name (fresh
ones, `replies` of them, each with its own seed) for their answer to the
mirror of that offer (`Game.mirrored_offer`: the target offers the bot the
same exchange as its turn begins). A bot whose trade values are the same
on both sides accepts every mirror, up to the bonus card (R5.3), which the
mirror gives to the other side. The reply bots see only the bot's seat
(R7.4), as in a game. `offer_counts` (`--count`) only counts the bot's
offers and those its target could accept (held every card asked), in the
same games.
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.difficulty import make_bot
from bots.names import CHEATER, BotNameError
from engine import Config, Game, parse_extensions
from engine import cards as C
from engine import kernels as L

from .match import derive_seed


@dataclass(frozen=True)
class Mirror:
    """One offer of the bot, and how its mirror was answered."""

    game: int
    round: int
    seat: int
    target: int
    give: tuple[int, ...]   # the cards the bot offered
    ask: tuple[int, ...]    # the kinds it asked for
    accepted: int           # replies that accepted the mirror
    replies: int

    def words(self) -> str:
        given = ", ".join(C.CARD_NAMES[c] for c in self.give)
        asked = ", ".join(C.KIND_NAMES[k] for k in self.ask)
        return f"game {self.game + 1}, round {self.round}: {given} for {asked}"


def mirror_replies(bot: str, players: int = 4, games: int = 20, seed: int = 0,
                   think: float | None = None, field: str = "planner", extensions="all",
                   replies: int = 1) -> list[Mirror]:
    """Every offer `bot` made that its target could accept, in `games` games
    (game g and its bots seeded by derive_seed("consistency", seed, g, ...),
    the bot at seat g mod players, `field` at the others), with the answers
    of `replies` fresh bots of its name to the offer's mirror. A bot may be
    a variant (LEVEL+SETTING=VALUE, as in tournaments). ValueError for a bot
    or table that cannot be played."""
    if replies < 1:
        raise ValueError("replies must be at least 1")
    mask = _checked(bot, field, players, games, extensions)
    rows = []
    for g, decisions, game in _offers(bot, players, games, seed, think, field, mask):
        row = _answered_mirror(game, g, decisions, bot, think, replies, seed)
        if row is not None:
            rows.append(row)
    return rows


def offer_counts(bot: str, players: int = 4, games: int = 20, seed: int = 0,
                 think: float | None = None, field: str = "planner",
                 extensions="all") -> tuple[int, int]:
    """(offers `bot` made, those whose target held every card asked, so
    that it could accept) in the games of `mirror_replies` with the same
    arguments. ValueError as there."""
    mask = _checked(bot, field, players, games, extensions)
    made = answerable = 0
    for _, _, game in _offers(bot, players, games, seed, think, field, mask):
        made += 1
        try:
            game.mirrored_offer()
        except ValueError:  # the target lacks an asked card
            continue
        answerable += 1
    return made, answerable


def check_bot(name: str) -> str:
    """`name`, if its offers can be mirrored: a bot a tournament seats
    (a variant LEVEL+SETTING=VALUE too) that plays from its seat's view
    and needs no opening book. BotNameError, one sentence, otherwise."""
    if name.startswith(CHEATER):
        raise BotNameError("a cheater sees every hand, so its answer says nothing of what a seat "
                           "may know")
    try:
        make_bot(name, measurement=True)  # the name, a variant's settings
    except ValueError as error:  # LEVEL+book: this tool gives no book
        raise BotNameError(str(error)) from None
    return name


def _checked(bot: str, field: str, players: int, games: int, extensions) -> int:
    """The extensions' bit mask, once the run's arguments are checked
    (BotNameError, ConfigError or ValueError, one sentence)."""
    check_bot(bot)
    check_bot(field)
    config = Config(players=players, extensions=parse_extensions(extensions))
    if games < 1:
        raise ValueError("games must be at least 1")
    return config.extensions


def _offers(bot: str, players: int, games: int, seed: int, think, field: str, mask: int):
    """Play the run's games; at each offer `bot` made, as it waits for its
    answer: (game number, decisions so far, the game)."""
    for g in range(games):
        me = g % players
        game = Game.new(players=players, extensions=mask,
                        seed=derive_seed("consistency", seed, g, "game"))
        seats = [make_bot(bot if s == me else field, derive_seed("consistency", seed, g, f"seat {s}"),
                          think=think, measurement=True) for s in range(players)]
        decisions = 0
        while not game.over:
            if game.phase == L.PH_TRADE_REPLY and game.active == me:
                yield g, decisions, game
            decider = game.decider
            game.apply(seats[decider].choose(game.view(decider)))
            decisions += 1


def _answered_mirror(game: Game, g: int, decisions: int, bot: str, think, replies: int,
                     seed: int) -> Mirror | None:
    try:
        mirror = game.mirrored_offer()
    except ValueError:
        return None  # the target could not accept: there is no mirror to ask about
    me = game.active
    target, give, ask = game.pending_offer()
    accepted = 0
    for r in range(replies):
        answer = make_bot(bot, derive_seed("consistency", seed, g, f"decision {decisions}", f"reply {r}"),
                          think=think, measurement=True)
        accepted += answer.choose(mirror.view(me)) == L.A_YES
    return Mirror(g, game.round, me, target, tuple(give), tuple(ask), accepted, replies)


def summary(rows: list[Mirror]) -> list[str]:
    """What a run measured, in a few lines: the share of replies that
    accepted, and the offers whose mirrors every reply declined."""
    if not rows:
        return ["the bot made no offer its target could accept"]
    replies = rows[0].replies
    answers = len(rows) * replies
    accepted = sum(r.accepted for r in rows)
    every = sum(r.accepted == replies for r in rows)
    none = [r for r in rows if r.accepted == 0]
    lines = [f"{len(rows)} offers its target could accept; their mirrors accepted by "
             f"{accepted} of {answers} replies ({100 * accepted / answers:.1f}%)"]
    if replies > 1:
        lines.append(f"offers whose mirror every reply accepted: {every} ({100 * every / len(rows):.1f}%); "
                     f"none: {len(none)} ({100 * len(none) / len(rows):.1f}%); "
                     f"split: {len(rows) - every - len(none)}")
    if none:
        lines.append("offers whose mirror no reply accepted:")
        lines += [f"  {r.words()}" for r in none]
    return lines
