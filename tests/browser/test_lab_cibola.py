"""The Cibola tutorial in a real JupyterLab: run it, click moves on the board, ask the kernel.

Contract with ``tutorials/05_cibola.ipynb``:

* the last board on the page is ``full_game = al.play("cibola", players=3, seed=2026,
  opponents={1: "greedy", 2: "random"})``, and when its cell finishes the learner (seat 0)
  is to bid in round 1;
* the last code cell prints ``kernel: N moves played, round R`` for that match;
* cells marked ``# NBVAL_RAISES_EXCEPTION`` raise on purpose.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .lab import TutorialBoard, board_moves, settle

NOTEBOOK = "05_cibola.ipynb"


@pytest.mark.browser
def test_cibola_clicks_reach_the_kernel(page: Page, lab_server):
    tb = TutorialBoard(page, lab_server, NOTEBOOK, "cibola")
    board, status, message, before = tb.board, tb.status, tb.message, tb.before
    log = board.locator("details.al-log li")
    log_before = log.count()

    # Round 1: close our fist on 1 explorer.  The bots answer inside the same kernel call,
    # and when the fists open it is our turn to take a card.
    board.locator('button.cb-bidbtn[data-bid="1"]').click()
    settle(board)
    expect(message).to_contain_text("bid 1")
    card = board.locator("button.cb-card.cb-target").first
    expect(card).to_be_visible()
    card_id = card.get_attribute("data-card")
    card.click()
    settle(board)
    expect(message).to_contain_text(f"take {card_id}")

    # A card can bring a rock to place, a totem to choose, or a landslide: answer each with
    # its first target while one is offered to us (bids are left alone: that is round 2).
    follow_up = board.locator("button.cb-cell.cb-target, button.cb-totem.cb-target, button.cb-leave")
    for _ in range(5):
        if status.inner_text() != "Your move" or follow_up.count() == 0:
            break
        follow_up.first.click()
        settle(board)
    else:
        pytest.fail(f"still asked for a rock/totem/landslide answer after 5 clicks: {message.inner_text()}")
    expect(message).not_to_have_class(re.compile(r"\bal-error\b"))  # no refusal on the way
    assert log.count() > log_before, "the board's log did not grow"
    shown = board_moves(board)
    assert shown > before

    # The kernel's match advanced too: re-run the last cell and read its count.
    after = tb.kernel_moves_now()
    assert after == shown > before, f"kernel {after} moves, board {shown}, before the clicks {before}"
