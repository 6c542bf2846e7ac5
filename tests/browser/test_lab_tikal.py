"""The Tikal tutorial in a real JupyterLab: run it, place a hex and move an explorer, ask the kernel.

Contract with ``tutorials/01_tikal.ipynb``:

* the last board on the page is ``full_game = al.play("tikal", players=3, seed=2026,
  opponents={1: "greedy", 2: "greedy"})``, and when its cell finishes the learner (seat 0)
  is to place the first hex of the game;
* the last code cell prints ``kernel: N moves played, phase P`` for that match;
* cells marked ``# NBVAL_RAISES_EXCEPTION`` raise on purpose.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .lab import TutorialBoard, board_moves, settle

NOTEBOOK = "01_tikal.ipynb"


@pytest.mark.browser
def test_tikal_place_a_hex_and_move_an_explorer(page: Page, lab_server):
    tb = TutorialBoard(page, lab_server, NOTEBOOK, "tikal")
    board, message, before = tb.board, tb.message, tb.before

    # A. Turn the drawn hex once (client side only), then click a highlighted space.
    rotate = board.get_by_test_id("rotate")
    if rotate.count():
        rotate.click()
    target = board.locator("[data-place]").first
    expect(target).to_be_visible()
    space = target.get_attribute("data-place")
    target.click()
    settle(board)
    expect(message).to_contain_text(re.compile(rf"You: place tile \d+ .* on {space}, rotation \d"))
    expect(board.get_by_test_id("ap")).to_contain_text("10 AP")
    placed = board.locator(f'[data-space="{space}"].tk-space:not(.tk-empty)')
    expect(placed).to_have_count(1)

    # B. Bring an explorer into play at the base camp (1 AP), then move it: click the piece,
    # then a highlighted hex (it shows the cost).
    board.locator('button[data-kind="bring"]').first.click()
    settle(board)
    expect(message).to_contain_text("You: bring explorer into play at A5")
    board.locator('[data-piece="explorer@A5"]').click()
    move = board.locator("[data-move]").first
    expect(move).to_be_visible()
    dst = move.get_attribute("data-move")
    cost = re.search(r'"cost": ?(\d+)', move.get_attribute("data-action")).group(1)
    move.click()
    settle(board)
    expect(message).to_contain_text(f"You: move explorer A5 -> {dst} ({cost} AP)")
    expect(message).not_to_have_class(re.compile(r"\bal-error\b"))
    expect(board.get_by_test_id("ap")).to_contain_text(f"{10 - 1 - int(cost)} AP")
    shown = board_moves(board)
    assert shown == before + 3

    # The kernel's match advanced too: re-run the last cell and read its count.
    after = tb.kernel_moves_now()
    assert after == shown == before + 3, f"kernel {after} moves, board {shown}, before the clicks {before}"
