"""Les Trésors de Cibola: the view model a board draws, and a plain-text board.

``board_view(state, seat)`` is everything ``widgets/cibola.js`` needs, seen
from ``seat``: bids of the others stay hidden until all fists open, the
piles' order is never sent.  Each clickable target carries the action JSON
it sends, so the JavaScript knows no rule.
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine.wording import final_table, name as _name, plural, tally, verb as _verb, verdict, who as _who

from . import scoring
from .actions import ChooseTotem, PlaceRock, Take
from .components import CARD_BY_ID, COLUMNS, EXPLORERS_PER_POINT, KIND_NAMES, KINDS, ROUNDS, TOTEM_BY_NAME

__all__ = ["board_view", "event_marks", "format_event", "text_board", "PHASE_NAMES"]

PHASE_NAMES = {1: "phase I, the Sanctuary (le Sanctuaire)", 2: "phase II, the Tomb (le Tombeau)"}
_SCORING_TEXT = {
    "each": "each item scores the visible value",
    "majority": "only the player(s) with the most score it",
    "majority malus": "the player(s) with the most lose it",
}


def _card(card_id: str) -> dict:
    card = CARD_BY_ID[card_id]
    return {
        "id": card_id,
        "phase": card.phase,
        "treasures": [{"kind": k, "name": KIND_NAMES[k][0]} for k in card.treasures],
        "rock": card.rock,
        "totem": card.totem,
        "text": card.describe(),
    }


def format_event(event: tuple, names=None) -> str:
    """One line of the public log, in English with the rule book's French terms."""
    kind, args = event[0], event[1:]

    def who(seat, verb: str) -> str:   # "Bot 1 takes", but "You take"
        return _who(names, seat, verb)

    if kind == "start":
        return (f"The torch (Torche) is tossed: {who(args[0], 'starts')}. "
                f"Totems in play: {', '.join(args[1])}.")
    if kind == "round":
        phase = CARD_BY_ID[args[1][0]].phase if args[1] else 2
        cards = "; ".join(f"{c} ({CARD_BY_ID[c].describe()})" for c in args[1])
        return f"Round {args[0]}/{ROUNDS}, {PHASE_NAMES[phase]}: revealed {cards}."
    if kind == "bid":
        return f"{who(args[0], 'closes')} a fist on a hidden bid."
    if kind == "reveal":
        return "Fists open: " + ", ".join(f"{_name(names, s)} {b}" for s, b in enumerate(args[0])) + "."
    if kind == "share":
        if len(args[0]) == 1:
            seat = args[0][0]
            return (f"{who(seat, 'bids')} nothing and {_verb(names, seat, 'takes')} the discard (défausse): "
                    f"{args[1]} explorers.")
        each = " and ".join(_name(names, s) for s in args[0])
        return f"{each} bid nothing and share the discard (défausse): {args[1]} explorers each."
    if kind == "take":
        return f"{who(args[0], 'takes')} {args[1]} ({CARD_BY_ID[args[1]].describe()})."
    if kind == "rock":
        value = COLUMNS[[c.kind for c in COLUMNS].index(args[1])].cells[args[2] - 1]
        return f"{who(args[0], 'covers')} {args[1]} cell {args[2]} ({value}) with a rock (tuile Rocher)."
    if kind == "totem":
        totem = TOTEM_BY_NAME[args[1]]
        return f"{who(args[0], 'chooses')} the totem {totem.name} ({totem.text})."
    if kind == "pillage":
        return f"{who(args[0], 'takes')} {args[1]} explorers from the discard."
    if kind == "tribute":
        return f"{who(args[0], 'receives')} {args[1]} explorers in tribute."
    if kind == "move":
        return f"{who(args[0], 'moves')} the rock from {args[1]} {args[2]} to {args[3]} {args[4]}."
    if kind == "leave":
        return f"{who(args[0], 'leaves')} the rocks where they are."
    if kind == "leftover":
        return f"Nobody takes {args[0]}: it is discarded (three-player rule)."
    if kind == "torch":
        return f"{who(args[0], 'takes')} the torch for the next round."
    if kind == "end":
        return "Game over. Final scores: " + ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(args[0])) + "."
    return " ".join(map(str, event))


def event_marks(event: tuple) -> list[list]:
    """What a log line points at on the board (``[data attribute, value]`` pairs the board highlights)."""
    kind, args = event[0], event[1:]
    if kind == "round":
        return [["card", c] for c in args[1]]
    if kind in ("bid", "pillage", "tribute", "torch", "leave"):
        return [["seat", args[0]]]
    if kind == "reveal":
        return [["seat", s] for s in range(len(args[0]))]
    if kind == "share":
        return [["seat", s] for s in args[0]]
    if kind == "take":
        return [["seat", args[0]]] + [["count", f"{args[0]}-{k}"] for k in CARD_BY_ID[args[1]].treasures]
    if kind == "rock":
        return [["cell", f"{args[1]}-{args[2]}"]]
    if kind == "totem":
        return [["seat", args[0]], ["totem", args[1]]]
    if kind == "move":
        return [["cell", f"{args[1]}-{args[2]}"], ["cell", f"{args[3]}-{args[4]}"]]
    return []


