"""tutorials/GLOSSARY.md: the course's French <-> English words.

Checks that the glossary links only to the primer's fixed sections, that the tutorials of part B
link to it, and that every French game term those tutorials give beside a game word ("explorers
(*Explorateurs*)") is in the glossary.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
GLOSSARY = (TUTORIALS / "GLOSSARY.md").read_text(encoding="utf-8")

#: The primer's headings are fixed by the course conventions; these are their anchors.
PRIMER_ANCHORS = {
    "Best-response", "Dominance", "Nash-equilibrium", "Mixed-strategies-and-the-indifference-condition",
    "Zero-sum-games-and-their-value", "Backward-induction", "Auctions", "Expected-value-and-variance",
}
NOTEBOOKS = ("04_thebes", "05_tikal", "07_bots_and_tournaments")
#: Italic French in parentheses that names a section of a rule book or an example, not a game word.
NOT_TERMS = {"Exemple d'un premier tour de jeu", "Règles"}


def _markdown_cells(name: str) -> list[str]:
    cells = json.loads((TUTORIALS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def _markdown(name: str) -> str:
    return "\n".join(_markdown_cells(name))


def _normal(text: str) -> str:
    """Lower case, one space between words, a final plural "s" dropped from each word."""
    words = unicodedata.normalize("NFC", text).lower().replace("\n", " ").split()
    return " ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words)


def test_primer_links_use_the_fixed_anchors():
    anchors = set(re.findall(r"06_game_theory\.ipynb#([\w-]+)", GLOSSARY))
    assert anchors and anchors <= PRIMER_ANCHORS


def test_every_game_theory_row_links_somewhere():
    section = GLOSSARY.split("## Game theory and chance")[1].split("## French")[0]
    rows = [line for line in section.splitlines() if line.startswith("| **")]
    assert rows and all("](" in line.split("|")[-2] for line in rows)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_tutorial_links_the_glossary_from_its_opening_box(name):
    box = _markdown_cells(name)[0].split("\n\n")[1]
    assert box.startswith("> ") and "(GLOSSARY.md)" in box


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_french_terms_of_the_tutorial_are_in_the_glossary(name):
    glossary = _normal(GLOSSARY)
    terms = {t for t in re.findall(r"\(\*([^*\"]+)\*", _markdown(name)) if t not in NOT_TERMS}
    missing = sorted(t for t in terms if _normal(t.split(",")[0]) not in glossary)
    assert not missing, f"{name}: add these French terms to GLOSSARY.md: {missing}"
