"""The Quetzal tutorial in a real JupyterLab: run it, place a group and win a bid on its last board,
then ask the kernel.

Contract with ``tutorials/04_quetzal.ipynb``:

* the last board on the page is ``full_game = al.play("quetzal", players=3, seed=2026,
  opponents={1: "greedy", 2: "greedy"})``: the learner (seat 0) places first in round 1;
* the last code cell prints ``kernel: N moves played, round R`` for that match;
* cells marked ``# NBVAL_RAISES_EXCEPTION`` raise on purpose.

The clicks are those of a learner: meeples of the reserve (``button.qz-pick[data-face]``) form
a group, then a location (``[data-loc]``) is clicked; the board highlights (``qz-target``) the
locations the group can take.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .lab import TutorialBoard, board_moves, settle

NOTEBOOK = "04_quetzal.ipynb"
BIDDING = ("quarry", "small-temple", "ruins", "black-market", "ship-a", "ship-b")


@pytest.mark.browser
def test_quetzal_place_a_group_and_win_a_bid(page: Page, lab_server):
    tb = TutorialBoard(page, lab_server, NOTEBOOK, "quetzal")
    board, status, message, before = tb.board, tb.status, tb.message, tb.before
    expect(board.get_by_test_id("toss")).to_be_visible()

    # 1. Place a group: one archaeologist (a white meeple) on the 5th slot of the Temple.
    white = board.locator('button.qz-pick[data-face="white"]')
    white.click()
    expect(board.get_by_test_id("selected")).to_contain_text("1 white")
    temple5 = board.locator('[data-loc="temple-5"]')
    expect(temple5).to_have_class(re.compile(r"\bqz-target\b"))
    temple5.click()
    settle(board)
    expect(message).to_contain_text("place 1 archaeologist on temple-5 (1 white)")
    expect(temple5.locator(".qz-group")).to_have_count(1)
    expect(status).to_have_text("Your move")          # both bots have answered

    # 2. Win a bid: outbid a bot on a bidding location, adding meeples of its colour until the
    #    board highlights the location.
    won = None
    for key in BIDDING:
        tile = board.locator(f'[data-loc="{key}"]')
        holder = tile.locator(".qz-holder")
        if holder.count() == 0 or "Bot" not in holder.inner_text():
            continue
        need = tile.locator(".qz-need").inner_text()
        faces = ("white", "either", "character") if "archaeologist" in need else ("black", "either", "character")
        for face in faces:
            button = board.locator(f'button.qz-pick[data-face="{face}"]')
            while button.count() and button.is_enabled() and "qz-target" not in (tile.get_attribute("class") or ""):
                button.click()
        if "qz-target" in (tile.get_attribute("class") or ""):
            won = key
            tile.click()
            settle(board)
            break
        clear = board.locator("button.qz-clear")
        if clear.count():
            clear.click()
    assert won, "no bot-held bidding location could be outbid on this board"
    expect(message).not_to_have_class(re.compile(r"\bal-error\b"))
    expect(message).to_contain_text(f"on {won} (")
    # The bots answer inside the same kernel call (one may outbid us back), so the log says
    # what happened: our group went there and the bot holding it took its meeples back.
    board.locator("details.al-log summary").click()
    name = {"quarry": "Quarry", "small-temple": "Small temple", "ruins": "Ruins", "black-market": "Black market",
            "ship-a": "Ship A", "ship-b": "Ship B"}[won]
    lines = board.locator("details.al-log li")
    expect(lines.filter(has_text=re.compile(rf"^You place \d+ \w+ on {name} "))).not_to_have_count(0)
    expect(lines.filter(has_text=re.compile(rf"^Bot \d \(greedy\) is outbid on {name}"))).not_to_have_count(0)
    shown = board_moves(board)
    assert shown > before

    # 3. The kernel's match advanced too: re-run the last cell and read its count.
    after = tb.kernel_moves_now()
    assert after == shown > before, f"kernel {after} moves, board {shown}, before the clicks {before}"