def seat_explorers(state, s: int, viewer: int | None) -> tuple[int, str]:
    """Seat ``s``'s explorers and bid as ``viewer`` sees them (``None``: everything).

    While fists are closed, another seat shows its explorers before bidding
    and "bid hidden"; once open, each bid shows until it is paid at the pick.
    """
    fist = state.fist[s]
    if state.phase == "bid":
        if fist is None:
            return state.explorers[s], "no bid yet"
        if viewer is not None and s != viewer:
            return state.explorers[s] + fist, "bid hidden"
        return state.explorers[s], f"bid {fist} (hidden from the others)"
    if state.is_terminal:
        return state.explorers[s], ""
    reveal = next(e for e in reversed(state.events) if e[0] == "reveal")
    paid = s in state.pick_order[: state.pick_index]
    return state.explorers[s], f"{'paid' if paid else 'bid'} {reveal[1][s]}"


def _verdict(state, names) -> str:
    """Who won, and the tie-break when one was needed (Fin de la partie)."""
    held = state.explorers_held()
    return verdict(names, state.scores(), state.winners(), tiebreak="most explorers kept",
                   tiebreak_values=lambda s: plural(held[s], "explorer"))


def _final(state, names) -> dict:
    rows = state.score_breakdown()
    lines = [(k, f"{KIND_NAMES[k][0]}s ({KIND_NAMES[k][1]})") for k in KINDS]
    lines += [("totems", "totems (cartes Totem)"), ("explorers", f"explorers left (1 per {EXPLORERS_PER_POINT})"),
              ("total", "total")]
    return final_table(names, [[r[key] for r in rows] for key, _ in lines], verdict=_verdict(state, names),
                       labels=[label for _, label in lines], title="Final count (décompte)", total="total")


def _prompt(state, seat, names) -> str:
    if state.is_terminal:
        return f"Game over: {_verdict(state, names)}"
    p = state.current_player
    if p != seat:
        doing = {"bid": "to bid", "pick": "to take a card", "rock": "to place a rock",
                 "totem": "to choose a totem", "landslide": "to move a rock"}[state.phase]
        return f"Waiting for {_name(names, p)} {doing}."
    if state.phase == "bid":
        return (f"Your bid: close your fist on 0 to {state.explorers[p]} explorers (enchère à poing fermé): "
                "click a number. Nobody sees it until every fist is closed.")
    if state.phase == "pick":
        bid = state.fist[p]
        paid = f"your {bid} bid explorers go to the discard" if bid else "you bid nothing this time"
        return f"Take a treasure card (carte Trésor): {paid}."
    if state.phase == "rock":
        return ("Your card shows a rock: cover a cell of the temple board "
                "(never the last visible cell of a column).")
    if state.phase == "totem":
        return "Your card shows a totem: choose one of the totem cards (cartes Totem)."
    return "Landslide: click a rock, then the cell to move it to, or leave the rocks where they are."


_HINTS = {
    "bid": "Click a number to close your fist on that many explorers.",
    "pick": "Click a revealed card with a green frame to take it.",
    "rock": "Click a temple cell with a green frame to cover it with the rock.",
    "totem": "Click a totem card with a green frame.",
    "landslide": "Click a rock (dashed frame), then a free cell; or 'Leave rocks'.",
}


