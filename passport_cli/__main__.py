"""`python -m passport_cli ...` is `passport ...` (handy where the script isn't installed)."""

from .main import cli

cli(prog_name="passport")
