"""The errors every game raises, so one ``except`` serves a widget or a notebook.

``IllegalAction`` is the one a learner meets: the rules refuse a move, and the
message says which rule and with which numbers.  Text or JSON that cannot even
be read as an action raises its subclass ``UnreadableAction`` (quoting the
text), so ``except IllegalAction`` catches both, as python-chess does with
``InvalidMoveError``/``IllegalMoveError``.
"""

from __future__ import annotations

__all__ = ["IllegalAction", "UnreadableAction", "CannotUndo", "CorruptSave", "SetupError"]


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