def board_view(state, seat: int | None, names: list[str] | None = None, log_lines: int = 40) -> dict:
    """The game part of the board's view model, as ``seat`` may see it (``None``: a spectator)."""
    mine = state.current_player is not None and state.current_player == seat
    legal = state.legal_actions() if mine else []
    by_kind: dict[str, list[Any]] = {}
    for action in legal:
        by_kind.setdefault(type(action).kind, []).append(action)

    rock_targets = {(a.column, a.cell): a.to_json() for a in by_kind.get("rock", [])}
    # A cell, card or totem that cannot be played now carries the action to try: the engine's
    # refusal then names the rule (only on the viewer's turn, and not while a rock is moved).
    trying = mine and state.phase != "landslide"
    columns = []
    visible = scoring.visible_values(state.covered)
    for col, cov, vis in zip(COLUMNS, state.covered, visible):
        name, french = KIND_NAMES[col.kind]
        columns.append({
            "kind": col.kind, "name": name, "french": french, "scoring": col.scoring,
            "scoring_text": _SCORING_TEXT[col.scoring], "status": col.status,
            "value_now": round(scoring.column_value(vis), 2),
            "cells": [{"cell": i + 1, "value": v, "rock": rock, "action": rock_targets.get((col.kind, i + 1)),
                       "try": PlaceRock(col.kind, i + 1).to_json()
                       if trying and (col.kind, i + 1) not in rock_targets else None}
                      for i, (v, rock) in enumerate(zip(col.cells, cov))],
        })

    takes = {a.card: a.to_json() for a in by_kind.get("take", [])}
    table = [dict(_card(c), action=takes.get(c), **{"try": Take(c).to_json() if trying and c not in takes else None})
             for c in sorted(state.table)]

    choices = {a.name: a.to_json() for a in by_kind.get("totem", [])}
    holder = {t: s for s in state.seats for t in state.totems[s]}
    totems = [{"name": t, "french": TOTEM_BY_NAME[t].french, "timing": TOTEM_BY_NAME[t].timing,
               "text": TOTEM_BY_NAME[t].text, "holder": holder.get(t), "action": choices.get(t),
               "holder_name": _name(names, holder[t]) if t in holder else None,
               "try": ChooseTotem(t).to_json() if trying and t not in choices else None}
              for t in state.totems_in_play]

    scores = state.scores()
    seats = []
    for s in state.seats:
        explorers, bid_text = seat_explorers(state, s, seat)
        seats.append({
            "seat": s, "name": _name(names, s), "explorers": explorers, "bid_text": bid_text,
            "torch": s == state.torch, "current": s == state.current_player, "you": s == seat,
            "counts": dict(zip([c.kind for c in COLUMNS], state.counts[s])),
            "cards": [_card(c) for c in state.collections[s]], "totems": list(state.totems[s]),
            "score": scores[s],
        })

    landslide = None
    if "leave" in by_kind:
        landslide = {
            "leave": by_kind["leave"][0].to_json(),
            "moves": [{"from": [m.from_column, m.from_cell], "to": [m.to_column, m.to_cell],
                       "action": m.to_json()} for m in by_kind.get("move", [])],
        }

    phase = CARD_BY_ID[state.table[0]].phase if state.table else (1 if state.decks[0] else 2)
    final = _final(state, names) if state.is_terminal else None
    known = state.peek[seat] if seat is not None else []
    return {
        "round": state.round, "rounds": ROUNDS, "phase": state.phase, "phase_name": PHASE_NAMES[phase],
        "pile": [len(d) for d in state.decks], "discard": state.discard,
        "columns": columns, "table": table, "leftovers": [_card(c) for c in state.leftovers],
        "totems": totems, "seats": seats, "pick_order": list(state.pick_order),
        "bid_options": [{"amount": a.amount, "action": a.to_json()} for a in by_kind.get("bid", [])],
        "landslide": landslide, "known_pile_top": [_card(c) for c in known],
        "prompt": _prompt(state, seat, names),
        "hint": _HINTS[state.phase] if mine else None,
        "log": [format_event(e, names) for e in state.events[-log_lines:]],
        "log_marks": [event_marks(e) for e in state.events[-log_lines:]],
        "events": len(state.events),
        "final": final,
    }


def text_board(state, names: list[str] | None = None, *, seat: int | None = None,
               everything: bool = False) -> str:
    """The position as plain text (``print(state)``), as the table sees it.

    A bid in the closed fist (« Chaque joueur prend un nombre de pions Explorateurs
    simultanément dans sa main, en enchère à poing fermé, puis les révèle en même temps »)
    stays hidden until the fists open: the text says only that the seat has bid, and counts its
    explorers as before the bid.  ``seat`` shows that seat's own bid, ``everything=True`` every bid.
    """
    lines = []
    turn = "game over" if state.is_terminal else f"{_name(names, state.current_player)} to {state.phase}"
    lines.append(f"Les Trésors de Cibola: round {state.round}/{ROUNDS}, {turn}")
    lines.append("Temple board ([x] = rock):")
    for col, cov in zip(COLUMNS, state.covered):
        cells = "".join(f"{f'[{v}]' if rock else v:>6}" for v, rock in zip(col.cells, cov))
        lines.append(f"  {KIND_NAMES[col.kind][0]:<17}{cells}")
    # Each card as its "take" action names it: "I-03 (sundial + snake, totem)".
    table = "; ".join(f"{c} ({CARD_BY_ID[c].describe()})" for c in sorted(state.table)) or "(none)"
    lines.append(f"Revealed: {table}")
    scores = state.scores()
    for s in state.seats:
        fist = state.fist[s]
        hidden = (state.phase == "bid" and fist is not None and not everything and s != seat)
        explorers = state.explorers[s] + fist if hidden else state.explorers[s]
        bid = "" if fist is None else ", has bid (hidden)" if hidden else f", bid {fist}"
        torch = ", torch" if s == state.torch else ""
        totems = f", totems {' and '.join(state.totems[s])}" if state.totems[s] else ""
        counts = tally(zip((c.kind for c in COLUMNS), state.counts[s]))
        lines.append(f"  {_name(names, s)}: {explorers} explorers{bid}{torch}{totems}; "
                     f"treasures {counts or 'none'}; {plural(scores[s], 'point')}")
    lines.append(f"Discard: {state.discard} explorers. Piles: {len(state.decks[0])} + {len(state.decks[1])} cards. "
                 f"Totems available: {', '.join(state.totems_available) or 'none'}.")
    return "\n".join(lines)
