"""The course site in a browser: build it, serve it with a static server, read it as a learner.

The site is built with the project's configuration (``docs/conf.py``, warnings are errors) into a
temporary folder, with the JupyterLite site beside it in ``lite/`` as ``make site`` lays it out.
To keep ``make test`` short, only the tutorial the test reads (``01_cibola.ipynb``) is executed
(``ARCHEO_SITE_ONLY``); the other notebooks are rendered from their stored sources (every notebook
is executed elsewhere in the suite: ``tests/test_notebooks.py``, nbval).  A build that fails (a
cell that raises, a broken link, a public name without a docstring) fails the test.

What a learner meets: the tutorial page shows its board pictures (the SVG in the boards' outputs)
and its plot, each with its alternative text; the glossary is linked from it; the API reference lists ``get_game`` and ``Match``
and every public name; "Run in your browser" opens the same notebook in the JupyterLite site
served next to it, with its kernel idle.
"""

from __future__ import annotations

import base64
import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "docs" / "_ext"))
import public_api  # noqa: E402

TUTORIAL = "01_cibola"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Python's static file server, without a log line per request in the test output."""

    def log_message(self, format, *args):   # noqa: A002 (the base class's signature)
        pass


@pytest.fixture(scope="session")
def course_site(tmp_path_factory):
    """Build the site (one tutorial executed) and the Lite site beside it; serve both; yield the base URL."""
    tmp = tmp_path_factory.mktemp("site")
    out = tmp / "site"
    env = {**os.environ, "ARCHEO_SITE_EXECUTE": "force", "ARCHEO_SITE_ONLY": f"{TUTORIAL}.ipynb"}
    started = time.monotonic()
    build = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-c", str(REPO / "docs"),
                            "-d", str(tmp / "doctrees"), "-W", "--keep-going", "-q", "-T", str(REPO), str(out)],
                           env=env, capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"the site build failed:\n{build.stderr[-5000:]}", pytrace=False)
    sphinx_done = time.monotonic()
    subprocess.run([sys.executable, str(REPO / "lite" / "build.py"), "--out", str(out / "lite")], check=True,
                   stdout=subprocess.DEVNULL)
    print(f"site built in {sphinx_done - started:.0f} s, its JupyterLite site in {time.monotonic() - sphinx_done:.0f} s")
    # A static server in a thread of this process, on a port the system picks: nothing to wait for.
    handler = functools.partial(_QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"base": f"http://127.0.0.1:{server.server_address[1]}", "root": out}
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _loaded(images) -> list[str]:
    """The ``src`` of every image that the browser decoded (natural width > 0)."""
    return images.evaluate_all("els => els.filter(e => e.complete && e.naturalWidth > 0).map(e => e.src)")


@pytest.mark.browser
def test_tutorial_page_shows_board_pictures_and_plots_and_links_the_glossary(page: Page, course_site):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{course_site['base']}/tutorials/{TUTORIAL}.html")
    expect(page.locator("h1")).to_contain_text("Les Trésors de Cibola")
    outputs = page.locator(".cell_output")
    boards = outputs.locator("img[src^='data:image/svg+xml']")
    plots = outputs.locator("img[src^='data:image/png']")
    expect(boards.first).to_be_visible()
    board_pictures, plot_pictures = _loaded(boards), _loaded(plots)
    assert len(board_pictures) >= 2 and len(board_pictures) == boards.count(), len(board_pictures)
    assert len(plot_pictures) >= 1 and len(plot_pictures) == plots.count(), len(plot_pictures)
    # A board picture is the board, not an empty frame: the board's own SVG, with the game's words in it.
    svg = base64.b64decode(board_pictures[0].split("base64,", 1)[1]).decode()
    assert svg.lstrip().startswith("<svg") and "Cibola" in svg
    # Every picture on the page has words of its own: the position in words, or what the chart shows.
    alts = outputs.locator("img").evaluate_all("els => els.map(e => e.alt)")
    assert len(alts) == boards.count() + plots.count(), alts
    assert all(alt.strip() and "No description" not in alt for alt in alts), alts
    assert any("Cibola" in alt for alt in alts) and any("chart" in alt for alt in alts), alts
    # No widget placeholder text or error output on the page.
    body = page.locator("article").inner_text()
    assert "Traceback" not in body and "Error displaying widget" not in body

    glossary = page.locator("article a[href*='GLOSSARY.html']").first
    expect(glossary).to_be_visible()
    glossary.click()
    expect(page).to_have_url(re.compile(r"/tutorials/GLOSSARY\.html"))
    expect(page.locator("h1")).to_contain_text("Glossary")


