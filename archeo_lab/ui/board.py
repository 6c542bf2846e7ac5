"""The boards: one anywidget per game, driven by a ``Match`` and a synced view model.

::

    learner click -> widgets/<game>.js -> {"action": <json>} -> Board.act -> Match.apply
        -> bots reply -> game.view(state, seat) -> Board.view (synced) -> JS redraws

The JavaScript knows no rule: ``view["legal"]`` and the game part
``view["board"]`` list every clickable target with the action it sends.
ipywidgets swallows exceptions raised in message callbacks, so every refusal
or error is written to ``view["message"]``, and tests call ``act`` directly.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any

import anywidget
import ipywidgets
import traitlets

from archeo_lab.engine import CannotUndo, IllegalAction, Match

from .assets import board_sources

__all__ = ["Board", "Play", "board_class", "play"]

log = logging.getLogger(__name__)

#: What the board's opponent menu offers.
OPPONENT_CHOICES = ["random", "greedy", "mcts:easy", "mcts:medium", "mcts:hard"]
#: The bot that plays a learner's move when asked ("Bot move", "Bots to the end").
ADVISOR = "greedy"


def match_seed(match: Match) -> int:
    """A seed for helper bots that depends only on the match seed and its moves (reproducible)."""
    return match.state.seed * 1_000_003 + len(match.history)


class Board(anywidget.AnyWidget):
    """A game board in a notebook.  ``view`` is the synced view model; ``act`` plays a move."""

    view = traitlets.Dict().tag(sync=True)

    def __init__(self, match: Match, seat: int | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.match = match
        self.fixed_seat = seat
        self._seq = 0   # bumps every view, so a repeated refusal still reaches the board and redraws it
        self._seat = seat if seat is not None else (match.human_seats[0] if match.human_seats else None)
        self.on_msg(self._on_msg)
        self._say("", "info")

    # -- what a click sends -------------------------------------------------------
    def act(self, action: Any) -> bool:
        """Play ``action`` (its JSON, text or value) for the learner; refusals land in ``view["message"]``.

        The bots then reply one move at a time; the view is sent after each
        move, saying which bot is thinking, so the board never looks frozen.
        Returns True if the move was played.  Errors other than a refused move propagate.
        """
        seat = self.match.current_player
        try:
            played = self.match.apply(action, autoplay=False)
        except IllegalAction as exc:
            self._say(f"Refused: {exc}", "error")
            return False
        message = f"{self.match.names[seat]}: {played[0][1]}"
        self._run_bots(message)
        return True

    def _run_bots(self, message: str, learners_too: bool = False) -> None:
        """Let the bots move until a learner is to move (or, with ``learners_too``, to the end)."""
        match = self.match
        while match.bot_to_move or (learners_too and not match.is_over):
            seat = match.current_player
            self._say(message, "info", thinking=seat)
            if match.bot_to_move:
                match.step_bot()
            else:
                match.apply(self._advisor().choose(match.bot_view()), autoplay=False)
        self._say(message, "info")

    def _advisor(self):
        """The bot that plays a learner's move on request ("Bot move", "Bots to the end")."""
        from archeo_lab import bots

        return bots.make(ADVISOR, seed=match_seed(self.match))

    def command(self, name: str, value: Any = None) -> bool:
        """Board controls: ``"undo"``, ``"new"`` (next seed), ``"bot_move"`` (one move by a bot,
        for a learner's seat too), ``"to_end"`` (bots finish the game), ``"opponents"`` (``value``:
        a bot name such as ``"mcts:hard"`` for every bot seat), ``"refresh"``."""
        if name == "bot_move":
            if self.match.is_over:
                self._say("The game is over.", "error")
                return False
            seat = self.match.current_player
            if self.match.bot_to_move:
                _, action = self.match.step_bot()
            else:
                action = self._advisor().choose(self.match.bot_view())
                self.match.apply(action, autoplay=False)
            self._run_bots(f"{self.match.names[seat]}: {action} (played by a bot)")
            return True
        if name == "to_end":
            self._run_bots("Bots played to the end.", learners_too=True)
            return True
        if name == "opponents":
            from archeo_lab import bots

            try:
                bots.make(value, seed=0)
            except (ValueError, TypeError) as exc:
                self._say(f"Refused: {exc}", "error")
                return False
            self.match.set_opponents({seat: value for seat in self.match.bots})
            self._run_bots(f"Opponents: {value}.")
            return True
        if name == "undo":
            try:
                undone = self.match.undo()
            except CannotUndo as exc:
                self._say(str(exc), "error")
                return False
            self._say(f"Undone: {undone} move{'s' if undone != 1 else ''} taken back.", "info")
            return True
        if name == "new":
            from archeo_lab import bots

            old = self.match
            # Named bots are made afresh (so the new game is the one al.play(seed=...+1) gives).
            opponents = {s: spec if spec.split(":")[0] in bots.available() else old.bots[s]
                         for s, spec in old.opponents.items()}
            self.match = Match(old.game, players=old.state.players, seed=old.state.seed + 1,
                               variant=old.state.variant, opponents=opponents, names=old.names)
            self._say(f"New game (seed {self.match.state.seed}).", "info")
            return True
        if name == "refresh":
            self._say(self.view.get("message", ""), self.view.get("message_kind", "info"))
            return True
        self._say(f"Unknown board command {name!r}", "error")
        return False

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            if isinstance(content, dict) and "action" in content:
                self.act(content["action"])
            elif isinstance(content, dict) and "command" in content:
                self.command(content["command"], content.get("value"))
            else:
                self._say(f"The board sent a message it cannot read: {content!r}", "error")
        except Exception as exc:  # ipywidgets would swallow it: show it on the board instead
            log.error("board message failed:\n%s", traceback.format_exc())
            self._say(f"Internal error ({type(exc).__name__}: {exc}); the move was not played.", "error")

    # -- the view model -------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat whose eyes the board uses (the learner's; in hot-seat play, whoever is to move)."""
        if self.fixed_seat is None:
            current = self.match.current_player
            if current is not None and current not in self.match.bots:
                self._seat = current
        return self._seat

    def _say(self, message: str, kind: str, thinking: int | None = None) -> None:
        match, state = self.match, self.match.state
        seat = self.seat
        mine = thinking is None and state.current_player is not None and state.current_player == seat
        legal = state.legal_actions() if mine else []
        specs = set(match.opponents.values())
        self._seq += 1
        self.view = {
            "seq": self._seq,
            "game": match.game.key,
            "title": match.game.title,
            "seat": seat,
            "names": list(match.names),
            "bots": sorted(match.bots),
            "current_player": state.current_player,
            "your_turn": mine,
            "over": state.is_terminal,
            "scores": state.scores(),
            "winners": state.winners() if state.is_terminal else [],
            "legal": [a.to_json() for a in legal],
            "legal_text": [str(a) for a in legal],
            "message": message,
            "message_kind": kind,
            "can_undo": match.can_undo and thinking is None,
            "moves": len(match.history),
            "thinking": None if thinking is None else match.names[thinking],
            "opponent": specs.pop() if len(specs) == 1 else None,
            "opponent_choices": OPPONENT_CHOICES if match.bots else [],
            "board": match.game.view(state, seat, names=match.names),
        }


