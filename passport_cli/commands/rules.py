"""`passport rules [SECTION | WORDS]`: read the rules, a section, or search them."""

import click


@click.command()
@click.argument("query", nargs=-1, metavar="[SECTION | WORDS]")
@click.pass_obj
def rules(app, query: tuple[str, ...]) -> None:
    """Show the rules of Passport, one section, or the sections that mention a word.

    \b
      passport rules            the whole rulebook (paged on a terminal)
      passport rules R5.3       one section: Trade   (5.3 works too)
      passport rules R9         a section with all its subsections
      passport rules steal      the sections that mention a word, best first
      passport rules mousetrap  a card: its own rule, then the sections
    """
    import contextlib

    from rich.markdown import Markdown

    from .. import rulebook
    from ..catalog import card_help
    from ..safe_text import as_text, shown

    console = app.console
    book = rulebook.load()
    if not query:
        paged = console.pager(pager=_ClickPager(), styles=True) if console.is_terminal \
            else contextlib.nullcontext()
        with paged:
            console.print(Markdown(book.text))
        return

    text = " ".join(query)
    card = None if rulebook.is_section_id(text) else card_help(text)
    if card is not None:  # a card's own rule first, then where the rules mention it
        console.print(shown(card.words))
        console.print()
    try:
        found = book.find(text)
    except rulebook.RuleNotFoundError as error:
        click.echo(as_text(error), err=True)
        raise SystemExit(2) from None

    if rulebook.is_section_id(text):
        console.print(Markdown(found[0].markdown))
        return
    plural = "section" if len(found) == 1 else "sections"
    console.print(shown(f'"{text}" is in {len(found)} {plural}, best match first:'))
    width = max(len(section.id) for section in found)
    for section in found:
        console.print(f"  {section.id:<{width}}  {section.title}", markup=False)
    for section in found[:rulebook.SHOWN_IN_FULL]:
        console.print()
        console.print(Markdown(section.markdown))
    rest = found[rulebook.SHOWN_IN_FULL:]
    if rest:
        console.print()
        console.print(f"Read the others with `passport rules {rest[0].id}` and so on.",
                      markup=False)


class _ClickPager:
    """Rich's pager protocol on top of click's, which knows how to ask `less`
    for colours (LESS=-R) and strips them for pagers that can't show them."""

    def show(self, content: str) -> None:
        click.echo_via_pager(content)
