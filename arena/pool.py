"""Pools: more bots than seats, every bot measured against the others on
one crosstable.

    settings = PoolSettings(bots=("random", "greedy", "planner", "medium"), players=2,
                            pairing=ROUND_ROBIN, deals=10)
    results = run_tournament(settings, results_path="pool.json")   # arena/tournament.py
    summary = results_summary(settings, results)                    # standings and "pairwise"

The tables. A round robin seats every combination of `players` distinct
names of the pool at a table of its own (4 names in duels: 6 tables); a
gauntlet seats the first name with every combination of `players` - 1 of
the others (the first against each of 3 others in duels: 3 tables). A name
appears once in a pool.

Each table is a tournament of its own in the duplicate format (arena/
tournament.py): every deal played once per rotation of its entries. Every
table plays the same deals -- a deal's seed follows from the run seed and
the deal alone -- so the tables are comparable; the bots are seeded by
their table too. The games are numbered in (deal, table, rotation) order,
so a run asked for more deals adds games after those it has.

The results. The standings count every game of every table, each name once
a game (its seat), and the head-to-head table ("pairwise") says how each
name did against each other over all the games in which they met. One
results file holds the whole pool: its settings name the pool, the pairing
and the tables, and each game its table; it resumes as a tournament's does.
Records and logs go to a subfolder per table (DIR/table-03/...).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from itertools import combinations
from math import comb
from typing import ClassVar

from bots.names import plays_book
from engine import MAX_PLAYERS, MIN_PLAYERS

from .tournament import TournamentError, TournamentSettings

ROUND_ROBIN, GAUNTLET = "round-robin", "gauntlet"
PAIRINGS = (ROUND_ROBIN, GAUNTLET)
# The most tables a pool may have: far more than any run finishes, few
# enough that its settings are built at once.
MAX_TABLES = 500


def pool_tables(pool: tuple[str, ...], players: int, pairing: str) -> tuple[tuple[str, ...], ...]:
    """The entries of each table of a pool, in the order they are numbered
    (see the module docstring)."""
    if pairing == GAUNTLET:
        return tuple((pool[0], *others) for others in combinations(pool[1:], players - 1))
    return tuple(combinations(pool, players))


@dataclass(frozen=True)
class PoolSettings(TournamentSettings):
    """A pool: `bots` names each of its bots once, `players` the seats of
    each table, `pairing` which tables (ROUND_ROBIN or GAUNTLET); `deals` is
    what each table plays. Everything else is a tournament's setting, the
    same at every table; an SPRT tests one table and has no place here."""
    players: int = MIN_PLAYERS
    pairing: str = ROUND_ROBIN
    pooled: ClassVar[bool] = True

    def __post_init__(self):
        object.__setattr__(self, "bots", tuple(self.bots))
        repeated = sorted({name for name in self.bots if self.bots.count(name) > 1})
        if repeated:
            raise TournamentError(f"a pool names each bot once, and {repeated[0]} is named "
                                  f"{self.bots.count(repeated[0])} times")
        if self.pairing not in PAIRINGS:
            raise TournamentError(f"pairing {self.pairing!r}; choose from {', '.join(PAIRINGS)}")
        if (not isinstance(self.players, int) or isinstance(self.players, bool)
                or not MIN_PLAYERS <= self.players <= MAX_PLAYERS):
            raise TournamentError(f"a game seats {MIN_PLAYERS} to {MAX_PLAYERS} bots, "
                                  f"not {self.players}")
        if self.players > len(self.bots):
            raise TournamentError(f"tables of {self.players} need a pool of at least "
                                  f"{self.players} bots, not {len(self.bots)}")
        if self.sprt is not None:
            raise TournamentError("an SPRT tests one bot against another at one table, "
                                  "not a pool")
        count = comb(len(self.bots) - (self.pairing == GAUNTLET),
                     self.players - (self.pairing == GAUNTLET))
        if count > MAX_TABLES:
            raise TournamentError(f"a {self.pairing} of {len(self.bots)} bots at tables of "
                                  f"{self.players} has {count:,} tables; at most {MAX_TABLES} "
                                  "may be played")
        # Each table is checked as the tournament it is; a table where no
        # bot plays the book is given none.
        booked = any(map(plays_book, self.bots))
        common = {f.name: getattr(self, f.name) for f in fields(TournamentSettings)}
        for table in self.tables:
            book = self.book if not booked or any(map(plays_book, table)) else None
            TournamentSettings(**{**common, "bots": table, "book": book})

    @cached_property
    def tables(self) -> tuple[tuple[str, ...], ...]:
        """The entries of each table, in number order (`pool_tables`)."""
        return pool_tables(self.bots, self.players, self.pairing)

    def to_json(self) -> dict:
        """The settings as plain data: a tournament's, with the pool, the
        pairing and the tables in place of the bots; "deals" is each table's,
        "games" all tables' together."""
        plain = super().to_json()
        del plain["bots"]
        return {"players": self.players, "pool": list(self.bots), "pairing": self.pairing,
                "tables": [list(table) for table in self.tables], **plain}
