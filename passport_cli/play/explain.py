"""`help N` (or `?N`) at a prompt: what option N does, and the rule behind it."""

from __future__ import annotations

from engine import Phase
from engine import cards as C
from engine.actions import decode

from .. import rulebook
from ..catalog import card_help
from . import hand as H

# The rule section of each kind of move, by action name (engine/actions.py).
SECTION_OF = {"draw": "R5.1", "recycle": "R5.2", "trade": "R5.3", "steal": "R5.4",
              "travel": "R6", "travel-card": "R6", "end-turn": "R4", "dispose": "R9.3",
              "declare": "R9.3", "seat": "R9.5", "done": "R5"}
# The card a move plays, by action name.
CARD_OF = {"local-guide": "Local Guide", "trading-post": "Trading Post",
           "declare": "Customs Declaration",
           "map": "Poorly Drawn Map", "upgrade": "First-Class Upgrade",
           "binoculars": "Binoculars", "smuggle": "The Smuggler"}
# The sections whose first paragraph (rulebook's `lead`) says what the move
# does; the others are named for the person to read.
LEAD_EXPLAINS = {"R5.1", "R5.2", "R5.3", "R5.4"}
# A kind with no card entry of its own: its section.
KIND_SECTION = {C.KIND_PASSPORT: "R11.3", C.KIND_POSTCARD: "R9.4"}


def explain(choice: H.Choice, phase: Phase) -> list[str]:
    """Option `choice` in words, with the card's rule or the section behind it."""
    label = f"{choice.number}. {choice.label}" + (f" ({choice.note})" if choice.note else "")
    d = decode(choice.action)
    card = CARD_OF.get(d.name)
    section = SECTION_OF.get(d.name)
    if d.name in ("card", "kind"):
        kind = C.card_kind(d.arg) if d.name == "card" else d.arg
        card, section = (None, KIND_SECTION[kind]) if kind in KIND_SECTION \
            else (C.KIND_NAMES[kind], None)
    elif d.name in ("yes", "no"):
        card, section = ("Mousetrap", None) if phase == Phase.MOUSETRAP else (None, "R5.3")
    lines = [label]
    entry = card_help(card) if card else None
    if entry:
        lines.append(entry.words)
    elif section:
        rule = rulebook.load().section(section)
        lines.append(f"{rule.lead} (type rules {section} for the whole rule)"
                     if section in LEAD_EXPLAINS and rule.lead
                     else f"The rule: {section} {rule.title} (type rules {section}).")
    return lines
