"""`passport cards [--kind KIND] [--ascii]`: every card of the game, in tables."""

import click

from ..catalog import KINDS  # plain Python: no Rich, no engine until called


@click.command()
@click.option("--kind", type=click.Choice(KINDS), help="Show only this kind of card.")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Plain ASCII: suit letters S H C D instead of symbols, ASCII borders.")
@click.pass_obj
def cards(app, kind, ascii_only: bool) -> None:
    """List every card: items, countries, passports and the extensions' cards.

    The index column is the playing-card index printed on each white card
    (R11.8); the effects are quoted from the rules (R9)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ..catalog import card_tables

    console = app.console
    tables = card_tables((kind,) if kind else KINDS, ascii_suits=ascii_only)
    for n, data in enumerate(tables):
        if n:
            console.print()
        # The title goes above the table, not in it: a narrow table (the
        # passports) would wrap a table title over several lines.
        console.print(Text(data.title, style="bold")
                      + Text(f"   rules: passport rules {data.rule}", style="dim"))
        table = Table(box=box.ASCII if ascii_only else box.SIMPLE_HEAD, show_edge=ascii_only)
        for column in data.columns:
            # Long text takes the spare width; names wrap only on narrow terminals.
            prose = column in ("effect", "ability", "required by", "required items")
            table.add_column(column, ratio=1 if prose else None)
        for row in data.rows:
            table.add_row(*(Text(cell) for cell in row))  # rule text is not markup
        console.print(table)
