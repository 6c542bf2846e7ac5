"""Class tournaments a student cannot hang, crash or rig (issue 15, item 1).

Students' bots play from worker processes of their own (``archeo_lab.bots.isolation``): the referee
keeps the rules, the scores and the results.  The bad bots below are written the way a mischievous
student would, against the old in-process referee.  Time limits are short so the suite stays fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
import warnings
from pathlib import Path

import pytest

import archeo_lab as al
from archeo_lab.bots.isolation import BotForfeit, IsolatedBot, processes_available
from archeo_lab.exercises.class_tournament import load_bots

needs_processes = pytest.mark.skipif(not processes_available(), reason="worker processes are needed")

GOOD = '''
import random

class Bot:
    """A fair student bot: never more than two explorers in the fist, else a random move."""
    def choose(self, state):
        moves = [a for a in state.legal_actions() if a.kind != "bid" or a.amount <= 2]
        return random.choice(moves)
'''

BAD = {
    "looper": '''
class Bot:
    def choose(self, state):
        while True:
            pass
''',
    "quitter": '''
import sys

class Bot:
    def choose(self, state):
        sys.exit("I give up, and take the tournament with me")
''',
    "patcher": '''
from archeo_lab.engine.game import State

class Bot:
    """Makes the engine say it won every game."""
    def choose(self, state):
        me = state.current_player
        State.winners = lambda self: [me]
        State.scores = lambda self: [1000 if s == me else 0 for s in range(self.players)]
        return state.legal_actions()[0]
''',
    "hog": '''
class Bot:
    def choose(self, state):
        hoard = []
        while True:
            hoard.append(bytearray(20_000_000))
''',
    "snoop": '''
import inspect

class Bot:
    """Reads the referee's frames: knocks the other bots out and gives itself the points."""
    def choose(self, state):
        for info in inspect.stack():
            local = info.frame.f_locals
            if "bots" in local and "record" in local:
                for bot in local["bots"]:
                    if bot is not self:
                        bot.choose = lambda s: 1 / 0
                return state.legal_actions()[0]
        raise LookupError("no referee frame to read")
''',
}
LIMITS = dict(time_limit=0.1, memory_limit=150)


def refused(message: str) -> bool:
    """Whether a forfeit's message is a refusal: the Python guard's ("a bot may not ...") or the kernel's."""
    return any(word in message for word in ("may not", "Permission denied", "Operation not permitted"))


def write_bots(folder: Path, sources: dict[str, str]) -> Path:
    folder.mkdir(exist_ok=True)
    for name, source in sources.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(source))
    return folder


def good_games(result, good: set[str]) -> list[str]:
    return sorted(json.dumps(g, sort_keys=True) for g in result.games if set(g["seats"]) <= good)


@needs_processes
def test_bad_student_bots_forfeit_by_name_and_leave_the_other_games_alone(tmp_path):
    """The issue's "Done means": a bot that loops forever, one that calls sys.exit, one that
    monkeypatches the engine, one that allocates without bound and one that reads the game through
    the call stack: the tournament finishes, each forfeits every game it plays, by name and with the
    reason, and the games among the other bots are exactly those of a tournament without them."""
    students = load_bots(write_bots(tmp_path / "bots", {"ada": GOOD, **BAD}), **LIMITS)
    entrants = {"random": "random", **students}
    result = al.tournament("cibola", entrants, games=1, seed=7, progress=False, **LIMITS)
    reasons = {"looper": {"time"}, "quitter": {"exit"}, "patcher": {"tampering"}, "hog": {"memory", "time"},
               "snoop": {"crash"}}
    for name, expected in reasons.items():
        played = [g for g in result.games if name in g["seats"]]
        assert played and all(g["errors"] for g in played), name
        # Each game's forfeit is the first failing bot's; every game with this bot failed for a reason.
        mine = [e for g in played for e in g["errors"] if e["bot"] == name]
        assert mine and {e["reason"] for e in mine} <= expected, (name, mine[:2])
        assert all(name in e["message"] or e["message"] for e in mine)
    for g in result.games:          # against a fair bot, a bad one never wins: it forfeits first
        bad = set(g["seats"]) & set(BAD)
        if len(bad) == 1:
            assert g["shares"][g["seats"].index(bad.pop())] == 0
    assert {e["bot"] for e in result.errors} == set(BAD)
    text = str(result)
    assert all(f"error: {name} failed" in text for name in BAD)
    # The referee's engine is untouched by the patcher.
    assert al.State.winners.__qualname__ == "State.winners"
    clean = al.tournament("cibola", {"random": "random", "ada": students["ada"]}, games=1, seed=7,
                          progress=False, **LIMITS)
    assert good_games(result, {"random", "ada"}) == good_games(clean, {"random", "ada"})
    assert all(not g["errors"] for g in clean.games)


@needs_processes
def test_the_same_bots_as_objects_are_isolated_too():
    """A learner's class given as an object plays from a forked worker: same forfeits."""
    namespace: dict = {}
    classes = {}
    for name in ("looper", "quitter", "patcher"):
        exec(textwrap.dedent(BAD[name]), namespace)
        classes[name] = namespace["Bot"]()
    result = al.tournament("cibola", {"random": "random", **classes}, games=1, seed=3, progress=False, **LIMITS)
    assert {e["bot"]: e["reason"] for e in result.errors} == {"looper": "time", "quitter": "exit",
                                                              "patcher": "tampering"}
    assert al.State.winners.__qualname__ == "State.winners"


@needs_processes
def test_without_isolation_the_snoop_rigs_the_games(tmp_path):
    """Why the workers matter: trusted in this process (isolate=False), the stack reader knocks the
    other bot out.  Isolated, it reads only its own process (an object is forked, so it finds a copy
    of the referee's frames there) and whatever it breaks there changes nothing here."""
    namespace: dict = {}
    exec(textwrap.dedent(BAD["snoop"]), namespace)
    snoop = namespace["Bot"]()
    result = al.tournament("cibola", {"random": "random", "snoop": snoop}, games=2, seed=1, progress=False,
                           isolate=False)
    assert any(e["bot"] == "random" and "ZeroDivisionError" in e["message"] for e in result.errors)
    isolated = al.tournament("cibola", {"random": "random", "snoop": snoop}, games=2, seed=1, progress=False)
    assert all(e["bot"] != "random" for e in isolated.errors)


@needs_processes
def test_bot_files_work_with_several_processes(tmp_path):
    """processes > 1 with bot files raised PicklingError; now the results equal the serial ones."""
    bots = load_bots(write_bots(tmp_path / "bots", {"ada": GOOD, "quitter": BAD["quitter"]}))
    entrants = {"greedy": "greedy", **bots}
    serial = al.tournament("cibola", entrants, games=2, seed=5, progress=False)
    parallel = al.tournament("cibola", entrants, games=2, seed=5, processes=2, progress=False)
    assert parallel.games == serial.games
    assert {e["bot"] for e in parallel.errors} == {"quitter"}


@needs_processes
def test_loading_runs_no_student_code_and_reports_broken_files(tmp_path):
    marker = tmp_path / "ran.txt"
    folder = write_bots(tmp_path / "bots", {
        "sneaky": f"open({str(marker)!r}, 'w').write('ran in the teacher process')\n{GOOD}",
        "typo": "class Bot\n    def choose(self, state): pass\n",
        "nobot": "def choose(state):\n    return state.legal_actions()[0]\n",
    })
    bots = load_bots(folder)
    assert sorted(bots) == ["nobot", "sneaky", "typo"] and not marker.exists()
    assert bots["typo"].broken[0] == "load" and "SyntaxError" in bots["typo"].broken[1]
    assert "defines no class Bot" in bots["nobot"].broken[1] and bots["sneaky"].broken is None
    result = al.tournament("cibola", {"random": "random", **bots}, games=1, seed=2, progress=False)
    # It ran in a worker, which may create a file but cannot write to it (a file-size limit of 0).
    assert not marker.exists() or marker.read_text() == ""
    by_bot = {e["bot"]: e for e in result.errors}
    assert by_bot["typo"]["reason"] == "load" and "line 1" in by_bot["typo"]["message"]
    assert by_bot["nobot"]["reason"] == "load"


@needs_processes
def test_bots_that_cannot_load_all_forfeit_before_the_first_move(tmp_path):
    """Two broken files never win against each other by the order of their seats: a file with no
    class Bot, one with a syntax error (both found by reading them) and one that raises at import
    (found only by loading it) all forfeit every game, with no win share; a fair bot wins each game
    against them; they are charged one error per game each."""
    folder = write_bots(tmp_path / "bots", {
        "ada": GOOD,
        "nobot": "def choose(state):\n    return state.legal_actions()[0]\n",
        "typo": "class Bot\n    def choose(self, state): pass\n",
        "raiser": "raise ImportError('a missing module')\nclass Bot:\n    def choose(self, state): pass\n",
    })
    bots = load_bots(folder, **LIMITS)
    assert bots["raiser"].broken is None                 # nothing found by reading it
    result = al.tournament("cibola", bots, games=1, seed=3, progress=False, **LIMITS)
    broken = {"nobot", "typo", "raiser"}
    rows = {r["bot"]: r for r in result.table}
    for name in broken:
        assert rows[name]["wins"] == 0 and rows[name]["errors"] == rows[name]["games"] == 6, rows[name]
    assert rows["ada"]["wins"] == rows["ada"]["games"] == 6 and rows["ada"]["errors"] == 0
    for g in result.games:
        assert g["actions"] == 0 and g["scores"] is None
        assert {e["bot"] for e in g["errors"]} == set(g["seats"]) & broken
        assert {e["reason"] for e in g["errors"]} == {"load"}
        if "ada" not in g["seats"]:
            assert g["shares"] == [0.0, 0.0]                 # nobody came to play: nobody wins
    assert "ImportError" in next(e["message"] for e in result.errors if e["bot"] == "raiser")



SHADOW = '''
class Bot:
    """Gives its seat's class a winners() of its own, which hides the engine's (nothing to replace)."""
    def choose(self, state):
        me = state.current_player
        type(state).winners = lambda self: [me]
        return state.legal_actions()[0]
