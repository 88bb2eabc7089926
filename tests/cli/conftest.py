"""CLI tests drive `passport` as a person types it: no colour, 80 columns."""

import pytest
from click.testing import CliRunner

from passport_cli.main import cli

ENV = {"NO_COLOR": "1", "COLUMNS": "80"}


@pytest.fixture
def passport():
    """Run `passport ARGS...` in-process; returns click's Result."""
    runner = CliRunner()

    def run(*args):
        return runner.invoke(cli, [str(a) for a in args], env=ENV, prog_name="passport")

    return run


@pytest.fixture(scope="session")
def easy_bots_ready():
    """The kernels and easy's search compiled (or loaded) once, before the
    tests that play: a module marks itself with
    `pytestmark = pytest.mark.usefixtures("easy_bots_ready")`."""
    from passport_cli.warmup import prepare_bots, prepare_engine
    prepare_engine()
    prepare_bots(["easy"])


@pytest.fixture
def home(tmp_path):
    """The PASSPORT_HOME of a test: its saves and its record of games."""
    return tmp_path / "home"
