"""Exercise 7: a class tournament of the students' own bots, read with a correct test.

Each student drops one file in a folder (``tutorials/exercises/bots/`` by
default): ``<name>.py`` defining a class ``Bot`` with ``choose(state)``.
``load_bots(folder)`` lists them as bots that play from worker processes of
their own (``archeo_lab.bots.isolation.IsolatedBot``): loading runs none of
their code in the teacher's process.  A file that cannot be a bot (a syntax
error, no ``class Bot``) still enters, and every game it plays is reported
against that student as a forfeit, with the reason, instead of stopping the
tournament.  ``docs/howto/class_tournament.md`` is the teacher's guide.

The questions read the tournament the class ran (``use(result, a, b)``): which
bot won, and whether bot ``a`` is really better than bot ``b``, judged on the
games they played **against each other** with an exact sign test
(``theory.head_to_head``), not by whether two 95 % intervals overlap (overlap
is not a test: see ``theory.stats``).
"""

from __future__ import annotations

import unicodedata
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

from archeo_lab import course
from archeo_lab.bots.isolation import IsolatedBot
from archeo_lab.theory import binomial_test, head_to_head

from . import Choice, Exercise, Number, Wholes, YesNo, _as_option

__all__ = ["load_bots", "entrants", "use", "default_pair", "check", "exercise", "intervals_overlap", "PAIR"]

#: The pair the questions compare unless the notebook says otherwise: an example bot against random.
PAIR = ("example_thrifty", "random")
#: The built-in bots that join every class tournament as yardsticks (``entrants``).
YARDSTICKS = ("random", "greedy")


def load_bots(folder: str | Path, *, time_limit: float = 1.0,
              memory_limit: float | None = 512) -> dict[str, IsolatedBot]:
    """``{file name: bot}`` for every ``*.py`` in ``folder`` (sorted), each an ``IsolatedBot``.

    Nothing is run here: a file is only read and parsed, so a syntax error or a missing
    ``class Bot`` is known at once (``bot.broken``) and reported as that bot's forfeits.  Its code
    runs in a worker process when it plays (``al.tournament`` or ``al.Match``).  A missing or empty
    folder gives a warning (and no bots), so a typo in the path does not pass unnoticed.

    ``time_limit`` (seconds a move) and ``memory_limit`` (MB) hold when a bot plays on its own, in
    ``al.Match`` or a board; in ``al.tournament`` every bot plays under the tournament's own
    ``time_limit`` and ``memory_limit``, the same for all.
    """
    folder = Path(folder)
    if not folder.is_dir():
        warnings.warn(f"load_bots: there is no folder {str(folder)!r} (from {Path.cwd()}): no student bots "
                      "entered", stacklevel=2)
        return {}
    files = sorted(p for p in folder.glob("*.py") if not p.name.startswith(("_", ".")) and _plain_name(p.stem))
    skipped = sorted(ascii(p.name)[1:-1] for p in folder.iterdir() if p not in files
                     and p.suffix.lower() == ".py" and p.name != "__init__.py")
    if skipped:
        warnings.warn(f"load_bots: skipped {', '.join(skipped)} in {str(folder)!r}: a bot is a file whose name "
                      "ends in .py, does not start with _ or ., and is made of Latin letters (accents allowed), "
                      "digits, _ and - (rename it to enter it)", stacklevel=2)
    names = {p: unicodedata.normalize("NFC", p.stem) for p in files}     # as the table shows them
    alike: dict[str, list[Path]] = {}
    for p in files:                # zoé.py saved on a Mac (NFD) and on Windows (NFC); Ada.py and ada.py; zoe.py
        alike.setdefault(_look(names[p]), []).append(p)
    twins = sorted(ascii(p.name)[1:-1] for group in alike.values() if len(group) > 1 for p in group)
    if twins:
        warnings.warn(f"load_bots: skipped {', '.join(twins)} in {str(folder)!r}: their names differ only in case, "
                      "accents or letters drawn alike (I and l, 0 and O, rn and m), so the table could not tell them "
                      "apart: check which student handed in each, and rename them", stacklevel=2)
        files = [group[0] for group in alike.values() if len(group) == 1]
    if not files:
        warnings.warn(f"load_bots: the folder {str(folder)!r} holds no .py bot files: no student bots entered",
                      stacklevel=2)
    return {names[p]: IsolatedBot(p, name=names[p], time_limit=time_limit, memory_limit=memory_limit)
            for p in files}