'''

BUSY = '''
import copy, pickle, random
import archeo_lab as al

class Bot:
    """Fair, but uses what makes the engine fill its own caches: copies, pickles, action texts, a bot."""
    def __init__(self):
        self.helper = al.bots.make("greedy", seed=1)
    def choose(self, state):
        copy.deepcopy(state)
        pickle.loads(pickle.dumps(state))
        legal = state.legal_actions()
        for action in legal:
            state.parse_action(str(action))
            action.to_json()
        return self.helper.choose(state) if random.random() < 0.5 else random.choice(legal)
'''


@needs_processes
def test_adding_a_method_to_a_game_class_is_tampering_but_the_engines_own_caches_are_not(tmp_path):
    """``type(state).winners = ...`` adds a member to the game's class (which inherits ``winners``): it is
    reported as tampering, like replacing one.  A fair bot that copies, pickles and parses makes the engine
    add its own caches to classes (``__slotnames__``, ``_field_cache``): never reported."""
    bots = load_bots(write_bots(tmp_path / "bots", {"shadow": SHADOW, "busy": BUSY}), **LIMITS)
    result = al.tournament("thebes", {"random": "random", **bots}, games=1, seed=4, progress=False,
                           time_limit=2.0, memory_limit=300)
    errors = {(e["bot"], e["reason"]) for e in result.errors}
    assert errors == {("shadow", "tampering")}, result.errors
    assert all("added archeo_lab.games.thebes" in e["message"] and e["message"].endswith(".winners")
               for e in result.errors)


@needs_processes
def test_a_missing_or_empty_folder_warns(tmp_path):
    with pytest.warns(UserWarning, match="there is no folder"):
        assert load_bots(tmp_path / "nope") == {}
    (tmp_path / "empty").mkdir()
    with pytest.warns(UserWarning, match="holds no .py bot files"):
        assert load_bots(tmp_path / "empty") == {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert list(load_bots(write_bots(tmp_path / "one", {"ada": GOOD}))) == ["ada"]


@needs_processes
def test_garbage_and_illegal_answers_and_the_time_are_checked(tmp_path):
    state = al.get_game("cibola").new_state(players=2, seed=1)
    answers = {"nothing": "None", "object": "object()", "huge": "'bid ' + '9' * 100000",
               "deep": "_deep()", "list": "[1, 2]", "illegal": "'bid 99'", "text": "'bid 1'"}
    for name, expr in answers.items():
        path = tmp_path / f"{name}.py"
        path.write_text("def _deep():\n    d = {}\n    for _ in range(100_000):\n        d = {'type': d}\n    return d\n"
                        f"class Bot:\n    def choose(self, state):\n        return {expr}\n")
        bot = IsolatedBot(path, time_limit=2)
        try:
            if name == "text":
                assert str(bot.choose(state)) == "bid 1"
                continue
            with pytest.raises(BotForfeit) as failed:
                bot.choose(state)
            assert failed.value.bot == name
            assert failed.value.reason == ("illegal" if name == "illegal" else "garbage"), failed.value
        finally:
            bot.close()
    forger = tmp_path / "forger.py"         # writes a raw answer of its own on the worker's pipe
    forger.write_text("import inspect, os, struct\nclass Bot:\n    def choose(self, state):\n"
                      "        fd = next(i.frame.f_locals['write_fd'] for i in inspect.stack() if 'write_fd' in i.frame.f_locals)\n"
                      "        body = ('[' * 30000 + ']' * 30000).encode()\n"
                      "        os.write(fd, struct.pack('>I', len(body)) + body)\n"
                      "        return state.legal_actions()[0]\n")
    bot = IsolatedBot(forger, time_limit=2)
    with pytest.raises(BotForfeit, match="RecursionError") as failed:
        bot.choose(state)
    assert failed.value.reason == "garbage" and bot._worker is None
    bot.close()
    slow = tmp_path / "slow.py"
    slow.write_text("import time\nclass Bot:\n    def choose(self, state):\n        time.sleep(0.3)\n"
                    "        return state.legal_actions()[0]\n")
    bot = IsolatedBot(slow, time_limit=0.1)
    with pytest.raises(BotForfeit, match=r"slow took too long"):
        bot.choose(state)
    bot.close()


@needs_processes
def test_an_isolated_bot_plays_a_match_reproducibly(tmp_path):
    """A student's file as a Match opponent: seeded through reseed(), the same moves every time."""
    path = write_bots(tmp_path / "bots", {"ada": GOOD}) / "ada.py"

    def history():
        bot = IsolatedBot(path)
        try:
            return al.Match("cibola", players=2, seed=4, opponents={0: bot, 1: "random"}).history
        finally:
            bot.close()

    first = history()
    assert first == history() and len(first) > 20


@needs_processes
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX process checks")
def test_workers_end_with_the_tournament(tmp_path):
    import os
    import time

    def children():
        """This process's live children; other tests (a JupyterLab server) may have their own."""
        me = str(os.getpid())
        found = set()
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me and fields[0] != "Z":
                found.add(stat.parent.name)
        return found

    before = children()
    bots = load_bots(write_bots(tmp_path / "bots", {"ada": GOOD, "looper": BAD["looper"]}), **LIMITS)
    al.tournament("cibola", {"random": "random", **bots}, games=1, seed=1, progress=False, **LIMITS)
    time.sleep(0.2)
    assert children() - before == set()


def test_without_processes_bots_run_here_with_a_note_and_a_time_check(monkeypatch, tmp_path):
    """JupyterLite/Pyodide has no processes: a student's bot runs in this process, the result says so,
    and its time is checked after each move; an exit or a crash still only forfeits its game."""
    import types

    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    folder = write_bots(tmp_path / "bots", {
        "ada": GOOD, "quitter": BAD["quitter"],
        "slow": "import time\nclass Bot:\n    def choose(self, state):\n        time.sleep(0.15)\n"
                "        return state.legal_actions()[0]\n"})
    bots = load_bots(folder, time_limit=0.1)
    assert not any(bot.isolated for bot in bots.values()) and all("JupyterLite" in bot.note for bot in bots.values())
    result = al.tournament("cibola", {"random": "random", **bots}, games=1, seed=4, processes=2, progress=False,
                           time_limit=0.1)
    reasons = {e["bot"]: e["reason"] for e in result.errors}
    assert reasons == {"quitter": "exit", "slow": "time"}
    assert any("processes=2 was ignored" in note for note in result.notes)
    assert any(note.startswith("ada: no worker processes here") for note in result.notes)
    assert "note: ada: no worker processes here" in str(result)


HOSTILE = {
    # Each reaches beyond its worker (the referee's process, the other workers, the teacher's files and screen),
    # the way a class read-through found possible; the guard refuses it, and the bot forfeits for trying.
    "signaller": '''
