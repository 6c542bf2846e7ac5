"""The greedy bot: one ply of look-ahead with the game's own evaluation.

For each legal action it plays the action on a determinized copy (so it never
sees hidden cards or bids), asks ``game.evaluate`` for a value per seat, and
keeps the action with the best margin over the strongest opponent.  Ties are
broken with its seeded generator.
"""

from __future__ import annotations

from archeo_lab.engine import Action, State

from .base import Bot

__all__ = ["GreedyBot"]


class GreedyBot(Bot):
    """Maximises ``value[me] - max(value[others])`` one action ahead."""

    name = "greedy"

    def choose(self, state: State) -> Action:
        me = state.current_player
        if me is None:
            raise ValueError("the game is over: there is no move to choose")
        world = state.determinize(me, self.rng.spawn())
        actions = world.legal_actions()
        if len(actions) == 1:
            return actions[0]
        evaluate = state.game.evaluate
        best, best_actions = None, []
        for action in actions:
            after = world.clone()
            after.apply(action)
            values = evaluate(after)
            others = [v for s, v in enumerate(values) if s != me]
            margin = values[me] - (max(others) if others else 0.0)
            if best is None or margin > best + 1e-9:
                best, best_actions = margin, [action]
            elif abs(margin - best) <= 1e-9:
                best_actions.append(action)
        return self.rng.choice(best_actions)
