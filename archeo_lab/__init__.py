"""archeo-lab: learn archaeology board games and game theory in Jupyter.

>>> import archeo_lab as al
>>> game = al.get_game("cibola")
>>> state = game.new_state(players=3, seed=7)
>>> state.apply("bid 1")
>>> state.current_player in (0, 1, 2)
True

``al.play(...)`` opens an interactive board (needs Jupyter); everything else
is plain Python and runs anywhere, JupyterLite included.
"""

from . import games as _games  # noqa: F401  (registers the built-in games)
from .bots import Match  # the engine's Match, also reading bot names ("greedy", "mcts:hard")
from .browser import IN_BROWSER as _IN_BROWSER
from .browser import install_notebook_hint as _install_notebook_hint
from .charts import show_chart
from .printing import Table
from .printing import install as _install_printing
from .engine import (
    CannotUndo, CorruptSave, Game, IllegalAction, SetupError, State, UnreadableAction,
    get_game, list_games, register,
)

__version__ = "0.1.0"

_install_printing()   # in Jupyter, a Fraction shows as 51/10 (= 5.1), not Fraction(51, 10)
if _IN_BROWSER:   # JupyterLite: a chart that cannot be downloaded says so, and Run All goes on
    _install_notebook_hint()

__all__ = [
    "get_game", "list_games", "register", "IllegalAction", "UnreadableAction", "CannotUndo",
    "CorruptSave", "SetupError", "Game", "State", "Match", "play", "tournament", "show_chart", "Table", "__version__",
]


def play(game: str, players: int | None = None, seed: int | None = None, variant: str | None = None,
         opponents: dict | None = None, names: list[str] | None = None, seat: int | None = None,
         state: State | None = None):
    """An interactive board with its controls, ready to play in a notebook.

    ``opponents`` maps seats to bots (``{1: "greedy", 2: "random"}``); the
    other seats are yours; ``state`` starts from a given position.  The
    returned widget has ``.board`` (its ``view`` and ``act(action_json)``)
    and ``.match``.
    """
    from .ui import play as _play

    return _play(game, players=players, seed=seed, variant=variant, opponents=opponents, names=names,
                 seat=seat, state=state)


def tournament(game: str, bots, *, games: int = 10, seed: int = 0, players: int | None = None,
               variant: str | None = None, processes: int = 1, progress: bool | object = True,
               time_limit: float = 1.0, memory_limit: float | None = 512, isolate: bool = True):
    """A class tournament: every group of bots, every seating, ``games`` games each.

    ``bots`` are names (``"random"``, ``"greedy"``, ``"mcts:easy"``), students'
    bot files (``load_bots``) or objects with ``choose(state)`` (a learner's
    bot).  A learner's bot plays from a worker process of its own, with
    ``time_limit`` seconds a move and ``memory_limit`` MiB; a hang, an exit, a
    crash, too much memory, garbage, an illegal move or a change to the engine
    forfeits that game, reported against that bot, and the tournament goes on.
    Returns a ``TournamentResult`` (``.table``, ``.pairwise``, ``.errors``,
    ``.notes``, ``.plot()``).  A progress bar shows in notebooks and terminals
    (``progress=False`` hides it).  See ``archeo_lab.theory.tournaments`` and
    ``docs/howto/class_tournament.md``.
    """
    from .theory.tournaments import terminal_progress
    from .theory.tournaments import tournament as _tournament

    if progress is True:
        import sys

        progress = terminal_progress if sys.stderr.isatty() else None
        try:
            from .ui.progress import NotebookProgress, in_notebook

            if in_notebook():
                progress = NotebookProgress()
        except ImportError:   # no ipywidgets (a bare Python): the terminal bar it is
            pass
    elif progress is False:
        progress = None
    return _tournament(game, bots, games=games, seed=seed, players=players, variant=variant,
                       processes=processes, progress=progress, time_limit=time_limit,
                       memory_limit=memory_limit, isolate=isolate)
