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
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar, Iterable

from .errors import UnreadableAction

__all__ = ["Action", "ActionCodec"]

_TYPES = {"int": int, "str": str, "bool": bool}


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
                for f in dataclasses.fields(cls)
            )
            type.__setattr__(cls, "_field_cache", cached)
        return cached

    @classmethod
    def _regex(cls) -> re.Pattern:
        cached = cls.__dict__.get("_regex_cache")
        if cached is None:
            cached = re.compile(r"\s*" + cls.pattern + r"\s*", re.IGNORECASE)
            type.__setattr__(cls, "_regex_cache", cached)
        return cached

    def to_json(self) -> dict[str, Any]:
        """``{"type": kind, field: value, ...}``: what a widget click sends."""
        out: dict[str, Any] = {"type": self.kind}
        for name, _ in self._fields():
            out[name] = getattr(self, name)
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Action":
        """Build the action from its JSON form, checking every field's type."""
        values = {}
        for name, typ in cls._fields():
            if name not in data:
                raise UnreadableAction(f"action {cls.kind!r}: field {name!r} is missing")
            value = data[name]
            ok = isinstance(value, typ) and (typ is bool or not isinstance(value, bool))
            if not ok:
                word = {int: "an integer", str: "a string", bool: "true or false"}[typ]
                raise UnreadableAction(f"action {cls.kind!r}: field {name!r} must be {word}, not {value!r}")
            values[name] = value
        extra = set(data) - set(values) - {"type"}
        if extra:
            raise UnreadableAction(f"action {cls.kind!r}: unknown field(s) {', '.join(sorted(extra))}")
        return cls(**values)

    @classmethod
    def parse(cls, text: str) -> "Action | None":
        """Read this kind of action from its text, or return None if the text is another kind."""
        m = cls._regex().fullmatch(text)
        if m is None:
            return None
        values = {}
        for name, typ in cls._fields():
            raw = m.group(name)
            if typ is int:
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
        if isinstance(data, Action):
            return data
        if not isinstance(data, dict):
            raise UnreadableAction(f"an action must be a JSON object with a 'type', not {data!r}")
        kind = data.get("type")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise UnreadableAction(
                f"{kind!r} is not an action of {self.title}; its actions are: {', '.join(self.types)}"
            )
        return cls.from_json(data)

    def parse(self, text: Any) -> Action:
        if not isinstance(text, str):
            raise UnreadableAction(f"an action's text must be a string, not {text!r}")
        for cls in self.types.values():
            action = cls.parse(text)
            if action is not None:
                return action
        raise UnreadableAction(f"cannot read {text!r} as an action of {self.title}")
