"""Driving a board in JupyterLab from Playwright: open a board notebook, run it, click, wait for
the board to settle, read what it says, check that it fits the window.

Shared by the browser tests; the server and browser fixtures are in conftest.py.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import urllib.request

from playwright.sync_api import Locator, Page, expect

KERNEL_LINE = re.compile(r"kernel: (\d+) moves played, over=(True|False), winners=(\[.*\]), picture=(\w+)")
KERNEL_START_TIMEOUT = 60_000  # ms; cold kernel start on a loaded 2-core machine
RUN_TIMEOUT = 60_000  # ms; the whole (two-cell) notebook
MOVE_TIMEOUT = 20_000  # ms; one click -> Python -> bots -> redraw
#: The parts of a board that must stay in view (``LabBoard.check_fits``), by their selectors in the board.
PARTS = {"status": "[data-testid=status]", "last moves": "[data-testid=recent]",
         "prompt": "[data-testid=prompt]", "controls": ".al-controls"}


def menu(page: Page, top: str, item: str) -> None:
    """Click a JupyterLab main-menu entry, e.g. menu(page, "Run", "Run All Cells")."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$")).click()


def shut_down_kernels(lab: dict) -> None:
    """End every kernel session of the server, so a notebook opened again starts afresh."""
    base, token = lab["base"], lab["token"]
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=10) as resp:
        sessions = json.load(resp)
    for session in sessions:
        req = urllib.request.Request(f"{base}/api/sessions/{session['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(req, timeout=10).close()


def open_notebook(page: Page, lab: dict, name: str) -> Locator:
    """Open a notebook on a fresh kernel and wait until the kernel is really connected and idle."""
    shut_down_kernels(lab)
    # A workspace of its own, reset: notebooks opened by earlier tests are not restored beside it.
    workspace = re.sub(r"[^A-Za-z0-9]", "-", name)
    page.goto(f"{lab['base']}/lab/workspaces/{workspace}/tree/{name}?reset&token={lab['token']}")
    # Not the toolbar's ExecutionIndicator: it reads "idle" before the kernel is connected,
    # and Run All clicked then runs nothing.  The status bar's "| Idle" comes after.
    expect(page.locator(".jp-StatusBar-Widget").filter(has_text=re.compile(r"\| Idle"))).to_be_visible(
        timeout=KERNEL_START_TIMEOUT)
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")


def kernel_report(cell: Locator, timeout: float = RUN_TIMEOUT) -> tuple[int, bool, str, str]:
    """The moves, game-over flag, winners and the picture's digest printed by a board notebook's second cell."""
    output = cell.locator(".jp-OutputArea-output")
    expect(output).to_contain_text(KERNEL_LINE, timeout=timeout)
    found = KERNEL_LINE.search(output.inner_text())
    return int(found.group(1)), found.group(2) == "True", found.group(3), found.group(4)


class LabBoard:
    """A board notebook run in JupyterLab: its board, and the kernel's view of the match."""

    def __init__(self, page: Page, lab: dict, key: str):
        page.set_default_timeout(MOVE_TIMEOUT)
        self.page, self.key = page, key
        self.notebook = open_notebook(page, lab, f"{key}.ipynb")
        menu(page, "Run", "Run All Cells")
        self.cells = self.notebook.locator(".jp-Cell.jp-CodeCell")
        self.report_cell = self.cells.last
        self.start_moves, _, _, _ = kernel_report(self.report_cell)
        self.board = self.notebook.locator(f".al-board.al-{key}").first
        self.area = self.board.locator(".al-area")
        self.status = self.board.locator(PARTS["status"])
        self.message = self.board.get_by_test_id("message")
        self.prompt = self.board.locator(PARTS["prompt"])
        self.recent = self.board.locator(PARTS["last moves"])
        self.controls = self.board.locator(PARTS["controls"])
        expect(self.board).to_be_visible()
        self.board.evaluate("el => el.scrollIntoView({block: 'start'})")

    # -- waiting ------------------------------------------------------------------------------------
    def settle(self) -> None:
        """Wait for the board to answer a click: not busy (Python answered), nothing left to replay.

        Checked at every animation frame in the page (Playwright's own retries wait 100 ms and more
        between two looks, which would add up over a whole game)."""
        self.page.wait_for_function(
            """key => {
                const board = document.querySelector(`.jp-NotebookPanel:not(.lm-mod-hidden) .al-board.al-${key}`);
                return board !== null && !/\\b(al-busy|al-replaying|al-thinking)\\b/.test(board.className);
            }""", arg=self.key, polling="raf", timeout=MOVE_TIMEOUT)

    def set_pace(self, pace: str) -> None:
        self.board.locator("select.al-pace").select_option(pace)

    # -- reading ----------------------------------------------------------------------------------------
    def moves_shown(self) -> int:
        return int(re.search(r"(\d+) moves? played", self.board.locator(".al-moves").inner_text()).group(1))

    def recent_lines(self) -> list[str]:
        return [t.strip() for t in self.recent.locator(".al-line").all_inner_texts()]

    def log_lines(self) -> list[str]:
        return [t.strip() for t in self.board.locator("details.al-log li").all_text_contents()]

    def snapshot(self) -> dict:
        """What the board shows now, read in one go: the final count's presence, the message and
        its kind, the status, the moves counter, the "last moves" line and the whole log."""
        return self.board.evaluate("""root => {
            const text = (sel) => { const el = root.querySelector(sel); return el ? el.textContent.trim() : ""; };
            const message = root.querySelector('[data-testid=message]');
            return {
                final: Boolean(root.querySelector('.al-final')),
                error: Boolean(message && message.classList.contains('al-error')),
                message: message ? message.textContent : "",
                status: text('[data-testid=status]'),
                moves: parseInt(text('.al-moves'), 10),
                recent: [...root.querySelectorAll('[data-testid=recent] .al-line')].map(e => e.textContent.trim()),
                log: [...root.querySelectorAll('details.al-log li')].map(e => e.textContent.trim()),
                targets: root.querySelectorAll('.al-area [data-action]:not([disabled])').length,
            };
        }""")

    def kernel_now(self) -> tuple[int, bool, str, str]:
        """Re-run the report cell: the moves, game-over flag, winners and picture digest of the kernel's board."""
        prompt = self.report_cell.locator(".jp-InputPrompt")
        count = int(re.search(r"\[(\d+)\]", prompt.inner_text()).group(1))
        self.report_cell.locator(".jp-InputArea-editor").click()
        self.page.keyboard.press("Control+Enter")
        # The cell ran again once its prompt shows a later execution count ("[*]" while queued).
        expect(prompt).to_have_text(re.compile(rf"\[(?!{count}\])\d+\]"), timeout=RUN_TIMEOUT)
        self.board.evaluate("el => el.scrollIntoView({block: 'start'})")
        return kernel_report(self.report_cell)

    # -- the window -------------------------------------------------------------------------------------
    def check_fits(self) -> None:
        """The board fits the window: no horizontal scrolling, not taller than the window, and its
        status, last moves, prompt, message and controls all in view once it is scrolled to.  Measured
        once the board has answered (``settle``), each part's box read in one pass in the page, so that a
        redraw between two reads cannot leave a part unmeasured; a part absent from the page (a redraw under
        way when the pass ran: CI on one core met it once in Thebes) is measured again, up to 5 times."""
        self.settle()
        self.board.evaluate("el => el.scrollIntoView({block: 'start'})")
        width, height = self.page.viewport_size["width"], self.page.viewport_size["height"]
        box = self.board.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"board {box} wider than the window {width}"
        assert box["height"] <= height, f"board {box['height']:.0f} px tall in a {height} px window"
        for name, el in (("area", self.area), ("board", self.board)):
            sw, cw = el.evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert sw <= cw + 1, f"the {name} scrolls sideways ({sw} > {cw} px)"
        panel = self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer").first
        sw, cw = panel.evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert sw <= cw + 1, f"the notebook scrolls sideways ({sw} > {cw} px)"
        for _ in range(5):          # a part missing from the page is in a redraw under way: measure it once done
            boxes = self.board.evaluate("""(root, parts) => Object.fromEntries(Object.entries(parts).map(([name, sel]) => {
                const el = root.querySelector(sel);
                const r = el && el.getClientRects().length ? el.getBoundingClientRect() : null;
                return [name, r && {y: r.y, height: r.height}];
            }))""", PARTS)
            if all(b is not None for b in boxes.values()):
                break
            self.page.wait_for_timeout(200)
            self.settle()
        for name, b in boxes.items():
            assert b is not None and b["y"] >= 0 and b["y"] + b["height"] <= height, f"{name} out of view: {b}"
        # The game area scrolls inside the board: when it goes on below, a cue says so (overlay scrollbars show
        # nothing), and it sits in view; at the bottom it is gone.
        below, cue = self.area.evaluate("""a => {
            const m = a.querySelector('.al-more'), r = a.getBoundingClientRect();
            const c = m && !m.hidden ? m.getBoundingClientRect() : null;
            return [a.scrollHeight - a.clientHeight - a.scrollTop, c && c.top >= r.top && c.bottom <= r.bottom + 1];
        }""")
        if below > 40:
            assert cue, f"the game area goes on {below} px below, with no 'more below' cue in view"
        elif below <= 0:
            assert not cue, "a 'more below' cue with nothing below"
        small = self.board.evaluate("""root => {
            const sizes = [];
            for (const el of root.querySelectorAll('*')) {
              if (!el.childNodes.length || ![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
              const r = el.getBoundingClientRect();
              if (!r.width) continue;
              const px = parseFloat(getComputedStyle(el).fontSize) * (el.ownerSVGElement
                ? el.ownerSVGElement.getScreenCTM().a : 1);
              if (px < 10.95) sizes.push(`${el.tagName} "${el.textContent.trim().slice(0, 20)}" ${px.toFixed(1)}px`);
            }
            return sizes.slice(0, 5);
        }""")
        assert not small, f"text smaller than 11 px: {small}"

    def saved_picture(self, lab: dict, timeout: float = 20.0) -> str:
        """Save the notebook (File > Save Notebook) and return the digest of the picture in the saved
        board output, waiting (by saving again) until it is ``self.wanted_picture``: the board asks
        Python for a fresh picture when the learner pauses."""
        path = lab["root"] / f"{self.key}.ipynb"
        deadline = time.monotonic() + timeout
        digest = "(not saved)"
        while time.monotonic() < deadline:
            menu(self.page, "File", "Save Notebook")
            self.page.wait_for_timeout(500)   # the server writes the file; then it is read back
            try:
                saved = json.loads(path.read_text(encoding="utf-8"))
            except json.JSONDecodeError:      # caught while being written
                continue
            pictures = [out["data"]["image/svg+xml"] for out in saved["cells"][0]["outputs"]
                        if "image/svg+xml" in out.get("data", {})]
            if len(pictures) == 1:
                svg = "".join(pictures[0]) if isinstance(pictures[0], list) else pictures[0]   # nbformat splits lines
                digest = hashlib.sha1(svg.encode()).hexdigest()
                if digest == self.wanted_picture:
                    return digest
        return digest

    def check_no_pop_up(self) -> None:
        """JupyterLab's news toast ("get notified about Jupyter news?") never covers the board."""
        toasts = self.page.locator(".Toastify__toast")
        texts = " ".join(toasts.all_inner_texts())
        assert "news" not in texts.lower(), f"a pop-up covers the board: {texts}"
