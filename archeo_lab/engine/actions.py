"""Actions are small frozen values with one canonical text and one JSON form.

Each game declares its actions as frozen, slotted dataclasses that subclass
``Action`` and give two class attributes:

``kind``
    the JSON ``"type"`` (``"bid"``), unique within the game;
``pattern``
    a regular expression with one named group per field that reads the
    action's own ``str()`` back (``r"bid (?P<amount>\\d+)"``).

Fields are ``int``, ``str`` or ``bool``, so every action is hashable,
comparable and JSON-able, and ``Action.parse(str(a)) == a``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Bid(Action):
...     kind = "bid"
...     pattern = r"bid (?P<amount>\\d+)"
...     amount: int
...     def __str__(self): return f"bid {self.amount}"
>>> Bid(3).to_json()
{'type': 'bid', 'amount': 3}
>>> Bid.parse("bid 3") == Bid(3)
True
>>> Bid.from_json({"type": "bid", "amount": "3"})
Traceback (most recent call last):
...
archeo_lab.engine.errors.UnreadableAction: action 'bid': field 'amount' must be an integer, not '3'

Input from outside (a learner's text, a widget's JSON, a bot's answer) is
bounded before it is read: a text of at most ``MAX_TEXT`` characters, written
in ASCII (``"bid ３"`` is refused, not read as ``bid 3``); a JSON object of at
most ``MAX_FIELDS`` fields whose integers lie within ``MAX_INT`` and whose
strings are short ASCII.  Anything else is refused with ``UnreadableAction``,
whose message quotes a short part of it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar
from collections.abc import Container, Iterable, Mapping

from .errors import UnreadableAction, quote

__all__ = ["Action", "ValueAction", "ACTION_DATACLASS", "ActionCodec", "MAX_TEXT", "MAX_FIELDS", "MAX_INT",
           "MAX_STR"]

_TYPES = {"int": int, "str": str, "bool": bool}
#: The longest action text read (the longest legal text of the five games is 69 characters).
MAX_TEXT = 200
#: At most this many fields in an action's JSON object, "type" included.
MAX_FIELDS = 16
#: Integers in an action lie within -MAX_INT..MAX_INT (no game counts anywhere near it).
MAX_INT = 1_000_000
#: The longest string field read from JSON (card keys and names are under 30 characters).
MAX_STR = 100


class Action:
    """Base class of every game action (see the module docstring)."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    pattern: ClassVar[str] = ""

    @classmethod
    def _fields(cls) -> tuple[tuple[str, type], ...]:
        cached = cls.__dict__.get("_field_cache")
        if cached is None:
            cached = tuple(
                (f.name, _TYPES[f.type if isinstance(f.type, str) else f.type.__name__])
                for f in dataclasses.fields(cls)  # type: ignore[arg-type]  # every subclass is a dataclass
            )
            type.__setattr__(cls, "_field_cache", cached)
        return cached

    @classmethod
    def _regex(cls) -> re.Pattern[str]:
        cached = cls.__dict__.get("_regex_cache")
        if cached is None:
            # ASCII: \d is 0-9 only, so "bid ３" (a full-width digit) is not read as "bid 3".
            cached = re.compile(r"\s*" + cls.pattern + r"\s*", re.IGNORECASE | re.ASCII)
            type.__setattr__(cls, "_regex_cache", cached)
        return cached

    def to_json(self) -> dict[str, Any]:
        """``{"type": kind, field: value, ...}``: what a widget click sends."""
        out: dict[str, Any] = {"type": self.kind}
        for name, _ in self._fields():
            out[name] = getattr(self, name)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Build the action from its JSON form, checking every field's type."""
        values: dict[str, Any] = {}
        for name, typ in cls._fields():
            if name not in data:
                raise UnreadableAction(f"action {cls.kind!r}: field {name!r} is missing")
            value = data[name]
            ok = isinstance(value, typ) and (typ is bool or not isinstance(value, bool))
            if not ok:
                word = {int: "an integer", str: "a string", bool: "true or false"}[typ]
                raise UnreadableAction(f"action {cls.kind!r}: field {name!r} must be {word}, not {quote(value)}")
            if typ is int and not -MAX_INT <= value <= MAX_INT:
                raise UnreadableAction(f"action {cls.kind!r}: field {name!r} must be an integer from "
                                       f"{-MAX_INT:,} to {MAX_INT:,}, not {quote(value)}")
            if typ is str and (len(value) > MAX_STR or not value.isascii()):
                raise UnreadableAction(f"action {cls.kind!r}: field {name!r} must be a name of at most {MAX_STR} "
                                       f"plain (ASCII) characters, not {quote(value)}")
            values[name] = value
        if len(data) > len(values) + 1:
            extra = [quote(k) for k in data if k != "type" and k not in values]
            raise UnreadableAction(f"action {cls.kind!r}: unknown field(s) {', '.join(sorted(extra)[:5])}")
        return cls(**values)

    @classmethod
    def parse(cls, text: str) -> Action | None:
        """Read this kind of action from its text, or return None if the text is another kind."""
        m = cls._regex().fullmatch(text)
        if m is None:
            return None
        values: dict[str, Any] = {}
        for name, typ in cls._fields():
            raw = m.group(name)
            if typ is int:
                if len(raw) > len(str(MAX_INT)) or int(raw) > MAX_INT:
                    raise UnreadableAction(f"{quote(text)}: {name} must be a number up to {MAX_INT:,}")
                values[name] = int(raw)
            elif typ is bool:
                values[name] = raw.lower() in ("yes", "true", "1")
            else:
                values[name] = cls._text_value(name, raw)
        return cls(**values)

    @staticmethod
    def _text_value(name: str, raw: str) -> str:
        """Normalise a text field read by ``parse`` (names are lower case unless a game says otherwise)."""
        return raw.lower()


