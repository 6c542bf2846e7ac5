"""Expedition Luxor: a static SVG picture of a position (no widget needed).

``draw(state)`` returns an ``SVG`` string that Jupyter displays by itself, so
a notebook exported to HTML or read on GitHub still shows the position: the
tiles by terrain with their buildings, each stack of adventurers with the top
one drawn large, boats and snakes, the play-area limit, and each seat's
reserve, tiles and points.  With ``seat=`` only that seat's hand is listed.

>>> import archeo_lab as al
>>> s = al.get_game("luxor").new_state(players=2, seed=1)
>>> for _ in range(2):
...     s.apply("keep mountain")
>>> svg = draw(s)
>>> svg.startswith("<svg") and "F6" in svg
True
"""

from __future__ import annotations

from html import escape

from archeo_lab.engine.svg import SVG
from archeo_lab.engine.svg import text as _text
from archeo_lab.engine.wording import plural

from .components import KINDS, SEAT_COLOURS
from .encoding import code_kind
from .lines import TERRAIN_COLOURS
from .view import shown_window

__all__ = ["SVG", "draw", "BUILDING_SVG"]

_INK, _LINE, _PAPER, _AREA = "#2b2118", "#c9b58f", "#fbf6ea", "#f6efdd"

#: Small pictures of the buildings (in a 0..20 box), shared with the board widget's look.
BUILDING_SVG = {
    "camp": '<path d="M3 17 L10 4 L17 17 Z" fill="#fff3e0" stroke="#6d4c41" stroke-width="1.4"/>'
            '<path d="M10 17 L10 10 L13 17" fill="#6d4c41"/>',
    "temple": '<path d="M2 7 L10 3 L18 7 Z" fill="#eeeeee" stroke="#5d4037" stroke-width="1.2"/>'
              '<rect x="4" y="8" width="2" height="8" fill="#eeeeee" stroke="#5d4037" stroke-width="0.8"/>'
              '<rect x="9" y="8" width="2" height="8" fill="#eeeeee" stroke="#5d4037" stroke-width="0.8"/>'
              '<rect x="14" y="8" width="2" height="8" fill="#eeeeee" stroke="#5d4037" stroke-width="0.8"/>'
              '<rect x="2" y="16" width="16" height="2" fill="#eeeeee" stroke="#5d4037" stroke-width="0.8"/>',
    "pyramid": '<path d="M1 18 L10 3 L19 18 Z" fill="#e0b050" stroke="#6d4c41" stroke-width="1.2"/>'
               '<path d="M5.5 13 H14.5 M3.5 16 H16.5 M7.5 9.5 H12.5" stroke="#8d6e63" stroke-width="0.8"/>',
}


#: Under a picture with adventurers on it: how to read a stack (``_stack``).
STACK_LEGEND = ("stacks: the large disc is the top adventurer (the one that scores), its number how many stand "
                "there; small dots: those under it")


def _stack(x: float, y: float, stack, cell: float, tip: str) -> str:
    """Discs for a stack of adventurers, bottom to top; the top one large and outlined; ``tip`` on hover."""
    parts = [f"<g><title>{escape(tip, quote=False)}</title>"]
    for i, s in enumerate(stack[:-1]):
        parts.append(f'<circle cx="{x + 6 + i * 7}" cy="{y + cell - 7}" r="3.2" fill="{SEAT_COLOURS[s][1]}" '
                     f'stroke="#fff" stroke-width="0.8"/>')
    top = stack[-1]
    parts.append(f'<circle cx="{x + cell - 10}" cy="{y + cell - 11}" r="6.5" fill="{SEAT_COLOURS[top][1]}" '
                 f'stroke="#000" stroke-width="1.2"/>')
    parts.append(_text(x + cell - 10, y + cell - 7.5, str(len(stack)), 9, "bold", "middle",
                       "#000" if top == 3 else "#fff"))
    parts.append("</g>")
    return "".join(parts)


