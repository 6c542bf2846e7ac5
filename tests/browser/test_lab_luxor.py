"""The Expedition Luxor tutorial in a real JupyterLab: run it, place a camp and move adventurers
by clicks on its last board, then ask the kernel.

Contract with ``tutorials/03_luxor.ipynb``:

* the last board on the page is ``full_game = al.play("luxor", players=2, seed=2026,
  opponents={1: "greedy"})``; when its cell finishes, the learner (seat 0) is to choose the
  "1" tile to keep (the set-up), with the empty start layout face down;
* the last code cell prints ``kernel: N moves played, ...`` for that match;
* cells marked ``# NBVAL_RAISES_EXCEPTION`` raise on purpose.

A click on a cell that is not highlighted sends the move anyway: the board shows the
engine's refusal (here: a corner is not an edge) and nothing is played.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .lab import TutorialBoard, board_moves, settle

NOTEBOOK = "03_luxor.ipynb"


@pytest.mark.browser
def test_luxor_camp_and_moves_reach_the_kernel(page: Page, lab_server):
    tb = TutorialBoard(page, lab_server, NOTEBOOK, "luxor")
    board, status, message, before = tb.board, tb.status, tb.message, tb.before
    expect(board.locator(".lx-facedown")).to_have_count(4)

    # Set-up: keep the mountain with the camp; the bot chooses, the layout is revealed.
    board.locator('button.lx-keep[data-tile="mountain"]').click()
    settle(board)
    expect(message).to_contain_text("keep mountain")
    expect(board.locator(".lx-facedown")).to_have_count(0)
    expect(status).to_have_text("Your move")

    # Pick the camp in the hand.  A cell that is not highlighted (a corner) is refused, with the rule.
    board.locator('button.lx-hand[data-tile="desert camp"]').click()
    moves = board_moves(board)
    board.locator("button.lx-cell.lx-empty.lx-try").first.click()
    settle(board)
    expect(message).to_have_class(re.compile(r"\bal-error\b"))
    expect(message).to_contain_text("not only at a corner")
    assert board_moves(board) == moves, "a refused click plays nothing"

    # Place the camp on a highlighted cell of the grid.
    board.locator('button.lx-hand[data-tile="desert camp"]').click()
    target = board.locator("button.lx-cell.lx-target").first
    expect(target).to_be_visible()
    camp_cell = target.get_attribute("data-cell")
    target.click()
    settle(board)
    expect(message).to_contain_text(f"place desert camp at {camp_cell}")

    # Five adventurers on it: four extras free to move.
    board.locator('button.lx-campbtn[data-count="5"]').click()
    settle(board)
    expect(message).to_contain_text("camp with 5 adventurers")
    camp = board.locator(f'.lx-cell[data-cell="{camp_cell}"]')
    expect(camp.locator(".lx-top")).to_have_text("5")

    # Move one adventurer along a line: its size, then a green tile next to the camp.
    board.locator('button.lx-count[data-count="1"]').click()
    step = board.locator("button.lx-cell.lx-target").first
    expect(step).to_be_visible()
    step_cell = step.get_attribute("data-cell")
    step.click()
    settle(board)
    expect(message).to_contain_text(f"move 1 adventurer {camp_cell} -> {step_cell}")
    expect(message).not_to_have_class(re.compile(r"\bal-error\b"))
    expect(camp.locator(".lx-top")).to_have_text("4")
    shown = board_moves(board)
    assert shown == before + 5, f"keep, bot's keep, place, camp, move: expected {before + 5}, board shows {shown}"

    # The kernel's match advanced too: re-run the last cell and read its count.
    after = tb.kernel_moves_now()
    assert after == shown > before, f"kernel {after} moves, board {shown}, before the clicks {before}"
