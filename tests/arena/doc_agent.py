"""An agent written from docs/agent-protocol.md alone, in the standard
library: it knows the protocol only as the doc tells it. It reads the
doc's table of phases and action texts and its table of the state's
fields, and checks every message against them: each decision's phase is a
documented one, each action's id and text are documented forms for that
phase (a seat named by its name in `new_game.seats`), the state holds
exactly the documented fields and agrees with itself and with the
decision, and a steal's victim without a Mousetrap is asked all the same,
with "let the steal happen" alone. It never reads `decide.view`.

It plays to meet every phase: it prefers the moves that lead to the rare
ones (a Smuggle, a Dispose, a Local Guide, a Trading Post, a steal, a
recycle, a trade) and draws more than it travels, so hands grow past their
limit. It appends the phase of each decision it makes to LOG, one a line,
and a line for each of two decisions that are easy to miss: a Mousetrap
question to a victim without one (`mousetrap-without-one`), and `end the
turn` offered (`end-turn-offered`).
A message the doc does not account for ends it with the reason on stderr
(exit 3), which the host reports as a crash.

    python doc_agent.py DOC LOG SEED
"""

import json
import random
import re
import sys

PREFERRED = ("smuggle ", "dispose of ", "play the Trading Post", "play the Local Guide",
             "steal from ", "recycle", "offer a trade to ", "play the Mousetrap",
             "declare ", "play the Poorly Drawn Map", "play the First-Class Upgrade",
             "look at ", "accept the offer")
TRADE_PHASES = ("trade-give", "trade-ask", "trade-reply")


def fail(why: str):
    sys.stderr.write(f"doc agent: {why}\n")
    sys.exit(3)


def section(doc: str, start: str, end: str) -> str:
    return doc[doc.index(start) + len(start):doc.index(end, doc.index(start))]


def read_doc(path: str):
    """The doc's phases with their action forms, and the state's fields
    (required or optional)."""
    doc = open(path, encoding="utf-8").read()
    forms = {}
    table = section(doc, "<!-- the table of phases: engine.actions.ACTION_TEXTS -->",
                    "<!-- end of the table of phases -->")
    for line in table.strip().splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        phase = cells[0].strip("`")
        forms.setdefault(phase, [])
        if cells[1]:
            ids = re.fullmatch(r"(\d+)(?: \+ (\w+) \((\d+)\.\.(\d+)\))?", cells[1])
            first = int(ids.group(1))
            last = int(ids.group(4)) if ids.group(4) else first
            forms[phase].append((first, last, ids.group(2), cells[2].strip("`")))
    state_table = section(doc, "### The state (`decide.state`)", "\n### ")
    fields = {}
    for name, value in re.findall(r"^\| `([a-z_]+)` \| (.*) \|$", state_table, re.MULTILINE):
        fields[name] = "optional" if value.startswith("*Optional.*") else "required"
    if not forms or not fields:
        fail("the doc's tables were not found")
    return forms, fields


def text_pattern(template: str, argument: str | None, arg: int, seats: list[str]) -> str:
    """A regular expression for the words of one action of a form."""
    pattern = re.escape(template)
    anything = r"[^,]+"
    values = {"seat": re.escape(seats[arg]) if argument == "seat" else None,
              "card": anything, "kind": anything, "forbidden": "(Fireworks|Pet Snake|Mystery Cheese)",
              "country": anything, "item": anything}
    for name, value in values.items():
        pattern = pattern.replace(re.escape("{" + name + "}"), value or anything)
    return pattern


