"""`passport report`: a tournament's results file as one HTML page to share."""

from pathlib import Path

import click

from ..options import FileProblem
from ..safe_text import markup, path_text


@click.command()
@click.argument("results", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE.html",
              help="Where to write the page.  [default: RESULTS with .html, beside it]")
@click.pass_obj
def report(app, results, out):
    """Write the report of a tournament's results file (passport tournament
    --out) as one HTML page: the command and settings, the standings with
    their intervals as charts, head to head, how games ended, their
    lengths, the outside programs' time and forfeits, and the SPRT. The page
    needs no network: send it, open it on a phone, print it."""
    from arena.tournament import ResultsFileError, results_file_document

    from ..runs.report import write_report

    out = results.with_suffix(".html") if out is None else out
    if out.resolve() == results.resolve():
        raise FileProblem(f"{results}: the report would overwrite it; name another with --out")
    try:
        document = results_file_document(results)
    except ResultsFileError as error:
        raise FileProblem(str(error)) from None
    try:
        write_report(out, document, results.name)
    except OSError as error:
        raise FileProblem(f"{out}: can't be written ({error.strerror or error})") from None
    app.console.print(f"Report: {markup(path_text(out))}", soft_wrap=True)