#: Latin letters with no accent to take off that still read as themselves (Søren, Łukasz, Weiß), and how a name
#: with them is compared with the others (``_look``): "soren" and "Søren" would be told apart by one stroke.
_OTHER_LATIN = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "þ": "th", "ð": "d"}


def _plain_name(stem: str) -> bool:
    r"""Whether a file's name can name a bot in the table: ASCII letters, digits, ``_`` and ``-``, and Latin
    letters with accents (``zoé``, ``Łukasz``), once in Unicode's composed form (macOS writes "é" as "e" and
    an accent: the table shows the composed name).

    Not spaces, invisible characters, new lines or terminal codes, which could forge a line of the table;
    and no letter of another alphabet or a Latin letter drawn like another (the Cyrillic е of ``grееdy``,
    the script ɡ of ``ɡreedy``, the long ſ, full-width or mathematical letters), which would let a bot pass
    for another: without Unicode's table of look-alike letters, which Python does not ship, only names in
    Latin letters can be compared by their looks (``_look``).  A student named Дмитрий hands in
    ``dmitri.py``.

    >>> [_plain_name(s) for s in ("ada", "zoé_2", "Søren", "Дмитрий", "greedy\u200b", "x\nerror: ada",
    ...                           "gr\u0435\u0435dy", "\u0261reedy", "\u017fam", "\uff47reedy", "\u3164")]
    [True, True, True, False, False, False, False, False, False, False, False]
    """
    stem = unicodedata.normalize("NFC", stem)
    return bool(stem) and all(_plain_character(ch) for ch in stem)


def _plain_character(ch: str) -> bool:
    if ch.isascii():
        return ch.isalnum() or ch in "_-"
    if ch.lower() in _OTHER_LATIN:
        return True
    base, *marks = unicodedata.normalize("NFD", ch)     # é: e and an acute accent; ɡ or ſ: themselves
    return base.isascii() and base.isalpha() and bool(marks) and all(unicodedata.combining(m) for m in marks)


#: Letters drawn alike in the table's plain fonts, before and after case is set aside (Unicode's confusables
#: among ASCII letters and digits): ``Iisa`` passes for ``lisa``, ``B0B`` for ``BOB``, ``randorn`` for ``random``.
_ALIKE_CASED = str.maketrans({"I": "l", "1": "l", "0": "O"})
_ALIKE = (("rn", "m"), ("vv", "w"))


def _look(name: str) -> str:
    """What a plain name looks like once case, accents and letters drawn alike are left aside: names that
    could pass for each other in the table (``Ada`` and ``ada``, ``zoé`` and ``zoe``, ``Søren`` and
    ``soren``, ``Iisa`` and ``lisa``, ``randorn`` and ``random``) share it.

    >>> [_look(s) for s in ("Ada", "zoé", "Søren", "Weiß", "Iisa", "B0B", "randorn", "wiII")]
    ['ada', 'zoe', 'soren', 'weiss', 'lisa', 'bob', 'random', 'will']
    """
    bare = "".join(ch for ch in unicodedata.normalize("NFD", name) if not unicodedata.combining(ch))
    look = "".join(_OTHER_LATIN.get(ch, ch) for ch in bare.translate(_ALIKE_CASED).casefold())
    for pair, one in _ALIKE:
        look = look.replace(pair, one)
    return look


def entrants(students: dict[str, IsolatedBot], yardsticks: tuple[str, ...] = YARDSTICKS) -> dict:
    """The tournament's entrants: the built-in ``yardsticks`` (bot names of ``archeo_lab.bots``), then the students.

    A student's file named like a yardstick (``random.py``, ``Greedy.py``, ``grëedy.py``) would take that bot's
    place in the table, or pass for it: it is refused, naming the file to rename.

    >>> entrants({})
    {'random': 'random', 'greedy': 'greedy'}
    """
    taken = {_look(name) for name in yardsticks}
    clash = [name for name in students if _look(name) in taken]
    if clash:
        one = len(clash) == 1
        bots, play, names = ("bot", "plays", "that name") if one else ("bots", "play", "those names")
        raise ValueError(f"rename {', '.join(f'{name}.py' for name in clash)}: the built-in {bots} "
                         f"{', '.join(map(repr, clash))} {play} in this tournament under {names}")
    return {**{name: name for name in yardsticks}, **students}


