"""`passport rules` and `passport cards`, driven as a person types them."""

import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from rich.console import Console

from engine import cards as engine_cards
from passport_cli import catalog, rulebook
from passport_cli.commands.cards import cards as cards_command

ROOT = Path(__file__).resolve().parents[2]
SUITS = "♠♥♣♦"


# -- passport rules ------------------------------------------------------------

def test_rules_section_by_id(passport):
    result = passport("rules", "R5.3")
    assert result.exit_code == 0, result.output
    assert result.output.lstrip().startswith("R5.3 Trade")
    assert "bonus card" in result.output
    assert "R5.4" not in result.output  # the next section is not shown


def test_rules_section_without_the_r_is_the_same(passport):
    assert passport("rules", "5.3").output == passport("rules", "R5.3").output
    assert passport("rules", "r5.3").output == passport("rules", "R5.3").output


def test_rules_whole_section_shows_its_subsections(passport):
    result = passport("rules", "R9")
    assert result.exit_code == 0, result.output
    for sub in ("R9.1 Events", "R9.2 Special items", "R9.3 Forbidden", "R9.4 Postcards",
                "R9.5 Characters"):
        assert sub in result.output
    assert "R10" not in result.output


def test_rules_numbered_steps_resolve_as_cited(passport):
    """The rules cite steps of numbered lists (R4.4, R7.3): they resolve too."""
    result = passport("rules", "R4.4")
    assert result.exit_code == 0, result.output
    assert result.output.lstrip().startswith("R4.4 Hand limit")
    assert "until they hold exactly their limit" in " ".join(result.output.split())


def test_rules_word_lists_sections_best_first(passport):
    result = passport("rules", "mousetrap")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    card, lines = " ".join(result.output.split("\n\n")[0].split()), lines[lines.index("") + 1:]
    assert card.startswith("Mousetrap: a special item (R9.2); timing: reaction; effect: Play it")
    assert lines[0] == '"mousetrap" is in 3 sections, best match first:'
    assert lines[1].split()[0] == "R9.2"
    assert {line.split()[0] for line in lines[1:4]} == {"R9.2", "R5.4", "R11.5"}
    assert "the steal fails" in " ".join(result.output.split())  # R9.2's text is shown


def test_rules_word_search_is_case_and_accent_blind(passport):
    result = passport("rules", "STEAL")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].split()[0] == "R5.4"
    assert "R11.2" in passport("rules", "brasilia").output


def test_rules_several_words_are_one_query(passport):
    result = passport("rules", "hand", "limit")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].split()[0] == "R4.4"


@pytest.mark.parametrize("query, message", [
    ("R12", "There is no rule section R12: the rules run from R1 to R11."),
    ("5.9", "There is no rule section 5.9: the rules run from R1 to R11."),
    ("xyzzy", 'No rule mentions "xyzzy"; try another word, or a section such as R5.3.'),
])
def test_rules_unknown_section_or_word_is_one_line_and_exit_2(passport, query, message):
    result = passport("rules", query)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [message]


def test_rules_without_argument_prints_everything_off_a_terminal(passport, monkeypatch):
    monkeypatch.setattr(click, "echo_via_pager",
                        lambda *a, **k: pytest.fail("paged off a terminal"))
    result = passport("rules")
    assert result.exit_code == 0, result.output
    assert "Passport — rules of the game" in result.output
    assert "R1. Goal" in result.output and "R11.8 Playing-card index" in result.output


def test_rules_without_argument_pages_on_a_terminal(passport, monkeypatch):
    paged = []
    monkeypatch.setattr(Console, "is_terminal", property(lambda self: True))
    monkeypatch.setattr(click, "echo_via_pager", lambda text, **k: paged.append(text))
    result = passport("rules")
    assert result.exit_code == 0, result.output
    assert result.output == ""
    assert len(paged) == 1 and "R11.8 Playing-card index" in paged[0]


def test_every_section_cited_in_the_rules_exists():
    book = rulebook.load()
    cited = set(re.findall(r"\bR\d+(?:\.\d+)?\b", book.text))
    assert cited, "no citations found"
    for section_id in sorted(cited):
        assert book.section(section_id).id == section_id


def test_find_returns_id_title_markdown():
    (section,) = rulebook.find("R5.3")
    section_id, title, markdown = section
    assert (section_id, title) == ("R5.3", "Trade")
    assert markdown.startswith("### R5.3 Trade\n")


def test_the_rulebook_is_the_engines_and_ships_with_it():
    text = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'\[tool\.setuptools\.package-data\]\s*engine = \["RULES\.md"\]', text)
    assert rulebook.rules_path() == ROOT / "engine" / "RULES.md"
    assert not (ROOT / "passport_cli" / "data").exists()


CITING = ("engine", "bots", "arena", "openings", "passport_cli", "examples", "tests", "docs")
NOT_SECTIONS = {"R12", "R99"}  # asked for by tests of a section that does not exist


def test_every_section_the_code_and_docs_cite_exists():
    """Code, tests and docs cite the rules by section (# R5.3): each citation
    names a section of engine/RULES.md, so a reader can look it up."""
    book = rulebook.load()
    cited: dict[str, str] = {}
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".md") and path.name != "experiments.md":
                for section_id in re.findall(r"\bR(\d+(?:\.\d+)?)\b", path.read_text("utf-8")):
                    cited.setdefault("R" + section_id, str(path.relative_to(ROOT)))
    missing = {section_id: where for section_id, where in cited.items()
               if section_id not in {section.id for section in book.sections} | NOT_SECTIONS}
    assert len(cited) > 40 and not missing, missing


