"""The paired test of two tournament runs: the candidate's and a
reference's, each against the same field on the same deals (arena/sprt.py,
"Paired"). `passport lab paired` runs it."""

from __future__ import annotations

from .sprt import SprtError, SprtState, deal_scores, paired_samples, paired_sprt
from .tournament import results_file_games


def paired_test(candidate_path, reference_path, d0: float, d1: float,
                alpha: float = 0.05, beta: float = 0.05) -> tuple[SprtState, list[float], list[float]]:
    """The paired test of two tournament results files (the candidate's run
    and the reference's; arena/sprt.py, "Paired") on the deals both have
    completed, in deal order: its state, and each file's deal scores of its
    first entry over those deals. SprtError, one sentence, for files that
    are not two runs of the same deals against the same field."""
    runs = []
    for path in (candidate_path, reference_path):
        try:
            runs.append(results_file_games(path))
        except ValueError as error:
            raise SprtError(str(error)) from None
    (mine, my_games), (theirs, their_games) = runs
    same = ("players", "seed", "extensions", "round_cap", "think")
    different = [key for key in same if mine.get(key) != theirs.get(key)]
    if different:
        raise SprtError(f"{candidate_path} and {reference_path} are not the same deals "
                        f"({', '.join(different)} differ)")
    if mine["bots"][1:] != theirs["bots"][1:] or any(
            mine["search"].get(name) != theirs["search"].get(name) for name in mine["bots"][1:]):
        raise SprtError(f"{candidate_path} and {reference_path} do not play against the same "
                        "bots (every entry but the first must be the same, with the same settings)")
    if mine["bots"][0] in mine["bots"][1:] or theirs["bots"][0] in theirs["bots"][1:]:
        raise SprtError("in a paired test the first entry of each file is its own bot, "
                        "in no other seat")
    a = deal_scores(mine["bots"], my_games)
    b = deal_scores(theirs["bots"], their_games)
    deals = min(len(a), len(b))
    test = paired_sprt(d0, d1, alpha, beta)
    return test.state(paired_samples(a[:deals], b[:deals])), a[:deals], b[:deals]
