"""Driving JupyterLab from Playwright: open a tutorial, run it past the cells that raise on
purpose, read the kernel's answer, wait for a board to redraw.  Shared by every game's
browser test (``test_lab_<game>.py``); the server and browser fixtures are in conftest.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

KERNEL_LINE = re.compile(r"kernel: (\d+) moves played")  # the last cell of every tutorial prints it
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
    # A workspace of its own, reset: notebooks opened by earlier tests are not restored beside it.
    workspace = re.sub(r"[^A-Za-z0-9]", "-", name)
    page.goto(f"{lab['base']}/lab/workspaces/{workspace}/tree/{name}?reset&token={lab['token']}")
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


class TutorialBoard:
    """A tutorial run to its end in JupyterLab, with the board of its last cell.

    ``before`` is the kernel's move count printed by the last cell, checked to be the
    board's own count before any click."""

    def __init__(self, page: Page, lab: dict, notebook: str, key: str):
        page.set_default_timeout(MOVE_TIMEOUT)
        if not (lab["root"] / notebook).exists():
            pytest.fail(f"tutorials/{notebook} is missing", pytrace=False)
        self.page = page
        self.notebook = open_notebook(page, lab, notebook)
        run_all_cells(page, self.notebook)
        self.last_cell = self.notebook.locator(".jp-Cell.jp-CodeCell").last
        self.before = kernel_moves(self.last_cell)
        self.board = self.notebook.locator(f".al-board.al-{key}").last
        self.status = self.board.get_by_test_id("status")
        self.message = self.board.get_by_test_id("message")
        expect(self.status).to_have_text("Your move")
        assert board_moves(self.board) == self.before, "the board and the kernel disagree before any click"

    def kernel_moves_now(self) -> int:
        """Re-run the last cell and read the kernel's move count: has the match advanced as the board says?"""
        self.last_cell.locator(".jp-InputArea-editor").click()
        self.page.keyboard.press("Control+Enter")
        expect(self.last_cell.locator(".jp-OutputArea-output")).to_contain_text(
            re.compile(rf"kernel: (?!{self.before} )\d+ moves played"), timeout=RUN_TIMEOUT)
        return kernel_moves(self.last_cell)
