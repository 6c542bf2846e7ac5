"""A board in a bare Chromium page, wired to its Python ``Board`` without Jupyter.

The page loads the board's own ES module and CSS (what anywidget loads) and gives it a small
stand-in for the widget model: ``model.send`` calls ``Board._on_msg`` through Playwright, and
every view the board publishes in reply is handed back to ``model`` in order, as the real
widget channel would.  ``drop_none=True`` removes the keys whose value is ``None`` from every
view first, as JupyterLite's Pyodide kernel does.

Fast (no server, no kernel): used for the JupyterLite check and for the offline layout checks.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from archeo_lab.ui.assets import board_sources

HOME = "http://board.invalid/"
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}</style>
<style>body {{ margin: 8px; font-family: sans-serif; }}</style></head>
<body><div id="out"></div>
<script type="module">
const src = {esm};
const url = URL.createObjectURL(new Blob([src], {{type: "text/javascript"}}));
const mod = (await import(url)).default;
class Model {{
  constructor(state) {{ this.state = state; this.handlers = {{}}; }}
  get(key) {{ return this.state[key]; }}
  on(event, fn) {{ (this.handlers[event] = this.handlers[event] || []).push(fn); }}
  off() {{}}
  set(key, value) {{ this.state[key] = value; (this.handlers["change:" + key] || []).forEach((fn) => fn()); }}
  async send(msg) {{
    window.__sent.push(msg);
    const views = await window.pySend(JSON.stringify(msg));
    for (const v of JSON.parse(views)) this.set("view", v);
    window.__answered += 1;
  }}
}}
window.__sent = []; window.__answered = 0;
window.__model = new Model(JSON.parse({state}));
if (mod.initialize) mod.initialize({{ model: window.__model }});
mod.render({{ model: window.__model, el: document.getElementById("out") }});
window.__ready = true;
</script></body></html>"""


def drop_none(value: Any) -> Any:
    """``value`` with every dict key whose value is None removed, at any depth (Pyodide's widget state)."""
    if isinstance(value, dict):
        return {k: drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [drop_none(v) for v in value]
    return value


def open_board(page: Page, board, *, strip_none: bool = False, pace: str = "instant") -> None:
    """Show ``board`` (an ``archeo_lab.ui.Board``) in ``page``, clicks answered by Python; the bots'
    moves replayed at ``pace`` (the board's own setting, kept in the page's local storage)."""
    esm, css = board_sources(board.match.game.key)
    published: list[dict] = []
    board.observe(lambda change: published.append(change["new"]), names="view")

    def prepare(view: dict) -> dict:
        return drop_none(view) if strip_none else view

    def py_send(text: str) -> str:
        published.clear()
        board._on_msg(board, json.loads(text), [])
        return json.dumps([prepare(v) for v in published])

    page.expose_function("pySend", py_send)
    state = {"uid": board.uid, "view": prepare(board.view)}
    html = PAGE.format(css=css, esm=json.dumps(esm).replace("</", "<\\/"),
                       state=json.dumps(json.dumps(state)).replace("</", "<\\/"))
    # Served from an address of its own (not about:blank), so the page has local storage.
    page.route(HOME, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.add_init_script(f"window.localStorage.setItem('archeo-lab-pace', {json.dumps(pace)})")
    page.goto(HOME)
    page.wait_for_function("window.__ready === true")


def show(page: Page, view: dict, *, strip_none: bool = False) -> None:
    """Hand the page's board a new view, as the widget channel does when Python publishes one."""
    page.evaluate("text => window.__model.set('view', JSON.parse(text))",
                  json.dumps(drop_none(view) if strip_none else view))


def answered(page: Page) -> int:
    """How many of the page's messages Python has answered so far."""
    return page.evaluate("window.__answered")
