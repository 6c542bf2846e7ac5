"""The course: the order of the notebooks in ``tutorials/`` and how long each one takes.

The path goes from simple to hard: a start, the five games from the shortest rule book
to the longest, a game-theory primer, bots and tournaments, then classroom exercises
numbered after the tutorials they need.

>>> [step.name for step in TUTORIALS][:3]
['00_start_here', '01_cibola', '02_quetzal']
>>> step("exercises/01_cibola_mixed_bids").kind
'exercise'

**Time estimate** (the same formula for every notebook): reading the markdown at
150 words a minute, 30 seconds per code cell, and one full game on the notebook's
last board at 10 seconds per learner decision, 2 minutes per question a check judges,
rounded up to the next 5 minutes.
A tutorial's closing section for teachers (``TEACHERS_SECTION``) is not counted:
learners do not read it in class.

>>> estimate_minutes(words=2400, code_cells=20, decisions=24)   # 16 + 10 + 4 = 30 minutes
30
>>> estimate_minutes(words=2401, code_cells=20, decisions=24)   # a word more: the next 5 minutes
35

A learner decision is one move of the learner's seat (one click on the board, forced
moves included). ``learner_decisions`` counts them over seeded games in which the
greedy bot stands in for the learner against the board's own opponents; the estimate
uses the median.  Everything here reads notebooks as plain JSON (no Jupyter package
needed), so it works in JupyterLite too.
"""

from __future__ import annotations

import ast
import json
import math
import re
import statistics
from dataclasses import dataclass
from pathlib import Path

from archeo_lab.engine.wording import plural

__all__ = [
    "Step", "PATH", "TUTORIALS", "EXERCISES", "step", "estimate_minutes",
    "reading_words", "code_cells", "final_board", "learner_decisions", "Estimate", "estimate",
    "stated_minutes", "needs", "MapRow", "path_map", "path_markdown",
    "WORDS_PER_MINUTE", "SECONDS_PER_CELL", "SECONDS_PER_DECISION", "MINUTES_PER_QUESTION", "GAMES_FOR_DECISIONS",
    "TEACHERS_SECTION", "questions", "STUDENT", "Section", "sections", "main",
]

WORDS_PER_MINUTE = 150
SECONDS_PER_CELL = 30
SECONDS_PER_DECISION = 10
#: Minutes a learner takes to work out the answer to a question a check judges (the primer's, by hand).
MINUTES_PER_QUESTION = 2
GAMES_FOR_DECISIONS = 20
LEARNER_STAND_IN = "greedy"

@dataclass(frozen=True)
class Step:
    """One notebook of the course: ``name`` is its path under ``tutorials/`` without ``.ipynb``.

    What a step needs first is written once, in its notebook's opening box (``needs``).
    """

    name: str
    title: str
    kind: str                 # "tutorial", "primer" or "exercise"

    @property
    def number(self) -> str:
        """The two digits that order it (``"01"``)."""
        return Path(self.name).name[:2]

    @property
    def filename(self) -> str:
        """Its path under ``tutorials/`` (``"exercises/01_cibola_mixed_bids.ipynb"``)."""
        return f"{self.name}.ipynb"

    def file(self, folder: str | Path = ".") -> Path:
        """Where it is, given the ``tutorials/`` folder (a notebook there runs in that folder)."""
        return Path(folder) / self.filename

    @property
    def student_filename(self) -> str | None:
        """An exercise's student version under ``tutorials/`` (``"student/01_cibola_mixed_bids.ipynb"``, made
        by ``archeo_lab.exercises.student``: the answers to find, not filled in); None for a tutorial."""
        return f"{STUDENT}/{Path(self.name).name}.ipynb" if self.kind == "exercise" else None


#: The folder of ``tutorials/`` holding the exercises' student versions (the ones the course links learners to).
STUDENT = "student"

TUTORIALS: tuple[Step, ...] = (
    Step("00_start_here", "Start here", "tutorial"),
    Step("01_cibola", "Les Trésors de Cibola", "tutorial"),
    Step("02_quetzal", "Quetzal", "tutorial"),
    Step("03_luxor", "Expedition Luxor", "tutorial"),
    Step("04_thebes", "Thebes: The Tomb Raiders", "tutorial"),
    Step("05_tikal", "Tikal", "tutorial"),
    Step("06_game_theory", "Game theory: a primer", "primer"),
    Step("07_bots_and_tournaments", "Bots and tournaments", "tutorial"),
)

