"""`passport --help` lists the commands and is instant: it loads no engine."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HELP_PAGES = [["--help"], ["selfplay", "--help"], ["bench", "--help"],
              ["bench", "engine", "--help"], ["warm", "--help"], ["tournament", "--help"],
              ["play", "--help"], ["watch", "--help"], ["replay", "--help"], ["report", "--help"],
              ["lab", "--help"],
              ["lab", "paired", "--help"], ["lab", "fit-chances", "--help"],
              ["lab", "consistency", "--help"], ["lab", "fit-evaluation", "--help"],
              ["lab", "fit-beliefs", "--help"]]
# What makes a start slow: numba (and its LLVM), numpy, and the engine,
# which pulls in both.
HEAVY = ["numba", "numpy", "engine"]

# A fresh interpreter, because this test process has long imported numba.
SCRIPT = """
import json, sys
from click.testing import CliRunner
from passport_cli.main import cli
loaded = {}
for args in %r:
    result = CliRunner().invoke(cli, args, env={"NO_COLOR": "1", "COLUMNS": "80"})
    assert result.exit_code == 0, (args, result.output)
    loaded[" ".join(args)] = [m for m in %r if m in sys.modules]
print(json.dumps(loaded))
"""


def test_help_lists_every_command(passport):
    result = passport("--help")
    assert result.exit_code == 0
    for command in ("bench", "lab", "play", "replay", "report", "selfplay", "tournament", "warm",
                    "watch"):
        assert command in result.output


def test_help_pages_import_no_numba_numpy_or_engine():
    done = subprocess.run([sys.executable, "-c", SCRIPT % (HELP_PAGES, HEAVY)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert loaded == {" ".join(args): [] for args in HELP_PAGES}


def test_the_engine_facts_in_help_are_the_engines():
    import engine
    from engine.cards import EXTENSIONS
    from passport_cli import options
    assert options.EXTENSION_NAMES == EXTENSIONS
    assert (options.MIN_PLAYERS, options.MAX_PLAYERS) == (engine.MIN_PLAYERS, engine.MAX_PLAYERS)
    assert options.DEFAULT_ROUND_CAP == engine.DEFAULT_ROUND_CAP


def test_each_level_is_one_line_in_the_help_the_readme_and_the_start(passport):
    from bots.names import LEVEL_WORDS, LEVELS
    help_text = passport("play", "--help").output
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert set(LEVEL_WORDS) == set(LEVELS)
    for level, words in LEVEL_WORDS.items():
        assert f"{level:<7} {words}" in help_text
        assert f"| `{level}` | {words} |" in readme
    assert all(len(line) <= 80 for line in help_text.splitlines())


def test_the_help_says_when_a_random_seed_is_shown(passport):
    """play shows it when the game ends (earlier it would tell the bots'
    hands to `watch --reveal`), watch at the start."""
    def words(*args):
        return " ".join(passport(*args).output.split())
    assert "a random one, printed when the game ends" in words("play", "--help")
    assert "a random one, printed at the start" in words("watch", "--help")
