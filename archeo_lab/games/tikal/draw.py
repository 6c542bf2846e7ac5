"""Tikal: a static SVG picture of a position (no widget needed).

``draw(state)`` returns an ``SVG`` string that Jupyter displays by itself, so
a notebook exported to HTML or read on GitHub still shows the position: the
hex map with its stones, temple values, ruins and their treasures, camps,
guardians and each colour's pieces, then the seats' points and treasures.
Tikal hides nothing from one player that it shows another (only the stack's
order and the face-down treasures, which nobody sees), so ``seat`` changes
only the title.

>>> import archeo_lab as al
>>> svg = draw(al.get_game("tikal").new_state(players=2, seed=1))
>>> svg.startswith("<svg") and "A5" in svg
True
"""

from __future__ import annotations

from archeo_lab.engine import svg
from archeo_lab.engine.svg import SVG

from .components import COLOURS, TILE_BY_ID, TREASURE_KINDS
from .hexgrid import LABELS, SPACES
from .view import _CORNERS, _PIXELS, COLOUR_CODES, DOING, HEIGHT, HEX, WIDTH, stone_dots

__all__ = ["SVG", "draw", "KIND_FILL"]

KIND_FILL = {None: "#efe9dc", "camp": "#d7c49e", "temple": "#c8e6c9", "clearing": "#e6efc2", "ruin": "#f3d9b1",
             "volcano": "#6d4c41"}
_INK, _PAPER, _LINE = "#2b2118", "#fbf6ea", "#9c8a68"


def _text(x, y, s, size=11, weight="normal", anchor="middle", fill=_INK) -> str:
    return svg.text(x, y, s, size, weight, anchor, fill)


def _hexes(state) -> list[str]:
    parts = []
    for i in range(SPACES):
        x, y = _PIXELS[i]
        k = state.kind[i]
        parts.append(f'<polygon points="{_CORNERS[i]}" fill="{KIND_FILL[k]}" stroke="{_LINE}" stroke-width="1"/>')
        parts.append(_text(x, y - HEX * 0.55, LABELS[i], 8, fill="#8a7a5c"))
        if k is None:
            continue
        for dx, dy in stone_dots(state.stones[i], x, y):
            parts.append(f'<rect x="{dx - 3}" y="{dy - 3}" width="6" height="6" rx="1.5" fill="#8d8478" '
                         f'stroke="#5b544c" stroke-width="0.6"/>')
        if k == "temple":
            parts.append(f'<path d="M{x - 10},{y + 4} h20 l-3,-6 h-14 z M{x - 6},{y - 2} h12 l-2,-5 h-8 z" '
                         f'fill="#8d6e63"/>')
            parts.append(_text(x, y + 16, state.value[i], 12, "bold"))
        elif k == "ruin":
            n = len(state.tokens.get(i, ()))
            parts.append(f'<circle cx="{x}" cy="{y}" r="8" fill="#ffb300" stroke="#8d5a00"/>')
            parts.append(_text(x, y + 4, n, 10, "bold"))
        elif k == "camp":
            parts.append(_text(x, y + 3, "base", 9, "bold"))
        elif k == "volcano":
            parts.append(f'<path d="M{x - 12},{y + 8} l8,-14 h8 l8,14 z" fill="#e64a19"/>')
        camp = state.camp_of[i]
        if camp is not None:
            c = COLOUR_CODES[COLOURS[camp]]
            parts.append(f'<path d="M{x - 22},{y + 2} l7,-12 l7,12 z" fill="{c}" stroke="{_INK}" stroke-width="0.8"/>')
        g = state.guard[i]
        if g is not None:
            c = COLOUR_CODES[COLOURS[g[0]]]
            parts.append(f'<path d="M{x + 14},{y - 14} l8,3 v5 c0,5 -4,8 -8,9 c-4,-1 -8,-4 -8,-9 v-5 z" '
                         f'fill="{c}" stroke="{_INK}" stroke-width="1"/>')
        slots = [(s, state.expl[s][i], state.leader_at[s] == i) for s in state.seats]
        slots = [t for t in slots if t[1] or t[2]]
        for k2, (s, n, lead) in enumerate(slots):
            px, py = x - 15 + 10 * (k2 % 4), y + 9 + (0 if len(slots) < 3 else -2)
            c = COLOUR_CODES[COLOURS[s]]
            r = 6 if lead else 5
            parts.append(f'<circle cx="{px}" cy="{py}" r="{r}" fill="{c}" stroke="{_INK}" '
                         f'stroke-width="{1.6 if lead else 0.8}"/>')
            label = f"{n}{'+L' if lead else ''}" if n else "L"
            parts.append(_text(px, py + 13, label, 8, "bold"))
    return parts


#: The rounds that are not ordinary turns, for the picture's title.
_ROUND = {"scoring": "scoring round", "final": "final scoring round"}


def draw(state, *, seat: int | None = None, names: list[str] | None = None) -> SVG:
    """The hex map and the seats, as an SVG picture (see the module docstring)."""
    width = WIDTH + 230
    parts = [f'<rect width="100%" height="100%" fill="{_PAPER}"/>']
    turn = "game over" if state.is_terminal else f"seat {state.current_player} to {DOING[state.phase]}"
    if state.phase == "actions":
        turn += f", {state.ap} AP left"
    if not state.is_terminal and state.turn_kind in _ROUND:
        turn += f" ({_ROUND[state.turn_kind]})"
    title = f"Tikal ({state.variant}): {turn}" + (f" (seen by seat {seat})" if seat is not None else "")
    parts.append(_text(10, 16, title, 13, "bold", "start"))
    body = _hexes(state)
    parts.append(f'<g transform="translate(0,22)">{"".join(body)}</g>')
    x0, y = WIDTH + 10, 40
    if state.in_hand is not None:
        t = TILE_BY_ID[state.in_hand]
        parts.append(_text(x0, y, f"In hand: tile {t.id}, {t.describe()}", 11, "bold", "start"))
        y += 18
    if state.offer:
        parts.append(_text(x0, y, "Revealed: " + ", ".join(str(t) for t in sorted(state.offer)), 11, "normal", "start"))
        y += 18
    parts.append(_text(x0, y, f"Stack: {len(state.stack)} hexes left", 11, "normal", "start"))
    y += 24
    for s in state.seats:
        name = names[s] if names else f"Seat {s}"
        c = COLOUR_CODES[COLOURS[s]]
        parts.append(f'<circle cx="{x0 + 6}" cy="{y - 4}" r="6" fill="{c}" stroke="{_INK}"/>')
        weight = "bold" if s == state.current_player else "normal"
        parts.append(_text(x0 + 18, y, f"{name}: {state.points[s]} points", 12, weight, "start"))
        y += 15
        treasures = ", ".join(f"{n} {k}" for k, n in zip(TREASURE_KINDS, state.treasures[s]) if n) or "no treasure"
        parts.append(_text(x0 + 18, y, f"reserve {state.reserve[s]}, camps {state.camps_left[s]}", 10, "normal",
                           "start"))
        y += 13
        parts.append(_text(x0 + 18, y, treasures[:34], 10, "normal", "start"))
        y += 20
    height = max(HEIGHT + 30, y + 6)
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'viewBox="0 0 {width} {height}" font-family="sans-serif">{"".join(parts)}</svg>')
