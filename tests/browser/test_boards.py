"""Every board in a real JupyterLab, at 1024 x 768 and 1366 x 768: a whole game played by clicks only.

Each test opens a board notebook (``conftest.board_notebook``: 2 players, a greedy opponent),
runs it, then clicks real targets until the game ends, and checks what a learner relies on:

* every bot move is announced: after each click the "last moves" line holds every log line of
  the moves since the learner's decision (the bots' among them, in words);
* the bots' moves are shown one by one at a visible pace (the first click, at pace "fast");
* every refused click says why: a target the engine refuses (``data-try``) and a click on
  something that is no target both put a message in the message line, and change nothing;
* the board fits the window (no sideways scrolling, not taller than the window, its status,
  prompt and controls in view, no text under 11 px) and no pop-up covers it;
* the end: the final count and the verdict, Undo and Bot move disabled, Rematch and New game
  offered, and the kernel's match agrees with the board.

Screenshots of each board are saved (``docs/screenshots`` when ``ARCHEO_LAB_SCREENSHOTS`` names
it, as ``tests/browser/screenshots.py`` does; a temporary folder otherwise).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOARDS
from .lab import LabBoard

SIZES = {"1024x768": (1024, 768), "1366x768": (1366, 768)}
MAX_CLICKS = 400          # no game here needs half of it; a loop that never ends fails instead
CHECK_EVERY = 9           # clicks between two rounds of refused-click and fit checks
SCREENSHOT_AT = 8         # the mid-game screenshot: after this many clicks
SEAT_PANELS = ".cb-seat, .tk-seat, .tb-seat, .lx-seat, .qz-seat"


@pytest.fixture
def screenshots(tmp_path) -> Path:
    folder = os.environ.get("ARCHEO_LAB_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def click_a_target(lab: LabBoard, rng: random.Random) -> None:
    """Click one of the board's playable targets (what the learner may click now)."""
    count = lab.snapshot()["targets"]
    assert count, f"no target to click, although the board says: {lab.prompt.inner_text()}"
    lab.area.locator("[data-action]:not([disabled])").nth(rng.randrange(count)).click()


def choose(lab: LabBoard, rng: random.Random) -> None:
    """Click one move like a learner would: often what ends a turn, sometimes a longer plan."""
    key, area = lab.key, lab.area
    if key == "tikal":
        pieces = area.locator(".tk-piece.tk-movable")
        if pieces.count() and rng.random() < 0.35:
            pieces.nth(rng.randrange(pieces.count())).click()          # pick a piece up...
            moves = area.locator(".tk-move")
            expect(moves.first).to_be_visible()
            moves.nth(rng.randrange(moves.count())).click()             # ...and put it down
            return
        end = area.locator("button.tk-end")
        if end.count() and rng.random() < 0.75:
            end.click()
            return
        rotate = area.get_by_test_id("rotate")
        if rotate.count() and rng.random() < 0.5:
            rotate.click()                                              # turn the hex first
    if key == "quetzal":
        picks = area.locator("button.qz-pick:not(.qz-off)")
        if picks.count() and rng.random() < 0.3:
            picks.nth(rng.randrange(picks.count())).click()             # a group of one's own
            expect(area.get_by_test_id("selected")).to_contain_text("Group: ")
            fits = area.locator(".qz-loc.qz-target")
            if fits.count():
                fits.nth(rng.randrange(fits.count())).click()
                return
            area.locator("button.qz-clear").click()
    click_a_target(lab, rng)


def check_refused_clicks(lab: LabBoard, rng: random.Random) -> None:
    """A target the engine refuses, then a click on no target: each answers in the message line."""
    moves = lab.moves_shown()
    tries = lab.area.locator("[data-try]").all()
    if tries:
        el = tries[rng.randrange(len(tries))]
        box = el.bounding_box()
        el.click(position={"x": box["width"] / 2, "y": min(8, box["height"] / 4)})
        lab.settle()
        expect(lab.message).to_have_class(re.compile(r"\bal-error\b"))
        expect(lab.message).to_have_text(re.compile(r"^Refused: \S"))
    plain = lab.area.locator(SEAT_PANELS).first       # a seat's panel: nothing to play there
    plain.click(position={"x": 3, "y": 3})
    expect(lab.message).to_have_text(re.compile(r"^Nothing to play there\. \S"))
    expect(lab.message).to_have_class(re.compile(r"\bal-error\b"))
    assert lab.moves_shown() == moves, "a refused click changed the game"


