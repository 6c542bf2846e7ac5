"""Quetzal: a static SVG picture of a position (no widget needed).

``draw(state)`` returns an ``SVG`` string that Jupyter displays by itself, so a notebook
exported to HTML or read on GitHub still shows the position: the locations in activation order
with their costs and occupants, the displays, and each seat's meeples, gold, tracks and objects.

>>> from archeo_lab.games.quetzal import GAME
>>> svg = draw(GAME.new_state(players=3, seed=1))
>>> svg.startswith("<svg") and "Temple" in svg and "Harbour office" in svg
True
"""

from __future__ import annotations

from textwrap import wrap

from archeo_lab.engine import svg
from archeo_lab.engine.svg import SVG
from archeo_lab.engine.svg import rect as _rect

from .actions import RESERVE_FACES
from .components import ANNEX_BONUS, LOCATIONS, ROUNDS, TILE_KIND, UPGRADE_BY_KEY, bonus_word, cards_in_words
from .tables import DUMMY
from .view import DUMMY_COLOUR, SEAT_COLOURS

__all__ = ["SVG", "draw", "SEAT_COLOURS"]

_INK, _LINE, _PAPER, _CARD = "#2b2118", "#c9b58f", "#fbf6ea", "#ffffff"
_KIND_FILL = {"free": "#eef7e8", "unique": "#fff4dc", "bidding": "#e8f0fb"}


#: Characters a line holds: in a location's box (9 px), across the picture (10 px), and right of a seat's meeples.
_BOX_CHARS, _LINE_CHARS, _SEAT_CHARS = 40, 150, 125
#: Where a seat's objects start: right of its meeples (at most 7 in reserve, 13 px each).
_OBJECTS_X = 28 + 7 * 13 + 12


def _upgrades(tiles) -> str:
    """Upgrade tiles by name, as the Village shows them (``"Double reroll, Vase trade"``)."""
    return ", ".join(UPGRADE_BY_KEY[TILE_KIND[t]].name for t in tiles)


def _box_lines(x: float, bottom: float, lines: list[str], fill: str = _INK) -> list[str]:
    """Lines of 9 px text in a location's box, the last one on ``bottom``."""
    return [_text(x, bottom - 10 * (len(lines) - 1 - k), line, 9, fill=fill) for k, line in enumerate(lines)]


def _text(x, y, s, size=11, weight="normal", anchor="start", fill=_INK) -> str:
    return svg.text(x, y, s, size, weight, anchor, fill)


def meeple_svg(x: float, y: float, colour: str, face: str, size: float = 14) -> str:
    """A meeple at (x, y): filled in the seat's colour, its face shown by a patch on the torso (black,
    white, half-and-half for either, a gold disc for the character)."""
    s = size / 14
    body = (f'<path transform="translate({x},{y}) scale({s})" d="M7 0a3 3 0 0 1 3 3c0 1.2-.6 2-1.2 2.4'
            f'L13 7.5c1 .5 1 1.8 0 2.1L10 10l2 4H2l2-4-3 -.4c-1-.3-1-1.6 0-2.1L5.2 5.4C4.6 5 4 4.2 4 3'
            f'a3 3 0 0 1 3-3z" fill="{colour}" stroke="#222" stroke-width="0.7"/>')

    def patch(fill: str) -> str:
        return (f'<rect x="{x + 3.6 * s}" y="{y + 6.2 * s}" width="{6.8 * s}" height="{5.2 * s}" rx="{s}" '
                f'fill="{fill}" stroke="#222" stroke-width="0.4"/>')

    if face in ("black", "white"):
        mark = patch("#111" if face == "black" else "#fafafa")
    elif face == "character":
        mark = (f'<circle cx="{x + 7 * s}" cy="{y + 8.8 * s}" r="{2.6 * s}" '
                'fill="#ffd54f" stroke="#222" stroke-width="0.4"/>')
    else:
        mark = (f'<rect x="{x + 3.6 * s}" y="{y + 6.2 * s}" width="{3.4 * s}" height="{5.2 * s}" fill="#111"/>'
                f'<rect x="{x + 7 * s}" y="{y + 6.2 * s}" width="{3.4 * s}" height="{5.2 * s}" fill="#fafafa" '
                f'stroke="#222" stroke-width="0.4"/>')
    return body + mark