import os

class Bot:
    def choose(self, state):
        os.kill(os.getppid(), 0)          # 0: only asks whether it may (SIGSTOP or SIGKILL would stop the referee)
        return state.legal_actions()[0]
''',
    "pidfd": '''
import os, signal

class Bot:
    def choose(self, state):
        signal.pidfd_send_signal(os.pidfd_open(os.getppid()), 0)
        return state.legal_actions()[0]
''',
    "native": '''
import ctypes, os

class Bot:
    def choose(self, state):
        ctypes.CDLL(None).kill(os.getppid(), 0)
        return state.legal_actions()[0]
''',
    "flooder": '''
import os

class Bot:
    def choose(self, state):
        with open(f"/proc/{os.getppid()}/fd/1", "w") as screen:
            screen.write("*** HACKED ***" * 1000)
        return state.legal_actions()[0]
''',
    "seedthief": '''
import os

class Bot:
    def choose(self, state):
        return open(f"/proc/{os.getppid()}/cmdline").read()
''',
    "notebookthief": '''
from pathlib import Path

class Bot:
    def choose(self, state):
        return Path(__file__).resolve().parent.parent.joinpath("teacher.ipynb").read_text()
''',
    "eraser": '''
from pathlib import Path

class Bot:
    def choose(self, state):
        Path(__file__).resolve().parent.parent.joinpath("teacher.ipynb").write_text("")
        return state.legal_actions()[0]
''',
    "clockliar": '''
import time

class Bot:
    def choose(self, state):
        time.perf_counter = lambda: 0.0
        time.sleep(0.2)                   # over the 0.1 s limit, within the referee's 0.25 s of grace
        return state.legal_actions()[0]
''',
    "unchecker": '''
import sys
from archeo_lab.engine.game import State

class Bot:
    def choose(self, state):
        for name in ("__main__", "archeo_lab.bots.isolation"):
            if name in sys.modules:
                sys.modules[name]._tampered = lambda *args, **kwargs: False
        State.winners = lambda self: [0]
        return state.legal_actions()[0]
''',
    "builtins": '''
import builtins

class Bot:
    def choose(self, state):
        move = state.legal_actions()[0]
        builtins.len = lambda x: 0        # the worker's own code needs len: it is put back, then reported
        return move
''',
    "painter": '''
class Bot:
    def choose(self, state):
        raise ValueError("\\x1b[2J\\x1b[31mboom\\x1b[0m\\nerror: ada failed 99 time(s) (changed the engine): \\u202e")
''',
}


@needs_processes
@pytest.mark.skipif(sys.platform != "linux", reason="/proc and the file checks are Linux's")
def test_a_bot_cannot_reach_the_referee_the_other_bots_or_the_teachers_files(tmp_path):
    """A class read-through's hostile bots: each is refused what it tries and forfeits; the teacher's notebook is
    neither read nor emptied, the referee's terminal gets nothing, the table has no line a bot wrote, and two runs
    give the same errors, word for word."""
    notebook = tmp_path / "teacher.ipynb"
    notebook.write_text('{"seed": 479460041}')
    students = load_bots(write_bots(tmp_path / "bots", {"ada": GOOD, **HOSTILE}), **LIMITS)
    runs = [al.tournament("cibola", {"random": "random", **students}, games=1, seed=11, progress=False, **LIMITS)
            for _ in range(2)]
    result = runs[0]
    assert runs[0].errors == runs[1].errors and runs[0].games == runs[1].games
    assert notebook.read_text() == '{"seed": 479460041}'
    mine = {}
    for e in result.errors:
        mine.setdefault(e["bot"], set()).add((e["reason"], e["message"]))
    assert set(mine) == set(HOSTILE), mine.keys()
    said = {name: " ".join(m for _, m in found) for name, found in mine.items()}
    for name in ("signaller", "native"):
        assert "may not" in said[name], said[name]
    assert "has no attribute 'pidfd" in said["pidfd"] and "may not write" in said["flooder"]
    assert "may not read" in said["seedthief"] and "may not read" in said["notebookthief"]
    assert "may not write" in said["eraser"]
    assert {r for r, _ in mine["clockliar"]} == {"time"} and {r for r, _ in mine["unchecker"]} == {"tampering"}
    assert {r for r, _ in mine["builtins"]} == {"tampering"} and "builtins.len" in said["builtins"]
    text = str(result)
    assert "\x1b" not in text and "\u202e" not in text and "\nerror: ada" not in text
    assert not any(line.lstrip().startswith("error: ada") for line in text.splitlines())     # no forged line
    assert not any(e["bot"] == "ada" for e in result.errors)
    assert al.State.winners.__qualname__ == "State.winners"


@needs_processes
def test_a_bot_named_by_assignment_plays_and_skipped_files_are_named(tmp_path):
    folder = write_bots(tmp_path / "bots", {"alias": GOOD.replace("class Bot:", "class Mine:") + "\nBot = Mine\n"})
    (folder / "_draft.py").write_text(GOOD)
    (folder / "Caps.PY").write_text(GOOD)
    with pytest.warns(UserWarning, match=r"skipped Caps\.PY, _draft\.py"):
        students = load_bots(folder)
    assert list(students) == ["alias"] and students["alias"].broken is None
    result = al.tournament("cibola", {"random": "random", **students}, games=1, seed=2, progress=False)
    assert not result.errors


@needs_processes
def test_the_guard_lets_a_bot_use_the_scientific_stack(tmp_path):
    """numpy and networkx load ctypes as they import: a bot using them plays, its file read and its libraries."""
    folder = write_bots(tmp_path / "bots", {"sci": '''