def check_watching(lab: LabBoard, rng: random.Random) -> None:
    """At a visible pace, the bots' moves come one at a time: frames with their move highlighted,
    the status saying whose move is shown, and a Skip button; recorded as the board redraws."""
    lab.set_pace("fast")
    lab.board.evaluate("""root => {
        window.__frames = [];
        new MutationObserver(() => {
            const status = root.querySelector('[data-testid=status]');
            const moves = root.querySelector('.al-moves');
            window.__frames.push({status: status ? status.textContent : '', moves: moves ? moves.textContent : '',
                                  highlighted: root.querySelectorAll('.al-area .al-hl').length,
                                  skip: Boolean(root.querySelector('.al-skip'))});
        }).observe(root, {childList: true});
    }""")
    for _ in range(6):                 # until a click hands the turn to the bot (not every click does)
        lab.page.evaluate("window.__frames = []")
        before = lab.moves_shown()
        choose(lab, rng)
        lab.settle()
        after = lab.moves_shown()
        if after - before > 1 or lab.board.locator(".al-final").count():
            break
    frames = lab.page.evaluate("window.__frames")
    shown = [f for f in frames if f["status"].startswith("Showing ")]
    assert shown, f"no frame of the bots' moves was shown: {frames[-5:]}"
    assert all(f["skip"] for f in shown) and any(f["highlighted"] for f in shown)
    counts = {int(f["moves"].split()[0]) for f in frames}
    assert set(range(before + 1, after + 1)) <= counts, f"not every move had its frame: {sorted(counts)}"
    lab.set_pace("instant")


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("key", list(BOARDS))
def test_a_game_played_to_the_end_by_clicks(page: Page, lab_server, key, size, screenshots):
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    lab = LabBoard(page, lab_server, key)
    rng = random.Random(f"{key}-{size}")
    expect(lab.status).to_have_text("Your move")
    assert lab.moves_shown() == lab.start_moves, "the board and the kernel disagree before any click"
    lab.check_fits()
    check_refused_clicks(lab, rng)
    check_watching(lab, rng)

    clicks = 0
    shown = lab.snapshot()
    while not shown["final"]:
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
        before = shown["moves"]
        choose(lab, rng)
        lab.settle()
        shown = lab.snapshot()
        if shown["final"]:
            break
        assert not shown["error"], shown["message"]
        assert shown["status"] == "Your move", shown["status"]
        moved = shown["moves"] - before
        recent, log = shown["recent"], shown["log"]
        if moved:
            # Every log line of this play, in words, in the visible "last moves" line.
            assert recent and recent == log[-len(recent):], f"last moves {recent} vs log {log[-len(recent):]}"
        if moved > 1:
            assert any(not line.startswith("You ") for line in recent), f"no bot move announced: {recent}"
        if clicks % CHECK_EVERY == 0:
            check_refused_clicks(lab, rng)
            lab.check_fits()
            shown = lab.snapshot()
        if clicks == SCREENSHOT_AT:
            page.screenshot(path=str(screenshots / f"{key}-{size}.png"))

    # -- the end ---------------------------------------------------------------------------------
    lab.settle()
    final = lab.board.get_by_test_id("final")
    expect(final).to_be_visible()
    verdict = lab.board.get_by_test_id("verdict").inner_text()
    assert re.search(r"\bwins?\b|the win to|share the win", verdict), verdict
    expect(lab.status).to_have_text("Game over")
    expect(lab.board.locator("button.al-undo")).to_be_disabled()
    expect(lab.board.locator("button.al-botmove")).to_be_disabled()
    expect(lab.board.locator("button.al-toend")).to_be_disabled()
    expect(lab.board.locator("button.al-rematch")).to_be_enabled()
    expect(lab.board.locator("button.al-new")).to_be_enabled()
    lab.area.locator(".al-final").click()
    expect(lab.message).to_have_text(re.compile(r"game is over.*Rematch"))
    lab.check_fits()
    lab.check_no_pop_up()
    if size == "1366x768":
        page.screenshot(path=str(screenshots / f"{key}-end-{size}.png"))
    moves, over, winners, picture = lab.kernel_now()
    assert over and moves == lab.moves_shown(), f"kernel {moves} moves (over={over}), board {lab.moves_shown()}"
    for name in re.findall(r"'([^']*)'", winners):
        assert name in verdict
    if size == "1366x768":
        # Saved after playing, the notebook's output shows the final position as a picture (exports).
        lab.wanted_picture = picture
        assert lab.saved_picture(lab_server) == picture, "the saved notebook's picture is not the final position"


@pytest.mark.browser
def test_a_game_area_that_goes_on_below_says_so(page: Page, lab_server):
    """The game area scrolls inside the board (header and controls stay in view). Overlay scrollbars (macOS,
    touch screens, headless Chromium) show nothing until one scrolls, and a learner at 1024 x 768 missed two
    seats' panels under the controls: a "more below" strip says so, lets clicks through to the board under it,
    and is gone at the bottom."""
    page.set_viewport_size({"width": 1024, "height": 600})
    lab = LabBoard(page, lab_server, "cibola")
    lab.settle()
    area, more = lab.area, lab.area.get_by_test_id("more")
    assert area.evaluate("a => a.scrollHeight - a.clientHeight - a.scrollTop") > 40
    expect(more).to_be_visible()
    assert more.evaluate("m => getComputedStyle(m).pointerEvents") == "none"
    area.hover()
    page.mouse.wheel(0, 10000)
    page.wait_for_function("a => a.scrollTop + a.clientHeight >= a.scrollHeight - 2", arg=area.element_handle())
    expect(more).to_be_hidden()
    area.evaluate("a => a.scrollTo(0, 0)")
    expect(more).to_be_visible()
