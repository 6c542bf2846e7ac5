"""Reading saved JSON strictly, with errors that name the field.

A corrupt save must never half-load: every value is checked for its type and
range as it is read, and the message gives the path to the bad field.  Before
anything is read, the text's size and nesting depth are bounded
(``MAX_SAVE_CHARS``, ``MAX_DEPTH``, ``MAX_NODES``), so a hostile file cannot
exhaust the memory or the stack.  A game's public log is read against the
game's own list of events (``Fields.events(kinds=...)``): each entry's kind,
its number of values, and each value within the game's limits.

>>> f = Fields({"round": 9, "names": ["a", "b"]}, "state")
>>> f.int("round", lo=1, hi=8)
Traceback (most recent call last):
...
archeo_lab.engine.errors.CorruptSave: state.round must be an integer from 1 to 8, got 9
>>> f.str_list("names")
['a', 'b']
"""

from __future__ import annotations

import builtins  # Fields has methods named int, str, list and bool: its annotations name the types

import json
from typing import Any
from collections.abc import Callable, Collection, Mapping

from .errors import CorruptSave, quote

__all__ = ["Fields", "read_envelope", "Spec", "ints", "one_of", "items", "per_seat", "SEAT", "MAX_SAVE_CHARS",
           "MAX_DEPTH", "MAX_NODES"]

