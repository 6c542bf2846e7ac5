"""The contract every game follows: a ``Game`` that makes ``State`` objects.

Bots, boards, tests and benchmarks reach a game only through these two
classes (DESIGN.md, "The engine contract")::

    game = al.get_game("cibola")
    state = game.new_state(players=3, seed=7)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    state.scores(), state.winners()

A game subclasses ``State`` and fills in the rule hooks (``_legal_actions``,
``_apply``, ``_illegal_reason``, ``scores``, ``observation``, ``determinize``,
``clone``, ``_to_dict``/``_from_dict``/``check``; optionally ``infoset_key``, what a
seat sees without the event log, which ``looks_alike`` compares for the search bot, and
``determinizer``, many redraws from one position); everything a learner calls
(``apply`` with its validation, ``legal_actions``, ``parse_action``,
``to_json``, ``winners``) is written once here.
"""

from __future__ import annotations

import abc
import functools
import importlib
import importlib.util
import json
from itertools import repeat
from operator import is_
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .actions import Action, ActionCodec
from .errors import CorruptSave, IllegalAction, SetupError, UnreadableAction, quote
from .rng import Rng, fresh_seed
from .saves import Fields, read_envelope
from .svg import image_html

__all__ = ["Game", "State", "SAVE_FORMAT", "SAVE_SCHEMA"]

SAVE_FORMAT = "archeo-lab/state"
SAVE_SCHEMA = 1
#: Seeds are integers in this range (64 bits, signed or not), so that every seed saves and loads.
SEED_RANGE = (-(1 << 63), (1 << 64) - 1)
#: A save never counts more chance events than this (the longest game draws a few hundred times).
MAX_CHANCE_COUNT = 1_000_000


