"""Reading saved JSON strictly, with errors that name the field.

A corrupt save must never half-load: every value is checked for its type and
range as it is read, and the message gives the path to the bad field.

>>> f = Fields({"round": 9, "names": ["a", "b"]}, "state")
>>> f.int("round", lo=1, hi=8)
Traceback (most recent call last):
...
archeo_lab.engine.errors.CorruptSave: state.round must be an integer from 1 to 8, got 9
>>> f.str_list("names")
['a', 'b']
"""

from __future__ import annotations

import json
from typing import Any

from .errors import CorruptSave

__all__ = ["Fields", "read_envelope"]


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


def _list(value: Any, where: str, length: int | None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length} items" if length is not None else ""
        raise CorruptSave(f"{where} must be a list{size}, got {value!r}")
    return value


def _ints(items: list, where: str, lo: int | None, hi: int | None) -> list[int]:
    for i, v in enumerate(items):
        if not _is_int(v) or (lo is not None and v < lo) or (hi is not None and v > hi):
            raise CorruptSave(f"{where}[{i}] must be an integer{_range_words(lo, hi)}, got {v!r}")
    return list(items)


def _strs(items: list, where: str, choices: Any) -> list[str]:
    for i, v in enumerate(items):
        if not isinstance(v, str) or (choices is not None and v not in choices):
            expected = "a known name" if choices is not None else "a string"
            raise CorruptSave(f"{where}[{i}] must be {expected}, got {v!r}")
    return list(items)


class Fields:
    """A view of one JSON object that reads typed fields or raises ``CorruptSave``."""

    __slots__ = ("data", "path")

    def __init__(self, data: Any, path: str):
        if not isinstance(data, dict):
            raise CorruptSave(f"{path} must be a JSON object, got {type(data).__name__}")
        self.data, self.path = data, path

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise CorruptSave(f"{self.path}.{key} is missing")
        return self.data[key]

    def _check_int(self, value: Any, where: str, lo: int | None, hi: int | None) -> int:
        if not _is_int(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
            raise CorruptSave(f"{where} must be an integer{_range_words(lo, hi)}, got {value!r}")
        return value

    def int(self, key: str, *, lo: int | None = None, hi: int | None = None) -> int:
        return self._check_int(self._get(key), f"{self.path}.{key}", lo, hi)

    def opt_int(self, key: str, *, lo: int | None = None, hi: int | None = None) -> int | None:
        value = self._get(key)
        return None if value is None else self._check_int(value, f"{self.path}.{key}", lo, hi)

    def bool(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise CorruptSave(f"{self.path}.{key} must be true or false, got {value!r}")
        return value

    def str(self, key: str, *, choices: Any = None) -> str:
        value = self._get(key)
        if not isinstance(value, str) or (choices is not None and value not in choices):
            expected = f"one of {', '.join(map(repr, choices))}" if choices is not None else "a string"
            raise CorruptSave(f"{self.path}.{key} must be {expected}, got {value!r}")
        return value

    def list(self, key: str, *, length: int | None = None) -> list:
        return _list(self._get(key), f"{self.path}.{key}", length)

    def int_list(self, key: str, *, length: int | None = None, lo: int | None = None,
                 hi: int | None = None) -> list[int]:
        return _ints(self.list(key, length=length), f"{self.path}.{key}", lo, hi)

    def opt_int_list(self, key: str, *, length: int | None = None, lo: int | None = None,
                     hi: int | None = None) -> list[int | None]:
        items = self.list(key, length=length)
        return [None if v is None else self._check_int(v, f"{self.path}.{key}[{i}]", lo, hi)
                for i, v in enumerate(items)]

    def str_list(self, key: str, *, length: int | None = None, choices: Any = None) -> list[str]:
        return _strs(self.list(key, length=length), f"{self.path}.{key}", choices)

    def int_lists(self, key: str, *, length: int | None = None, inner: int | None = None,
                  lo: int | None = None, hi: int | None = None) -> list[list[int]]:
        """A list of integer lists (one per seat, say), each ``inner`` long when given."""
        where = f"{self.path}.{key}"
        return [_ints(_list(row, f"{where}[{i}]", inner), f"{where}[{i}]", lo, hi)
                for i, row in enumerate(self.list(key, length=length))]

    def str_lists(self, key: str, *, length: int | None = None, choices: Any = None) -> list[list[str]]:
        """A list of string lists (a hand per seat, say), each item one of ``choices`` when given.

        >>> Fields({"hands": [["a"], ["b", "z"]]}, "state").str_lists("hands", choices="ab")
        Traceback (most recent call last):
        ...
        archeo_lab.engine.errors.CorruptSave: state.hands[1][1] must be a known name, got 'z'
        """
        where = f"{self.path}.{key}"
        return [_strs(_list(row, f"{where}[{i}]", None), f"{where}[{i}]", choices)
                for i, row in enumerate(self.list(key, length=length))]

    def events(self, key: str = "events") -> list[tuple]:
        """A game's public log: each entry a list starting with its kind (a string), read back as
        tuples (nested lists too), as ``State.events`` holds them."""
        out = []
        for i, e in enumerate(self.list(key)):
            if not (isinstance(e, list) and e and isinstance(e[0], str)):
                raise CorruptSave(f"{self.path}.{key}[{i}] must be a list starting with its kind")
            out.append(tuple(tuple(x) if isinstance(x, list) else x for x in e))
        return out

    def sub(self, key: str) -> "Fields":
        return Fields(self._get(key), f"{self.path}.{key}")

    def subs(self, key: str, *, length: int | None = None) -> "list[Fields]":
        return [Fields(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(self.list(key, length=length))]


def read_envelope(text: Any, path: str, fmt: str, schema: int) -> Fields:
    """Parse a save (JSON text or an already-parsed dict) and check its ``format`` and ``schema``."""
    if isinstance(text, (str, bytes, bytearray)):
        try:
            text = json.loads(text)
        except ValueError as exc:
            raise CorruptSave(f"not a {fmt} file: invalid JSON ({exc})") from None
    head = Fields(text, path)
    if head.data.get("format") != fmt:
        raise CorruptSave(f"{path}.format must be {fmt!r}, got {head.data.get('format')!r}")
    found = head.int("schema")
    if found != schema:
        raise CorruptSave(f"{path}.schema {found} cannot be read by this version (it reads {schema})")
    return head
