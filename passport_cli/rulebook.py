"""The rulebook (engine/RULES.md), split into sections for people to look up.

Plain Python, no Rich: `passport rules`, `passport cards` and the in-game
`rules` command all read the rules through this module. The rulebook is the
engine's: the file the engine's code cites, section by section, lives beside
it, and this module reads it from there without importing the engine (which
would load numba).

Sections are the rulebook's headings (`## R5. …` is R5, `### R5.3 Trade` is
R5.3) plus the numbered steps of the sections that consist of a numbered
list (R3, R4, R7, R10), so that citations such as R4.4 or R7.3 resolve too.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

# How many matching sections a word search shows in full; the rest are listed.
SHOWN_IN_FULL = 3

_HEADING = re.compile(r"^(#{2,3}) R(\d+(?:\.\d+)?)\.? +(.*)$")
_LIST_ITEM = re.compile(r"^(\d+)\. +(.*)$")
_SECTION_ID = re.compile(r"^(?:r|§)?\s*(\d+)(?:\.(\d+))?\.?$", re.IGNORECASE)


class Section(NamedTuple):
    """One section of the rules: `("R5.3", "Trade", "### R5.3 Trade\\n…")`."""

    id: str
    title: str
    markdown: str

    @property
    def lead(self) -> str | None:
        """The section's first paragraph of prose, before any list, table or
        subsection, as plain text on one line (emphasis marks dropped);
        None when the section opens with something else."""
        body = self.markdown.split("\n\n")[1:2]
        if (not body or body[0].lstrip()[:1] in ("#", "-", "|", "*")
                or body[0][:1].isdigit() or body[0].rstrip().endswith(":")):
            return None
        return " ".join(body[0].replace("**", "").split())


class RuleNotFoundError(ValueError):
    """No section has that id, or no section mentions that word.

    `str()` of the error is a one-line message meant for the player."""


class Rulebook:
    """The parsed rules: the whole text, its sections in order, and lookups."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.title, self.sections, self._own_text, self._names = _parse(text)
        self._by_id = {section.id: section for section in self.sections}

    def section(self, section_id: str) -> Section:
        """The section `R5.3` (or `5.3`, `r5.3`); RuleNotFoundError if there is none."""
        normal = normalize_id(section_id)
        if normal is None or normal not in self._by_id:
            last = max(int(s.id[1:].split(".")[0]) for s in self.sections)
            raise RuleNotFoundError(
                f"There is no rule section {section_id}: the rules run from R1 to R{last}.")
        return self._by_id[normal]

    def search(self, words: str) -> list[Section]:
        """The sections that mention `words`, best match first.

        A section titled by the words comes first, then sections whose title
        or table rows name them (R9.2 names Mousetrap), then by how often the
        words occur. The phrase is tried first; if no section holds it, sections
        holding every one of its words. Accents, case, apostrophes and
        markdown emphasis are ignored."""
        query = _plain(words)
        if not query:
            raise RuleNotFoundError("Say which section (R5.3) or word (steal) to look up.")
        results = self._rank([query]) or self._rank(query.split())
        if not results:
            raise RuleNotFoundError(f'No rule mentions "{words.strip()}"; '
                                    "try another word, or a section such as R5.3.")
        return results

    def find(self, section_or_words: str) -> list[Section]:
        """A section by id (`R9`, `R5.3`, `5.3`) or the sections mentioning a word.

        Never empty: raises RuleNotFoundError instead."""
        if is_section_id(section_or_words):
            return [self.section(section_or_words)]
        return self.search(section_or_words)

    def table(self, section_id: str) -> list[dict[str, str]]:
        """The rows of the first table in a section, keyed by its lower-cased header."""
        lines = [line.strip() for line in self.section(section_id).markdown.splitlines()]
        rows = []
        for line in lines:
            if line.startswith("|"):
                rows.append([_unemphasize(cell.strip()) for cell in line.strip("|").split("|")])
            elif rows:
                break
        if not rows:
            return []
        header = [name.lower() for name in rows[0]]
        return [dict(zip(header, row)) for row in rows[2:]]  # rows[1] is |---|

    def _rank(self, terms: list[str]) -> list[Section]:
        scored = []
        for order, section in enumerate(self.sections):
            names, body = self._names[section.id], self._own_text[section.id]
            if not all(_count(term, body) or any(_count(term, n) for n in names)
                       for term in terms):
                continue
            score = sum(100 * (bool(names) and names[0] == term)
                        + 10 * sum(_count(term, name) for name in names)
                        + _count(term, body) for term in terms)
            scored.append((-score, order, section))
        return [section for _, _, section in sorted(scored)]


def is_section_id(text: str) -> bool:
    """Whether `text` names a section (`R5.3`, `r9`, `5.3`) rather than words."""
    return normalize_id(text) is not None


def normalize_id(text: str) -> str | None:
    """`5.3`, `r5.3`, `§5.3` → `R5.3`; None if `text` is not shaped like a section id."""
    match = _SECTION_ID.match(text.strip())
    if match is None:
        return None
    major, minor = match.groups()
    return f"R{int(major)}" + (f".{int(minor)}" if minor else "")