import json, random
import networkx as nx
import numpy as np
from archeo_lab.bots import GreedyBot

class Bot:
    def __init__(self):
        self.greedy = GreedyBot()
        self.source = open(__file__).read()          # its own file: allowed

    def choose(self, state):
        assert nx.shortest_path(nx.path_graph(4), 0, 3) == [0, 1, 2, 3] and np.arange(4).sum() == 6
        return self.greedy.choose(state) if json.loads("[1]") == [1] else random.choice(state.legal_actions())
'''})
    result = al.tournament("cibola", {"random": "random", **load_bots(folder)}, games=1, seed=4, progress=False)
    assert result.errors == []


BYPASSES = {
    # Ways around a first version of the guard, found by a second read-through; each returns "ESCAPED" if it works.
    "isinstance": '''
import builtins, os

class Bot:
    def choose(self, state):
        real = builtins.isinstance
        builtins.isinstance = lambda o, c: True if c is int and type(o) is str else real(o, c)
        try:
            open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "teacher.ipynb")).read()
        finally:
            builtins.isinstance = real
        return "ESCAPED"
''',
    "emptied": '''
import ctypes, os, sys

class Bot:
    def choose(self, state):
        for name in ("__main__", "archeo_lab.bots.isolation"):
            if name in sys.modules:
                sys.modules[name]._REFUSED_EVENTS = frozenset()
        ctypes.CDLL(None).getpid()
        return "ESCAPED"
''',
    "freshposix": '''
import importlib.util, os

class Bot:
    def choose(self, state):
        posix = importlib.util.module_from_spec(importlib.util.find_spec("posix"))
        os.close(posix.pidfd_open(os.getppid()))      # the kernel's filter refuses it
        return "ESCAPED"
''',
    "prlimit": '''
import os, resource

class Bot:
    def choose(self, state):
        resource.prlimit(os.getppid(), resource.RLIMIT_CORE)
        return "ESCAPED"
''',
    "dirfd": '''
import os

class Bot:
    def choose(self, state):
        root = os.open("/", os.O_RDONLY)
        os.read(os.open(f"proc/{os.getppid()}/cmdline", os.O_RDONLY, dir_fd=root), 100)
        return "ESCAPED"
''',
    "selfcwd": '''
class Bot:
    def choose(self, state):
        open("/proc/self/cwd/pyproject.toml").read()
        return "ESCAPED"
''',
    "tty": '''
import fcntl, termios

class Bot:
    def choose(self, state):
        with open("/dev/tty") as tty:     # TIOCSTI would type a command into the teacher's shell
            fcntl.ioctl(tty, termios.TIOCSTI, b"x")
        return "ESCAPED"
''',
    "timeforger": '''
import json, time

real = json.dumps

class Bot:
    def choose(self, state):
        json.dumps = lambda o, **k: real({**o, "seconds": 0.0} if isinstance(o, dict) and "seconds" in o else o, **k)
        time.sleep(0.2)
        return state.legal_actions()[0]
''',
}


@needs_processes
@pytest.mark.skipif(sys.platform != "linux", reason="/proc and the kernel's filter are Linux's")
def test_the_guard_holds_when_a_bot_replaces_what_it_might_look_up(tmp_path):
    (tmp_path / "teacher.ipynb").write_text('{"seed": 424242}')
    students = load_bots(write_bots(tmp_path / "bots", BYPASSES), **LIMITS)
    result = al.tournament("cibola", {"random": "random", **students}, games=1, seed=5, progress=False, **LIMITS)
    errors = {e["bot"]: (e["reason"], e["message"]) for e in result.errors}
    # The fresh posix module is stopped by the kernel's filter only; where there is none, it is a known gap.
    import subprocess

    probe = "from archeo_lab.bots.kernel import seccomp_filter; import os; " \
            "print(seccomp_filter(os.getpid()) and os.system('true') != 0)"        # on, a program cannot run
    filtered = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.strip() == "True"
    escaped = {name for name, (_, message) in errors.items() if "ESCAPED" in message}
    assert set(errors) == set(BYPASSES) and escaped <= (set() if filtered else {"freshposix"}), errors
    assert errors["timeforger"][0] == "time" and refused(errors["dirfd"][1]) and refused(errors["selfcwd"][1])
    assert "may not load termios" in errors["tty"][1] or "may not read '/dev/tty'" in errors["tty"][1]
    if filtered:
        assert "PermissionError" in errors["freshposix"][1], errors["freshposix"]


THIRD = {
    # A third read-through's ways around the guard (each returns "ESCAPED" if it works, or never answers).
    "stall": '''
import fcntl, json, os, struct

class Bot:
    def choose(self, state):
        fcntl.fcntl(3, 1031, 4096)                  # F_SETPIPE_SZ: the smallest pipe for its requests
        body = json.dumps({"action": state.legal_actions()[0].to_json(), "seconds": 0.0}).encode()
        os.write(4, struct.pack(">I", len(body)) + body)
        while True:                                 # never reads again: the referee's writes would block
            pass
''',
    "readline": '''
import os, readline

class Bot:
    def choose(self, state):
        readline.read_history_file(os.path.join(os.path.dirname(os.path.dirname(__file__)), "teacher.ipynb"))
        return "ESCAPED"
''',
    "fifo": '''
import os

class Bot:
    def choose(self, state):
        os.mkfifo(os.path.join(os.path.dirname(os.path.dirname(__file__)), "unicodedata.py"))
        return "ESCAPED"
''',
    "environment": '''
import os

class Bot:
    def choose(self, state):
        return "ESCAPED" if os.environ.get("ARCHEO_TEST_SECRET") else state.legal_actions()[0]
''',
    "flood": '''
import json, os, struct

class Bot:
    def choose(self, state):
        body = json.dumps({"action": state.legal_actions()[0].to_json(), "seconds": 0.0}).encode()
        for _ in range(50):
            os.write(4, struct.pack(">I", len(body)) + body)
        return state.legal_actions()[0]
''',
    "lister": '''
import os

class Bot:
    def choose(self, state):
        os.listdir(f"/proc/{os.getppid()}/fd")
        return "ESCAPED"
