"""Throwaway outside programs for tests: a few lines of Python that speak
the agent protocol (docs/agent-protocol.md)."""

import shlex
import sys
import textwrap


def agent(tmp_path, body: str = "", name: str = "agent.py") -> str:
    """A `cmd:` entry for a program written to tmp_path/name: it says hello,
    runs `body` for each message `m`, then answers a decision with its first
    action (unless `body` did something else first) and stops at quit."""
    path = tmp_path / name
    path.write_text(textwrap.dedent("""\
        import json, sys, time
        def send(m):
            sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "hello":
                send({"type": "hello", "name": "test", "version": 1})
                continue
        """) + textwrap.indent(textwrap.dedent(body), "    ") + textwrap.indent(textwrap.dedent("""\
            if m["type"] == "decide":
                send({"type": "action", "id": m["actions"][0]["id"]})
            elif m["type"] == "quit":
                break
        """), "    "), encoding="utf-8")
    return f"cmd:{sys.executable} {shlex.quote(str(path))}"
