"""The errors every game raises, so one ``except`` serves a widget or a notebook.

``IllegalAction`` is the one a learner meets: the rules refuse a move, and the
message says which rule and with which numbers.  Text or JSON that cannot even
be read as an action raises its subclass ``UnreadableAction`` (quoting the
text), so ``except IllegalAction`` catches both, as python-chess does with
``InvalidMoveError``/``IllegalMoveError``.
"""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = ["IllegalAction", "UnreadableAction", "CannotUndo", "CorruptSave", "SetupError", "quote"]


class IllegalAction(ValueError):
    """The rules forbid this action now; the message names the rule.

    The state is left exactly as it was before the refused call.
    """


class UnreadableAction(IllegalAction):
    """Text or JSON that is not an action of this game at all."""


class CannotUndo(IllegalAction):
    """``Match.undo()`` was asked to cross a chance or reveal event, or there is nothing to undo."""


class CorruptSave(ValueError):
    """A saved state or match that cannot be loaded; the message names the field."""


class SetupError(ValueError):
    """A new game was asked for with a wrong player count, variant or option."""


class _Short(reprlib.Repr):
    """``repr`` cut short: an error message quotes what it refuses, never all of it."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 60, 60, 40
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:      # repr() of a 5,000-digit integer raises ValueError
            return f"<an integer of about {round(x.bit_length() * 0.30103):,} digits>"
        return super().repr_int(x, level)

    def repr_instance(self, x: Any, level: int) -> str:
        if isinstance(x, bool):
            return repr(x)
        return super().repr_instance(x, level)


_SHORT = _Short()


def quote(value: Any) -> str:
    """A short ``repr`` of ``value`` for an error message: at most about 60 characters, at most
    three levels deep, safe on huge integers and deep nesting.

    >>> quote("bid " + "9" * 500)
    "'bid 99999999999999999999999...9999999999999999999999999999'"
    >>> quote({"a": {"b": {"c": {"d": 1}}}})
    "{'a': {'b': {'c': {...}}}}"
    """
    try:
        return _SHORT.repr(value)
    except Exception:   # a broken __repr__ in a learner's object
        return f"<a {type(value).__name__}>"