EXERCISES: tuple[Step, ...] = (
    Step("exercises/01_cibola_mixed_bids", "Cibola: mixed bids by the indifference condition", "exercise"),
    Step("exercises/02_quetzal_toss_and_auction", "Quetzal: tossed meeples and a displacement auction", "exercise"),
    Step("exercises/03_luxor_backward_induction", "Expedition Luxor: who takes the pyramid? Backward induction",
         "exercise"),
    Step("exercises/04_thebes_digs", "Thebes: is a longer dig worth its weeks?", "exercise"),
    Step("exercises/05_tikal_blotto_majorities", "Tikal: temple majorities as a Colonel Blotto game", "exercise"),
    Step("exercises/06_auction_formats", "Auction formats: Tikal, Quetzal and Cibola on the same values",
         "exercise"),
    Step("exercises/07_class_tournament", "A class tournament, read with a correct test", "exercise"),
)

#: The whole course, in order: the tutorials and the primer, then the exercises.
PATH: tuple[Step, ...] = TUTORIALS + EXERCISES


def step(name: str) -> Step:
    """The step called ``name`` (with or without ``.ipynb``); ValueError names the known ones."""
    name = name.removesuffix(".ipynb")
    for s in PATH:
        if s.name == name:
            return s
    raise ValueError(f"{name!r} is not a step of the course; the steps are: {', '.join(s.name for s in PATH)}")


def estimate_minutes(words: int, code_cells: int, decisions: float, questions: int = 0) -> int:
    """Minutes a notebook takes: ``words`` of markdown at 150 a minute, 30 s per code cell,
    10 s per learner decision in one game, 2 minutes per question a check judges (the
    learner works the answer out), rounded up to the next 5 minutes (at least 5).

    >>> estimate_minutes(0, 0, 0)
    5
    >>> estimate_minutes(words=1500, code_cells=10, decisions=30)   # 10 + 5 + 5 = 20
    20
    >>> estimate_minutes(words=1500, code_cells=10, decisions=0, questions=4)   # 10 + 5 + 8 = 23 -> 25
    25
    """
    if min(words, code_cells, decisions, questions) < 0:
        raise ValueError("estimate_minutes: words, code_cells, decisions and questions cannot be negative")
    minutes = _minutes(words, code_cells, decisions, questions)
    return max(5, 5 * math.ceil(minutes / 5 - 1e-9))


def _minutes(words: int, code_cells: int, decisions: float, questions: int) -> float:
    """The formula's minutes before rounding (``estimate_minutes``, ``Section.minutes``)."""
    return (words / WORDS_PER_MINUTE + code_cells * SECONDS_PER_CELL / 60
            + decisions * SECONDS_PER_DECISION / 60 + questions * MINUTES_PER_QUESTION)


# -- reading a notebook (plain JSON) --------------------------------------------------