_CLASSES: dict[str, type[Board]] = {}


def board_class(key: str) -> type[Board]:
    """The ``Board`` subclass carrying a game's front end (built once per game)."""
    cls = _CLASSES.get(key)
    if cls is None:
        esm, css = board_sources(key)
        name = "".join(part.capitalize() for part in key.split("_")) + "Board"
        cls = _CLASSES[key] = type(name, (Board,), {"_esm": esm, "_css": css, "__module__": __name__})
    return cls


class Play(ipywidgets.VBox):
    """What ``al.play`` returns: the board (``.board``) in a box, and its ``.match``."""

    def __init__(self, board: Board):
        super().__init__([board])
        self.board = board

    @property
    def match(self) -> Match:
        return self.board.match


def play(game: str, players: int | None = None, seed: int | None = None, variant: str | None = None,
         opponents: dict | None = None, names: list[str] | None = None, seat: int | None = None,
         state: Any = None) -> Play:
    """A new match on a board.  Without ``opponents``, you hold seat 0 and greedy bots the others;
    ``opponents={}`` leaves every seat to people (hot seat).  ``state`` starts from a given
    position (for example a tutorial's) instead of a new game."""
    from archeo_lab.engine import get_game

    if opponents is None:
        n = state.players if state is not None else get_game(game).check_players(players)
        opponents = {s: "greedy" for s in range(1, n)}
    match = Match(game, players=players, seed=seed, variant=variant, opponents=opponents, names=names,
                  state=state.clone() if state is not None else None)
    return Play(board_class(match.game.key)(match, seat=seat))
