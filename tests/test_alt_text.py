"""Every picture a notebook shows carries words a screen reader reads and an HTML export keeps.

A position (``State``), a board (``Board``, tested in ``test_widget_protocol``) and a chart
(``al.show_chart``) are shown as an image and as ``text/html``: an ``<img>`` whose alternative
text says what the picture shows.  ``tests/notebooks.py::undescribed`` checks every tutorial's
outputs and HTML export the same way each time a notebook is run.
"""

from __future__ import annotations

import base64
import html
import re

import pytest
from IPython.core.formatters import DisplayFormatter

import archeo_lab as al
from archeo_lab.charts import chart_bundle
from archeo_lab.engine.svg import image_html

GAMES = al.list_games()


def _alt(markup: str) -> str:
    found = re.fullmatch(r'<img src="data:([^;]+);base64,([A-Za-z0-9+/=]+)" alt="([^"]*)">', markup)
    assert found, markup[:120]
    return html.unescape(found.group(3))


def _payload(markup: str) -> bytes:
    return base64.b64decode(re.search(r"base64,([^\"]+)", markup).group(1))


def test_image_html_escapes_the_words_and_keeps_the_picture():
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>"A" & <b></text></svg>'
    markup = image_html(svg, 'Seat 0 bids "5" & waits <here>')
    assert _alt(markup) == 'Seat 0 bids "5" & waits <here>'
    assert _payload(markup).decode() == svg
    assert image_html(b"\x89PNG", "a chart", mime="image/png").startswith('<img src="data:image/png;base64,')


@pytest.mark.parametrize("words", ["", "   ", None])
def test_a_picture_without_words_is_refused(words):
    with pytest.raises(ValueError, match="alternative text"):
        image_html("<svg/>", words)


@pytest.mark.parametrize("key", GAMES)
def test_a_state_shows_its_picture_described_by_the_position_in_words(key):
    state = al.get_game(key).new_state(players=2, seed=4)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    data, _ = DisplayFormatter().format(state)
    assert {"image/svg+xml", "text/html", "text/plain"} <= set(data)
    assert _payload(data["text/html"]).decode() == data["image/svg+xml"] == state._repr_svg_()
    # The words are what the table sees, as the picture is: nothing hidden.
    assert _alt(data["text/html"]) == state.text().strip()
    assert data["text/plain"] == repr(state)


def test_a_game_without_a_drawing_shows_its_repr_alone(monkeypatch):
    state = al.get_game("cibola").new_state(players=2, seed=0)
    # A game registered from a folder without draw.py: _part("draw") finds nothing.
    monkeypatch.setattr(type(state.game), "__module__", "tests.test_alt_text")
    assert state.game._part("draw") is None
    assert state._repr_svg_() is None and state._repr_mimebundle_() is None
    data, _ = DisplayFormatter().format(state)
    assert set(data) == {"text/plain"} and data["text/plain"] == repr(state)


def test_show_chart_shows_the_png_with_its_words_and_closes_the_figure():
    plt = pytest.importorskip("matplotlib.pyplot")
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.bar([1, 2, 3], [3, 1, 2])
    bundle = chart_bundle(ax, "Bar chart of three values; the first is the largest.")
    assert set(bundle) == {"image/png", "text/html", "text/plain"}
    assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")
    assert _payload(bundle["text/html"]) == base64.b64decode(bundle["image/png"])
    assert _alt(bundle["text/html"]) == bundle["text/plain"] == "Bar chart of three values; the first is the largest."
    assert chart_bundle(fig, "the same chart")["image/png"] == bundle["image/png"]
    al.show_chart(fig, "the same chart")           # outside a notebook: prints the words
    assert not plt.fignum_exists(fig.number)
    fig2, axes = plt.subplots(1, 2)
    assert chart_bundle(axes, "two panels")["image/png"]
    plt.close(fig2)


def test_show_chart_refuses_a_chart_without_words_or_a_non_chart():
    plt = pytest.importorskip("matplotlib.pyplot")
    fig, _ = plt.subplots()
    with pytest.raises(ValueError, match="alt"):
        al.show_chart(fig, " ")
    assert plt.fignum_exists(fig.number), "a refused chart is left as it was"
    plt.close(fig)
    with pytest.raises(TypeError, match="Figure or Axes"):
        al.show_chart("a picture", "words")
