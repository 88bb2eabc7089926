"""Every card of Passport as plain tables, for `passport cards`.

Names, copies, countries and playing-card indexes come from engine.cards
(pure Python); what a card *does* comes from the tables of the shipped
rulebook (R9.1, R9.2, R9.5), so no effect text is written twice.
"""

from __future__ import annotations

from typing import NamedTuple

from . import rulebook

KINDS = ("items", "countries", "passports", "events", "specials", "forbidden",
         "postcards", "characters")

# The letters `--ascii` prints instead of the suit symbols of R11.8.
ASCII_SUITS = str.maketrans({"♠": "S", "♥": "H", "♣": "C", "♦": "D"})


class CardTable(NamedTuple):
    """One kind of card: a title, the rule to read, column names and rows of text."""

    kind: str
    title: str
    rule: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]]


def card_tables(kinds: tuple[str, ...] = KINDS, ascii_suits: bool = False) -> list[CardTable]:
    """The tables of the chosen kinds, in KINDS order."""
    from engine import cards  # pure Python; the engine package also loads numpy (no numba)

    book = rulebook.load()
    builders = {
        "items": _items, "countries": _countries, "passports": _passports,
        "events": _events, "specials": _specials, "forbidden": _forbidden,
        "postcards": _postcards, "characters": _characters,
    }
    tables = [builders[kind](cards, book) for kind in KINDS if kind in kinds]
    if ascii_suits:
        tables = [table._replace(rows=[tuple(cell.translate(ASCII_SUITS) for cell in row)
                                       for row in table.rows]) for table in tables]
    return tables


def _effects(book: rulebook.Rulebook, section_id: str, names) -> list[dict[str, str]]:
    """The rows of a rule table, one per card name, in the engine's order.

    A card the rules table lacks is a mistake in one of the two sources,
    so it fails loudly instead of printing an empty cell."""
    rows = {next(iter(row.values())): row for row in book.table(section_id)}
    missing = [name for name in names if name not in rows]
    if missing:
        raise LookupError(f"the rules' {section_id} have no row for {', '.join(missing)}")
    return [rows[name] for name in names]


def _index(cards, first_card: int, count: int) -> list[str]:
    return [cards.playing_card_index(card) for card in range(first_card, first_card + count)]


def _items(cards, book) -> CardTable:
    copies = cards.NUM_ITEMS // cards.NUM_ITEM_KINDS
    rows = []
    for kind, name in enumerate(cards.ITEM_KINDS):
        indexes = [cards.playing_card_index(copy * cards.NUM_ITEM_KINDS + kind)
                   for copy in range(copies)]
        needed_by = [row[0] for row in cards.COUNTRY_TABLE if name in row[4]]
        rows.append((name, str(copies), " ".join(indexes), ", ".join(needed_by)))
    return CardTable("items", f"Items ({cards.NUM_ITEMS})", "R11.1",
                     ("item", "copies", "index", "required by"), rows)


def _countries(cards, book) -> CardTable:
    rows = [(country, capital, ", ".join(required))
            for country, capital, _, _, required in cards.COUNTRY_TABLE]
    return CardTable("countries", f"Countries ({cards.NUM_COUNTRIES})", "R11.2",
                     ("country", "capital", "required items"), rows)


def _passports(cards, book) -> CardTable:
    rows = [(name,) for name in cards.PASSPORTS]
    return CardTable("passports", f"Passports ({len(cards.PASSPORTS)}), all equivalent in play",
                     "R11.3", ("nationality",), rows)


def _events(cards, book) -> CardTable:
    effects = _effects(book, "R9.1", cards.EVENTS)
    indexes = _index(cards, cards.FIRST_EVENT, len(cards.EVENTS))
    rows = [(name, index, row["effect"])
            for name, index, row in zip(cards.EVENTS, indexes, effects)]
    return CardTable("events", f"Events ({len(cards.EVENTS)})", "R9.1",
                     ("event", "index", "effect"), rows)


def _specials(cards, book) -> CardTable:
    effects = _effects(book, "R9.2", cards.SPECIALS)
    indexes = _index(cards, cards.FIRST_SPECIAL, len(cards.SPECIALS))
    rows = [(name, row["timing"], index, row["effect"])
            for name, index, row in zip(cards.SPECIALS, indexes, effects)]
    return CardTable("specials", f"Special items ({len(cards.SPECIALS)})", "R9.2",
                     ("special item", "timing", "index", "effect"), rows)


def _forbidden(cards, book) -> CardTable:
    indexes = _index(cards, cards.FIRST_FORBIDDEN, len(cards.FORBIDDEN))
    rows = list(zip(cards.FORBIDDEN, indexes))
    return CardTable("forbidden", f"Forbidden items ({len(cards.FORBIDDEN)})", "R9.3",
                     ("forbidden item", "index"), rows)


def _postcards(cards, book) -> CardTable:
    indexes = _index(cards, cards.FIRST_POSTCARD, len(cards.POSTCARDS))
    rows = [(f"Greetings from {name}", index) for name, index in zip(cards.POSTCARDS, indexes)]
    return CardTable("postcards", f"Postcards ({len(cards.POSTCARDS)}), all equivalent in play",
                     "R9.4", ("postcard", "index"), rows)


def _characters(cards, book) -> CardTable:
    abilities = _effects(book, "R9.5", cards.CHARACTERS)
    rows = [(name, row["ability"]) for name, row in zip(cards.CHARACTERS, abilities)]
    return CardTable("characters", f"Characters ({len(cards.CHARACTERS)})", "R9.5",
                     ("character", "ability"), rows)


# What a table's kind is called, said of one of its cards.
KIND_WORDS = {"items": "an item", "countries": "a country", "passports": "a passport",
              "events": "an event", "specials": "a special item",
              "forbidden": "a forbidden item", "postcards": "a postcard",
              "characters": "a character"}


class CardHelp(NamedTuple):
    """One card's entry: a sentence (what kind it is, its rule's section and
    its row of the card tables) and that rule's section id."""

    words: str
    rule: str


def card_help(name: str) -> CardHelp | None:
    """The card called `name` (any case; "The" may be left out), for `rules
    CARD`; None if no card is called so."""
    wanted = " ".join(name.lower().split())
    for table in card_tables():
        for row in table.rows:
            card = row[0]
            if wanted in (card.lower(), card.lower().removeprefix("the "),
                          card.lower().removeprefix("greetings from ")):
                facts = "; ".join(f"{column}: {value}" for column, value
                                  in zip(table.columns[1:], row[1:])
                                  if value and column != "index").rstrip(".")
                return CardHelp(f"{card}: {KIND_WORDS[table.kind]} ({table.rule})"
                                + (f"; {facts}." if facts else "."), table.rule)
    return None