''',
}


@needs_processes
@pytest.mark.skipif(sys.platform != "linux", reason="/proc, pipes' sizes and FIFOs as tested are Linux's")
def test_the_guard_holds_against_a_third_read_throughs_bots(tmp_path, monkeypatch):
    monkeypatch.setenv("ARCHEO_TEST_SECRET", "hunter2")
    (tmp_path / "teacher.ipynb").write_text('{"seed": 424242}')
    monkeypatch.chdir(tmp_path)
    students = load_bots(write_bots(tmp_path / "bots", THIRD), **LIMITS)
    result = al.tournament("cibola", {"random": "random", **students}, games=1, seed=6, progress=False, **LIMITS)
    errors = {e["bot"]: (e["reason"], e["message"]) for e in result.errors}
    assert not any("ESCAPED" in m for _, m in errors.values()), errors
    assert set(errors) == set(THIRD) - {"environment"}, errors           # it plays, without the secret
    assert not (tmp_path / "unicodedata.py").exists()
    assert "without being asked" in errors["flood"][1] and "may not" in errors["lister"][1]


def test_the_guards_path_rule_on_windows_paths():
    """The hook's rule for Windows paths (checked here on any system): Python's folders readable, the teacher's not,
    relative or climbing paths refused, case and separators ignored."""
    from archeo_lab.bots.isolation import Refused, _make_hook

    hook = _make_hook(1234, "C:\\Class\\bots\\ada.py", ("c:\\python311\\",), ("c:\\class\\", "c:\\users\\t\\"),
                      "utf-8", windows=True)
    for path in ("C:/Python311/Lib/json/__init__.py", "c:\\class\\bots\\ada.py", "D:\\data\\table.json"):
        hook("open", (path, "r", 0))
    for path in ("C:\\Class\\teacher.ipynb", "c:/users/t/secret.txt", "bots\\ben.py", "C:\\Python311\\..\\Class\\x"):
        with pytest.raises(Refused):
            hook("open", (path, "r", 0))


# -- a fourth read-through: a bot that switches Python's guard off, and what still holds ------------------------

def _kernel_layers() -> tuple[int, bool]:
    """(Landlock's ABI version, whether the seccomp filter goes on) in a fresh process on this machine."""
    import subprocess

    probe = ("import os; from archeo_lab.bots import kernel; "
             "print(kernel.landlock_version(), kernel.seccomp_filter(os.getpid()))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.split()
    return (int(out[0]), out[1] == "True") if len(out) == 2 else (0, False)


LAYERS = _kernel_layers() if sys.platform == "linux" else (0, False)

# What a bot does once it has written over the audit hook's tables in its own memory (numpy's as_strided, a
# hand-made code object: the fourth read-through did both): the hook is simply not there in this process.
WITHOUT_THE_HOOK = '''
import json, os, resource, site, socket, sys, threading
from archeo_lab.bots import kernel
from archeo_lab.bots.isolation import _DEVICES, _SYSTEM_FILES, _SYSTEM_FOLDERS

secret, folder = sys.argv[1], os.path.dirname(sys.argv[1])
if len(sys.argv) > 2:                                    # an older kernel's Landlock (0: none), on this one
    kernel.landlock_version = lambda real=kernel.landlock_version, older=int(sys.argv[2]): min(real(), older)
python = [sys.prefix, sys.base_prefix, os.path.dirname(os.path.dirname(kernel.__file__)), *site.getsitepackages()]
out = {"landlock": kernel.landlock(python + list(_SYSTEM_FOLDERS), list(_DEVICES) + list(_SYSTEM_FILES)),
       "capabilities": kernel.drop_capabilities(), "seccomp": kernel.seccomp_filter(os.getpid())}
def powers_left():
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    sets = (ctypes.c_uint32 * 6)()
    libc.capget((ctypes.c_uint32 * 2)(0x20080522, 0), sets)             # effective, permitted, inheritable
    bounding = [cap for cap in range(64) if libc.prctl(23, cap, 0, 0, 0) == 1]      # PR_CAPBSET_READ
    return [*sets, *bounding]

out["powers left"] = powers_left()

def attempt(name, do):
    try:
        do()
        out[name] = "done"
    except Exception as exc:
        out[name] = type(exc).__name__

def fork():
    if os.fork() == 0:
        os._exit(0)

def thread():
    t = threading.Thread(target=len, args=((),))
    t.start()
    t.join()

attempt("read", lambda: open(secret).read())
attempt("list", lambda: os.listdir(folder))
attempt("write", lambda: open(os.path.join(folder, "new.txt"), "w").close())
attempt("append", lambda: open(secret, "a").close())
attempt("rename", lambda: os.rename(secret, secret + ".moved"))
attempt("remove", lambda: os.remove(secret))
attempt("chmod", lambda: os.chmod(secret, 0))
attempt("socket", lambda: socket.socket())
attempt("socketpair", lambda: socket.socketpair())
attempt("fork", fork)
attempt("referee's environment", lambda: open(f"/proc/{os.getppid()}/environ", "rb").read())
attempt("referee's memory", lambda: open(f"/proc/{os.getppid()}/mem", "rb"))
attempt("more files", lambda: resource.setrlimit(resource.RLIMIT_NOFILE, resource.getrlimit(resource.RLIMIT_NOFILE)))
attempt("cpu time", lambda: resource.setrlimit(resource.RLIMIT_CPU, resource.getrlimit(resource.RLIMIT_CPU)))
def owner():
    import fcntl
    fcntl.fcntl(os.pipe()[1], fcntl.F_SETOWN, os.getppid())      # SIGIO to the referee as it reads: deadly

attempt("signal owner", owner)
libc = __import__("ctypes").CDLL(None, use_errno=True)

def native(name, *args):
    def call():
        if getattr(libc, name)(*args) == -1:
            raise PermissionError(os.strerror(__import__("ctypes").get_errno()))
    return call

attempt("watching files", native("inotify_init1", 0))
attempt("shared memory", native("shmget", 0, 4096, 0o1600))          # IPC_PRIVATE, IPC_CREAT | 0600
attempt("real-time", lambda: os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1)))
attempt("async io", native("syscall", {"x86_64": 206, "aarch64": 0}.get(__import__("platform").machine(), -1), 1,
                           __import__("ctypes").byref(__import__("ctypes").c_ulong(0))))   # io_setup(1, &ctx)
attempt("user", lambda: os.setgroups(os.getgroups()))      # a credential change clears the death signal
attempt("page cache", lambda: os.posix_fadvise(os.open(kernel.__file__, os.O_RDONLY), 0, 0, os.POSIX_FADV_DONTNEED))
attempt("cores", lambda: os.sched_setaffinity(0, os.sched_getaffinity(0)))
attempt("lease", lambda: __import__("fcntl").fcntl(os.open(secret, os.O_RDONLY), 1024, 0))  # F_SETLEASE, F_RDLCK
attempt("file flags", lambda: __import__("fcntl").ioctl(os.open(secret, os.O_RDONLY), 0x40086602,
                                                      (0x40).to_bytes(8, "little")))       # FS_IOC_SETFLAGS, +d
attempt("thread", thread)
import fcntl, mmap
mine = os.open(kernel.__file__, os.O_RDONLY)       # a file every worker reads: a lock on it, a channel (round 6)
attempt("file lock", lambda: fcntl.flock(mine, fcntl.LOCK_EX | fcntl.LOCK_NB))
attempt("record lock", lambda: fcntl.lockf(mine, fcntl.LOCK_SH | fcntl.LOCK_NB))
attempt("page cache state", native("syscall", 451, mine, __import__("ctypes").byref((__import__("ctypes").c_uint64 * 2)()),
                                   __import__("ctypes").byref((__import__("ctypes").c_uint64 * 5)()), 0))   # cachestat
