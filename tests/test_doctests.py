"""Every example in the package's docstrings runs (networkx's habit: examples are tests)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import archeo_lab

MODULES = sorted(m.name for m in pkgutil.walk_packages(archeo_lab.__path__, "archeo_lab."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_examples_are_really_collected():
    total = sum(doctest.testmod(importlib.import_module(n), report=False).attempted for n in MODULES)
    assert total >= 25
