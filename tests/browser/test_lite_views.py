"""The boards with JupyterLite's view models: keys whose value is None are dropped.

The Pyodide kernel drops every dict key whose value is ``None`` from a widget's state, so the
board's JavaScript receives ``undefined`` where JupyterLab sends ``null``.  Each board is drawn
in bare Chromium (``harness.py``: the board's own module and CSS, no server) from the views of
a whole game played by clicks, once with the None-valued keys removed: nothing may read
"undefined", "null" or "NaN", nothing may be drawn as taken or held that is not, and the page
must raise no error.  (With the keys kept, as JupyterLab sends them, the boards are checked
by the JupyterLab tests, test_boards.py.)
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page

import archeo_lab as al

from .harness import drop_none, open_board, show

GAMES = [g.key for g in al.list_games()]
WORDS = re.compile(r"\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]")


def game_views(key: str, seed: int = 9, frames_every: int = 6) -> list[dict]:
    """The views a learner's board shows over a whole game (2 players against a greedy bot): the
    one after each click, and every ``frames_every``-th frame of the bots' replies in between."""
    w = al.play(key, players=2, seed=seed, opponents={1: "greedy"})
    views, frames = [w.board.view], []
    w.board.observe(lambda change: frames.append(change["new"]), names="view")
    clicks = 0
    while not w.board.view["over"] and clicks < 400:
        legal = sorted(w.board.legal, key=json.dumps)
        w.board.act(legal[(clicks * 5) % len(legal)])
        clicks += 1
        views += frames[:-1][::frames_every] + frames[-1:]
        frames.clear()
    w.board.act({"type": "no such move"})          # a refusal view at the end, too
    return views + frames


def _values(value):
    """Every dict value at any depth (list items of None stay: only keys are dropped)."""
    if isinstance(value, dict):
        for item in value.values():
            yield item
            yield from _values(item)
    elif isinstance(value, list):
        for item in value:
            yield from _values(item)


@pytest.mark.browser
@pytest.mark.parametrize("key", GAMES)
def test_no_board_reads_undefined_in_jupyterlite(page: Page, key):
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    views = game_views(key)
    assert len(views) > 20 and views[-1]["over"]
    stripped = [drop_none(v) for v in views]
    assert all(None not in _values(v) for v in stripped), "the stand-in drops every None-valued key"
    w = al.play(key, players=2, seed=9, opponents={1: "greedy"})
    open_board(page, w.board, strip_none=True)
    # Every view drawn in turn (as the widget channel hands them over); the text read after each.
    # (handed over as one JSON text: Playwright's own argument encoding is slow for big objects)
    texts = page.evaluate("""text => JSON.parse(text).map((v) => {
        window.__model.set("view", v);
        return document.querySelector(".al-board").innerText;
    })""", json.dumps(stripped))
    for i, text in enumerate(texts):
        found = WORDS.search(text)
        assert not found, (f"view {i} ({views[i]['board'].get('phase')}): {found.group()!r} in "
                           f"{text[max(0, found.start() - 80):found.end() + 40]!r}")
    assert not errors, errors
    # Nothing drawn as held or taken because a missing key was read as a value (Cibola's totems).
    show(page, al.play(key, players=2, seed=9, opponents={1: "greedy"}).board.view, strip_none=True)
    assert not page.locator(".cb-taken, .cb-holder").count()
    assert "held by" not in page.locator(".al-board").inner_text()


#: Where each board's seat cards read a seat's score in its view (Quetzal's cards say "VP").
SCORE_FIELD = {"cibola": "score", "luxor": "score", "thebes": "score", "tikal": "points"}


@pytest.mark.browser
@pytest.mark.parametrize("key", sorted(SCORE_FIELD))
def test_seat_cards_write_points_in_words(page: Page, key):
    """A seat with 1 point reads "1 point", one with 12 "12 points" (not "1 pts")."""
    board = al.play(key, players=2, seed=9).board
    open_board(page, board)
    view = json.loads(json.dumps(board.view))
    for seat, score in zip(view["board"]["seats"], (1, 12)):
        assert SCORE_FIELD[key] in seat, f"{key}'s seat view has no {SCORE_FIELD[key]!r}"
        seat[SCORE_FIELD[key]] = score
    show(page, view)
    text = page.locator(".al-board").inner_text()
    assert re.search(r"\b1 point\b", text) and re.search(r"\b12 points\b", text), text[:400]
    assert not re.search(r"\bpts\b|\b1 points\b", text)


