"""A match: one game with seats for learners and bots, its history, undo and saves.

The engine's ``Match`` seats bot *objects* (anything with ``choose(state)``); it knows no bot by
name.  ``archeo_lab.Match`` (``archeo_lab.bots.match``) is the same class that also reads names
(``"greedy"``, ``"mcts:hard"``) through the bots' registry.

>>> from archeo_lab.bots import GreedyBot, RandomBot
>>> m = Match("cibola", players=3, seed=1, opponents={1: GreedyBot(), 2: RandomBot()})
>>> m.current_player        # bots have played until a learner's seat is to move
0
>>> played = m.apply("bid 2")
>>> [seat for seat, _ in played][:1]
[0]
>>> m.opponents
{1: 'greedy', 2: 'random'}
"""

from __future__ import annotations

import json
import os
from typing import Any
from collections.abc import Mapping

from .actions import Action
from .errors import CannotUndo, CorruptSave, IllegalAction, quote
from .game import Game, State
from .registry import get_game
from .rng import Rng
from .saves import MAX_SAVE_CHARS, read_envelope

__all__ = ["Match", "MATCH_FORMAT", "MATCH_SCHEMA"]

MATCH_FORMAT = "archeo-lab/match"
MATCH_SCHEMA = 1


class Match:
    """A game where some seats are bots; the learner plays the other seats.

    Parameters
    ----------
    game : str or Game
        ``"cibola"``, ``"tikal"``, ... (see ``archeo_lab.list_games()``).
    players, seed, variant
        As for ``game.new_state``; the seed also seeds the bots.
    opponents : dict, optional
        Seat -> bot: any object with ``choose(state)`` (and optionally ``reseed(seed)``, called
        before each of its moves so that a match replays the same).  Seats not listed are played by
        the learner.  Bot names are read one layer up (``archeo_lab.Match``, ``_seat_bot``).
    names : list of str, optional
        A name per seat, for boards and logs.

    After every learner move the bots play until a learner's seat is to move
    or the game ends.  ``undo()`` takes back the learner's last move (and the
    bots' replies) unless cards were drawn or hidden choices revealed since:
    undo never crosses chance.  Once the game is over, the result stands:
    ``undo()`` is refused with ``CannotUndo`` (``can_undo`` is False), the same
    on the board and here.
    """

    def __init__(self, game: str | Game, players: int | None = None, seed: int | None = None,
                 variant: str | None = None, opponents: Mapping[int, Any] | None = None,
                 names: list[str] | None = None, *, state: State | None = None, autoplay: bool = True):
        self.game = get_game(game)
        self.state = state if state is not None else self.game.new_state(players, seed, variant)
        self.initial = self.state.to_dict()
        n = self.state.players
        opponents = dict(opponents or {})
        for seat in opponents:
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"opponents: seat {seat!r} is not a seat of this {n}-player game (0 to {n - 1})")
        seeds = Rng(self.state.seed ^ 0xB07)
        self._bot_seeds = [seeds.below(2**31) for _ in range(n)]
        self.bots = {seat: self._seat_bot(seat, spec, self._bot_seeds[seat])
                     for seat, spec in sorted(opponents.items())}
        self.opponents = {seat: self._bot_label(spec) for seat, spec in sorted(opponents.items())}
        if names is None:
            humans = [s for s in range(n) if s not in self.bots]
            names = [("You" if len(humans) == 1 else f"Player {s + 1}") if s not in self.bots
                     else f"Bot {s} ({self.opponents[s]})" for s in range(n)]
        if len(names) != n or not all(isinstance(x, str) for x in names):
            raise ValueError(f"names: give {n} names, one per seat")
        self.names = list(names)
        self.history: list[tuple[int, Action]] = []
        self._snapshots: list[tuple[int, State]] = []
        if autoplay:
            self.play_bots()

    # -- seating bots (overridden by archeo_lab.bots.match.Match to read names) ------
    def _seat_bot(self, seat: int, spec: Any, seed: int) -> Any:
        """The bot that plays ``seat`` for ``spec``; here ``spec`` must already be a bot object."""
        if not callable(getattr(spec, "choose", None)):
            raise ValueError(f"opponents: seat {seat} gets {quote(spec)}, which is not a bot (an object with "
                             "choose(state)); bot names such as 'greedy' are read by archeo_lab.Match")
        return spec

    def _bot_label(self, spec: Any) -> str:
        """A short readable name for a seat's bot (boards, logs, saves): its ``name``, else its class."""
        return str(getattr(spec, "name", None) or type(spec).__name__)

    # -- state --------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` at the end."""
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_terminal

    @property
    def human_seats(self) -> list[int]:
        """The seats no bot plays (the learners'), in order."""
        return [s for s in range(self.state.players) if s not in self.bots]

    @property
    def bot_to_move(self) -> bool:
        """True if the game goes on and a bot's seat is to move."""
        return not self.state.is_terminal and self.state.current_player in self.bots

    def set_opponents(self, opponents: Mapping[int, Any]) -> None:
        """Put bots in some seats, e.g. to change their level mid-game."""
        for seat, spec in opponents.items():
            if not isinstance(seat, int) or not 0 <= seat < self.state.players:
                raise ValueError(f"opponents: seat {seat!r} is not a seat of this game")
            old = self.opponents.get(seat)
            self.bots[seat] = self._seat_bot(seat, spec, self._bot_seeds[seat])
            self.opponents[seat] = self._bot_label(spec)
            if old is None or self.names[seat] == f"Bot {seat} ({old})":
                self.names[seat] = f"Bot {seat} ({self.opponents[seat]})"

    # -- moves --------------------------------------------------------------------
    def apply(self, action: Action | str | dict[str, Any], autoplay: bool = True) -> list[tuple[int, Action]]:
        """Play the learner's move, then (unless ``autoplay=False``) the bots' replies.

        Returns every (seat, action) played.
        """
        seat = self.state.current_player
        if seat is None:
            raise IllegalAction("the game is over: no more moves")
        if seat in self.bots:
            raise IllegalAction(f"it is {self.names[seat]}'s turn, not yours")
        action = self.state.resolve(action)
        snapshot = self.state.clone()
        self.state.apply(action)
        self._snapshots.append((len(self.history), snapshot))
        self.history.append((seat, action))
        return [(seat, action)] + (self.play_bots() if autoplay else [])

    def step_bot(self) -> tuple[int, Action]:
        """Let the bot whose turn it is play one move."""
        seat = self.state.current_player
        if seat not in self.bots:
            raise IllegalAction("it is not a bot's turn")
        bot = self.bots[seat]
        if hasattr(bot, "reseed"):
            # A bot's choice depends only on the match seed and the moves so far, so a
            # loaded match, or an undo followed by the same move, continues the same way.
            bot.reseed(self._bot_seeds[seat] * 1_000_003 + len(self.history))
        action = bot.choose(self.bot_view())
        try:
            action = self.state.resolve(action)
        except IllegalAction as exc:
            raise IllegalAction(f"{self.names[seat]} chose an illegal move: {exc}") from None
        self.state.apply(action)
        self.history.append((seat, action))
        return seat, action

    def bot_view(self) -> State:
        """What a bot at the current seat is given: a determinized copy (hidden information resampled)."""
        seat = self.state.current_player
        if seat is None:
            raise IllegalAction("the game is over: no bot is to move")
        return self.state.determinize(seat, Rng(self._bot_seeds[seat] + 7 * len(self.history)))

    def play_bots(self, limit: int | None = None) -> list[tuple[int, Action]]:
        """Bots play until a learner's seat is to move, the game ends, or ``limit`` moves."""
        played: list[tuple[int, Action]] = []
        while self.bot_to_move and (limit is None or len(played) < limit):
            played.append(self.step_bot())
        return played

    @property
    def can_undo(self) -> bool:
        """Whether ``undo()`` would take a move back now (never once the game is over)."""
        return (not self.state.is_terminal and bool(self._snapshots)
                and self._snapshots[-1][1].chance_count == self.state.chance_count)

    def undo(self) -> int:
        """Take back the learner's last move and the bots' replies; returns how many moves went back.

        Refused with ``CannotUndo`` (saying why) once the game is over, across a chance event, or
        with nothing to undo; nothing changes then.
        """
        if self.state.is_terminal:
            raise CannotUndo("the game is over: its result stands and the last move cannot be undone "
                             "(start a new game to play again)")
        if not self._snapshots:
            raise CannotUndo("nothing to undo: you have not moved since the last chance event")
        before, snapshot = self._snapshots[-1]
        if snapshot.chance_count != self.state.chance_count:
            raise CannotUndo("cannot undo: cards were drawn or hidden choices revealed since your last "
                             "move (undo stops at chance)")
        self._snapshots.pop()
        undone = len(self.history) - before
        del self.history[before:]
        self.state = snapshot
        return undone

    # -- saves ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The match as plain data: game, names, opponents, set-up and the history of moves (replayed on load)."""
        return {
            "format": MATCH_FORMAT, "schema": MATCH_SCHEMA, "game": self.game.key,
            "names": self.names, "opponents": {str(s): spec for s, spec in self.opponents.items()},
            "initial": self.initial,
            "history": [[seat, action.to_json()] for seat, action in self.history],
            "state": self.state.to_dict(),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """``to_dict()`` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the match (start, every move, current position) as JSON."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json(indent=1))

    @classmethod
    def load(cls, path: str | os.PathLike[str], opponents: Mapping[int, Any] | None = None) -> Match:
        """Read a saved match; it is replayed move by move and checked against the saved position."""
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_SAVE_CHARS + 1)     # a larger file is refused, never read whole
        except UnicodeDecodeError as exc:
            raise CorruptSave(f"{path}: not a text file ({exc})") from None
        return cls.from_json(text, opponents=opponents)

    @classmethod
    def from_json(cls, text: str | dict[str, Any], opponents: Mapping[int, Any] | None = None) -> Match:
        """A match read back from ``to_json()``'s text: the moves are replayed and checked, ``opponents``
        seats bots again."""
        f = read_envelope(text, "match", MATCH_FORMAT, MATCH_SCHEMA)
        try:
            game = get_game(f.str("game"))
        except KeyError as exc:
            raise CorruptSave(f"match.game: {exc.args[0]}") from None
        state = game.state_from_json(f.sub("initial").data)
        n = state.players
        names = f.str_list("names", length=n)
        if opponents is None:
            saved = f.sub("opponents").data
            opponents = {}
            for key, spec in saved.items():
                if not (key.isascii() and key.isdigit() and len(key) < 3 and int(key) < n and isinstance(spec, str)):
                    raise CorruptSave(f"match.opponents[{quote(key)}] must map a seat to a bot name")
                opponents[int(key)] = spec
        try:
            match = cls(game, state=state, opponents=opponents, names=names, autoplay=False)
        except ValueError as exc:
            raise CorruptSave(f"match.opponents: {exc}; give Match.load(path, opponents=...) to seat other bots")\
                from None
        for i, item in enumerate(f.list("history")):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)
                    and not isinstance(item[0], bool)):
                raise CorruptSave(f"match.history[{i}] must be [seat, action]")
            seat, action_json = item
            if seat != match.state.current_player:
                raise CorruptSave(f"match.history[{i}]: seat {seat} moved, but it was seat "
                                  f"{match.state.current_player}'s turn")
            try:
                action = match.state.resolve(action_json)
            except IllegalAction as exc:
                raise CorruptSave(f"match.history[{i}] cannot be replayed: {exc}") from None
            if seat not in match.bots:
                match._snapshots.append((len(match.history), match.state.clone()))
            match.state.apply(action)
            match.history.append((seat, action))
        if json.loads(match.state.to_json()) != f.sub("state").data:
            raise CorruptSave("match.state differs from the position its history leads to")
        return match

    def __repr__(self) -> str:
        who = ", ".join(f"{s}: {self.opponents.get(s, 'learner')}" for s in range(self.state.players))
        return f"<Match {self.game.key}: seed {self.state.seed}, {len(self.history)} moves, seats {{{who}}}>"
