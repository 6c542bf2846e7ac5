"""The boards: one anywidget per game, driven by a ``Match`` and a synced view model.

::

    learner click -> widgets/<game>.js -> {"action": <json>} -> Board.act -> Match.apply
        -> bots reply -> game.view(state, seat) -> Board.view (synced) -> JS redraws

The JavaScript knows no rule: the game part ``view["board"]`` lists every clickable
target with the action it sends (and, for targets that cannot be played now, the
action to try, whose refusal names the rule, or the reason itself).

**Watching the bots.** After a learner's move the board sends one view per move
(the learner's, then each bot's), each with a ``frame``: who moved, the log lines
of that move and what to highlight.  The JavaScript replays these frames at the
pace the learner picks (instant included), so the kernel never sleeps and the
same code works in JupyterLab and JupyterLite.  ``view["recent"]`` is the "last
moves" line: everything that happened since the learner's last decision.

ipywidgets swallows exceptions raised in message callbacks, so every refusal or
error is written to ``view["message"]``, and tests call ``act`` directly.
"""

from __future__ import annotations

import logging
import random
import traceback
import uuid
from typing import Any

import anywidget
import ipywidgets
import traitlets

from archeo_lab.bots import Match
from archeo_lab.engine import CannotUndo, IllegalAction
from archeo_lab.engine.svg import image_html
from archeo_lab.engine.wording import SeatNames, address, plural

from .assets import board_sources

__all__ = ["Board", "Play", "board_class", "play"]

log = logging.getLogger(__name__)

#: What the board's opponent menu offers.
OPPONENT_CHOICES = ["random", "greedy", "mcts:easy", "mcts:medium", "mcts:hard"]
#: The bot that plays a learner's move when asked ("Bot move", "Bots to the end").
ADVISOR = "greedy"
#: Log lines kept in the "last moves" line after "Bots to the end" (no replay then).
TO_END_LINES = 12
#: Seeds drawn for "New game" (readable, so a learner can note one and replay it).
NEW_SEEDS = 1_000_000
#: What a board says to a move, an undo or a bot move asked for after the end.
GAME_OVER = "the game is over: press Rematch (the same set-up) or New game."

_WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def match_seed(match: Match) -> int:
    """A seed for helper bots that depends only on the match seed and its moves (reproducible)."""
    return match.state.seed * 1_000_003 + len(match.history)