#: The dataclass options of a ``ValueAction`` subclass: ``@dataclass(**ACTION_DATACLASS)``.
#: No generated ``__init__`` (``ValueAction.__new__`` sets the fields) and no generated ``__eq__``
#: (one object per value, so equality is identity, compared in C).
ACTION_DATACLASS: dict[str, bool] = {"frozen": True, "slots": True, "eq": False, "init": False}

_VALUES: dict[tuple[Any, ...], ValueAction] = {}
#: Each ValueAction class's field names, in order (worked out on first use).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


class ValueAction(Action):
    """An action that is one object per value: ``Move("explorer", "A5", "B4", 1) is Move("explorer", "A5", "B4", 1)``.

    Random playouts and search compare and look up actions millions of times; with one object per
    value that is an identity test in C, where a dataclass ``__eq__`` would run Python code per
    element of the legal list.  A game's actions subclass this with ``@dataclass(**ACTION_DATACLASS)``
    and stay plain frozen dataclasses with readable fields; they sort field by field (the engine
    contract's sorted legal list) and pickle and copy as themselves.

    Only values the rules can make legal are kept: ``domain`` maps each field name to the values it
    may take (a ``range``, a ``frozenset``).  An action read from a learner's text or a widget's JSON
    with a value outside them gets an object of its own, equal to no legal action (so refused), and
    is not kept afterwards: hostile input cannot grow the table.

    >>> from dataclasses import dataclass
    >>> @dataclass(**ACTION_DATACLASS)
    ... class Bid(ValueAction):
    ...     kind, pattern, domain = "bid", r"bid (?P<amount>\\d+)", {"amount": range(10)}
    ...     amount: int
    >>> Bid(3) is Bid(amount=3) is Bid.parse("bid 3"), Bid(3) < Bid(4), Bid(3)
    (True, True, Bid(amount=3))
    >>> Bid(99) is Bid(99), Bid(99) == Bid(99)
    (False, False)
    """

    __slots__ = ()
    #: Per field, the values the rules can make legal (only those are interned).
    domain: ClassVar[Mapping[str, Container[Any]]] = {}

    def __new__(cls, *args: Any, **kwargs: Any) -> ValueAction:
        if not kwargs:                          # a value met before is returned before any check
            try:
                obj = _VALUES.get((cls, args))
            except TypeError:                   # an unhashable field: the checks below answer
                obj = None
            if obj is not None:
                return obj
        names = _FIELD_NAMES.get(cls) or cls._names()
        if kwargs:
            if len(args) + len(kwargs) != len(names):
                raise TypeError(f"{cls.__name__} takes the fields {', '.join(names)}")
            try:
                args = args + tuple(kwargs[n] for n in names[len(args):])
            except KeyError as missing:
                raise TypeError(f"{cls.__name__}: missing field {missing}") from None
        elif len(args) != len(names):
            raise TypeError(f"{cls.__name__} takes the fields {', '.join(names)}")
        key = (cls, args)
        obj = _VALUES.get(key)
        if obj is None:
            obj = object.__new__(cls)
            for name, value in zip(names, args):
                object.__setattr__(obj, name, value)
            if cls._internable(names, args):
                _VALUES[key] = obj
        return obj

    @classmethod
    def _internable(cls, names: tuple[str, ...], args: tuple[Any, ...]) -> bool:
        """Whether every field lies in ``domain`` and has its declared type (``True`` is not taken for ``1``)."""
        domain = cls.domain
        for (name, typ), value in zip(cls._fields(), args):
            if type(value) is not typ or name not in domain or value not in domain[name]:
                return False
        return True

    @classmethod
    def _names(cls) -> tuple[str, ...]:
        cached = _FIELD_NAMES.get(cls)
        if cached is None:
            cached = _FIELD_NAMES[cls] = tuple(name for name, _ in cls._fields())
        return cached

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in order (what actions of one kind are sorted by)."""
        return tuple(getattr(self, n) for n in self._names())

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.values())

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() < other.values()

    def __le__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() <= other.values()

    def __gt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() > other.values()

    def __ge__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() >= other.values()


class ActionCodec:
    """Reads a game's actions from JSON and text; one per game."""

    def __init__(self, game_title: str, action_types: Iterable[type[Action]]):
        self.title = game_title
        self.types: dict[str, type[Action]] = {}
        for cls in action_types:
            if not cls.kind or cls.kind in self.types:
                raise ValueError(f"{cls.__name__}: action kind {cls.kind!r} is empty or used twice")
            self.types[cls.kind] = cls

    def from_json(self, data: Any) -> Action:
        """The action ``data`` describes (a JSON object with a ``type``), read field by field; bounded, exact, or ``UnreadableAction``."""
        if isinstance(data, Action):
            return data
        if not isinstance(data, dict):
            raise UnreadableAction(f"an action must be a JSON object with a 'type', not {quote(data)}")
        if len(data) > MAX_FIELDS:
            raise UnreadableAction(f"an action has at most {MAX_FIELDS} fields, not {len(data):,}")
        kind = data.get("type")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise UnreadableAction(
                f"{quote(kind)} is not an action of {self.title}; its actions are: {', '.join(self.types)}"
            )
        return cls.from_json(data)

    def parse(self, text: Any) -> Action:
        """The action written ``text`` (any kind of this game), or ``UnreadableAction`` quoting it.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Bid(Action):
        ...     kind, pattern = "bid", r"bid (?P<amount>\\d+)"
        ...     amount: int
        >>> codec = ActionCodec("Cibola", [Bid])
        >>> codec.parse("bid 3")
        Bid(amount=3)
        >>> codec.parse("bid \\uff13")
        Traceback (most recent call last):
        ...
        archeo_lab.engine.errors.UnreadableAction: cannot read 'bid ３' as an action of Cibola: write it with plain (ASCII) letters and the digits 0-9
        """
        if not isinstance(text, str):
            raise UnreadableAction(f"an action's text must be a string, not {quote(text)}")
        if len(text) > MAX_TEXT:
            raise UnreadableAction(f"an action's text has at most {MAX_TEXT} characters, not {len(text):,} "
                                   f"({quote(text)})")
        if not text.isascii():
            raise UnreadableAction(f"cannot read {quote(text)} as an action of {self.title}: "
                                   "write it with plain (ASCII) letters and the digits 0-9")
        for cls in self.types.values():
            action = cls.parse(text)
            if action is not None:
                return action
        raise UnreadableAction(f"cannot read {quote(text)} as an action of {self.title}")
