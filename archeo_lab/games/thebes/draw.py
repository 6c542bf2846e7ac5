"""Thebes: a static SVG picture of a position (no widget needed).

``draw(state)`` returns an ``SVG`` string that Jupyter displays by itself, so
a notebook exported to HTML or read on GitHub still shows the position: the
time track with its stacked markers, the storage spaces and displays, the
excavation piles face down with their size, and each seat's cards.  With
``seat=`` it shows only what that seat may see (its own hand and what it
knows of the piles); without, it shows only public information.

>>> from archeo_lab.games.thebes import GAME
>>> svg = draw(GAME.new_state(players=2, seed=1))
>>> svg.startswith("<svg") and "Time track" in svg
True
"""

from __future__ import annotations

from archeo_lab.engine.svg import SVG
from archeo_lab.engine.svg import rect as _rect
from archeo_lab.engine.svg import text as _text
from archeo_lab.engine.wording import plural

from .components import GENERAL, REGION_NAMES, REGIONS
from .view import card_name, per_region

__all__ = ["SVG", "draw", "REGION_COLOURS", "SEAT_COLOURS"]

_INK, _LINE, _PAPER = "#2b2118", "#c9b58f", "#fbf6ea"
#: Colours of the regions' card backs (and of their relics).
REGION_COLOURS = {"mesopotamia": "#c0392b", "egypt": "#d4a017", "greece": "#2e86c1", "crete": "#27ae60"}
#: Colours of the time markers, by seat.
SEAT_COLOURS = ("#6a1b9a", "#ef6c00", "#00838f", "#5d4037")


def draw(state, *, seat: int | None = None, names: list[str] | None = None, width: int = 780) -> SVG:
    """The position as seen by ``seat`` (``None``: a spectator sees public information only)."""
    name = (lambda s: names[s]) if names else (lambda s: f"Seat {s}")
    parts = []
    title = "Thebes: " + ("game over" if state.is_terminal else f"{name(state.current_player)} to play")
    parts.append(_text(12, 22, title, 15, "bold"))

    # Time track: weeks from the lowest marker, markers stacked bottom to top.
    parts.append(_text(12, 46, "Time track (échelle chronologique), weeks", 12, "bold"))
    lo = max(0, min(state.week) - 2)
    span = max(24, max(state.week) - lo + 4)
    step = (width - 40) / span
    y0 = 100                                           # room for four rows of markers under the heading
    for i in range(span + 1):
        x = 20 + i * step
        parts.append(f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{y0 + 6}" stroke="{_LINE}"/>')
        if (lo + i) % 4 == 0:
            parts.append(_text(x, y0 + 18, str(lo + i), 10, anchor="middle"))
    parts.append(f'<line x1="20" y1="{y0}" x2="{width - 20}" y2="{y0}" stroke="{_INK}"/>')
    # On one week the markers stack as on the board (the top one plays first among them); a marker
    # also rises above a neighbour's name so that no two names overlap.
    taken: list[tuple[int, float, float]] = []          # (row, left, right) of each marker and its name
    top: dict[int, int] = {}                             # the highest row used on each week so far
    for s in sorted(state.seats, key=lambda s: (state.week[s], state.height[s])):
        w = state.week[s]
        x = 20 + (w - lo) * step
        left, right = x - 7, x + 9 + 6 * len(name(s))
        h = top.get(w, -1) + 1
        while any(row == h and left < r_ and l_ < right for row, l_, r_ in taken):
            h += 1
        top[w] = h
        taken.append((h, left, right))
        y = y0 - 10 - h * 12
        ring = ' stroke="#000" stroke-width="2"' if s == state.current_player else ""
        parts.append(f'<circle cx="{x}" cy="{y}" r="6" fill="{SEAT_COLOURS[s % 4]}"{ring}/>')
        parts.append(_text(x + 9, y + 4, name(s), 10))

    # Storage spaces and presentation displays.
    y = 136
    parts.append(_text(12, y, "Storage spaces (cases de stockage)", 12, "bold"))
    for i, key in enumerate(state.storage):
        x = 12 + i * 150
        parts.append(_rect(x, y + 8, 140, 30, "#ffffff"))
        parts.append(_text(x + 6, y + 28, card_name(key) if key else "(empty)", 11))
    shows = state.exhibits + state.museums
    parts.append(_text(620, y + 28, f"deck: {len(state.deck)} cards, green on top", 11))
    parts.append(_text(12, y + 58, "Presentations (Expositions, Musées): "
                       + (", ".join(shows) if shows else "none yet"), 11))

    # Excavation piles, face down.
    y = 220
    parts.append(_text(12, y, "Excavation piles (paquets de Fouilles), face down", 12, "bold"))
    for r, region in enumerate(REGIONS):
        x = 12 + r * 190
        size = len(state.piles[r])
        for k in range(min(size, 6)):
            parts.append(_rect(x + k * 3, y + 10 - k * 2, 60, 40, REGION_COLOURS[region], "#ffffff", 4))
        if not size:
            parts.append(_rect(x, y + 10, 60, 40, "none", _LINE, 4))
        parts.append(_text(x + 80, y + 26, REGION_NAMES[region][0], 12, "bold"))
        parts.append(_text(x + 80, y + 42, plural(size, "card"), 11))
        if seat is not None and state.known[seat][r]:
            known = state.known[seat][r]
            whole = len(known) == size
            parts.append(_text(x, y + 64, ("you know all: " if whole else "you know: ")
                               + " ".join("R" if v == 0 else str(v) for v in known), 10))

    # Seats.
    y = 316
    scores = state.scores()
    for s in state.seats:
        exp = ", ".join(f"{REGION_NAMES[region][0]} {state.expertise[s][r]}"
                        for r, region in enumerate(REGIONS) if state.expertise[s][r])
        relics = "; ".join(f"{REGION_NAMES[region][0]} {'+'.join(map(str, state.relics[s][r]))}"
                           for r, region in enumerate(REGIONS) if state.relics[s][r])
        hand = (", ".join(map(card_name, state.hand[s])) or "empty") if s == seat else f"{len(state.hand[s])} hidden"
        parts.append(f'<circle cx="18" cy="{y - 4}" r="5" fill="{SEAT_COLOURS[s % 4]}"/>')
        parts.append(_text(28, y, f"{name(s)}: week {state.week[s]}; expertise {exp or '-'}; general "
                                  f"{state.general[s]}; congresses {state.congress[s]}",
                           12, "bold" if s == state.current_player else "normal"))
        parts.append(_text(width - 12, y, plural(scores[s], "point"), 12, "bold", "end"))
        parts.append(_text(28, y + 15, f"relics: {relics or '-'}; hand: {hand}; permits: "
                                       f"{per_region(state.permits[s][:GENERAL], state.permits[s][GENERAL])}", 10))
        y += 36
    height = y
    body = "".join(parts)
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
               f'<rect width="100%" height="100%" fill="{_PAPER}"/>{body}</svg>')
