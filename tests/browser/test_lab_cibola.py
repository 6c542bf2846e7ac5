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
from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "05_cibola.ipynb"
KERNEL_LINE = re.compile(r"kernel: (\d+) moves played, round (\d+)")
EXECUTED = re.compile(r"^\s*\[\d+\]:\s*$")  # input prompt of a cell that ran ("[ ]:" not run, "[*]:" queued)
NOT_RUN = re.compile(r"^\s*\[\s*\]:\s*$")
KERNEL_START_TIMEOUT = 60_000  # ms; cold kernel start on a loaded 2-core machine
RUN_TIMEOUT = 60_000  # ms; whole notebook
MOVE_TIMEOUT = 15_000  # ms; one click -> Python -> bots -> redraw


def menu(page: Page, top: str, item: str) -> None:
    """Click a JupyterLab main-menu entry, e.g. menu(page, "Run", "Run All Cells")."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$")).click()


def open_notebook(page: Page, lab: dict, name: str) -> Locator:
    """Open a notebook and wait until its kernel is really connected and idle."""
    page.goto(f"{lab['base']}/lab/tree/{name}?token={lab['token']}")
    # Not the toolbar's ExecutionIndicator: it reads "idle" before the kernel is connected,
    # and Run All clicked then runs nothing.  The status bar's "| Idle" comes after.
    expect(page.locator(".jp-StatusBar-Widget").filter(has_text=re.compile(r"\| Idle"))).to_be_visible(
        timeout=KERNEL_START_TIMEOUT)
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")


def run_all_cells(page: Page, notebook: Locator) -> None:
    """Run every code cell, going on past the cells that raise on purpose.

    "Run All Cells" stops at the first error: the kernel aborts the queued cells (they go
    back to "[ ]:").  So: run from the first cell that has not run, and after each stop
    check that the cell that stopped us is a ``# NBVAL_RAISES_EXCEPTION`` one.
    """
    cells = notebook.locator(".jp-Cell.jp-CodeCell")
    prompts = notebook.locator(".jp-Cell.jp-CodeCell .jp-InputPrompt")
    # Start from a clean slate even if the notebook was saved with outputs: afterwards
    # every prompt is "[ ]:", so "this cell now has a number" is a wait we can trust.
    menu(page, "Edit", "Clear Outputs of All Cells")
    expect(prompts.filter(has_text=EXECUTED)).to_have_count(0)
    count = cells.count()
    assert count, "the notebook has no code cell"
    for _ in range(count):
        texts = prompts.all_inner_texts()
        if EXECUTED.match(texts[-1]):
            return
        start = next(i for i, text in enumerate(texts) if NOT_RUN.match(text))
        if start > 0:
            stopped_at = cells.nth(start - 1)
            source = stopped_at.locator(".jp-InputArea-editor").inner_text()
            if "NBVAL_RAISES_EXCEPTION" not in source:
                pytest.fail(f"code cell {start} raised but is not marked # NBVAL_RAISES_EXCEPTION:\n{source}\n"
                            f"{stopped_at.locator('.jp-OutputArea').inner_text()}")
        cells.nth(start).locator(".jp-InputPrompt").click()  # select it (command mode)
        menu(page, "Run", "Run Selected Cell and All Below")
        # Once the first cell of the batch has its number, the rest of the batch is either
        # done, still queued ("[*]:"), or aborted after an error ("[ ]:").
        expect(prompts.nth(start)).to_have_text(EXECUTED, timeout=RUN_TIMEOUT)
        expect(prompts.filter(has_text="[*]")).to_have_count(0, timeout=RUN_TIMEOUT)
    pytest.fail("the last code cell never ran")


def kernel_moves(cell: Locator, timeout: float = RUN_TIMEOUT) -> int:
    """The move count printed by the tutorial's last cell."""
    output = cell.locator(".jp-OutputArea-output")
    expect(output).to_contain_text(KERNEL_LINE, timeout=timeout)
    return int(KERNEL_LINE.search(output.inner_text()).group(1))


def settle(board: Locator) -> None:
    """Wait for the board to redraw after a click (it is "al-busy" from the click until then)."""
    expect(board).not_to_have_class(re.compile(r"\bal-busy\b"), timeout=MOVE_TIMEOUT)


def board_moves(board: Locator) -> int:
    """The "N moves played" counter the board shows (from the synced view model)."""
    return int(re.search(r"(\d+) moves played", board.locator(".al-moves").inner_text()).group(1))


@pytest.mark.browser
def test_cibola_clicks_reach_the_kernel(page: Page, lab_server):
    page.set_default_timeout(MOVE_TIMEOUT)
    if not (lab_server["root"] / NOTEBOOK).exists():
        pytest.fail(f"tutorials/{NOTEBOOK} is missing", pytrace=False)
    notebook = open_notebook(page, lab_server, NOTEBOOK)
    run_all_cells(page, notebook)

    last_cell = notebook.locator(".jp-Cell.jp-CodeCell").last
    before = kernel_moves(last_cell)
    board = notebook.locator(".al-board.al-cibola").last
    status, message = board.get_by_test_id("status"), board.get_by_test_id("message")
    log = board.locator("details.al-log li")
    expect(status).to_have_text("Your move")
    assert board_moves(board) == before, "the board and the kernel disagree before any click"
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
    last_cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    expect(last_cell.locator(".jp-OutputArea-output")).to_contain_text(
        re.compile(rf"kernel: (?!{before} )\d+ moves played"), timeout=RUN_TIMEOUT)
    after = kernel_moves(last_cell)
    assert after == shown > before, f"kernel {after} moves, board {shown}, before the clicks {before}"
