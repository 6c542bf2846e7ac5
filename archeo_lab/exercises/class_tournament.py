"""Exercise 6: a class tournament of the students' own bots.

Each student drops one file in a folder (``tutorials/exercises/bots/`` by
default): ``<name>.py`` defining a class ``Bot`` with ``choose(state)``.
``load_bots(folder)`` lists them as bots that play from worker processes of
their own (``archeo_lab.bots.isolation.IsolatedBot``): loading runs none of
their code in the teacher's process.  A file that cannot be a bot (a syntax
error, no ``class Bot``) still enters, and every game it plays is reported
against that student as a forfeit, with the reason, instead of stopping the
tournament.  ``docs/class_tournaments.md`` is the teacher's guide.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from archeo_lab.bots.isolation import IsolatedBot

from . import Exercise

__all__ = ["load_bots", "use", "check", "exercise", "intervals_overlap"]


def load_bots(folder: str | Path, *, time_limit: float = 1.0, memory_limit: float | None = 512) -> dict[str, IsolatedBot]:
    """``{file name: bot}`` for every ``*.py`` in ``folder`` (sorted), each an ``IsolatedBot``.

    Nothing is run here: a file is only read and parsed, so a syntax error or a missing
    ``class Bot`` is known at once (``bot.broken``) and reported as that bot's forfeits.  Its code
    runs in a worker process when it plays (``al.tournament`` or ``al.Match``).  A missing or empty
    folder gives a warning (and no bots), so a typo in the path does not pass unnoticed.
    """
    folder = Path(folder)
    if not folder.is_dir():
        warnings.warn(f"load_bots: there is no folder {str(folder)!r} (from {Path.cwd()}): no student bots "
                      "entered", stacklevel=2)
        return {}
    files = sorted(p for p in folder.glob("*.py") if not p.name.startswith(("_", ".")))
    if not files:
        warnings.warn(f"load_bots: the folder {str(folder)!r} holds no .py bot files: no student bots entered",
                      stacklevel=2)
    return {p.stem: IsolatedBot(p, time_limit=time_limit, memory_limit=memory_limit) for p in files}


def intervals_overlap(result, a: str, b: str) -> bool:
    """Do the 95 % intervals of the win rates of bots ``a`` and ``b`` overlap?"""
    rows = {r["bot"]: r for r in result.table}
    (la, ha), (lb, hb) = rows[a]["ci95"], rows[b]["ci95"]
    return not (ha < lb or hb < la)


_RESULT = {}


def use(result) -> None:
    """Tell the checks which tournament the class ran (the notebook calls it once)."""
    _RESULT["result"] = result


def _leader():
    return _RESULT["result"].table[0]["bot"]


def _significant():
    table = _RESULT["result"].table
    return not intervals_overlap(_RESULT["result"], table[0]["bot"], table[1]["bot"])


def _same_name(answer, expected):
    return (str(answer) == expected, "right" if str(answer) == expected else "that bot did not win the most games")


def _same_bool(answer, expected):
    if not isinstance(answer, bool):
        return False, "answer True or False"
    return answer == expected, "right" if answer == expected else "look again at the two intervals"


exercise = Exercise("A class tournament")
exercise.question("q1", "q1, the winner", _leader, _same_name, [
    "result.table is sorted by win rate, best first",
])
exercise.question("q2", "q2, is the winner really better than the second?", _significant, _same_bool, [
    "compare the 95 % intervals (row['ci95']) of the first two bots of result.table",
    "if the intervals overlap, the games played cannot tell the two bots apart",
])


def check(key: str, answer, attempt: int = 0):
    """Feedback on one answer (see ``archeo_lab.exercises``)."""
    return exercise.check(key, answer, attempt)