#: The longest save read, in characters (the longest finished match of random bots, a 4-player advanced
#: Tikal, is about 51,000 with its history; a save is far under this).
MAX_SAVE_CHARS = 4_000_000
#: The deepest nesting of lists and objects in a save (ours go 6 deep).
MAX_DEPTH = 24
#: The most values (numbers, strings, lists, objects) in a save.
MAX_NODES = 400_000


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _range_words(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" >= {lo}"
    if hi is not None:
        return f" <= {hi}"
    return ""


def _list(value: Any, where: str, length: int | None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length} items" if length is not None else ""
        raise CorruptSave(f"{where} must be a list{size}, got {quote(value)}")
    return value


def _ints(items: list[Any], where: str, lo: int | None, hi: int | None) -> list[int]:
    for i, v in enumerate(items):
        if not _is_int(v) or (lo is not None and v < lo) or (hi is not None and v > hi):
            raise CorruptSave(f"{where}[{i}] must be an integer{_range_words(lo, hi)}, got {quote(v)}")
    return list(items)


def _strs(items: list[Any], where: str, choices: Any) -> list[str]:
    for i, v in enumerate(items):
        if not isinstance(v, str) or (choices is not None and v not in choices):
            expected = "a known name" if choices is not None else "a string"
            raise CorruptSave(f"{where}[{i}] must be {expected}, got {quote(v)}")
    return list(items)


# -- what the values of a log entry may be --------------------------------------------------------

class Spec:
    """One value of a log entry: ``words`` say what it must be, ``test(value, players)`` checks it.

    >>> ints(0, 6).test(3, 2), ints(0, 6).test(True, 2), SEAT.test(2, 2)
    (True, False, False)
    >>> items(one_of(["sun", "moon"]), hi=2).test(("sun", "moon"), 3)
    True
    """

    __slots__ = ("words", "test")

    def __init__(self, words: str, test: Callable[[Any, int], bool]):
        self.words, self.test = words, test

    def __or__(self, other: Spec) -> Spec:
        """Either spec: ``ints(0, 3) | one_of([""])``."""
        return Spec(f"{self.words} or {other.words}", lambda v, n: self.test(v, n) or other.test(v, n))

    def __repr__(self) -> str:
        return f"<Spec: {self.words}>"


def ints(lo: int, hi: int) -> Spec:
    """An integer from ``lo`` to ``hi`` (not a bool)."""
    return Spec(f"an integer from {lo} to {hi}", lambda v, n: _is_int(v) and lo <= v <= hi)


def one_of(choices: Collection[Any], words: str | None = None) -> Spec:
    """One of ``choices`` (names: strings; the type must match, so True is not 1)."""
    allowed = frozenset((type(c), c) for c in choices)
    shown = words or "one of " + ", ".join(map(repr, sorted(choices, key=str)[:8])) + \
        (", ..." if len(choices) > 8 else "")
    return Spec(shown, lambda v, n: (type(v), v) in allowed if isinstance(v, (str, int)) else False)


def items(spec: Spec, lo: int = 0, hi: int | None = None) -> Spec:
    """A list of ``lo`` to ``hi`` values, each ``spec`` (a tuple in memory, a list in JSON)."""
    size = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
    return Spec(f"a list of {size} items, each {spec.words}",
                lambda v, n: isinstance(v, (list, tuple)) and lo <= len(v) <= (len(v) if hi is None else hi)
                and all(spec.test(x, n) for x in v))


def per_seat(spec: Spec) -> Spec:
    """One value per seat of the game being loaded, each ``spec``."""
    return Spec(f"a list of one value per seat, each {spec.words}",
                lambda v, n: isinstance(v, (list, tuple)) and len(v) == n and all(spec.test(x, n) for x in v))


#: A seat of the game being loaded: 0 to players - 1.
SEAT = Spec("a seat of this game", lambda v, n: _is_int(v) and 0 <= v < n)


def _bounded(data: Any, path: str) -> None:
    """Refuse a tree deeper than ``MAX_DEPTH`` or larger than ``MAX_NODES`` (iteratively: no recursion)."""
    stack, count = [(data, 1)], 0
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise CorruptSave(f"{path} holds more than {MAX_NODES:,} values: not a save of this program")
        children: Collection[Any]
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > MAX_DEPTH and children:
            raise CorruptSave(f"{path} is nested more than {MAX_DEPTH} levels deep: not a save of this program")
        stack.extend((child, depth + 1) for child in children)


class Fields:
    """A view of one JSON object that reads typed fields or raises ``CorruptSave``."""

    __slots__ = ("data", "path")

    def __init__(self, data: Any, path: str):
        if not isinstance(data, dict):
            raise CorruptSave(f"{path} must be a JSON object, got {quote(data)}")
        self.data, self.path = data, path

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise CorruptSave(f"{self.path}.{key} is missing")
        return self.data[key]

    def _check_int(self, value: Any, where: str, lo: int | None, hi: int | None) -> int:
        if not _is_int(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
            raise CorruptSave(f"{where} must be an integer{_range_words(lo, hi)}, got {quote(value)}")
        return builtins.int(value)

    def int(self, key: str, *, lo: int | None = None, hi: int | None = None) -> int:
        """The integer at ``key``, within ``lo``..``hi`` when given; otherwise ``CorruptSave`` naming the field."""
        return self._check_int(self._get(key), f"{self.path}.{key}", lo, hi)

    def opt_int(self, key: str, *, lo: builtins.int | None = None,
                hi: builtins.int | None = None) -> builtins.int | None:
        """Like ``int``, but ``null`` is allowed and read as ``None``."""
        value = self._get(key)
        return None if value is None else self._check_int(value, f"{self.path}.{key}", lo, hi)

    def bool(self, key: str) -> bool:
        """The boolean at ``key`` (true or false, never a number)."""
        value = self._get(key)
        if not isinstance(value, bool):
            raise CorruptSave(f"{self.path}.{key} must be true or false, got {quote(value)}")
        return value

    def str(self, key: str, *, choices: Any = None) -> str:
        """The string at ``key``, one of ``choices`` when given."""
        value = self._get(key)
        if not isinstance(value, str) or (choices is not None and value not in choices):
            expected = f"one of {', '.join(map(repr, choices))}" if choices is not None else "a string"
            raise CorruptSave(f"{self.path}.{key} must be {expected}, got {quote(value)}")
        return value

    def list(self, key: builtins.str, *, length: builtins.int | None = None) -> builtins.list[Any]:
        """The list at ``key``, of exactly ``length`` items when given."""
        return _list(self._get(key), f"{self.path}.{key}", length)

    def int_list(self, key: builtins.str, *, length: builtins.int | None = None, lo: builtins.int | None = None,
                 hi: builtins.int | None = None) -> builtins.list[builtins.int]:
        """A list of integers at ``key`` (``length`` items, each within ``lo``..``hi`` when given)."""
        return _ints(self.list(key, length=length), f"{self.path}.{key}", lo, hi)

    def opt_int_list(self, key: builtins.str, *, length: builtins.int | None = None, lo: builtins.int | None = None,
                     hi: builtins.int | None = None) -> builtins.list[builtins.int | None]:
        """A list of integers or ``null`` (read as ``None``) at ``key``."""
        items = self.list(key, length=length)
        return [None if v is None else self._check_int(v, f"{self.path}.{key}[{i}]", lo, hi)
                for i, v in enumerate(items)]

    def str_list(self, key: builtins.str, *, length: builtins.int | None = None,
                 choices: Any = None) -> builtins.list[builtins.str]:
        """A list of strings at ``key``, each one of ``choices`` when given."""
        return _strs(self.list(key, length=length), f"{self.path}.{key}", choices)

    def int_lists(self, key: builtins.str, *, length: builtins.int | None = None, inner: builtins.int | None = None,
                  lo: builtins.int | None = None,
                  hi: builtins.int | None = None) -> builtins.list[builtins.list[builtins.int]]:
        """A list of integer lists (one per seat, say), each ``inner`` long when given."""
        where = f"{self.path}.{key}"
        return [_ints(_list(row, f"{where}[{i}]", inner), f"{where}[{i}]", lo, hi)
                for i, row in enumerate(self.list(key, length=length))]

    def str_lists(self, key: builtins.str, *, length: builtins.int | None = None,
                  choices: Any = None) -> builtins.list[builtins.list[builtins.str]]:
        """A list of string lists (a hand per seat, say), each item one of ``choices`` when given.

        >>> Fields({"hands": [["a"], ["b", "z"]]}, "state").str_lists("hands", choices="ab")
        Traceback (most recent call last):
        ...
        archeo_lab.engine.errors.CorruptSave: state.hands[1][1] must be a known name, got 'z'
        """
        where = f"{self.path}.{key}"
        return [_strs(_list(row, f"{where}[{i}]", None), f"{where}[{i}]", choices)
                for i, row in enumerate(self.list(key, length=length))]

    def events(self, key: builtins.str = "events", *, kinds: Mapping[builtins.str, tuple[Spec, ...]] | None = None,
               players: builtins.int = 0) -> builtins.list[tuple[Any, ...]]:
        """A game's public log: each entry a list starting with its kind (a string), read back as
        tuples (nested lists too), as ``State.events`` holds them.

        ``kinds`` maps each kind of entry the game writes to the specs of its values, in order:
        an unknown kind, a wrong number of values or a value out of the game's limits is refused,
        naming the entry (``players`` gives the seats ``SEAT`` accepts).

        >>> log = Fields({"events": [["bid", 2, 3], ["bid", 1]]}, "state")
        >>> log.events(kinds={"bid": (SEAT, ints(0, 9))}, players=2)
        Traceback (most recent call last):
        ...
        archeo_lab.engine.errors.CorruptSave: state.events[0][1] ('bid') must be a seat of this game, got 2
        """
        out = []
        where = f"{self.path}.{key}"
        for i, e in enumerate(self.list(key)):
            if not (isinstance(e, list) and e and isinstance(e[0], str)):
                raise CorruptSave(f"{where}[{i}] must be a list starting with its kind")
            entry = tuple(tuple(x) if isinstance(x, list) else x for x in e)
            if kinds is not None:
                specs = kinds.get(e[0])
                if specs is None:
                    raise CorruptSave(f"{where}[{i}] has an unknown kind {quote(entry[0])}; the kinds are: "
                                      f"{', '.join(sorted(kinds))}")
                if len(entry) != len(specs) + 1:
                    raise CorruptSave(f"{where}[{i}] ({entry[0]!r}) must have {len(specs)} values after its kind, "
                                      f"got {len(entry) - 1}")
                for j, (spec, value) in enumerate(zip(specs, entry[1:]), start=1):
                    if not spec.test(value, players):
                        raise CorruptSave(f"{where}[{i}][{j}] ({entry[0]!r}) must be {spec.words}, got {quote(value)}")
            out.append(entry)
        return out

    def sub(self, key: builtins.str) -> Fields:
        """The object at ``key`` as ``Fields``, so its own fields are read with their full path in errors."""
        return Fields(self._get(key), f"{self.path}.{key}")

    def subs(self, key: builtins.str, *, length: builtins.int | None = None) -> builtins.list[Fields]:
        """The list of objects at ``key``, each as ``Fields`` (``length`` items when given)."""
        return [Fields(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(self.list(key, length=length))]


def read_envelope(text: Any, path: str, fmt: str, schema: int) -> Fields:
    """Parse a save (JSON text or an already-parsed dict) and check its size, depth, ``format`` and
    ``schema``.

    >>> read_envelope("[" * 200_000 + "]" * 200_000, "save", "archeo-lab/state", 1)
    Traceback (most recent call last):
    ...
    archeo_lab.engine.errors.CorruptSave: not an archeo-lab/state file: nested too deep
    """
    if isinstance(text, (str, bytes, bytearray)):
        if len(text) > MAX_SAVE_CHARS:
            raise CorruptSave(f"not an {fmt} file: {len(text):,} characters (a save has at most {MAX_SAVE_CHARS:,})")
        try:
            text = json.loads(text)
        except RecursionError:
            raise CorruptSave(f"not an {fmt} file: nested too deep") from None
        except ValueError as exc:
            raise CorruptSave(f"not an {fmt} file: invalid JSON ({quote(str(exc))})") from None
    _bounded(text, path)
    head = Fields(text, path)
    if head.data.get("format") != fmt:
        raise CorruptSave(f"{path}.format must be {fmt!r}, got {quote(head.data.get('format'))}")
    found = head.int("schema")
    if found != schema:
        raise CorruptSave(f"{path}.schema {found} cannot be read by this version (it reads {schema})")
    return head