# -- passport cards ------------------------------------------------------------

def every_card_name():
    c = engine_cards
    return (c.ITEM_KINDS + c.COUNTRIES + c.PASSPORTS + c.EVENTS + c.SPECIALS + c.FORBIDDEN
            + c.POSTCARDS + c.CHARACTERS + tuple(row[1] for row in c.COUNTRY_TABLE))


def test_cards_lists_every_card_of_the_engine(passport):
    result = passport("cards")
    assert result.exit_code == 0, result.output
    assert len(engine_cards.COUNTRIES) == 13 and len(engine_cards.ITEM_KINDS) == 16
    assert len(engine_cards.SPECIALS) == 9
    for name in every_card_name():
        assert name in result.output, name


def test_cards_fit_in_80_columns(passport):
    for args in (["cards"], ["cards", "--ascii"]):
        result = passport(*args)
        assert max(len(line) for line in result.output.splitlines()) <= 80


def test_cards_items_show_both_indexes_and_the_countries(passport):
    result = passport("cards", "--kind", "items")
    assert result.exit_code == 0, result.output
    sunscreen = next(line for line in result.output.splitlines() if "Sunscreen" in line)
    assert sunscreen.split() == ["Sunscreen", "2", "♠A", "♥4", "Brazil,", "Egypt,", "Australia"]
    assert "Mousetrap" not in result.output  # only the kind asked for


def test_cards_effects_are_quoted_from_the_rules(passport):
    book = rulebook.load()
    result = passport("cards", "--kind", "specials")
    flat = " ".join(result.output.split())
    assert "reaction ♣Q Play it when another player steals from you" in flat
    for row in book.table("R9.2"):
        assert " ".join(row["effect"].split()) in flat


def test_cards_postcards_end_with_the_jokers(passport):
    result = passport("cards", "--kind", "postcards")
    lines = [line for line in result.output.splitlines() if "Greetings" in line]
    assert [line.split()[-1] for line in lines] == ["♦10", "♦J", "♦Q", "♦K", "Joker", "Joker"]


def test_cards_ascii_has_no_suit_symbols(passport):
    result = passport("cards", "--ascii")
    assert result.exit_code == 0, result.output
    assert not set(SUITS) & set(result.output)
    assert "| Sunscreen " in result.output and "| SA H4 " in result.output
    for name in every_card_name():
        assert name in result.output, name


def test_cards_bad_kind_is_a_usage_error(passport):
    result = passport("cards", "--kind", "dragons")
    assert result.exit_code == 2
    assert "Invalid value for '--kind'" in result.output


def test_cards_kind_choices_are_the_catalog_kinds():
    kind_option = next(p for p in cards_command.params if p.name == "kind")
    assert tuple(kind_option.type.choices) == catalog.KINDS


def test_every_effect_row_matches_an_engine_card():
    """The R9 tables and engine/cards.py name the same cards, in the same order."""
    book = rulebook.load()
    for section_id, names in (("R9.1", engine_cards.EVENTS), ("R9.2", engine_cards.SPECIALS),
                              ("R9.5", engine_cards.CHARACTERS)):
        rows = book.table(section_id)
        assert tuple(next(iter(row.values())) for row in rows) == names
        assert all(list(row.values())[-1] for row in rows)


# -- start-up cost -------------------------------------------------------------

SCRIPT = """
import json, sys
from click.testing import CliRunner
from passport_cli.main import cli
loaded = {}
for args in %r:
    result = CliRunner().invoke(cli, args, env={"NO_COLOR": "1", "COLUMNS": "80"})
    assert result.exit_code == 0, (args, result.output)
    loaded[" ".join(args)] = [m for m in ("numba", "numpy", "engine", "rich") if m in sys.modules]
print(json.dumps(loaded))
"""


def test_help_loads_nothing_heavy_and_rules_needs_no_engine():
    pages = [["rules", "--help"], ["cards", "--help"], ["rules", "R5.3"]]
    done = subprocess.run([sys.executable, "-c", SCRIPT % (pages,)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert loaded == {"rules --help": [], "cards --help": [], "rules R5.3": ["rich"]}


def test_the_rules_speak_to_players(passport):
    shown = passport("rules").output.lower()
    for word in ("engine", "tests", "project", "comments may cite"):
        assert word not in rulebook.load().text.lower(), word
        assert word not in shown, word


@pytest.mark.parametrize("name,entry", [
    ("customs declaration", "Customs Declaration: a special item (R9.2); timing: free; effect: "
                            "Discard one forbidden item from your hand along with this card."),
    ("Chopsticks", "Chopsticks: an item (R11.1); copies: 2; required by: Japan, Thailand."),
    ("smuggler", "The Smuggler: a character (R9.5); ability: As your action"),
    ("the beach", "Greetings from the Beach: a postcard (R9.4)."),
])
def test_a_card_is_looked_up_by_its_name(name, entry):
    from passport_cli.catalog import card_help
    assert card_help(name).words.startswith(entry)
    assert card_help("steal") is None and card_help("R5.3") is None