@pytest.mark.browser
@pytest.mark.parametrize("width", [1024, 700])
def test_tikals_action_points_line_stays_inside_its_panel(page: Page, width):
    """The AP line (count, pips, whose turn) wraps rather than running out of a narrow side panel
    (at 1024x768 beside JupyterLab's file browser the name was cut to "Rodo")."""
    page.set_viewport_size({"width": width, "height": 768})
    w = al.play("tikal", players=2, seed=0, names=["Rodolphe", "Igor"])
    w.board.act(w.board.legal[0])                  # place the first hex: the AP phase begins
    open_board(page, w.board)
    page.evaluate("() => { document.getElementById('out').style.width = '600px'; }")   # Lab's notebook column
    assert page.locator("[data-testid=ap]").count() == 1
    overflow = page.evaluate("""() => {
        const side = document.querySelector('.tk-side').getBoundingClientRect();
        return [...document.querySelectorAll('[data-testid=ap] > *')]
            .map((el) => [el.textContent, el.getBoundingClientRect().right - side.right])
            .filter(([, over]) => over > 0.5);
    }""")
    assert not overflow, overflow


@pytest.mark.browser
def test_thebes_next_marker_arrow_covers_no_marker(page: Page):
    """The arrow at the marker that plays next stays clear of every marker, a neighbouring week's too
    (it used to point right, under the marker one week on)."""
    board = al.play("thebes", players=4, seed=3).board
    open_board(page, board)
    view = json.loads(json.dumps(board.view))
    track = view["board"]["track"]
    track.update(stacks=[{"week": 4, "seats": [0]}, {"week": 5, "seats": [1, 2]}, {"week": 6, "seats": [3]}],
                 next=0, weeks=[4, 5, 5, 6], min=4, max=6)
    show(page, view)
    boxes = page.evaluate("""() => {
        const box = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
        return {arrow: box(document.querySelector('.tb-next-arrow')),
                marks: [...document.querySelectorAll('[data-testid=track] [data-seat] rect')].map(
                    (r) => [r.parentNode.dataset.seat, box(r)])};
    }""")
    ax0, ay0, ax1, ay1 = boxes["arrow"]
    marks = dict(boxes["marks"])
    assert len(marks) == 4
    for seat, (x0, y0, x1, y1) in marks.items():
        assert ax1 <= x0 or x1 <= ax0 or ay1 <= y0 or y1 <= ay0, f"the arrow covers seat {seat}'s marker"
    mx0, my0, mx1, _ = marks["0"]
    assert mx0 <= (ax0 + ax1) / 2 <= mx1 and ay1 <= my0, "the arrow stands right above the marker that plays next"


@pytest.mark.browser
def test_tikals_space_names_are_painted_over_their_spaces(page: Page):
    """Each space's name is its group's last element, with a halo, so that stones, tents, shields and pieces
    (drawn before it) never hide it (the base camp's tent hid "A5")."""
    w = al.play("tikal", players=2, seed=0)
    w.board.act(w.board.legal[0])
    open_board(page, w.board)
    spaces = page.evaluate("""() => [...document.querySelectorAll('.tk-space')].map((g) => [
        g.dataset.space, g.lastElementChild.classList.contains('tk-label') && g.lastElementChild.textContent,
        g.querySelectorAll('*').length, getComputedStyle(g.querySelector('.tk-label')).paintOrder])""")
    assert len(spaces) > 30 and any(n > 5 for _, _, n, _ in spaces)     # some spaces hold a tile, stones, pieces
    for space, last, _, paint in spaces:
        assert last == space, f"{space}: its name is not drawn last"
        assert paint.startswith("stroke"), f"{space}: its name has no halo ({paint})"