attempt("page out", lambda: mmap.mmap(mine, 0, prot=mmap.PROT_READ).madvise(21))                 # MADV_PAGEOUT
attempt("read-around off", lambda: mmap.mmap(mine, 0, prot=mmap.PROT_READ).madvise(mmap.MADV_RANDOM))
def errno_of(number, *args):
    import ctypes
    libc.syscall.restype = ctypes.c_long
    done = libc.syscall(ctypes.c_long(number), *args)
    return "done" if done != -1 else __import__("errno").errorcode[ctypes.get_errno()]

ctypes = __import__("ctypes")
value = ctypes.create_string_buffer(b"pwned")
xattr = (ctypes.c_uint64 * 2)(ctypes.addressof(value), 5)              # struct xattr_args: value, size, flags
out["xattr at"] = errno_of(463, -100, secret.encode(), 0, b"user.bot", ctypes.byref(xattr), 16)  # setxattrat
flags = (ctypes.c_uint64 * 3)(0x80, 0, 0)                                # struct file_attr: FS_XFLAG_NODUMP
out["file flags call"] = errno_of(469, -100, secret.encode(), ctypes.byref(flags), 24, 0)          # file_setattr
out["free memory"] = errno_of(99 if __import__("platform").machine() == "x86_64" else 179,
                              ctypes.byref((ctypes.c_uint64 * 16)()))                            # sysinfo
out["newer call"] = errno_of(kernel.NEWEST_REVIEWED + 1, 0, 0, 0)
hint = ctypes.c_uint64(2)                                                 # RWH_WRITE_LIFE_SHORT
out["write hint"] = errno_of(72 if __import__("platform").machine() == "x86_64" else 25, mine, 1036,
                             ctypes.byref(hint))                          # fcntl(F_SET_RW_HINT) (round 8)
attempt("read xattr", lambda: os.getxattr(secret, "user.grade"))
attempt("list xattr", lambda: os.listxattr(secret))
attempt("machine's memory", lambda: open("/proc/meminfo").read())
attempt("stdlib", lambda: __import__("fractions"))
print(json.dumps(out))
'''


@pytest.mark.skipif(LAYERS == (0, False), reason="no Landlock and no seccomp filter on this system")
@pytest.mark.parametrize("older", [None, 0, 1, 3, 5], ids=["this kernel", "no Landlock", "ABI 1", "ABI 3", "ABI 5"])
def test_the_kernel_layers_hold_when_the_python_guard_is_gone(tmp_path, older):
    """The fourth read-through switched the audit hook off from inside the worker. What the kernel's layers
    (``bots/kernel.py``) refuse still holds: no reading or changing the teacher's files, no network, no new
    processes or threads, nothing of the referee's process, no lifted limits; Python's own modules load.

    Also with an older kernel's Landlock (ABI 1: Linux 5.13; 3: 6.2; 5: 6.10) or none, this kernel pretending:
    the worker then asks only for what such a kernel knows, and what that covers still holds."""
    secret = tmp_path / "teacher" / "notebook.ipynb"
    secret.parent.mkdir()
    secret.write_text('{"seed": 987654321}')
    try:
        os.setxattr(secret, "user.grade", b"A+ seed=42")       # what a teacher might keep there (round 8 read it)
    except OSError:
        pass                                                  # a file system without user attributes
    pretend = [] if older is None else [str(older)]
    run = subprocess.run([sys.executable, "-c", WITHOUT_THE_HOOK, str(secret), *pretend], capture_output=True,
                         text=True, timeout=60)
    out = json.loads(run.stdout)
    expected = LAYERS if older is None else (min(LAYERS[0], older), LAYERS[1])
    assert (out.pop("landlock"), out.pop("seccomp")) == expected
    assert out.pop("capabilities") and out.pop("powers left") == [0] * 6      # no capability, even as root
    calls = {name: out.pop(name) for name in ("xattr at", "file flags call", "free memory", "newer call", "write hint")}
    if expected[1]:                                 # read-through 7's and 8's calls: refused by their numbers
        assert calls == {"xattr at": "EPERM", "file flags call": "EPERM", "free memory": "EPERM",
                         "newer call": "ENOSYS", "write hint": "EPERM"}, calls
    assert out.pop("stdlib") == "done" and out.pop("cpu time") == "done", out
    landlock, seccomp = expected
    kept = {"read", "list", "referee's environment", "referee's memory", "machine's memory"} if landlock else set()
    kept |= {"write", "append", "rename", "remove"} if landlock or seccomp else set()
    kept |= {"chmod", "socket", "socketpair", "fork", "more files", "signal owner", "watching files", "shared memory",
             "real-time", "user", "thread", "lease", "file flags", "async io", "page cache", "cores", "file lock",
             "record lock", "page cache state", "page out", "read-around off", "read xattr",
             "list xattr"} if seccomp else set()
    assert {name for name, what in out.items() if what == "done"} <= set(out) - kept, out
    # ValueError: setrlimit's way of saying EPERM; RuntimeError: threading's ("can't start new thread")
    assert all(out[name] in ("PermissionError", "ValueError", "RuntimeError") for name in kept), out
    assert secret.read_text() == '{"seed": 987654321}' and sorted(p.name for p in secret.parent.iterdir()) == \
        ["notebook.ipynb"]


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"        # a zombie has ended
    except OSError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="the parent's death signal is Linux's")
def test_a_worker_dies_with_its_referee_even_if_it_starves_its_watchdog():
    """A bot that lifts its CPU limit and keeps the GIL (``sys.setswitchinterval``) kept its worker spinning after
    the referee was killed. The kernel now kills it with the referee (``kernel.die_with_parent``)."""
    import signal
    import subprocess
    import time

    child = ("import os, sys; from archeo_lab.bots import kernel; kernel.die_with_parent(os.getppid()); "
             "sys.setswitchinterval(1e6); print(os.getpid(), flush=True)\nwhile True: pass")
    referee = ("import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', sys.argv[1]], "
               "stdout=subprocess.PIPE, text=True); print(p.stdout.readline().strip(), flush=True); "
               "import time; time.sleep(60)")
    run = subprocess.Popen([sys.executable, "-c", referee, child], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(run.stdout.readline())
        assert _alive(worker)
        run.send_signal(signal.SIGKILL)
        run.wait()
        end = time.monotonic() + 10
        while _alive(worker) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _alive(worker)
    finally:
        run.kill()


FOURTH = {
    # A fourth read-through's ways into the hook itself (each returns "ESCAPED" if it works), and a way to kill
    # the referee that Landlock's signal scope (Linux 6.12+) stops, but neither the filter nor the hook did.
    "sigio": '''
import fcntl, os

class Bot:
    def choose(self, state):
        fcntl.fcntl(4, fcntl.F_SETOWN, os.getppid())      # the answers' pipe: SIGIO to the referee as it reads
        fcntl.fcntl(4, fcntl.F_SETFL, fcntl.fcntl(4, fcntl.F_GETFL) | os.O_ASYNC)
        return "ESCAPED"
''',
    "cells": '''
class Bot:
    def choose(self, state):
        try:
            open("/proc/1/cmdline")
        except PermissionError as exc:
            tb = exc.__traceback__
            while tb.tb_next is not None:
                tb = tb.tb_next
            found = [getattr(v, "__closure__", None) for v in tb.tb_frame.f_locals.values()]
            cells = [c for closure in found if isinstance(closure, tuple) for c in closure]
            for cell in cells:
                cell.cell_contents = ()             # the hook's closed folders, devices, ... emptied
            if cells:
                return "ESCAPED"
        raise LookupError("no closure cell in the hook's frame")