def _group_meeples(x, y, group) -> tuple[str, float]:
    seat, _role, b, w, e, c = group
    colour = DUMMY_COLOUR if seat == DUMMY else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    parts = []
    faces = ["black"] * b + ["white"] * w + ["either"] * e + (["character"] if c else [])
    for k, face in enumerate(faces):
        parts.append(meeple_svg(x + k * 13, y, colour, face, 13))
    return "".join(parts), x + len(faces) * 13


def draw(state, *, seat: int | None = None, names: list[str] | None = None, width: int = 820) -> SVG:
    """The board in activation order, the displays and each seat (Quetzal hides nothing but the piles)."""
    parts = []
    title = f"Quetzal: round {state.round}/{ROUNDS}"
    title += " (game over)" if state.is_terminal else f", seat {state.current_player} to play ({state.phase})"
    parts.append(_text(12, 22, title, 15, "bold"))
    col_w, row_h, x0, y0 = 196, 58, 12, 36
    for n, (i, loc) in enumerate((i, loc) for i, loc in enumerate(LOCATIONS)):
        x, y = x0 + (n % 4) * (col_w + 6), y0 + (n // 4) * (row_h + 6)
        covered = i in state.covered
        parts.append(_rect(x, y, col_w, row_h, "#d7d2c8" if covered else _KIND_FILL[loc.kind]))
        cost = f", {loc.cost} gold" if loc.cost else ""
        parts.append(_text(x + 6, y + 14, f"{loc.name}{cost}", 11, "bold"))
        parts.append(_text(x + col_w - 6, y + 14, loc.kind, 9, anchor="end", fill="#7a6a55"))
        if covered:
            parts.append(_text(x + 6, y + 34, "covered (2 players)", 10, fill="#555"))
            continue
        gx: float = x + 6
        for g in state.spots[i]:
            svg, gx = _group_meeples(gx, y + 20, g)
            parts.append(svg)
            gx += 6
        if loc.key in ANNEX_BONUS:
            cards = state.annexes[list(ANNEX_BONUS).index(loc.key)]
            text = f"{cards_in_words(cards)}; +1 {bonus_word(ANNEX_BONUS[loc.key])}"
            parts += _box_lines(x + 6, y + row_h - 6, wrap(text, _BOX_CHARS)[:2])
        elif not state.spots[i]:
            parts += _box_lines(x + 6, y + row_h - 8, wrap(loc.effect, _BOX_CHARS), fill="#7a6a55")
    y = y0 + 5 * (row_h + 6) + 6
    temple = cards_in_words(sorted(state.temple)) if state.temple else "(empty)"
    for line in wrap(f"Temple display: {temple}", _LINE_CHARS):
        parts.append(_text(12, y, line, 10))
        y += 14
    village = _upgrades(state.village) or "(empty)"
    for line in wrap(f"Village upgrades: {village}; object pile {len(state.deck)} cards, discard {len(state.discard)}",
                     _LINE_CHARS):
        parts.append(_text(12, y, line, 10))
        y += 14
    y += 8
    scores = state.scores()
    for s in state.seats:
        name = names[s] if names else f"Seat {s}"
        colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
        parts.append(f'<circle cx="18" cy="{y - 4}" r="5" fill="{colour}"/>')
        token = ", first player" if s == state.first else ""
        line = (f"{name}: {state.gold[s]} gold, {state.vp[s]} VP, discovery {state.discovery[s]}{token}; "
                f"upgrades: {_upgrades(state.upgrades[s]) or 'none'}")
        parts.append(_text(28, y, line, 11, "bold" if s == state.current_player else "normal"))
        parts.append(_text(width - 12, y, f"{scores[s]} VP", 11, "bold", "end"))
        mx = 28
        for face, n in zip(RESERVE_FACES, state.reserve[s]):
            for _ in range(n):
                parts.append(meeple_svg(mx, y + 4, colour, face, 13))
                mx += 13
        objects = wrap(f"objects: {cards_in_words(sorted(state.hands[s])) if state.hands[s] else 'none'}",
                       _SEAT_CHARS)
        for k, text in enumerate(objects):
            parts.append(_text(_OBJECTS_X, y + 15 + 13 * k, text, 10))
        y += 36 + 13 * (len(objects) - 1)
    height = y
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
               f'<rect width="100%" height="100%" fill="{_PAPER}"/>{"".join(parts)}</svg>')