@functools.lru_cache(maxsize=1)
def load() -> Rulebook:
    """The rulebook, parsed (read once)."""
    return Rulebook(rules_path().read_text("utf-8"))


def rules_path() -> Path:
    """engine/RULES.md, found without running the engine's package."""
    return Path(importlib.util.find_spec("engine").origin).with_name("RULES.md")


def find(section_or_words: str) -> list[Section]:
    """`load().find(...)`: a section by id, or the sections mentioning a word."""
    return load().find(section_or_words)


# -- parsing -----------------------------------------------------------------

def _parse(text: str) -> tuple[str, list[Section], dict[str, str], dict[str, list[str]]]:
    """The rulebook's title, its sections in order, each section's own text,
    and the names each section defines.

    A section's markdown includes its subsections; its *own* text (what a
    search looks at) leaves them out, so a word is found in the most precise
    section that holds it. The names a section defines are its title (when
    it has one: a step without a bold label has none) and the first cell of
    each row of its tables."""
    lines = text.splitlines()
    title = next((line[2:].strip() for line in lines if line.startswith("# ")), "")
    starts = [(i, m) for i, line in enumerate(lines) if (m := _HEADING.match(line))]
    sections, own, names = [], {}, {}
    for n, (start, match) in enumerate(starts):
        level = len(match.group(1))
        # The section runs to the next heading of the same or a higher level.
        end = next((s for s, m in starts[n + 1:] if len(m.group(1)) <= level), len(lines))
        own_end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        section_id, section_title = "R" + match.group(2), match.group(3).strip()
        markdown = "\n".join(lines[start:end]).strip() + "\n"
        sections.append(Section(section_id, section_title, markdown))
        body = lines[start + 1:own_end]
        items = _numbered_steps(section_id, body)
        own_lines = body[items[-1][2]:] if items else body
        own[section_id] = _plain("\n".join(own_lines))
        names[section_id] = [_plain(section_title)] + _row_names(own_lines)
        for item, titled, _ in items:
            sections.append(item)
            own[item.id] = _plain(item.markdown.split("\n", 1)[1])
            names[item.id] = [_plain(item.title)] if titled else []
    return title, sections, own, names


def _row_names(lines: list[str]) -> list[str]:
    """The first cell of every table row, header and |---| rows left out."""
    cells = [line.strip().strip("|").split("|")[0] for line in lines
             if line.strip().startswith("|")]
    rows = [_plain(cell) for cell in cells if not set(cell.strip()) <= {"-", ":"}]
    heads = {_plain(line.strip().strip("|").split("|")[0]) for line, next_line
             in zip(lines, lines[1:]) if next_line.strip().startswith("|---")}
    return [row for row in rows if row not in heads]


def _numbered_steps(parent: str, body: list[str]) -> list[tuple[Section, bool, int]]:
    """The steps of a section that *is* a numbered list (R4.1 … R4.5).

    Returns each step, whether its title is its own bold label (otherwise
    it is the step's first words), and the index of the body line after
    it; only when the list is the first thing in the section, as in R3, R4,
    R7 and R10."""
    first = next((i for i, line in enumerate(body) if line.strip()), None)
    if first is None or not _LIST_ITEM.match(body[first]):
        return []
    steps, i = [], first
    while i < len(body):
        match = _LIST_ITEM.match(body[i])
        if match is None:
            break
        number, text = match.groups()
        i += 1
        while i < len(body) and body[i].startswith("   "):
            text += " " + body[i].strip()
            i += 1
        while i < len(body) and not body[i].strip():
            i += 1
        label = re.match(r"\*\*(.+?)\.\*\*\s*(.*)$", text)  # "**Passports.** Each…"
        lead = re.match(r"\*\*(.+?)\*\*", text)  # "**Draw is always legal**, even…"
        if label:
            step_title, rest = label.groups()
        elif lead:
            step_title, rest = lead.group(1), text
        else:
            words = _unemphasize(text).split()
            step_title, rest = " ".join(words[:6]) + ("…" if len(words) > 6 else ""), text
        step_id = f"{parent}.{number}"
        markdown = f"### {step_id} {step_title}\n\n{rest}\n"
        steps.append((Section(step_id, step_title, markdown), bool(label or lead), i))
    return steps


# -- matching ----------------------------------------------------------------

def _unemphasize(text: str) -> str:
    return text.replace("**", "").replace("*", "")


def _plain(text: str) -> str:
    """Lower case, no accents, no apostrophes or emphasis, single spaces."""
    text = unicodedata.normalize("NFKD", _unemphasize(text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("'", "").replace("\u2019", "").replace("|", " ")
    return " ".join(text.lower().split())


def _count(term: str, text: str) -> int:
    """Occurrences of `term` starting at a word boundary (`steal` finds `steals`)."""
    return len(re.findall(r"(?<!\w)" + re.escape(term), text))