''',
    "strhash": '''
import sys

seen = []

class Name(str):
    def __hash__(self):
        seen.append(sys._getframe(1).f_code.co_name)   # run inside the hook, it could reach its frame
        return str.__hash__(self)

class Bot:
    def choose(self, state):
        try:
            __import__(Name("no_such_module_here"))
        except ImportError:
            pass
        if "hook" in seen:
            return "ESCAPED"
        raise LookupError("the hook never ran my code")
''',
}


@needs_processes
@pytest.mark.skipif(sys.platform == "win32", reason="fcntl and the worker's pipes as numbered are POSIX's")
def test_the_hook_holds_no_state_a_bot_can_rewrite(tmp_path):
    from archeo_lab.bots import isolation

    hook = isolation._make_hook(1, None, ("/usr/",), ("/home/",), "utf-8")
    assert hook.__closure__ is None and isolation._may_read.__closure__ is None
    students = load_bots(write_bots(tmp_path / "bots", FOURTH), **LIMITS)
    result = al.tournament("cibola", {"random": "random", **students}, games=1, seed=3, progress=False, **LIMITS)
    errors = {e["bot"]: (e["reason"], e["message"]) for e in result.errors}
    assert set(errors) == set(FOURTH) and not any("ESCAPED" in m for _, m in errors.values()), errors
    assert "no closure cell" in errors["cells"][1] and "may not load that module" in errors["strhash"][1], errors
    assert "may not choose who gets a file's signals" in errors["sigio"][1], errors
    for event, args in (("os.getxattr", ("/home/t/notebook.ipynb", "user.grade", True)),     # read-through 8
                        ("os.listxattr", ("/home/t/notebook.ipynb", True)), ("fcntl.fcntl", (3, 1036, 0)),
                        ("fcntl.flock", (3, 2)), ("fcntl.fcntl", (3, 6, b"")), ("open", ("/proc/meminfo", "r", 0))):
        with pytest.raises(isolation.Refused):
            hook(event, args)
    hook("open", ("/proc/cpuinfo", "r", 0))                  # what numpy reads to count the cores


def test_bot_files_that_would_crash_or_fool_the_teachers_process_are_refused(tmp_path):
    """Read in the teacher's process, a file must not be able to stop ``load_bots``: a link (to ``/dev/zero``), a
    huge file, an expression too deep to parse. Names that could forge or fake a line of the table are skipped:
    the sixth read-through's too (Latin letters drawn like others, ɡ, ɑ, ſ; whole names in another alphabet,
    full-width or mathematical letters; an invisible filler; names alike but for accents)."""
    folder = write_bots(tmp_path / "bots", {"ada": GOOD, "zoé": GOOD, "léa": GOOD, "Ben": GOOD, "ben": GOOD,
                                            "gr\u0435\u0435dy": GOOD, "sam": GOOD, "\u017fam": GOOD, "Søren": GOOD,
                                            "soren": GOOD, "Łukasz": GOOD, "\u0261reedy": GOOD, "r\u0251ndom": GOOD,
                                            "\u0430\u0501\u0430": GOOD, "\uff47reedy": GOOD,
                                            "\U0001d5c0\U0001d5cb\U0001d5be\U0001d5be\U0001d5bd\U0001d5d2": GOOD,
                                            "\u3164": GOOD, "Iisa": GOOD, "lisa": GOOD, "B0B": GOOD, "BOB": GOOD})
    (folder / "le\u0301a.py").write_text(GOOD)                 # léa, as a Mac writes it
    (folder / "zero.py").symlink_to("/dev/zero")
    (folder / "alias.py").symlink_to(folder / "ada.py")
    (folder / "huge.py").write_text(GOOD + "#" * (300 * 1024))
    (folder / "deep.py").write_text("x = " + "1+" * 100_000 + "1\nclass Bot: pass\n")
    for name in ("greedy\u200b", "x\nerror: ada failed", "\x1b[2Kzed"):
        (folder / f"{name}.py").write_text(GOOD)
    with pytest.warns(UserWarning) as caught:
        students = load_bots(folder)
    said = [str(w.message) for w in caught]
    odd = ("greedy\\u200b", "gr\\u0435\\u0435dy", "\\u017fam", "\\u0261reedy", "r\\u0251ndom",
           "\\u0430\\u0501\\u0430", "\\uff47reedy", "\\U0001d5c0", "\\u3164")
    assert any(all(name in m for name in odd) for m in said), said
    assert any(all(name in m for name in ("Ben.py", "ben.py", "le\\u0301a.py", "S\\xf8ren.py", "soren.py", "Iisa.py",
                                          "lisa.py", "B0B.py", "BOB.py"))
               and "differ only" in m for m in said), said
    assert not any("\x1b" in m or "\n" in m for m in said)
    assert sorted(students) == ["ada", "alias", "deep", "huge", "sam", "zero", "zoé", "Łukasz"]
    why = {name: bot.broken and bot.broken[1] for name, bot in students.items()}
    assert why["ada"] is None and why["zoé"] is None
    assert "not a plain file" in why["zero"] and "not a plain file" in why["alias"]
    assert "larger than 256 KiB" in why["huge"] and "cannot parse" in why["deep"]
    from archeo_lab.exercises.class_tournament import entrants

    for name in ("Greedy", "grëedy", "Rändom", "randorn"):
        with pytest.raises(ValueError, match=f"rename {name}.py"):
            entrants({name: students["ada"]})


@needs_processes
def test_the_same_tournament_gives_the_same_games_for_a_bot_iterating_a_set(tmp_path):
    """Each worker used to get its own hash seed: a bot taking the first of a set of texts played differently in
    two runs of the same tournament. Workers now share one, and numpy's generator is seeded like ``random``."""
    students = load_bots(write_bots(tmp_path / "bots", {"setbot": '''
class Bot:
    def choose(self, state):
        return next(iter({str(a) for a in state.legal_actions()}))
