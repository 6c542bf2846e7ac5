"""The Thebes tutorial in a real JupyterLab: run it, take a card and dig by clicks on its last
board, then ask the kernel.

Contract with ``tutorials/02_thebes.ipynb``:

* the last board on the page is ``full_game = al.play("thebes", players=3, seed=2026,
  opponents={1: "greedy", 2: "random"})``; when its cell finishes, the learner (seat 0) is to
  move, with an expertise card in a storage space and a permit for every region;
* the last code cell prints ``kernel: N moves played, ...`` for that match;
* cells marked ``# NBVAL_RAISES_EXCEPTION`` raise on purpose.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .lab import TutorialBoard, board_moves, settle

NOTEBOOK = "02_thebes.ipynb"


@pytest.mark.browser
def test_thebes_take_a_card_and_dig_reach_the_kernel(page: Page, lab_server):
    tb = TutorialBoard(page, lab_server, NOTEBOOK, "thebes")
    board, status, message, before = tb.board, tb.status, tb.message, tb.before
    expect(board.get_by_test_id("track")).to_be_visible()

    # Take an expertise card from a storage space: 1 to 4 weeks; the bots answer.
    card = board.locator('button.tb-card[data-family="expertise"]').first
    key = card.get_attribute("data-key")
    region = key.split(" ")[0]
    card.click()
    settle(board)
    expect(message).to_contain_text(f"take {key}")
    expect(status).to_have_text("Your move")

    # Dig there: give up the permit, choose the longest dig on the dialog, confirm.
    board.locator(f'button.tb-digopen[data-region="{region}"]').click()
    settle(board)
    expect(message).to_contain_text(f"dig {region}")
    dialog = board.locator(f'.tb-dialog[data-region="{region}"]')
    expect(dialog).to_be_visible()
    dialog.locator("button.tb-bar").last.click()          # a UI-only choice: nothing is sent
    expect(board.get_by_test_id("outlook")).to_contain_text("12 weeks: draw")
    dialog.locator("button.tb-digconfirm").click()
    settle(board)
    expect(message).to_contain_text("dig for 12 weeks")

    # The shuffle and the reveal: the learner's draw is turned over on the board.
    draw = board.locator("button.tb-draw")
    if draw.count():
        draw.click()
        settle(board)
        expect(message).to_contain_text(f"from {region}")
        expect(board.locator('[data-testid="reveal"][data-seat="0"]')).to_contain_text("You drew")
    expect(message).not_to_have_class(re.compile(r"\bal-error\b"))
    shown = board_moves(board)
    assert shown > before + 2

    # The kernel's match advanced too: re-run the last cell and read its count.
    after = tb.kernel_moves_now()
    assert after == shown, f"kernel {after} moves, board {shown}, before the clicks {before}"