def default_pair(result, yardsticks: tuple[str, ...] = YARDSTICKS) -> tuple[str, str]:
    """The two bots questions 2 to 5 compare: ``PAIR`` when both played, else the best-placed student bot against
    random (on the day the example bots may have left ``bots/``).

    Raises ``ValueError`` naming the folder when no student bot played.
    """
    bots = list(result.bots)
    if all(name in bots for name in PAIR):
        return PAIR
    students = [row["bot"] for row in result.table if row["bot"] not in yardsticks]
    if not students:
        raise ValueError("no student bot played: put the students' files in the bots/ folder next to this notebook")
    return students[0], "random"


def intervals_overlap(result, a: str, b: str) -> bool:
    """Do the 95 % intervals of the win rates of bots ``a`` and ``b`` overlap?  (A description, not a test.)"""
    rows = {r["bot"]: r for r in result.table}
    for name in (a, b):
        if name not in rows:
            raise ValueError(f"no bot {name!r} in this tournament; the bots are: {', '.join(rows)}")
    (la, ha), (lb, hb) = rows[a]["ci95"], rows[b]["ci95"]
    return not (ha < lb or hb < la)


_RESULT: dict = {}


def use(result, a: str | None = None, b: str | None = None) -> None:
    """Tell the checks which tournament the class ran, and which two bots questions 2 to 5 compare."""
    a, b = (a, b) if a is not None and b is not None else PAIR
    bots = list(result.bots)
    for name in (a, b):
        if name not in bots:
            raise ValueError(f"no bot {name!r} in this tournament; the bots are: {', '.join(bots)}")
    _RESULT.update(result=result, pair=(a, b))


def _result():
    if "result" not in _RESULT:
        raise LookupError("run the tournament cell first (it calls ex.use(result, ...))")
    return _RESULT["result"]


def _leader() -> str:
    return _result().table[0]["bot"]


def _h2h():
    a, b = _RESULT["pair"]
    return head_to_head(_result(), a, b)


def _counts() -> tuple[int, int, int]:
    test = _h2h()
    return test.wins, test.losses, test.ties


def _p_value() -> Fraction:
    return _h2h().p_value


def _significant() -> bool:
    return _h2h().significant()


def _overlap() -> bool:
    a, b = _RESULT["pair"]
    return intervals_overlap(_result(), a, b)


class _BotName(Choice):
    """One of the tournament's bots (the list is read from the tournament the notebook ran)."""

    def __init__(self):
        self.what = "the name of one of the tournament's bots, as a string"

    @property
    def options(self) -> list[str]:
        return list(_RESULT["result"].bots) if "result" in _RESULT else []

    def describe(self) -> str:
        return self.what

    def judge(self, answer: Any, expected: Any) -> tuple[str, str]:
        """Right for any bot that shares the highest win rate: the table lists tied bots by name, so its first row
        is only one of them."""
        answer = _as_option(answer, self.options)
        rows = _result().table
        tied = [r["bot"] for r in rows if r["win_rate"] == rows[0]["win_rate"]]
        return super().judge(answer, answer if answer in tied else expected)


exercise = Exercise(course.step("exercises/07_class_tournament").title)   # the course map's title
exercise.question(
    "q1", "q1, the bot with the highest win rate", _leader, _BotName(),
    ["Where does the tournament show each bot's share of the games it won?",
     "The table is sorted by win rate, best first (shared wins count as a fraction).",
     "Read the first row's name."])
exercise.question(
    "q2", "q2, the head-to-head record", _counts,
    Wholes(["games the first bot finished ahead", "games it finished behind", "ties"]),
    ["Which games tell you something about these two bots *against each other*?",
     "Take only the games where both played; in each, the one with the larger share of the win (then the higher "
     "score) finished ahead.",
     "The head-to-head table gives the share; result.games lists each game's seats, shares and scores."])