'''}), **LIMITS)
    runs = [al.tournament("cibola", {"random": "random", **students}, games=2, seed=4, progress=False, **LIMITS)
            for _ in range(2)]
    assert not runs[0].errors and runs[0].games == runs[1].games


@needs_processes
def test_a_slow_import_is_paid_at_most_a_few_times(tmp_path, monkeypatch):
    """A bot loading in just under the limit, then timing out, was loaded again for every game. Its loads now
    have a budget in all (``LOAD_BUDGET`` x the load limit); past it, the bot is out. A bot that writes its own
    "ready" long before its import ends is timed by the referee's clock, from the worker's "booted" (sent before
    any of the bot's code runs): the sixth read-through's bot, waiting until its process was 1.95 s old when the
    referee took 2 s off for the interpreter's start, loaded for free after every forfeit."""
    from archeo_lab.bots import isolation

    monkeypatch.setattr(isolation, "LOAD_LIMIT", 0.1)           # the referee's limit: max(0.1, 5 x 0.1 s) = 0.5 s
    slow = """
import time

time.sleep(0.4)

class Bot:
    def choose(self, state):
        while True:
            pass
"""
    forger = """
import json, os, struct, time

time.sleep(0.7)
body = json.dumps({"ready": True, "seconds": 0.0}).encode()
os.write(4, struct.pack(">I", len(body)) + body)          # a "ready" of its own, with no time

class Bot:
    def choose(self, state):
        return state.legal_actions()[0]
"""
    students = load_bots(write_bots(tmp_path / "bots", {"slow": slow, "forger": forger}), **LIMITS)
    result = al.tournament("cibola", {"random": "random", **students}, games=4, seed=4, progress=False, **LIMITS)
    mine = {name: [e for e in result.errors if e["bot"] == name] for name in students}
    reasons = [e["reason"] for e in mine["slow"]]
    assert reasons.count("time") == 3 and set(reasons) == {"time", "load"}, reasons       # 0.4 s x 4 > 1.5 s
    assert all("in all" in e["message"] for e in mine["slow"] if e["reason"] == "load")
    assert {e["reason"] for e in mine["forger"]} == {"load"}, mine["forger"]
    assert "loading it took more than 0.5 s" in mine["forger"][0]["message"]


def test_an_answer_whose_error_is_not_text_is_garbage():
    bot = IsolatedBot(type("B", (), {"choose": len})(), name="odd")
    with pytest.raises(BotForfeit, match="odd answered something that is not an action"):
        bot._failed({"error": ["x"], "fatal": 1, "message": {"a": 1}})


#: libseccomp's table of every architecture's system call numbers (Debian's ``seccomp`` package; .ci/run installs it).
RESOLVER = "/usr/bin/scmp_sys_resolver"


def test_the_filters_call_numbers_are_the_kernels_on_both_machines():
    """Each name of ``kernel.NUMBERS`` has the number libseccomp knows for that machine, and a refused call is
    left out of a machine's table only where that machine has no such call.  ARM64's numbers are checked here
    without an ARM64 machine: a wrong one would refuse an honest call or let a refused one through."""
    from archeo_lab.bots import kernel

    if not os.path.exists(RESOLVER):
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {RESOLVER} is missing: .ci/run installs it with apt-get", pytrace=False)
        pytest.skip(f"{RESOLVER} is missing (apt-get install seccomp)")
    tags = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}       # AUDIT_ARCH_*: the machine's ELF number, 64-bit, LE
    for machine, (tag, numbers) in kernel.NUMBERS.items():
        assert tag == tags[machine], machine
        names = set(numbers) | set(kernel.REFUSED_CALLS) | set(kernel.OWN_CALLS)
        known = {name: int(subprocess.run([RESOLVER, "-a", machine, name], capture_output=True, text=True,
                                          check=True).stdout)
                 for name in names}                                     # below 0: no such call there
        # A call newer than this libseccomp (Debian 12's knows none past 450) has the number both machines share
        # since Linux 5.1 (424 and up; kernel.NUMBERS's comment), the same in both tables.
        newer = {name for name in names if known[name] < 0 and numbers.get(name, 0) >= 424}
        wrong = {name: (numbers.get(name), known[name]) for name in names - newer
                 if numbers.get(name, -1) != (known[name] if known[name] >= 0 else -1)}
        wrong |= {name: (numbers[name], "not the other machine's") for name in newer
                  if any(table.get(name) != numbers[name] for _, table in kernel.NUMBERS.values())}
        assert not wrong, f"{machine}: ours, libseccomp's: {wrong}"
        assert all(numbers.get(name, 0) <= kernel.NEWEST_REVIEWED for name in names), machine


def _process_state(pid: int) -> str:
    """R running, S sleeping, T stopped, Z ended (``/proc/<pid>/stat``)."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user + system), from ``/proc/<pid>/stat``."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@needs_processes
@pytest.mark.skipif(sys.platform != "linux", reason="workers are frozen between moves on Linux (/proc read here)")
def test_a_bot_cannot_keep_computing_between_its_moves(tmp_path):
    """A bot that writes its answer itself and goes on computing took its core from the bots that played after
    it, until the tournament ended. Its worker is now frozen between its moves: it uses no CPU until its next
    move, which it then forfeits (still in its old move, it never reads the request). An honest bot's worker is
    frozen too, and plays its next move as usual."""
    spinner = """
import json, os, struct

class Bot:
    def choose(self, state):
        body = json.dumps({"action": state.legal_actions()[0].to_json(), "seconds": 0.0}).encode()
        os.write(4, struct.pack(">I", len(body)) + body)           # its answer, written itself
        while True:                                               # then the core, for as long as it can
            pass
"""
    folder = write_bots(tmp_path / "bots", {"spinner": spinner, "honest": GOOD})
    game = al.get_game("cibola")
    for name in ("spinner", "honest"):
        bot = IsolatedBot(folder / f"{name}.py", time_limit=0.5, memory_limit=150)
        try:
            bot.new_game(1)
            state = game.new_state(players=2, seed=1)
            state.apply(bot.choose(state))
            pid = bot._worker.pid
            for _ in range(100):                                  # a signal takes effect soon, not at once
                if _process_state(pid) == "T":
                    break
                time.sleep(0.01)
            assert _process_state(pid) == "T", f"{name}'s worker is not frozen"
            before = _cpu_seconds(pid)
            time.sleep(0.5)                                       # the other bots' moves
            assert _cpu_seconds(pid) - before < 0.05, f"{name} computed between its moves"
            if name == "spinner":
                with pytest.raises(BotForfeit, match="no move after"):
                    bot.choose(state)
            else:
                state.apply(bot.choose(state))
        finally:
            bot.close()


@needs_processes
@pytest.mark.skipif(sys.platform != "linux", reason="queued signals and /proc/self/status as tested are Linux's")
def test_a_bot_holds_no_count_of_the_teachers_account_and_no_lock(tmp_path):
    """The sixth read-through's bots: one queued 96,364 real-time signals to itself, the whole account's count
    (every POSIX timer of the teacher's then failed until the tournament ended); two signalled each other 32 bits
    by taking and testing locks on a file every worker reads. A worker now queues no signal (its
    ``RLIMIT_SIGPENDING`` is 0, and its filter keeps it so) and takes no lock."""
    queuer = """
import fcntl, os, signal

class Bot:
    def choose(self, state):
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
        for _ in range(2000):
            os.kill(os.getpid(), signal.SIGRTMIN)
        with open(f"/proc/{os.getpid()}/status") as f:
            queued = next(line.split()[1] for line in f if line.startswith("SigQ:"))
        try:
            fcntl.flock(os.open(fcntl.__file__ if hasattr(fcntl, "__file__") else os.__file__, os.O_RDONLY),
                        fcntl.LOCK_EX | fcntl.LOCK_NB)
            lock = "taken"
        except Exception as exc:
            lock = type(exc).__name__
        raise RuntimeError(f"queued {queued} lock {lock}")
"""
    bot = IsolatedBot(write_bots(tmp_path / "bots", {"queuer": queuer}) / "queuer.py", time_limit=2)
    try:
        with pytest.raises(BotForfeit) as failed:
            bot.choose(al.get_game("cibola").new_state(players=2, seed=1))
    finally:
        bot.close()
    import re

    found = re.search(r"queued (\d+)/(\d+) lock (\w+)", failed.value.detail)   # the account's count / the limit
    assert found and int(found[1]) < 100 and found[2] == "0" and found[3] == "Refused", failed.value