def _cells(path: str | Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        notebook = json.load(f)
    return [c for c in notebook["cells"] if "".join(c.get("source", "")).strip()]


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def _count_words(text: str) -> int:
    # A word is a run of non-spaces holding a letter or a digit: table bars and rules are not words.
    return sum(1 for token in text.split() if any(ch.isalnum() for ch in token))


#: The heading of a tutorial's closing section for teachers ("## For teachers: sources and decisions"): what follows
#: it is the teacher's reading, not the learner's, and the time estimate leaves it out.
TEACHERS_SECTION = re.compile(r"^#{1,3}\s+For teachers\b", re.M)
#: How the opening box says that its counts leave the teachers' section out (``Estimate.how``).
BEFORE_TEACHERS = "before the teachers' section"


def _learners_cells(path: str | Path) -> list[dict]:
    """The notebook's cells up to its section for teachers (all of them when it has none)."""
    cells = _cells(path)
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and TEACHERS_SECTION.search(_source(cell)):
            return cells[:i]
    return cells


def reading_words(path: str | Path) -> int:
    """Words in the notebook's markdown cells a learner reads (the section for teachers left out)."""
    return sum(_count_words(_source(c)) for c in _learners_cells(path) if c["cell_type"] == "markdown")


def code_cells(path: str | Path) -> int:
    """Code cells that are not empty, up to the section for teachers."""
    return sum(1 for c in _learners_cells(path) if c["cell_type"] == "code")


def questions(path: str | Path) -> int:
    """Questions a check judges, up to the section for teachers: the code cells that call ``.check(``."""
    return sum(1 for c in _learners_cells(path) if c["cell_type"] == "code" and ".check(" in _source(c))


def final_board(path: str | Path) -> dict | None:
    """The arguments of the notebook's last ``al.play(...)``: ``{"game", "players", "variant", "opponents"}``.

    ``None`` when the notebook opens no board.  The last board must be a new game written
    with literal arguments (``al.play("cibola", players=3, seed=2026, opponents={1: "greedy"})``),
    since the estimate replays that set-up.
    """
    last = None
    for cell in _learners_cells(path):
        if cell["cell_type"] != "code" or "al.play(" not in _source(cell):
            continue
        code = "\n".join(line for line in _source(cell).splitlines() if not line.lstrip().startswith(("%", "!")))
        calls = [node for node in ast.walk(ast.parse(code))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "play"
                 and isinstance(node.func.value, ast.Name) and node.func.value.id == "al"]
        if calls:
            last = (cell, max(calls, key=lambda node: (node.lineno, node.col_offset)))
    if last is None:
        return None
    last_cell, call = last
    args = {kw.arg: kw.value for kw in call.keywords}
    try:
        game = ast.literal_eval(call.args[0] if call.args else args["game"])
        players = ast.literal_eval(args["players"])
        opponents = ast.literal_eval(args.get("opponents", ast.Constant({})))
        variant = ast.literal_eval(args["variant"]) if "variant" in args else None
    except (KeyError, ValueError) as exc:
        raise ValueError(f"{Path(path).name}: the last board ({_source(last_cell).strip()[:80]!r}) must be a new "
                         "game with literal game, players and opponents, so its length can be measured") from exc
    return {"game": game, "players": players, "variant": variant, "opponents": opponents}


def learner_decisions(game: str, players: int, opponents: dict, *, variant: str | None = None,
                      games: int = GAMES_FOR_DECISIONS) -> list[int]:
    """The learner seat's number of moves in each of ``games`` seeded games (seeds 0, 1, ...).

    The learner's seat is the lowest seat not in ``opponents``; the greedy bot plays it
    (and any other free seat), the opponents play as on the board, a search bot without its wall-clock
    cap: its level is a number of iterations, which a loaded machine (a test run on two cores beside a
    browser) could otherwise cut short, and the count would change with the machine's load.

    >>> learner_decisions("cibola", 2, {1: "random"}, games=2)
    [33, 35]
    """
    from archeo_lab.bots import Match, make

    free = [s for s in range(players) if s not in opponents]
    uncapped = {s: make(spec, think_time=math.inf) if isinstance(spec, str) and spec.split(":")[0] == "mcts" else spec
                for s, spec in opponents.items()}
    if not free:
        raise ValueError(f"learner_decisions: every seat of the {players}-player game is a bot; leave one free")
    seat = free[0]
    counts = []
    for seed in range(games):
        match = Match(game, players=players, seed=seed, variant=variant,
                      opponents={**{s: LEARNER_STAND_IN for s in free}, **uncapped})
        counts.append(sum(1 for who, _ in match.history if who == seat))
    return counts


def _time_line(path: str | Path) -> str | None:
    for cell in _cells(path)[:3]:
        if cell["cell_type"] == "markdown":
            found = re.search(r"\*\*(?:Time|Duration):\*\*\s*([^\n]+)", _source(cell))
            if found:
                return found.group(1).strip().rstrip(".")
    return None


def stated_minutes(path: str | Path) -> int | None:
    """The minutes a notebook's opening box states (``**Time:** about 25 minutes``), or None."""
    text = _time_line(path)
    found = re.match(r"(?:about\s+)?(\d+)\s*min", text) if text else None
    return int(found.group(1)) if found else None


def needs(path: str | Path) -> list[str]:
    """The notebooks a notebook's opening box asks for (``**You need:**``), in order, as step names.

    ``[]`` when it needs nothing (or states nothing).  Links may point into the primer
    (``06_game_theory.ipynb#Auctions``: the primer is needed) and, from ``exercises/``, up a folder.
    A part of the line (between semicolons or sentences) that says "not required", "not needed",
    "optional" or "easier after" names notebooks that help, not ones that are needed: its links are
    left out.
    """
    for cell in _cells(path)[:3]:
        if cell["cell_type"] != "markdown":
            continue
        found = re.search(r"\*\*(?:You need|Prerequisites):\*\*(.*?)(?:\*\*Time:\*\*|\n>?[ \t]*\n|$)",
                          _source(cell), re.S)
        if found:
            needed = [part for part in re.split(r";|\.\s", found.group(1))
                      if not re.search(r"not required|not needed|optional|easier after", part)]
            names = re.findall(r"\]\((?:\.\./)?(\d\d_[a-z_]+)\.ipynb", ";".join(needed))
            return list(dict.fromkeys(names))
    return []


@dataclass(frozen=True)
class Estimate:
    """How long a notebook takes, and from what (see ``estimate_minutes``)."""

    minutes: int
    words: int
    code_cells: int
    decisions: float          # median over the seeded games; 0 without a board
    board: dict | None
    questions: int = 0        # questions a check judges

    @property
    def how(self) -> str:
        """The short phrase the opening box gives: ``reading, 20 code cells and one game of about 24 decisions,
        before the teachers' section`` (``reading, 33 code cells and 8 questions, ...`` for a notebook with
        checked questions and no board).  The time leaves the teachers' section out, and the phrase says so: a
        reader counting every code cell of the notebook finds more."""
        cells = plural(self.code_cells, "code cell")
        parts = [cells] + ([plural(self.questions, "question")] if self.questions else [])
        if self.board:
            parts.append(f"one game of about {round(self.decisions)} decisions")
        what = "reading, " + ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else f"reading and {cells}"
        return f"{what}, {BEFORE_TEACHERS}"


def _board_decisions(board: dict | None, games: int) -> float:
    """The median learner decisions of one game on ``board`` (``final_board``), 0 without a board."""
    return statistics.median(learner_decisions(**board, games=games)) if board else 0


def estimate(path: str | Path, *, games: int = GAMES_FOR_DECISIONS) -> Estimate:
    """The time estimate of one notebook, computed from its cells and its last board."""
    words, cells, board, asked = reading_words(path), code_cells(path), final_board(path), questions(path)
    decisions = _board_decisions(board, games)
    return Estimate(estimate_minutes(words, cells, decisions, asked), words, cells, decisions, board, asked)


# -- the map of the course (00_start_here prints it) ------------------------------------------------


@dataclass(frozen=True)
class MapRow:
    """One step of the course as the map shows it: ``minutes`` is ``None`` when the file is missing."""

    step: Step
    minutes: int | None
    how: str
    needs: tuple[str, ...] = ()


def path_map(folder: str | Path = ".") -> list[MapRow]:
    """Every step of the course in order, with its time and what its opening box says it needs.

    The time is the one the notebook's opening box states (``**Time:** about 25 minutes``; a test
    checks that each tutorial's statement equals ``estimate``); a time stated in words ("one
    session") is shown as it is; for a notebook that states none, the formula on its reading and
    cells (its game, if any, is not replayed here: that takes too long for a map).  ``folder`` is
    the ``tutorials/`` folder.
    """
    rows = []
    for s in PATH:
        path = s.file(folder)
        if not path.exists():
            rows.append(MapRow(s, None, "not in this copy of the course"))
            continue
        stated, asked = stated_minutes(path), tuple(needs(path))
        if stated is not None:
            rows.append(MapRow(s, stated, "stated in the notebook", asked))
        elif _time_line(path):
            rows.append(MapRow(s, None, _time_line(path), asked))  # a time given in words ("one session")
        else:
            words, cells = reading_words(path), code_cells(path)
            rows.append(MapRow(s, estimate_minutes(words, cells, 0, questions(path)), f"reading and {cells} cells",
                               asked))
    return rows


def path_markdown(folder: str | Path = ".") -> str:
    """The course map as two Markdown tables (lessons, then exercises) with links and total times."""
    rows = path_map(folder)
    out = []
    for exercises, header in ((False, "| | lesson | needs | time |"), (True, "| | exercise | needs | time |")):
        chosen = [r for r in rows if (r.step.kind == "exercise") == exercises]
        lines = [header, "|---|---|---|---|"]
        for row in chosen:
            s = row.step
            asked = ", ".join(f"[{n[:2]}]({n}.ipynb)" for n in row.needs) or "nothing"
            if not s.file(folder).exists():
                asked = ""
            time = f"{row.minutes} min" if row.minutes is not None else row.how
            title = f"[{s.title}]({s.filename})"
            if s.student_filename is not None and (Path(folder) / s.student_filename).exists():
                title = f"[{s.title}]({s.student_filename}) ([worked]({s.filename}))"
            lines.append(f"| {s.number} | {title} | {asked} | {time} |")
        known = [r.minutes for r in chosen if r.minutes is not None]
        total = f"In all: about {sum(known)} minutes" if known else "None in this copy of the course"
        missing = sum(not r.step.file(folder).exists() for r in chosen)
        if known and len(known) < len(chosen):
            total += f" for the {len(known)} that give minutes"
            in_words = len(chosen) - len(known) - missing
            if in_words == 1:
                total += "; 1 more gives its time in words (the table)"
            elif in_words:
                total += f"; {in_words} more give their time in words (the table)"
            if missing:
                total += f" ({missing} not in this copy)"
        out.append("\n".join(lines) + "\n\n" + total + ".")
    return "\n\n".join(out)


# -- planning one class: the sections of a notebook -------------------------------------------------


@dataclass(frozen=True)
class Section:
    """One ``##`` section of a notebook, timed by ``estimate_minutes``'s rates without rounding."""

    title: str
    words: int
    code_cells: int
    questions: int
    decisions: float = 0.0    # the notebook's last board is played in its section

    @property
    def minutes(self) -> float:
        """Reading, cells, questions and the section's game, in minutes (to the tenth, not rounded up)."""
        return round(_minutes(self.words, self.code_cells, self.decisions, self.questions), 1)


def sections(path: str | Path, *, games: int = GAMES_FOR_DECISIONS) -> list[Section]:
    """The notebook's ``##`` sections up to the one for teachers, each with its time (``Section.minutes``); what
    comes before the first ``##`` heading (the title and opening box) is the section ``"(opening)"``.  For a
    teacher fitting part of a tutorial into one class: the sections' times add up to the notebook's estimate
    before its rounding up."""
    parts: list[list] = [["(opening)", 0, 0, 0]]          # title, words, code cells, questions
    board_section = None
    for cell in _learners_cells(path):
        text = _source(cell)
        if cell["cell_type"] == "markdown":
            heading = re.search(r"^##\s+(.+)$", text, re.M)
            if heading and not text.lstrip().startswith("# "):
                parts.append([heading.group(1).strip(), 0, 0, 0])
            parts[-1][1] += _count_words(text)
        elif cell["cell_type"] == "code":
            parts[-1][2] += 1
            parts[-1][3] += ".check(" in text
            if "al.play(" in text:
                board_section = len(parts) - 1
    decisions = _board_decisions(final_board(path), games)
    return [Section(title, words, cells, asked, decisions if i == board_section else 0.0)
            for i, (title, words, cells, asked) in enumerate(parts)]


def main(argv: list[str] | None = None) -> None:
    """``python -m archeo_lab.course [NOTEBOOK ...]``: the course map, or each notebook's sections with their times."""
    import argparse

    parser = argparse.ArgumentParser(description="The course map, or the time of each section of notebooks.")
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebooks to time section by section")
    parser.add_argument("--folder", type=Path, default=Path("tutorials"), help="the tutorials/ folder (the map)")
    args = parser.parse_args(argv)
    if not args.notebooks:
        print(path_markdown(args.folder))
        return
    for path in args.notebooks:
        found = sections(path)
        print(f"{path.name}: {sum(s.minutes for s in found):.1f} minutes in all (the notebook states "
              f"{stated_minutes(path) or '?'}: rounded up to 5)")
        for s in found:
            print(f"  {s.minutes:5.1f} min  {s.title}")


if __name__ == "__main__":
    main()
