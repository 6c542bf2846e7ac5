"""Exercise 6: a class tournament of the students' own bots.

Each student drops one file in a folder (``tutorials/exercises/bots/`` by
default): ``<name>.py`` defining a class ``Bot`` with ``choose(state)``.
``load_bots(folder)`` imports them all; a file that cannot be imported still
enters, as a bot that fails with the import error, so the tournament reports
it against that student instead of stopping.
"""

from __future__ import annotations

import importlib.util
import traceback
from pathlib import Path

from . import Exercise

__all__ = ["load_bots", "use", "check", "exercise", "intervals_overlap"]


class _Broken:
    """Stands in for a student's file that could not be loaded."""

    def __init__(self, name: str, error: str):
        self.name, self.error = name, error

    def choose(self, state):
        raise RuntimeError(f"{self.name}.py could not be loaded: {self.error}")


def load_bots(folder: str | Path) -> dict[str, object]:
    """``{file name: bot}`` for every ``*.py`` in ``folder`` that defines ``class Bot``."""
    bots = {}
    for path in sorted(Path(folder).glob("*.py")):
        name = path.stem
        try:
            spec = importlib.util.spec_from_file_location(f"student_bot_{name}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            bot = module.Bot()
            if not hasattr(bot, "choose"):
                raise TypeError("class Bot has no choose(state) method")
            bot.name = name
        except Exception as exc:
            last = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
            where = f" (line {last.lineno})" if last else ""
            bot = _Broken(name, f"{type(exc).__name__}: {exc}{where}")
        bots[name] = bot
    return bots


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

