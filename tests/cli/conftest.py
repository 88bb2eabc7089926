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