class Game:
    """A game's identity, set-up and codecs; one instance per game, in the registry.

    Subclasses set the class attributes below and ``state_class``.
    """

    key: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    variants: ClassVar[tuple[str, ...]] = ("standard",)
    rules_version: ClassVar[int] = 1
    summary: ClassVar[str] = ""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: Settings under which the search bot plays this game best (``rollout``, ``rollout_depth``);
    #: see ``archeo_lab.bots.mcts``.  Measured with ``benchmarks/strength.py``.
    search_hints: ClassVar[dict[str, Any]] = {}
    state_class: ClassVar[type[State]]

    def __init__(self) -> None:
        self.codec = ActionCodec(self.title, self.action_types)
        self.state_class.game = self

    # -- set-up -------------------------------------------------------------
    def new_state(self, players: int | None = None, seed: int | None = None,
                  variant: str | None = None) -> State:
        """A new game after set-up; ``seed=None`` draws a seed and records it."""
        players = self.check_players(players)
        variant = self.check_variant(variant)
        if seed is None:
            seed = fresh_seed()
        if not isinstance(seed, int) or isinstance(seed, bool) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
            raise SetupError(f"seed must be an integer from -2**63 to 2**64 - 1, not {quote(seed)}")
        return self.state_class._new(players, seed, variant)

    def check_players(self, players: Any) -> int:
        """The number of players to set up (``None``: the game's minimum); a ``SetupError`` names the allowed range."""
        if players is None:
            players = self.min_players
        if not isinstance(players, int) or isinstance(players, bool) \
                or not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players!r}"
            )
        return players

    def check_variant(self, variant: Any) -> str:
        """The variant to set up (``None``: the first of ``variants``); a ``SetupError`` lists the variants."""
        if variant is None:
            return self.variants[0]
        if variant not in self.variants:
            raise SetupError(
                f"{self.title} has no variant {variant!r}; choose one of: {', '.join(self.variants)}"
            )
        return str(variant)

    # -- actions ------------------------------------------------------------
    def action_from_json(self, data: Any) -> Action:
        """The action a widget sent as JSON (``{"type": "bid", "amount": 2}``)."""
        return self.codec.from_json(data)

    def parse_action(self, text: str) -> Action:
        """Read an action's text without a position (``state.parse_action`` also checks legality)."""
        return self.codec.parse(text)

    # -- saves --------------------------------------------------------------
    def state_from_json(self, text: str | bytes | dict[str, Any]) -> State:
        """Load ``state.to_json()``; a corrupt or foreign save raises ``CorruptSave`` naming the field.

        All or nothing: every field is read with its type and range (the game's ``_from_dict``),
        then the whole position is checked (``check()``: conservation, turn, log); a save that
        passes loads a state the rules, the boards and the bots can play to the end.  The text's
        size and nesting depth are bounded first (``engine.saves.MAX_SAVE_CHARS``, ``MAX_DEPTH``).
        """
        head = read_envelope(text, "save", SAVE_FORMAT, SAVE_SCHEMA)
        game = head.str("game")
        if game != self.key:
            raise CorruptSave(f"save.game is {quote(game)}: this is not a {self.title} save")
        version = head.int("rules_version")
        if version != self.rules_version:
            raise CorruptSave(
                f"save.rules_version {version} differs from this version's {self.title} rules ({self.rules_version})"
            )
        players = head.int("players", lo=self.min_players, hi=self.max_players)
        variant = head.str("variant", choices=self.variants)
        seed = head.int("seed", lo=SEED_RANGE[0], hi=SEED_RANGE[1])
        rng = head.int("rng", lo=0, hi=(1 << 64) - 1)
        chance = head.int("chance_count", lo=0, hi=MAX_CHANCE_COUNT)
        try:
            state = self.state_class._from_dict(head.sub("state"), players, variant)
            state.seed, state.rng, state.chance_count = seed, Rng(state=rng), chance
            problems = state.check()
        except CorruptSave:
            raise
        except Exception as exc:   # a value no field check caught tripped the rebuild or the check
            raise CorruptSave(f"save.state is inconsistent ({type(exc).__name__}: {quote(str(exc))})") from None
        if problems:
            raise CorruptSave(f"save.state breaks the rules of {self.title}: {problems[0]}")
        return state

    # -- presentation and evaluation: the game's own modules, by the layout's convention --------
    def _part(self, name: str) -> Any:
        """The module ``name`` of the game's folder (``view``, ``draw``, ``evaluate``), imported on first use.

        Presentation and heuristics load lazily, so playing a game never imports them.
        """
        package = type(self).__module__.rpartition(".")[0]
        if not package or importlib.util.find_spec(f"{package}.{name}") is None:
            return None
        return importlib.import_module(f"{package}.{name}")

    def view(self, state: State, seat: int | None, *, names: list[str] | None = None) -> dict[str, Any]:
        """The game part of a board's view model, as seen by ``seat`` (``None``: a spectator).

        ``<game>/view.py`` provides it as ``board_view(state, seat, names)``.
        """
        module = self._part("view")
        if module is None:
            raise TypeError(f"{self.title} has no board view (its folder has no view.py)")
        view: dict[str, Any] = module.board_view(state, seat, names)
        return view

    def draw(self, state: State, seat: int | None = None, *, names: list[str] | None = None) -> str:
        """A static SVG picture of the position: ``<game>/draw.py``'s ``draw(state, seat=..., names=...)``."""
        module = self._part("draw")
        if module is None:
            raise TypeError(f"{self.title} has no static drawing (its folder has no draw.py)")
        picture: str = module.draw(state, seat=seat, names=names)
        return picture

    def text(self, state: State, seat: int | None = None, *, everything: bool = False,
             names: list[str] | None = None) -> str:
        """The position in words: ``<game>/view.py``'s ``text_board(state, names, seat=..., everything=...)``.

        By default only what every player at the table sees; ``seat`` adds that seat's own secrets
        (its hand, its hidden bid), ``everything=True`` shows all (for a teacher or a test).
        """
        module = self._part("view")
        if module is None:
            raise TypeError(f"{self.title} has no text view (its folder has no view.py)")
        if seat is not None:
            seat = state.check_seat(seat)
        text: str = module.text_board(state, names, seat=seat, everything=bool(everything))
        return text

    def evaluate(self, state: State) -> list[float]:
        """A heuristic value per seat (greedy and search bots use it): ``<game>/evaluate.py``'s
        ``evaluate(state)``, or the scores when the game has none."""
        module = self._part("evaluate")
        if module is None:
            return [float(s) for s in state.scores()]
        values: list[float] = module.evaluate(state)
        return values

    def __repr__(self) -> str:
        return f"<Game {self.key!r}: {self.title}, {self.min_players}-{self.max_players} players>"


