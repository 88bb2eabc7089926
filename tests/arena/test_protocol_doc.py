"""docs/agent-protocol.md says what is: its table of phases and action
texts is the engine's (engine.actions.ACTION_TEXTS), its table of the
state's fields names every field a seat is told, and its messages are
those the host sends and takes.

    python -m tests.arena.test_protocol_doc     # prints the table of phases anew
"""

import json
import re
from pathlib import Path

from arena.agents import VERSION, VERSIONS
from engine import Game
from engine import cards as C
from engine.actions import ACTION_IDS, ACTION_TEXTS, Phase, action_text, encode
from engine._told_state import OPTIONAL
from engine.seen import decision_seen_by

DOC = Path(__file__).parents[2] / "docs" / "agent-protocol.md"
TABLE_START = "<!-- the table of phases: engine.actions.ACTION_TEXTS -->"
TABLE_END = "<!-- end of the table of phases -->"
# What an action's argument is, by the action's name (docs/engine.md, "Action ids").
ARGUMENTS = {"trade": "seat", "steal": "seat", "map": "seat", "binoculars": "seat",
             "seat": "seat", "card": "card", "kind": "kind", "dispose": "forbidden",
             "smuggle": "forbidden", "declare": "forbidden", "travel-card": "item"}
# The example table: three seats, Kenya the country travelled to.
EXAMPLE_SEATS = ["Ana", "Bo", "Cy"]
EXAMPLE_ARGUMENT = {"seat": 1, "card": C.CARD_NAMES.index("Camera#2"),
                    "kind": C.KIND_NAMES.index("Passport"), "forbidden": 1, "item": 1}
EXAMPLE_COUNTRY = C.COUNTRIES.index("Kenya")


def phase_table() -> str:
    """The table of every phase, every action it offers, its ids and its
    words, in markdown."""
    lines = ["| `phase` | ids | `text` | example |", "|---|---|---|---|"]
    for phase, texts in ACTION_TEXTS.items():
        if not texts:
            lines.append(f"| `{phase.label}` | | (no decision: the game is over) | |")
        for name, template in texts.items():
            start, count = ACTION_IDS[name]
            argument = ARGUMENTS.get(name)
            ids = f"{start}" if count == 1 else f"{start} + {argument} ({start}..{start + count - 1})"
            action = encode(name, EXAMPLE_ARGUMENT[argument] if argument else -1)
            example = action_text(action, phase, EXAMPLE_SEATS, EXAMPLE_COUNTRY)
            lines.append(f"| `{phase.label}` | {ids} | `{template}` | `{example}` |")
    return "\n".join(lines)


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def test_the_table_of_phases_is_the_engines():
    text = doc_text()
    table = text[text.index(TABLE_START) + len(TABLE_START):text.index(TABLE_END)].strip()
    assert table == phase_table(), (
        "docs/agent-protocol.md's table of phases is not the engine's; it is now:\n"
        + phase_table())
    for phase in Phase:  # and each phase is said in words
        assert f"- `{phase.label}`" in text


def fields_of(table_heading: str) -> list[str]:
    """The fields a table of the doc lists (its first column), under the heading."""
    text = doc_text()
    part = text[text.index(table_heading):]
    part = part[:part.index("\n\n", part.index("|---"))]
    return re.findall(r"^\| `([a-z_.]+)` \|", part, re.MULTILINE)


def test_the_table_of_the_state_names_every_field_of_the_state():
    game = Game.new(players=3, extensions="all", seed=2)
    state = decision_seen_by(game.view(game.decider))["state"]
    assert sorted(fields_of("### The state (`decide.state`)")) == sorted(state)
    text = doc_text()
    optional = re.findall(r"^\| `([a-z_]+)` \| \*Optional\.\*", text, re.MULTILINE)
    assert sorted(optional) == sorted(OPTIONAL)  # what a host may leave out


def test_the_doc_says_the_versions_the_host_speaks():
    text = doc_text()
    assert f"This is version **{VERSION}** of the protocol" in text
    hello = {"type": "hello", "protocol": "passport-agent", "version": VERSION,
             "versions": list(VERSIONS)}
    assert "H " + json.dumps(hello, separators=(",", ":")) in text  # the transcript's first line


if __name__ == "__main__":
    print(phase_table())