def draw(state, *, seat: int | None = None, names: list[str] | None = None, cell: int = 46) -> SVG:
    """The grid of tiles with their stacks and tokens, the play-area limit, and each seat's summary."""
    geo = state.geo
    limit = geo.limit
    x0, x1, y0, y1 = shown_window(state)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    left, top = 26, 58
    width = max(left + cols * cell + 16, 600)
    parts = []
    title = f"Expedition Luxor ({state.players} players"
    title += ", Nouvelles aventures)" if state.adventures else ")"
    title += ": game over" if state.is_terminal else f": seat {state.current_player} to {state.phase}"
    parts.append(_text(10, 20, title, 14, "bold"))
    used = (state.maxx - state.minx + 1, state.maxy - state.miny + 1) if state.cells else (0, 0)
    parts.append(_text(10, 36, f"play area {used[0]} x {used[1]} of at most {limit} x {limit}; dashed cells: "
                               "where the area may still grow", 10, fill="#7a6a55"))
    for i in range(cols):
        parts.append(_text(left + i * cell + cell / 2, top - 2, geo.names[x0 + i][0], 10, anchor="middle",
                           fill="#7a6a55"))
    for j in range(rows):
        parts.append(_text(left - 4, top + j * cell + cell / 2 + 4, str(y0 + j + 1), 10, anchor="end",
                           fill="#7a6a55"))
    for j in range(rows):
        for i in range(cols):
            c = (y0 + j) * geo.width + x0 + i
            x, y = left + i * cell, top + j * cell
            k = state.kind[c]
            if k < 0:
                parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" '
                             f'fill="{_AREA}" stroke="#eadfc4" stroke-dasharray="3 2"/>')
                continue
            info = KINDS[k]
            parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" rx="4" '
                         f'fill="{TERRAIN_COLOURS[info.terrain]}" stroke="#7a6a55"/>')
            if info.terrain == "mountain":
                parts.append(f'<path d="M{x + 6} {y + cell - 12} L{x + 16} {y + 10} L{x + 24} {y + cell - 12} Z" '
                             f'fill="#8d6e63" stroke="#5d4037"/>')
            if info.terrain == "lake":
                parts.append(f'<path d="M{x + 6} {y + 16} q5 -5 10 0 t10 0 M{x + 6} {y + 24} q5 -5 10 0 t10 0" '
                             f'stroke="#e3f2fd" fill="none" stroke-width="2"/>')
            if info.building:
                parts.append(f'<g transform="translate({x + 4},{y + 4})">{BUILDING_SVG[info.building]}</g>')
            parts.append(_text(x + cell - 4, y + 12, geo.names[c], 8, anchor="end", fill="#4e3b28"))
            token = state.tokens.get(c)
            if token:
                colour = SEAT_COLOURS[token[1]][1]
                if token[0] == "boat":
                    parts.append(f'<path d="M{x + 8} {y + 26} h22 l-4 7 h-14 z" fill="{colour}" stroke="#000"/>')
                else:
                    parts.append(f'<path d="M{x + 8} {y + 30} q4 -8 8 0 t8 0 t8 0" fill="none" stroke="{colour}" '
                                 f'stroke-width="3"/>')
            stack = state.stack[c]
            if stack:
                on_top = names[stack[-1]] if names else f"seat {stack[-1]}"
                tip = f"{geo.names[c]}: {plural(len(stack), 'adventurer')}, {on_top}'s on top"
                parts.append(_stack(x, y, stack, cell, tip))
    y = top + rows * cell + 22
    scores = state.scores()
    for s in state.seats:
        name = names[s] if names else f"Seat {s}"
        colour_name, colour_hex = SEAT_COLOURS[s]
        parts.append(f'<circle cx="16" cy="{y - 4}" r="6" fill="{colour_hex}" stroke="#000"/>')
        if seat is None or seat == s:
            held = ", ".join(KINDS[code_kind(code)].name for code in sorted(state.hand[s])) or "empty"
        else:
            held = f"{len(state.hand[s])} tiles"
        extra = ""
        if state.adventures:
            tokens = (", ".join(sorted(state.token_hand[s])) if seat is None or seat == s
                      else f"{len(state.token_hand[s])} tokens")
            extra = f"; tokens: {tokens or 'none'}; taken: {sum(state.captives[s])}"
        line = (f"{name} ({colour_name}): {state.reserve[s]} in reserve; hand: {held}; "
                f"pile {len(state.pile[s])}{extra}")
        parts.append(_text(28, y, line, 11, "bold" if s == state.current_player else "normal"))
        parts.append(_text(width - 10, y, plural(scores[s], "point"), 12, "bold", "end"))
        y += 18
    if any(state.stack):
        parts.append(_text(10, y, STACK_LEGEND, 10, fill="#7a6a55"))
        y += 16
    height = y + 4
    body = "".join(parts)
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
               f'<rect width="100%" height="100%" fill="{_PAPER}"/>{body}</svg>')
