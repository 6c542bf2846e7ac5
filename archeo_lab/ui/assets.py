"""Where the boards' front end lives: ``widgets/`` in a checkout, ``archeo_lab/widgets/`` in the wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["widget_dir", "board_sources"]

_PACKAGE = Path(__file__).resolve().parent.parent


def widget_dir() -> Path:
    """The folder holding ``board.js``/``board.css`` and one ``<game>.js``/``.css`` per game."""
    for folder in (_PACKAGE / "widgets", _PACKAGE.parent / "widgets"):
        if (folder / "board.js").is_file():
            return folder
    raise FileNotFoundError(
        f"the boards' front end (widgets/board.js) is missing next to {_PACKAGE}: reinstall archeo-lab"
    )


@cache
def board_sources(key: str) -> tuple[str, str]:
    """The ES module and CSS of a game's board: the shared shell, then the game's own part.

    anywidget loads one self-contained module with no relative imports, so the
    shell (``board.js``, which ends with ``export default``) and the game file
    (which defines ``GAME``) are joined here; nothing is fetched from a CDN.
    """
    folder = widget_dir()
    game_js = folder / f"{key}.js"
    if not game_js.is_file():
        raise FileNotFoundError(f"no board front end for {key!r} ({game_js} is missing)")
    esm = (folder / "board.js").read_text(encoding="utf-8") + "\n" + game_js.read_text(encoding="utf-8")
    css = (folder / "board.css").read_text(encoding="utf-8")
    game_css = folder / f"{key}.css"
    if game_css.is_file():
        css += "\n" + game_css.read_text(encoding="utf-8")
    return esm, css
