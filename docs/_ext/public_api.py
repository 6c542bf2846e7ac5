"""The public API the course site documents, and the check that every public name has a docstring.

The public names are what a learner imports: ``archeo_lab.__all__`` and the ``__all__`` of the
subpackages the reference pages cover (``MODULES``).  ``missing_docstrings()`` walks them, and the
methods and properties of their public classes, and returns every name without a docstring of its
own; the site build (``conf.py``) and ``tests/test_site_docstrings.py`` fail on any.
"""

from __future__ import annotations

import importlib
import inspect

#: The modules whose ``__all__`` is the public API, in the order the reference shows them.
MODULES = ["archeo_lab", "archeo_lab.engine", "archeo_lab.bots", "archeo_lab.theory",
           "archeo_lab.exercises", "archeo_lab.ui"]


def public_names(module_name: str) -> list[str]:
    """``module.__all__`` (a module without one has no public API to check: an error)."""
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if names is None:
        raise ValueError(f"{module_name} has no __all__: the site cannot tell its public names")
    return list(names)


def _own_doc(obj) -> str | None:
    """The object's own docstring (not one inherited from ``object`` or a builtin type)."""
    doc = obj.__doc__ if isinstance(obj, (type, property)) or callable(obj) else None
    if isinstance(obj, type) and doc is not None:
        for base in obj.__mro__[1:]:
            if base.__doc__ == doc and base.__module__ == "builtins":
                return None
    return doc.strip() if isinstance(doc, str) and doc.strip() else None


def _members(cls: type):
    """Public methods and properties defined by the class itself (the package's own code)."""
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property) or inspect.isfunction(value):
            yield name, value


def missing_docstrings(modules: list[str] = MODULES, members: bool = False) -> list[str]:
    """Every public name of ``modules`` without a docstring (with ``members``, also every public
    method and property of a public class, unless the method it overrides is documented).

    Constants (numbers, strings, tuples, dicts) carry no docstring of their own in Python and are
    skipped; classes and functions are checked.
    """
    missing: list[str] = []
    seen: set[int] = set()
    for module_name in modules:
        module = importlib.import_module(module_name)
        for name in public_names(module_name):
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismethod(obj)):
                continue
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if _own_doc(obj) is None:
                missing.append(f"{module_name}.{name}")
            if members and inspect.isclass(obj) and obj.__module__.startswith("archeo_lab"):
                for member, value in _members(obj):
                    if _own_doc(value) is None and not _inherits_doc(obj, member):
                        missing.append(f"{module_name}.{name}.{member}")
    return missing


def _inherits_doc(cls: type, member: str) -> bool:
    """An override documented by the method it overrides (autodoc shows the parent's docstring)."""
    for base in cls.__mro__[1:]:
        value = vars(base).get(member)
        if value is not None:
            value = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
            return _own_doc(value) is not None
    return False
