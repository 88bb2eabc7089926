"""An agent written from docs/agent-protocol.md alone (tests/arena/doc_agent.py),
reading only the documented fields of each message (the state in words,
never the engine's view), plays whole games at every seat of tables with
every extension on, and decides in every phase, among them a steal's
victim without a Mousetrap asked all the same and `end the turn`: every
message it gets is one the doc accounts for."""

import sys
from pathlib import Path

from arena.agents import OutsideAgent
from arena.match import Seat, Table
from engine import Config, Phase
from engine import cards as C

HERE = Path(__file__).parent
AGENT = HERE / "doc_agent.py"
DOC = HERE.parents[1] / "docs" / "agent-protocol.md"


def test_an_agent_written_from_the_doc_decides_in_every_phase(tmp_path):
    log = tmp_path / "phases.log"
    decided: set[str] = set()
    phases = {phase.label for phase in Phase} - {"over"}
    every = phases | {"mousetrap-without-one", "end-turn-offered"}
    games = 0
    for seed in range(12):
        players = 6 - seed % 3  # six seats: every character, the Smuggler too
        names = [f"cmd:{sys.executable} {AGENT} {DOC} {log} {seed * 10 + s}" for s in range(players)]
        agents = [OutsideAgent(name) for name in names]
        table = Table(Config(players=players, extensions=C.ALL_EXTENSIONS, seed=seed, round_cap=30),
                      [Seat.bot(f"Seat {s}", name) for s, name in enumerate(names)], agents,
                      record=False)
        table.play()
        table.close()
        result = table.result()
        assert result.forfeit is None, (result.fault, agents[result.forfeit].stderr_tail)
        games += 1
        decided |= set(log.read_text().split())
        if decided >= every:
            break
    assert decided == every, f"never decided in {sorted(every - decided)} in {games} games"