class Board(anywidget.AnyWidget):
    """A game board in a notebook.  ``view`` is the synced view model; ``act`` plays a move.

    ``seat``: the seat this board plays for (``None``: whoever of the learners is to move,
    hot-seat play).  A board opened for a seat refuses moves for any other seat.
    """

    view = traitlets.Dict().tag(sync=True)
    #: A stable id, so every view of this board in the page shares one replay of the bots' moves.
    uid = traitlets.Unicode().tag(sync=True)

    def __init__(self, match: Match, seat: int | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        if seat is not None:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < match.state.players:
                raise ValueError(f"seat must be a seat of this {match.state.players}-player game "
                                 f"(0 to {match.state.players - 1}), not {seat!r}")
            if seat in match.bots:
                raise ValueError(f"seat {seat} is played by {match.names[seat]}: open the board for a learner's seat")
        self.uid = uuid.uuid4().hex
        self.match = match
        self.fixed_seat = seat
        self._seat = seat if seat is not None else (match.human_seats[0] if match.human_seats else None)
        self._seq = 0            # bumps every view, so a repeated refusal still reaches the board and redraws it
        self._play = 0           # bumps at every learner decision: the frames of one play replay together
        self._recent: list[str] = []
        self._events = 0         # events of the game already shown (a move's log lines are the new ones)
        self._listeners: list = []   # called after every change of position (Play refreshes its picture)
        self._clicked = False        # handling a message from the board (not Python code calling act())
        self._stale = False          # the picture in the outputs is older than the position
        self.on_msg(self._on_msg)
        self._start_watching()
        self._say("", "info")

    # -- what a click sends -------------------------------------------------------
    @property
    def legal(self) -> list[dict]:
        """The JSON of every move this board may play now (empty when it is not its turn)."""
        if self._refusal() is not None:
            return []
        return [a.to_json() for a in self.match.state.legal_actions()]

    @property
    def legal_text(self) -> list[str]:
        """The same moves in the rule book's words."""
        if self._refusal() is not None:
            return []
        return [str(a) for a in self.match.state.legal_actions()]

    def _refusal(self) -> str | None:
        """Why this board cannot play a move now, or None if it can."""
        match = self.match
        current = match.current_player
        if current is None:
            return GAME_OVER
        if current in match.bots:
            return f"it is {match.names[current]}'s turn, not yours: wait for it, or press Bot move."
        if self.fixed_seat is not None and current != self.fixed_seat:
            return (f"it is {match.names[current]}'s turn: this board plays for "
                    f"{match.names[self.fixed_seat]} only.")
        return None

    def act(self, action: Any) -> bool:
        """Play ``action`` (its JSON, text or value) for the learner; refusals land in ``view["message"]``.

        The bots then reply one move at a time; a view is sent after each move (a frame the
        board replays), saying which bot thinks next, so the board never looks frozen.
        Returns True if the move was played.
        """
        refusal = self._refusal()
        if refusal is not None:
            self._say(f"Refused: {self._addressed(refusal)}", "error")
            return False
        seat = self.match.current_player
        try:
            self.match.apply(action, autoplay=False)
        except IllegalAction as exc:
            self._say(f"Refused: {self._addressed(str(exc))}", "error")
            return False
        self._begin_play(learner_moved=True)
        self._frame(seat, bot=False)
        self._run_bots()
        return True

    def _run_bots(self, learners_too: bool = False) -> bool:
        """Let the bots move until a learner is to move (or, with ``learners_too``, to the end).

        Each bot move is sent as a frame; the last one (nobody left thinking) is the view the
        learner plays from.  A bot that crashes or chooses an illegal move stops the run; the
        board then says so truthfully (the moves before it stand).  Returns False in that case.
        """
        match = self.match
        while match.bot_to_move or (learners_too and not match.is_over):
            seat, by_bot = match.current_player, match.bot_to_move
            if not self._bot_plays():
                return False
            if not learners_too:
                self._frame(seat, bot=by_bot)
        if learners_too:
            self._catch_up(keep=TO_END_LINES)
        if learners_too or not self._final_sent:
            self._changed()
            self._say("", "info")
        return True

    def _bot_plays(self) -> bool:
        """The seat to move plays one move by a bot: its own bot, or the advisor for a learner's
        seat.  A bot's own code may fail: that is reported on the board, never hidden."""
        match = self.match
        seat = match.current_player
        try:
            if match.bot_to_move:
                match.step_bot()
            else:
                match.apply(self._advisor().choose(match.bot_view()), autoplay=False)
        except Exception as exc:
            log.error("bot move failed:\n%s", traceback.format_exc())
            self._bot_failed(seat, exc)
            return False
        return True

    def _bot_failed(self, seat: int, exc: Exception) -> None:
        name = self.match.names[seat]
        what = str(exc) if isinstance(exc, IllegalAction) else f"{name} crashed ({type(exc).__name__}: {exc})"
        played = "Your move was played. " if self._learner_moved else ""
        self._catch_up()
        self._changed()
        self._say(f"{what}. {played}It is still {name}'s turn: press Bot move to let it try again, "
                  "or choose other opponents.", "error")

    def _advisor(self):
        """The bot that plays a learner's move on request ("Bot move", "Bots to the end")."""
        from archeo_lab import bots

        return bots.make(ADVISOR, seed=match_seed(self.match))

    def command(self, name: str, value: Any = None) -> bool:
        """Board controls: ``"undo"``, ``"rematch"`` (the same set-up again), ``"new"`` (a fresh
        seed), ``"bot_move"`` (one move by a bot, for this board's seat too), ``"to_end"`` (bots
        finish the game), ``"opponents"`` (``value``: a bot name such as ``"mcts:hard"`` for every
        bot seat), ``"refresh"``, ``"picture"`` (refresh the picture in the outputs)."""
        handler = {
            "bot_move": self._cmd_bot_move, "to_end": self._cmd_to_end, "opponents": self._cmd_opponents,
            "undo": self._cmd_undo, "rematch": self._cmd_rematch, "new": self._cmd_new,
            "refresh": self._cmd_refresh, "picture": self._cmd_picture,
        }.get(name)
        if handler is None:
            self._say(f"Unknown board command {name!r}", "error")
            return False
        return handler(value)

    def _cmd_bot_move(self, _value: Any) -> bool:
        match = self.match
        if match.is_over:
            self._say(f"Refused: {GAME_OVER}", "error")
            return False
        seat = match.current_player
        if not match.bot_to_move and self.fixed_seat is not None and seat != self.fixed_seat:
            self._say(f"Refused: it is {match.names[seat]}'s turn: this board plays for "
                      f"{match.names[self.fixed_seat]} only.", "error")
            return False
        self._begin_play(learner_moved=False)
        if not self._bot_plays():
            return False
        self._frame(seat, bot=True)
        return self._run_bots()

    def _cmd_to_end(self, _value: Any) -> bool:
        if self.match.is_over:
            self._say(f"Refused: {GAME_OVER}", "error")
            return False
        self._begin_play(learner_moved=False)
        self._say("", "info", thinking=self.match.current_player)
        return self._run_bots(learners_too=True)

    def _cmd_opponents(self, value: Any) -> bool:
        from archeo_lab import bots

        try:
            bots.make(value, seed=0)
        except (ValueError, TypeError) as exc:
            self._say(f"Refused: {self._addressed(str(exc))}", "error")
            return False
        self.match.set_opponents({seat: value for seat in self.match.bots})
        self._begin_play(learner_moved=False)
        return self._run_bots()

    def _cmd_undo(self, _value: Any) -> bool:
        if self.match.is_over:
            self._say(f"Refused: there is no undo once {GAME_OVER}", "error")
            return False
        try:
            undone = self.match.undo()
        except CannotUndo as exc:
            self._say(f"Refused: {self._addressed(str(exc))}", "error")
            return False
        self._highlight = []
        self._events = self._view_events()
        self._recall()
        self._changed()
        self._say(f"Undone: {plural(undone, 'move')} taken back.", "info")
        return True

    def _replace_match(self, seed: int, state: Any = None) -> None:
        from archeo_lab import bots

        old = self.match
        # Named bots are made afresh (so the game is the one al.play(seed=...) gives).
        opponents = {s: spec if spec.split(":")[0] in bots.available() else old.bots[s]
                     for s, spec in old.opponents.items()}
        self.match = Match(old.game, players=old.state.players, seed=seed, variant=old.state.variant,
                           opponents=opponents, names=old.names, state=state)
        self._events, self._seen = 0, []
        self._begin_play(learner_moved=False)
        self._catch_up(keep=TO_END_LINES)

    def _cmd_rematch(self, _value: Any) -> bool:
        old = self.match
        self._replace_match(old.state.seed, state=old.game.state_from_json(old.initial))
        self._changed()
        self._say(f"Rematch: the same set-up (seed {self.match.state.seed}).", "info")
        return True

    def _cmd_new(self, _value: Any) -> bool:
        # A fresh seed, not seed + 1: nearby seeds are unrelated anyway, but a class comparing
        # games wants new deals, and the seed is shown so a game can be replayed.
        self._replace_match(random.SystemRandom().randrange(NEW_SEEDS))
        self._changed()
        self._say(f"New game (seed {self.match.state.seed}).", "info")
        return True

    def _cmd_picture(self, _value: Any) -> bool:
        """The board went quiet: bring the picture in its outputs up to date (no view is sent)."""
        if self._stale:
            self._refresh_picture()
        return True

    def _cmd_refresh(self, _value: Any) -> bool:
        self._say(self.view.get("message", ""), self.view.get("message_kind", "info"))
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        moves = len(self.match.history)
        self._clicked = True
        try:
            if isinstance(content, dict) and "action" in content:
                self.act(content["action"])
            elif isinstance(content, dict) and "command" in content:
                self.command(content["command"], content.get("value"))
            else:
                self._say(f"The board sent a message it cannot read: {content!r}", "error")
        except Exception as exc:  # ipywidgets would swallow it: show it on the board instead
            log.error("board message failed:\n%s", traceback.format_exc())
            done = len(self.match.history) - moves
            what = (f"{plural(done, 'move')} played before it" if done > 0
                    else "nothing was played")
            self._say(f"Internal error ({type(exc).__name__}: {exc}); {what}.", "error")
        finally:
            self._clicked = False

    # -- frames: what the board replays ---------------------------------------------
    def _begin_play(self, learner_moved: bool) -> None:
        """A learner's decision starts a new play: the "last moves" line starts afresh."""
        self._play += 1
        self._learner_moved = learner_moved
        self._final_sent = False
        self._highlight: list = []
        self._recent = []

    def _new_lines(self, board: dict) -> tuple[list[str], list]:
        """The log lines (and their highlights) of the events since the last frame.

        The view counts the game's events; a game that trims its log (Tikal keeps the last ones)
        makes the count drop, and then the new lines are found where the lines seen last end.
        """
        events = board.get("events", 0)
        log_lines, marks = board.get("log", []), board.get("log_marks", [])
        if events >= self._events:
            new = events - self._events
        else:
            new = self._realign(log_lines)
        self._events, self._seen = events, list(log_lines)
        new = min(new, len(log_lines))
        if not new:
            return [], []
        return log_lines[-new:], [m for ms in marks[-new:] for m in ms]

    def _realign(self, log_lines: list[str]) -> int:
        """How many lines at the end of ``log_lines`` are new: the fewest that leave the lines seen
        last as the ones just before them (all of them if they no longer overlap)."""
        seen = self._seen
        for new in range(1, len(log_lines) + 1):
            before = log_lines[:len(log_lines) - new]
            overlap = min(len(seen), len(before))
            if overlap and before[-overlap:] == seen[-overlap:]:
                return new
        return len(log_lines)

    def _frame(self, seat: int, bot: bool) -> None:
        """Send the view after one move: a frame the board shows (and highlights) before the next."""
        board = self._board_view()
        lines, marks = self._new_lines(board)
        self._recent.extend(lines)
        self._highlight = marks
        names = self.names
        title = "your move" if seat in names.you else f"{names[seat]}'s move"
        frame = {"play": self._play, "seat": seat, "bot": bot, "lines": lines, "title": title}
        match = self.match
        thinking = match.current_player if match.bot_to_move else None
        if thinking is None:
            self._changed()
        self._publish(board, "", "info", thinking=thinking, frame=frame)
        self._final_sent = thinking is None

    def _catch_up(self, keep: int | None = None) -> None:
        """Take every event so far into the "last moves" line (no frame: nothing to replay)."""
        board = self._board_view()
        lines, _ = self._new_lines(board)
        self._recent.extend(lines)
        if keep is not None:
            self._recent = self._recent[-keep:]

    def _view_events(self) -> int:
        board = self._board_view()
        self._seen = list(board.get("log", []))
        return board.get("events", 0)

    def _start_watching(self) -> None:
        self._events = self._view_events()
        self._learner_moved = False
        self._highlight = []
        self._recall()

    def _recall(self) -> None:
        """The "last moves" line of a position the learner did not see played (a board opened on a lesson's
        position, a move undone): the last lines of its log, or "none yet" before any move."""
        lines = self._seen if self.match.history else []
        self._recent = list(lines[-TO_END_LINES:])

    def _changed(self) -> None:
        """The position changed: refresh the picture in the board's outputs (for exports).

        A move clicked on the board only marks the picture stale: the board asks for it once
        the learner pauses (``command("picture")``), since refreshing an output makes JupyterLab
        draw the widget anew, which would double the time a click takes.  A move played from
        Python (``act()`` in a cell, a notebook run headless) refreshes it at once."""
        if self._clicked:
            self._stale = True
            return
        self._refresh_picture()

    def _refresh_picture(self) -> None:
        self._stale = False
        for listener in list(self._listeners):
            listener()

    # -- the view model -------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat whose eyes the board uses (the learner's; in hot-seat play, whoever is to move)."""
        if self.fixed_seat is None:
            current = self.match.current_player
            if current is not None and current not in self.match.bots:
                self._seat = current
        return self._seat

    @property
    def names(self) -> SeatNames:
        """The seat names, with the seat called "You" addressed as you ("You take", "Bot 1 takes")."""
        return SeatNames.addressing(self.match.names)

    def _addressed(self, refusal: str) -> str:
        """A refusal of the rules ("it is seat 0's bid") in the board's words: the seat this board plays is "you",
        whatever its name (the header says "Your move"), the others their names."""
        names = self.names
        you = set(names.you) | ({self.seat} if self.seat is not None else set())
        return address(refusal, SeatNames(names, you=you))

    def _board_view(self) -> dict:
        return self.match.game.view(self.match.state, self.seat, names=self.names)

    def _say(self, message: str, kind: str, thinking: int | None = None) -> None:
        """Send a view that is no frame (a refusal, an undo, the end of a run of bot moves)."""
        self._publish(self._board_view(), message, kind, thinking=thinking, frame=None)

    def _publish(self, board: dict, message: str, kind: str, thinking: int | None, frame: dict | None) -> None:
        match, state = self.match, self.match.state
        seat = self.seat
        board = {k: v for k, v in board.items() if k not in ("log_marks", "events")}
        over = state.is_terminal
        mine = thinking is None and not over and self._refusal() is None
        specs = set(match.opponents.values())
        self._seq += 1
        self.view = {
            "seq": self._seq,
            "game": match.game.key,
            "title": match.game.title,
            "seed": state.seed,
            "seat": seat,
            "names": list(match.names),
            "bots": sorted(match.bots),
            "current_player": state.current_player,
            "your_turn": mine,
            "over": over,
            "scores": state.scores(),
            "winners": state.winners() if over else [],
            "message": message,
            "message_kind": kind,
            "can_undo": match.can_undo and thinking is None and not over,
            "can_bot_move": not over and thinking is None and (
                match.bot_to_move or self.fixed_seat is None or state.current_player == self.fixed_seat),
            "moves": len(match.history),
            "thinking": None if thinking is None else match.names[thinking],
            "opponent": specs.pop() if len(specs) == 1 else None,
            "opponent_choices": OPPONENT_CHOICES if match.bots else [],
            "play": self._play,
            "frame": frame,
            "recent": list(self._recent),
            "highlight": self._highlight,
            "picture_stale": self._stale,
            "board": board,
        }

    # -- the static picture (exports) -------------------------------------------------
    def picture(self) -> str:
        """The position as an SVG picture, as this board's seat sees it (hidden information left out)."""
        return str(self.match.game.draw(self.match.state, seat=self.seat, names=list(self.match.names)))

    def words(self) -> str:
        """The position in words, as this board's seat sees it (what ``picture()`` shows)."""
        match = self.match
        return match.state.text(self.seat, names=list(match.names))

    def summary(self) -> str:
        """One line of plain text: the game, the seats and how far it has gone."""
        match = self.match
        seats = ", ".join(match.names)
        where = "game over" if match.is_over else f"{match.names[match.current_player]} to move"
        played = plural(len(match.history), "move")
        return f"{match.game.title} board (seed {match.state.seed}): {seats}; {played}, {where}"

    def _repr_mimebundle_(self, **kwargs: Any):
        return _with_picture(super()._repr_mimebundle_(**kwargs), self)

    def _ipython_display_(self) -> None:
        _display_with_picture(self, self)


def _with_picture(bundle: Any, board: Board):
    """A widget's mime bundle plus the static picture, described, and a plain-text line.

    Exported notebooks (nbconvert's HTML without widget state, nbviewer, GitHub) drop the
    widget and show the picture instead: as ``text/html``, an ``<img>`` whose alternative text
    is the summary line and the position in words as the board's seat sees it (what the
    picture shows, nothing hidden), and as the bare ``image/svg+xml`` for front ends that
    prefer it.
    """
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    data = dict(data or {})
    picture, summary = board.picture(), board.summary()
    data["image/svg+xml"] = picture
    data["text/html"] = image_html(picture, f"{summary}.\n{board.words()}")
    data["text/plain"] = summary
    return data, metadata


def _display_with_picture(widget: ipywidgets.DOMWidget, board: Board) -> None:
    """Display ``widget`` with its picture, and keep the picture current.

    The mime bundle is fixed at display time, so the output is re-published (same widget,
    new picture) after every change of position: a notebook saved or exported after playing
    shows the position it was left in.  JupyterLab then renders the widget afresh; the
    board's replay of the bots' moves lives with the widget's model, so it goes on.
    """
    from IPython.display import display

    data, metadata = _with_picture(ipywidgets.DOMWidget._repr_mimebundle_(widget), board)
    handle = display(data, metadata=metadata, raw=True, display_id=True)
    if handle is None:   # no display hook (plain Python): nothing to keep current
        return

    def refresh() -> None:
        fresh, meta = _with_picture(ipywidgets.DOMWidget._repr_mimebundle_(widget), board)
        try:
            handle.update(fresh, metadata=meta, raw=True)
        except Exception:  # a front end without display updates: the picture stays the first one
            log.warning("cannot update the board's picture:\n%s", traceback.format_exc())
            board._listeners.remove(refresh)

    board._listeners.append(refresh)


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
        """The match behind the board (the game, its seats, its history)."""
        return self.board.match

    def __repr__(self) -> str:
        return f"<Play: {self.board.summary()}>"

    def _repr_mimebundle_(self, **kwargs: Any):
        return _with_picture(super()._repr_mimebundle_(**kwargs), self.board)

    def _ipython_display_(self) -> None:
        _display_with_picture(self, self.board)


def play(game: str, players: int | None = None, seed: int | None = None, variant: str | None = None,
         opponents: dict | None = None, names: list[str] | None = None, seat: int | None = None,
         state: Any = None) -> Play:
    """A new match on a board.  Without ``opponents``, you hold seat 0 and greedy bots the others;
    ``opponents={}`` leaves every seat to people (hot seat).  ``state`` starts from a given
    position (for example a tutorial's) instead of a new game; ``seat`` makes the board play
    for that seat only."""
    from archeo_lab.engine import get_game

    if opponents is None:
        n = state.players if state is not None else get_game(game).check_players(players)
        opponents = {s: "greedy" for s in range(1, n)}
    match = Match(game, players=players, seed=seed, variant=variant, opponents=opponents, names=names,
                  state=state.clone() if state is not None else None)
    return Play(board_class(match.game.key)(match, seat=seat))
