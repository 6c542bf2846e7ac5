"""Les Trésors de Cibola: a static SVG picture of a position (no widget needed).

``draw(state)`` returns an ``SVG`` string that Jupyter displays by itself, so
a notebook exported to HTML or read on GitHub still shows the position.  With
``seat=`` the picture shows only what that seat may see (bids in progress
stay hidden).

>>> import archeo_lab as al
>>> svg = draw(al.get_game("cibola").new_state(players=2, seed=1))
>>> svg.startswith("<svg") and "sundial" in svg
True
"""

from __future__ import annotations

from archeo_lab.engine.svg import SVG
from archeo_lab.engine.svg import rect as _rect
from archeo_lab.engine.svg import text as _text
from archeo_lab.engine.wording import plural

from . import scoring
from .components import CARD_BY_ID, COLUMNS, KIND_NAMES, ROUNDS
from .view import seat_explorers

__all__ = ["SVG", "draw"]

_ROCK, _CELL, _INK, _LINE, _PAPER = "#8d8478", "#fff8e1", "#2b2118", "#c9b58f", "#fbf6ea"


def draw(state, *, seat: int | None = None, names: list[str] | None = None, width: int = 760) -> SVG:
    """The temple board with its rocks, the revealed cards and each seat's explorers and treasures."""
    parts = []
    title = f"Les Trésors de Cibola: round {state.round}/{ROUNDS}"
    title += " (game over)" if state.is_terminal else f", seat {state.current_player} to {state.phase}"
    parts.append(_text(12, 22, title, 15, "bold"))

    # Temple board: one column per treasure, rocks in grey.
    parts.append(_text(12, 46, "Temple board", 12, "bold"))
    visible = scoring.visible_values(state.covered)
    for c, (col, cov, vis) in enumerate(zip(COLUMNS, state.covered, visible)):
        x = 12 + c * 64
        parts.append(_text(x + 28, 64, KIND_NAMES[col.kind][0].split()[-1], 11, anchor="middle"))
        for i, (value, rock) in enumerate(zip(col.cells, cov)):
            y = 72 + i * 34
            parts.append(_rect(x, y, 56, 28, _ROCK if rock else _CELL))
            parts.append(_text(x + 28, y + 19, "rock" if rock else str(value), 13, "bold", "middle",
                               "#eeeeee" if rock else _INK))
        parts.append(_text(x + 28, 220, f"now {round(scoring.column_value(vis), 2):g}", 10, anchor="middle"))

    # Revealed cards.
    x0 = 350
    parts.append(_text(x0, 46, "Revealed cards", 12, "bold"))
    for k, card_id in enumerate(sorted(state.table)):
        card = CARD_BY_ID[card_id]
        x, y = x0 + (k % 2) * 200, 56 + (k // 2) * 62
        parts.append(_rect(x, y, 190, 54, "#ffffff" if card.phase == 1 else "#f3ecff"))
        parts.append(_text(x + 8, y + 18, card_id, 11, "bold"))
        words = " + ".join(KIND_NAMES[t][0] for t in card.treasures)
        parts.append(_text(x + 8, y + 34, words, 11))
        marks = ", ".join(m for m, on in (("rock", card.rock), ("totem", card.totem)) if on)
        if marks:
            parts.append(_text(x + 8, y + 48, marks, 10, "bold", fill="#b5651d"))
    if not state.table:
        parts.append(_text(x0, 70, "(none)", 11))
    parts.append(_text(x0, 196, f"Piles: {len(state.decks[0])} + {len(state.decks[1])} cards; "
                                f"discard: {state.discard} explorers", 11))
    parts.append(_text(x0, 214, "Totems available: " + (", ".join(state.totems_available) or "none"), 11))

    # Seats.
    scores = state.scores()
    y = 248
    for s in state.seats:
        name = names[s] if names else f"Seat {s}"
        explorers, bid = seat_explorers(state, s, seat)
        torch = ", torch" if s == state.torch else ""
        counts = ", ".join(f"{n} {KIND_NAMES[k][0]}" for k, n in zip((c.kind for c in COLUMNS), state.counts[s]) if n)
        totems = f"; totems: {', '.join(state.totems[s])}" if state.totems[s] else ""
        line = (f"{name}: {plural(explorers, 'explorer')}{', ' + bid if bid else ''}{torch}; "
                f"{counts or 'no treasure'}{totems}")
        parts.append(_text(12, y, line, 12, "bold" if s == state.current_player else "normal"))
        parts.append(_text(width - 12, y, f"{scores[s]} pts", 12, "bold", "end"))
        y += 20
    height = y + 6
    body = "".join(parts)
    return SVG(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
               f'<rect width="100%" height="100%" fill="{_PAPER}"/>{body}</svg>')
