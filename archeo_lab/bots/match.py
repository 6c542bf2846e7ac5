"""``archeo_lab.Match``: the engine's match, with bots also given by name.

The engine seats bot objects only (``archeo_lab.engine.Match``: the engine imports no bot).  This
subclass reads the names the bots' registry knows (``"random"``, ``"greedy"``, ``"mcts:hard"``,
see ``archeo_lab.bots.make``), seeds each named bot from the match seed, and saves the names, so
that a saved match loads with the same bots.

>>> import archeo_lab as al
>>> m = al.Match("cibola", players=3, seed=1, opponents={1: "greedy", 2: "random"})
>>> m.current_player        # bots have played until a learner's seat is to move
0
>>> m.opponents
{1: 'greedy', 2: 'random'}
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine.match import Match as EngineMatch

from .registry import describe, make

__all__ = ["Match"]


class Match(EngineMatch):
    """A game where some seats are bots, given as names or objects (see ``archeo_lab.engine.Match``)."""

    def _seat_bot(self, seat: int, spec: Any, seed: int) -> Any:
        return make(spec, seed=seed)

    def _bot_label(self, spec: Any) -> str:
        return describe(spec)