class Agent:
    def __init__(self, doc: str, log: str, seed: int):
        self.forms, self.fields = read_doc(doc)
        self.log = log
        self.rng = random.Random(seed)
        self.seat = self.seats = None
        self.asked = 0

    def check_actions(self, phase: str, actions: list) -> None:
        if phase not in self.forms or phase == "over":
            fail(f"a decision in phase {phase!r}, which the doc does not list")
        for action in actions:
            for first, last, argument, template in self.forms[phase]:
                if first <= action["id"] <= last:
                    pattern = text_pattern(template, argument, action["id"] - first, self.seats)
                    if not re.fullmatch(pattern, action["text"]):
                        fail(f"{action} does not read as {template!r} in {phase}")
                    break
            else:
                fail(f"{action} is not an action the doc lists for {phase}")

    def check_state(self, decision: dict) -> None:
        state, phase = decision["state"], decision["phase"]
        missing = [f for f, how in self.fields.items() if how == "required" and f not in state]
        unknown = [f for f in state if f not in self.fields]
        if missing or unknown:
            fail(f"state fields missing {missing}, not in the doc {unknown}")
        n = len(self.seats)
        if not (state["seat"] == state["decider"] == self.seat and state["phase"] == phase):
            fail("the state is not of this seat's decision")
        if len(state["hand"]) != state["hand_sizes"][self.seat]:
            fail("the hand is not of its size")
        if len(state["draw_pile"]) != state["draw_pile_size"] or len(state["box"]) != state["box_size"]:
            fail("a pile is not of its size")
        if state["known_cards"][self.seat] is not None or len(state["known_cards"]) != n:
            fail("known_cards is not one list a seat, null for this one")
        if (state["offer"] is not None) != (phase in TRADE_PHASES):
            fail("an offer outside a trade, or a trade without one")
        if (state["steal_from"] is not None) != (phase in ("steal-pay", "mousetrap")):
            fail("steal_from outside a steal")
        if phase == "mousetrap":
            texts = [a["text"] for a in decision["actions"]]
            if "Mousetrap" not in state["hand"] and texts != ["let the steal happen"]:
                fail(f"a victim without a Mousetrap is offered {texts}")
        if phase in ("recycle-pay", "discard") and state["cards_due"] < 1:
            fail("a payment with no card due")
        if phase in ("local-guide-take", "trading-post-pick", "trading-post-give") and (
                not state["look"] or None in state["look"]):
            fail("the cards set aside are not shown to the seat playing them")

    def choose(self, decision: dict) -> int:
        actions = decision["actions"]
        weights = []
        for action in actions:
            text = action["text"]
            if text.startswith("travel"):
                weights.append(0.3)
            elif text == "draw a card":
                weights.append(3.0)
            elif text.startswith(PREFERRED):
                weights.append(6.0)
            else:
                weights.append(1.0)
        return self.rng.choices(actions, weights)[0]["id"]

    def answer(self, message: dict):
        kind = message["type"]
        if kind == "hello":
            if 2 not in message["versions"]:
                fail(f"the host does not speak version 2: {message}")
            send({"type": "hello", "version": 2, "name": "doc-agent"})
            send({"type": "version"})
            self.asked += 1
        elif kind == "version":
            self.asked -= 1
            if message["protocol"] != "passport-agent" or 2 not in message["versions"]:
                fail(f"an answer to version that the doc does not describe: {message}")
        elif kind == "new_game":
            self.seat, self.seats = message["seat"], message["seats"]
        elif kind == "observe":
            if not {"seat", "action", "moves"} <= set(message["step"]):
                fail("a step without seat, action and moves")
        elif kind == "decide":
            self.check_actions(message["phase"], message["actions"])
            self.check_state(message)
            texts = [a["text"] for a in message["actions"]]
            lines = [message["phase"]]
            if message["phase"] == "mousetrap" and "Mousetrap" not in message["state"]["hand"]:
                lines.append("mousetrap-without-one")
            if "end the turn" in texts:
                lines.append("end-turn-offered")
            with open(self.log, "a", encoding="utf-8") as log:
                log.write("".join(line + "\n" for line in lines))
            send({"type": "action", "id": self.choose(message)})
        elif kind == "ping":
            send({"type": "pong"})
        elif kind == "game_over":
            if self.asked:
                fail("a version asked for was not answered")
        elif kind == "quit":
            return False
        else:
            fail(f"a message of type {kind!r}")
        return True


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    agent = Agent(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    for line in sys.stdin:
        if not agent.answer(json.loads(line)):
            break


if __name__ == "__main__":
    main()