exercise.question(
    "q3", "q3, the sign test's p-value", _p_value, Number(decimals=4, probability=True),
    ["If the two bots were equally strong, what would the chance be that the first one finishes ahead in a decided "
     "game?",
     "Leave out the ties: the number of wins among the n decided games is then Binomial(n, 1/2). The two-sided "
     "p-value adds the probabilities of every outcome at most as likely as the one observed.",
     "p = sum of C(n, k) / 2**n over the k with C(n, k) <= C(n, wins) (both tails)."],
    mistakes=[(lambda: binomial_test(_counts()[0], _counts()[0] + _counts()[1], alternative="greater"),
               "that is the one-sided p-value (only 'the first bot is better'); the question asks whether they "
               "differ, in either direction: two-sided")])
exercise.question(
    "q4", "q4, significant at the 5 % level?", _significant, YesNo(),
    ["What does a small p-value say?",
     "The difference is significant at the 5 % level when p <= 0.05.",
     "Compare your q3 with 0.05."])
exercise.question(
    "q5", "q5, do the two 95 % intervals overlap?", _overlap, YesNo(),
    ["Where are the two bots' intervals?",
     "Each row of the table gives a 95 % interval for the bot's win rate against the whole field.",
     "Two intervals overlap unless one ends below the other's start."])


TEACHER = {
    "objectives": [
        "write a bot that plays legal moves (and never crashes);",
        "read a seeded tournament: win rates, head-to-head results, errors;",
        "decide whether one bot beats another with an exact sign test on their head-to-head games;",
        "explain why overlapping 95 % intervals are not a test.",
    ],
    "time": "one session: about 30 minutes to write bots, 20 to run the tournament and discuss.",
    "prerequisites": "the tutorial 07 · Bots and tournaments; the primer's expected value (for the binomial law).",
    "model": "Each student drops `<name>.py` (a class `Bot` with `choose(state)`) into `bots/`; the teacher runs "
             "the notebook. The three example bots stay in the folder (one crashes on purpose). Every pair of bots "
             "plays 10 games in each seating of two-player Cibola, seeded: the same files give the same table. "
             "Run it on the projector, so that the class answers on its own table; use a seed of your own, kept "
             "secret until the results are out. With a whole class (30 students, the 2 yardsticks and the 3 examples: "
             "35 bots, 595 pairs) use `games=1`, `time_limit=0.1` and `processes=2`: a bot may use its whole time on "
             "every move, so the worst case grows with `games` × `time_limit` (`docs/howto/class_tournament.md`, "
             "*Plan the time*).",
    "answers_depend_on": "The answers depend on the bots the class enters: the checks read the tournament the "
                         "notebook ran (`ex.use(result, a, b)`). Questions 2-5 compare the pair `ex.PAIR` "
                         "(`example_thrifty` against `random`) unless the notebook sets another pair, for example a "
                         "student's bot against `random`.",
    "discussion": [
        "Each interval is about one bot against the whole field, and two bots' intervals are not a comparison of "
        "the two. Even for two independent rates, 95 % intervals can overlap while the difference is significant "
        "(Schenker & Gentleman, 2001). With the example bots the notebook shows the two answers side by side: use "
        "the class's own numbers.",
        "A tie says nothing about which bot is stronger under the sign test's question ('which one finishes "
        "ahead?'); with many ties, report them and consider a score-based paired comparison.",
        "With n decided games, a 60 % bot wins about 0.6 n; `theory.binomial_test(round(0.6 * n), n)` is first "
        "at most 0.05 at n = 101 (61 wins; 0.057 at n = 100), though not yet at every n after it (0.059 at n = 102, "
        "0.050 at n = 105; below at every n from 110 to 400). That is the record's significance. How often a "
        "60 % bot actually gets a significant record (the test's power, from the binomial law) is another "
        "question: about 1 run in 2 of 101 games, 4 in 5 of 200, 9 in 10 of 250.",
        "Check `state.legal_actions()` and return one of them; catch your own errors and fall back to a legal "
        "move. The tournament reports crashes by name (the example with a typo) and goes on.",
    ],
}


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