@pytest.mark.browser
def test_api_reference_lists_get_game_match_and_every_public_name(page: Page, course_site):
    page.goto(f"{course_site['base']}/docs/reference/engine.html")
    for name in ("get_game", "Match"):
        entry = page.locator(f"dt[id='archeo_lab.engine.{name}']")
        expect(entry).to_be_visible()
        assert entry.locator(".. >> dd").first.inner_text().strip(), f"{name} shows no docstring"
    # Every public name of the modules the reference covers is documented on one of its pages.
    documented = set(_inventory(course_site["root"] / "objects.inv"))
    missing = [f"{module}.{name}" for module in public_api.MODULES for name in public_api.public_names(module)
               if not name.startswith("_") and f"{module}.{name}" not in documented
               and not (module == "archeo_lab" and f"archeo_lab.engine.{name}" in documented)]
    assert missing == []


def _inventory(path: Path) -> list[str]:
    """The object names in a Sphinx ``objects.inv`` (four header lines, then zlib-compressed lines)."""
    data = path.read_bytes()
    body = data.split(b"\n", 4)[4]
    return [line.split(" ", 1)[0] for line in zlib.decompress(body).decode().splitlines() if line]


@pytest.mark.browser
def test_run_in_your_browser_opens_the_notebook_in_jupyterlite(page: Page, course_site):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{course_site['base']}/tutorials/{TUTORIAL}.html")
    binder = page.get_by_role("link", name="Run on Binder")
    assert binder.get_attribute("href").startswith("https://mybinder.org/v2/gh/")
    page.get_by_role("link", name="Run in your browser").click()
    expect(page).to_have_url(re.compile(rf"/lite/lab/index\.html\?path={TUTORIAL}\.ipynb$"))
    expect(page.locator(".jp-StatusBar-Widget").filter(has_text=re.compile(r"\| Idle"))).to_be_visible(timeout=120_000)
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")
    expect(tab).to_contain_text(f"{TUTORIAL}.ipynb")
    expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell").first).to_contain_text(
        "Les Trésors de Cibola")


@pytest.mark.browser
def test_every_notebook_page_has_launch_buttons_to_notebooks_the_lite_site_has(course_site):
    """Every page built from a notebook links to that notebook in the Lite site (and its student version)."""
    root = course_site["root"]
    notebooks = sorted((REPO / "tutorials").rglob("*.ipynb"))
    # the student versions are no pages of the site (docs/conf.py leaves tutorials/student/ out): the exercise
    # pages' third button opens them
    notebooks = [p for p in notebooks if ".ipynb_checkpoints" not in p.parts and "student" not in p.parts]
    assert notebooks
    for notebook in notebooks:
        rel = notebook.relative_to(REPO).with_suffix(".html")
        html = (root / rel).read_text(encoding="utf-8")
        targets = re.findall(r'href="([^"]*lite/lab/index\.html\?path=([^"]+))"', html)
        assert targets, f"{rel}: no 'Run in your browser' button"
        for href, path in targets:
            assert (root / rel.parent / href.split("?")[0]).resolve() == (root / "lite" / "lab" / "index.html").resolve()
            assert (root / "lite" / "files" / path).is_file(), f"{rel}: {path} is not in the Lite site"
        assert "https://mybinder.org/v2/gh/" in html, f"{rel}: no 'Run on Binder' button"