class State(abc.ABC):
    """One position of a game; ``apply`` mutates it.  See the module docstring."""

    game: ClassVar[Game]

    players: int
    variant: str
    seed: int
    rng: Rng
    #: Number of chance or reveal events so far (draws, shuffles, tosses, bids
    #: revealed).  ``Match.undo`` never goes back across one.
    chance_count: int
    _legal_cache: Sequence[Action] | None

    # -- the contract, in DESIGN.md's order -----------------------------------
    current_player: int | None
    is_terminal: bool

    def legal_actions(self) -> list[Action]:
        """The actions ``current_player`` may take, in a fixed sorted order (empty once over)."""
        legal = self._legal_cache            # _legal(), inlined: this and apply() are the hottest calls
        if legal is None:
            legal = self._legal_cache = self._legal_actions()
        return list(legal)

    def apply(self, action: Action | str | dict[str, Any]) -> None:
        """Play ``action`` (an action, its text or its JSON) for ``current_player``.

        Raises ``IllegalAction`` naming the rule, and then changes nothing.
        """
        legal = self._legal_cache
        # Identity first, in C: legal_actions() hands out the very objects a caller passes back,
        # and a Python-level __eq__ per element would dominate a long list.
        if legal is None or not any(map(is_, legal, repeat(action))):
            action = self.resolve(action)
        self._legal_cache = None
        self._apply(action)  # type: ignore[arg-type]  # an Action now: found in the legal list or resolved

    def changed(self) -> None:
        """Say that this position's fields were edited by hand (a lesson's or a test's position).

        Forgets what was worked out from the old fields (the legal actions; a game overriding this
        also recomputes its own derived data), so that the next ``legal_actions()`` and ``apply``
        read the position as it is now.  ``apply`` never needs it.
        """
        self._legal_cache = None

    @abc.abstractmethod
    def scores(self) -> list[int]:
        """Points per seat now (the final score once the game is over)."""

    def winners(self) -> list[int]:
        """Seats that share the lead, tie-breakers applied (the winners once over)."""
        scores = self.scores()
        keys = [(scores[s], *self._tiebreak(s)) for s in range(self.players)]
        best = max(keys)
        return [s for s in range(self.players) if keys[s] == best]

    @abc.abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: used by search bots)."""

    @abc.abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as a JSON-able dict (hidden information removed)."""

    def infoset_key(self, player: int) -> Any:
        """A hashable key of what ``player`` can see now, the event log left out: two positions with equal
        keys look the same to ``player`` (the search bot compares them to tell which moves a seat saw).

        The default is ``observation(player)`` without its ``"events"`` entry (the log only retells moves
        whose effects the rest of the observation shows) as canonical JSON text (keys sorted); a game may
        override it with a cheaper key that tells exactly the same positions apart.

        >>> import archeo_lab as al
        >>> state = al.get_game("cibola").new_state(players=2, seed=3)
        >>> state.infoset_key(0) == state.clone().infoset_key(0)
        True
        """
        seen = self.observation(player)
        seen.pop("events", None)
        return json.dumps(seen, sort_keys=True, separators=(",", ":"))

    def looks_alike(self, other: State, player: int) -> bool:
        """Whether this position and ``other`` look the same to ``player``: their ``infoset_key`` are equal.

        With the default key the two observations (the event log left out) are compared as they are,
        without writing them as JSON text (the search bot asks this for every new move it tries).

        >>> import archeo_lab as al
        >>> state = al.get_game("cibola").new_state(players=2, seed=3)
        >>> state.looks_alike(state.clone(), 0)
        True
        """
        if type(self).infoset_key is not State.infoset_key:
            return bool(self.infoset_key(player) == other.infoset_key(player))
        mine, theirs = self.observation(player), other.observation(player)
        mine.pop("events", None)
        theirs.pop("events", None)
        return mine == theirs

    @abc.abstractmethod
    def determinize(self, player: int, rng: Rng | int) -> State:
        """A clone whose hidden information is resampled consistently with ``observation(player)``.

        Nothing in the copy rebuilds the real hidden cards, tiles or piles: it gets a generator and
        a seed of its own from ``rng`` (``_fresh_chance``), never the true ones.
        """

    def determinizer(self, player: int) -> Callable[[Rng | int], State]:
        """``determinize(player, rng)`` of this position as a function of ``rng`` alone, to draw many worlds
        from one position (the search bot draws one per iteration): a game may work out once what every
        draw shares (Luxor: which places hold each back number).  Each call gives the very copy
        ``determinize`` gives with that ``rng``; draw before this position changes.

        >>> import archeo_lab as al
        >>> state = al.get_game("luxor").new_state(players=2, seed=3)
        >>> draw = state.determinizer(0)
        >>> draw(5).to_json() == state.determinize(0, 5).to_json()
        True
        """
        self.check_seat(player)
        return functools.partial(self.determinize, player)

    def to_json(self, *, indent: int | None = None) -> str:
        """The whole position (random generator included) as versioned JSON."""
        return json.dumps(self.to_dict(), indent=indent)

    def to_dict(self) -> dict[str, Any]:
        """The save as plain data: format, schema, game, rules version, set-up, the game's fields and the
        generator state."""
        return {
            "format": SAVE_FORMAT,
            "schema": SAVE_SCHEMA,
            "game": self.game.key,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "variant": self.variant,
            "seed": self.seed,
            "rng": self.rng.state,
            "chance_count": self.chance_count,
            "state": self._to_dict(),
        }

    def resolve(self, action: Action | str | dict[str, Any]) -> Action:
        """The legal action meant by an action, its text or its JSON; else ``IllegalAction`` with the rule.

        Text and JSON are read by the game's codec; the action is then checked by ``_is_legal``.
        """
        codec = self.game.codec
        if isinstance(action, str):
            action = codec.parse(action)
        elif isinstance(action, dict):
            action = codec.from_json(action)
        elif not (isinstance(action, Action) and codec.types.get(action.kind) is type(action)):
            raise UnreadableAction(f"{quote(action)} is not an action of {self.game.title}")
        if self.is_terminal or not self._is_legal(action):
            raise IllegalAction(self._refusal(action))
        return action

    def is_legal(self, action: Action | str | dict[str, Any]) -> bool:
        """Whether ``action`` (an action, its text or its JSON) may be played now; never raises.

        It reads the action as ``apply`` does and asks the game's ``_is_legal`` hook (by default: is it in
        the legal list?), the check ``apply`` makes.

        >>> import archeo_lab as al
        >>> state = al.get_game("cibola").new_state(players=3, seed=7)
        >>> state.is_legal("bid 1"), state.is_legal("bid 99"), state.is_legal("fly away")
        (True, False, False)
        """
        try:
            self.resolve(action)
        except IllegalAction:
            return False
        return True

    def parse_action(self, text: str) -> Action:
        """The legal action whose text is ``text``; ``IllegalAction`` says why if it is not legal."""
        if not isinstance(text, str):
            raise UnreadableAction(f"an action's text must be a string, not {quote(text)}")
        return self.resolve(text)

    # -- helpers shared by every game ---------------------------------------
    @property
    def seats(self) -> range:
        """The seats of this game, ``range(players)``."""
        return range(self.players)

    def check_seat(self, player: Any) -> int:
        """``player`` if it is a seat of this game; otherwise a ``ValueError`` naming the seats."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise ValueError(f"seat must be an integer from 0 to {self.players - 1}, not {player!r}")
        return player

    def _legal(self) -> Sequence[Action]:
        """The legal actions, computed once per position (apply() clears the cache)."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal_actions()
        return legal

    def _apply_legal(self, action: Action) -> None:
        """``apply`` for an action taken from this very position's ``_legal()``: the same move, without
        finding it in the legal list first.  For the engine's own search, which plays only such actions
        (an action from anywhere else, its text or its JSON goes through ``apply``, which checks it)."""
        self._legal_cache = None
        self._apply(action)

    def _refusal(self, action: Action) -> str:
        if self.is_terminal:
            return f"the game is over: '{action}' cannot be played"
        return self._illegal_reason(action)

    @staticmethod
    def _as_rng(rng: Rng | int) -> Rng:
        return rng if isinstance(rng, Rng) else Rng(rng)

    def _fresh_chance(self, rng: Rng) -> None:
        """End of ``determinize``: give the copy its own generator and seed, drawn from ``rng``.

        The true seed would let ``new_state(players, seed=copy.seed)`` deal the real hex stack or
        draw piles again, and the true generator would replay the real future draws.
        """
        self.rng = rng.spawn()
        self.seed = self.rng.state & 0x7FFFFFFF

    # -- hooks a game fills in ----------------------------------------------
    @classmethod
    @abc.abstractmethod
    def _new(cls, players: int, seed: int, variant: str) -> State:
        """The position after set-up (the rule book's "Préparation")."""

    @abc.abstractmethod
    def _legal_actions(self) -> Sequence[Action]:
        """All legal actions of ``current_player``, sorted, each text unique.

        The list may be one the game keeps (a table shared by many positions): the engine never
        changes it, and ``legal_actions()`` hands out copies.
        """

    def _is_legal(self, action: Action) -> bool:
        """Whether a readable action of this game may be played now (``apply``, ``resolve`` and
        ``is_legal`` ask it).  The default looks it up in the legal list; a game that can check one
        action directly overrides it, with the same check that words its refusal (``_illegal_reason``).
        """
        return action in self._legal()

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Play an action already known to be legal, with every consequence (chance included)."""

    def _illegal_reason(self, action: Action) -> str:
        """Why a readable action is refused now, in the learner's words, citing the rule."""
        return f"'{action}' is not allowed now"

    def _tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Extra keys after the score for ``winners()`` (the game's tie-breakers)."""
        return ()

    @abc.abstractmethod
    def _to_dict(self) -> dict[str, Any]:
        """The game-specific part of the save (JSON-able, lossless)."""

    @classmethod
    @abc.abstractmethod
    def _from_dict(cls, fields: Fields, players: int, variant: str) -> State:
        """Rebuild from ``_to_dict()`` output, reading every field through ``fields``."""

    def check(self) -> list[str]:
        """Conservation and range problems of this position (empty if it is consistent)."""
        return []

    # -- display ------------------------------------------------------------
    def _repr_svg_(self) -> str | None:
        """The picture (``Game.draw``); ``None`` for a game without a ``draw.py`` (Jupyter shows the repr)."""
        if self.game._part("draw") is None:
            return None
        return self.game.draw(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str] | None:
        """What Jupyter shows for a state: the picture (``Game.draw``), and the same picture as
        ``<img>`` HTML whose alternative text is the position in words (``text()``), so a notebook
        exported to HTML, or read with a screen reader, still says what the position is.
        ``text/plain`` comes from ``repr``; a game without a ``draw.py`` shows its repr alone.
        """
        picture = self._repr_svg_()
        if picture is None:
            return None
        words = self.text() if self.game._part("view") is not None else repr(self)
        return {"image/svg+xml": picture, "text/html": image_html(picture, words)}

    def text(self, seat: int | None = None, *, everything: bool = False, names: list[str] | None = None) -> str:
        """The position in words: what is public, plus ``seat``'s secrets, or everything (``Game.text``)."""
        return self.game.text(self, seat, everything=everything, names=names)

    def __str__(self) -> str:
        """``print(state)``: the position in words as the table sees it; nothing hidden is shown."""
        return self.text()

    def __repr__(self) -> str:
        turn = "game over" if self.is_terminal else f"seat {self.current_player} to play"
        return f"<{self.game.title}: {self.players} players, seed {self.seed}, {turn}>"
