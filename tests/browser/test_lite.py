"""The course in a browser tab with no server: build the JupyterLite site, serve it, play on it.

``lite/build.py`` builds the site (Pyodide served from the site, archeo-lab and its pure
dependencies as local wheels) with ``tests/lite/boards.ipynb`` added: five boards, then a chart
cell.  The test serves the folder with a plain static server on 127.0.0.1 and checks what a
learner would meet: the kernel starts, every board renders with no "undefined" text (the
Pyodide kernel drops ``None``-valued keys), a click on each board reaches the kernel and a bot
answers, the chart cell explains instead of failing when matplotlib cannot be downloaded, a
Fraction reads as a number (``archeo_lab/printing.py``), and no
request leaves 127.0.0.1 for anything the boards need.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]
GAMES = ["cibola", "quetzal", "luxor", "thebes", "tikal"]
#: Pyodide's CDN: the chart packages (numpy, matplotlib ...) come from there when online, only.
CDN = "https://cdn.jsdelivr.net/pyodide/"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    """Build the site into a fresh folder and serve it on 127.0.0.1; yields the base URL."""
    out = tmp_path_factory.mktemp("lite") / "site"
    started = time.monotonic()
    subprocess.run([sys.executable, str(REPO / "lite" / "build.py"), "--out", str(out),
                    "--extra-contents", str(REPO / "tests" / "lite")], check=True)
    print(f"JupyterLite site built in {time.monotonic() - started:.0f} s")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.browser
def test_boards_play_in_jupyterlite_with_no_server(page: Page, lite_site):
    outside: list[str] = []
    # The kernel runs in a web worker: watch the whole context, not just the page.
    page.context.on("request", lambda r: outside.append(r.url)
                    if not r.url.startswith((lite_site, "data:", "blob:")) else None)
    page.set_viewport_size({"width": 1366, "height": 900})
    started = time.monotonic()
    page.goto(f"{lite_site}/lab/index.html?path=lite/boards.ipynb")
    expect(page.locator(".jp-StatusBar-Widget").filter(has_text=re.compile(r"\| Idle"))).to_be_visible(timeout=120_000)
    kernel_ready = time.monotonic() - started
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    last = page.locator(".jp-Cell.jp-CodeCell").last
    expect(last.locator(".jp-OutputArea-output")).to_contain_text("moves:", timeout=120_000)
    boards = page.locator(".al-board")
    expect(boards).to_have_count(len(GAMES), timeout=60_000)
    first_board = time.monotonic() - started
    for i, game in enumerate(GAMES):
        board = boards.nth(i)
        expect(board).to_have_class(re.compile(rf"\bal-{game}\b"))
        assert "undefined" not in board.inner_text(), f"{game}: a missing key read as 'undefined'"

    # The chart cell: online the chart shows; offline, one clear paragraph instead of a
    # traceback, and Run All went on (the last cell ran).
    chart = page.locator(".jp-Cell.jp-CodeCell").nth(len(GAMES) + 1)
    if chart.locator(".jp-OutputArea-output img").count() == 0:
        expect(chart.locator(".jp-OutputArea-output")).to_contain_text("you seem to be offline")
        assert "Traceback" not in chart.inner_text()

    # Pyodide's kernel is IPython too: `import archeo_lab` makes a Fraction read as a number there.
    expect(page.locator(".jp-Cell.jp-CodeCell").nth(len(GAMES) + 2).locator(".jp-OutputArea-output")).to_contain_text(
        "{'third': 1/3 (≈ 0.3333)}")

    # A click on each board reaches the kernel, and the bot answers inside the same call:
    # "Bot move" plays the learner's next step; a turn may have several steps, so click until
    # the bot (seat 1) has moved.
    clicks = []
    for i, game in enumerate(GAMES):
        board = boards.nth(i)
        moves, button = board.locator(".al-moves"), board.locator("button.al-botmove")
        for _ in range(40):
            before = moves.inner_text()
            clicked = time.monotonic()
            button.click()
            expect(moves).not_to_have_text(before, timeout=30_000)
            expect(button).to_be_enabled(timeout=30_000)     # the bots have finished answering
            clicks.append(time.monotonic() - clicked)
            if "Bot 1" in (board.locator(".al-log").text_content() or ""):
                break
        else:
            pytest.fail(f"{game}: the bot never answered in 40 clicks")
        assert "undefined" not in board.inner_text()
    print(f"kernel ready {kernel_ready:.1f} s, five boards {first_board:.1f} s after opening; "
          f"click -> bot answer {min(clicks):.2f}-{max(clicks):.2f} s")

    # Nothing the boards need came from outside the site (only chart packages may be tried on the CDN).
    assert all(url.startswith(CDN) for url in outside), sorted(set(outside))[:5]
