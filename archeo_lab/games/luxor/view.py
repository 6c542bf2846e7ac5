"""Expedition Luxor: the view model a board draws, and a plain-text board.

``board_view(state, seat)`` is everything ``widgets/luxor.js`` needs, seen
from ``seat``: the others' hands and action tokens stay hidden (only their
counts and, for tiles, the back numbers show), and the piles' order is never
sent.  Every clickable target carries the action JSON it sends, so the
JavaScript knows no rule.
"""

from __future__ import annotations

from archeo_lab.engine.wording import article, final_table, name as _name, plural, verdict, who as _who

from .components import BUILDING_FRENCH, KIND_BY_NAME, KINDS, SEAT_COLOURS, TERRAIN_FRENCH, TOKEN_FRENCH
from .encoding import code_back, code_kind
from .grid import DIRECTION_NAMES
from .actions import Move, Place

__all__ = ["board_view", "event_marks", "format_event", "stack_words", "text_board", "tile_info", "shown_window"]


def tile_info(kind: str) -> dict:
    """A kind of tile as the board shows it: terrain, building, entry cost, points, French name."""
    info = KIND_BY_NAME[kind]
    return {"tile": kind, "terrain": info.terrain, "building": info.building, "cost": info.cost,
            "points": info.points, "french": info.french}


def stack_words(who: list[str]) -> str:
    """A tile's adventurers in words, given their owners' names bottom to top; the top one scores.

    >>> stack_words(["Bob", "Bob", "Ann"])
    "3 adventurers, 2 of Bob's then 1 of Ann's (bottom to top): Ann on top"
    >>> stack_words(["Ann", "Ann"])
    "2 adventurers, all Ann's"
    >>> stack_words(["Ann"])
    "1 adventurer, Ann's"
    """
    count = plural(len(who), "adventurer")
    if len(set(who)) == 1:
        return f"{count}, {'all ' if len(who) > 1 else ''}{who[0]}'s"
    runs: list[list] = []
    for name in who:
        if runs and runs[-1][0] == name:
            runs[-1][1] += 1
        else:
            runs.append([name, 1])
    order = " then ".join(f"{n} of {name}'s" for name, n in runs)
    return f"{count}, {order} (bottom to top): {who[-1]} on top"


def format_event(event: tuple, names=None) -> str:
    """One line of the public log, in English with the rule book's French terms."""
    kind, args = event[0], event[1:]

    def who(seat, verb: str) -> str:   # "Bot 1 places", but "You place"
        return _who(names, seat, verb)

    if kind == "start":
        extension = " with the 'Nouvelles aventures' action tokens" if args[1] == "adventures" else ""
        return f"A {args[0]}-player game{extension}: each player keeps the camp and one '1' tile."
    if kind == "keep":
        return f"{who(args[0], 'keeps')} a '1' tile in hand and lays the two others face down."
    if kind == "layout":
        tiles = ", ".join(f"{c} {k}" for c, k in zip(args[1], args[0]))
        return f"The start layout is revealed (mise en place): {tiles}."
    if kind == "position":
        return "A position set up for this lesson."
    if kind == "place":
        return f"{who(args[0], 'places')} {article(args[1])} on {args[2]}."
    if kind == "camp":
        if args[2] == 0:
            return f"{who(args[0], 'has')} no adventurer left: the camp on {args[1]} stays bare."
        return f"{who(args[0], 'puts')} {plural(args[2], 'adventurer')} on the camp on {args[1]}."
    if kind == "move":
        return f"{who(args[0], 'moves')} {plural(args[1], 'adventurer')} {args[2]} -> {args[3]}."
    if kind == "end":
        return f"{who(args[0], 'ends')} the turn after {plural(args[1], 'tile')}."
    if kind == "out":
        return f"{who(args[0], 'has')} placed every tile and passes from now on."
    if kind == "token":
        seat, token, source, target, taken = args
        french = TOKEN_FRENCH[token]
        if token == "boat":
            what = f"an adventurer leaves the mountain {source} and the boat goes on the lake {target}"
        elif token == "snakes":
            what = f"an adventurer leaves the mountain {source} and the snakes go on {target}"
        elif token == "sandstorm":
            what = (f"an adventurer goes from the mountain {source} to {target} and takes "
                    f"{plural(taken, 'adventurer')} of the others")
        else:
            what = f"an adventurer goes from the mountain {source} to {target}"
        return f"{who(seat, 'uses')} {article(token)} token ({french}): {what}."
    if kind == "over":
        return "Game over. Final scores: " + ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(args[0])) + "."
    return " ".join(map(str, event))


def event_marks(event: tuple) -> list[list]:
    """What a log line points at on the board (``[data attribute, value]`` pairs the board highlights)."""
    kind, args = event[0], event[1:]
    if kind in ("place", "camp"):          # (seat, tile, cell) / (seat, cell, adventurers)
        return [["cell", args[2] if kind == "place" else args[1]], ["seat", args[0]]]
    if kind == "move":                     # (seat, adventurers, source, target)
        return [["cell", args[2]], ["cell", args[3]], ["seat", args[0]]]
    if kind == "token":                    # (seat, token, source, target, taken)
        return [["cell", args[2]], ["cell", args[3]], ["seat", args[0]]]
    if kind in ("keep", "end", "out"):
        return [["seat", args[0]]]
    if kind == "layout":
        return [["cell", c] for c in args[1]]
    return []


def _verdict(state, names) -> str:
    """Who won, and the tie-break when needed (Fin de la partie: the most adventurers left in the reserve)."""
    return verdict(names, state.scores(), state.winners(), tiebreak="most adventurers left in the reserve",
                   tiebreak_values=lambda s: f"{state.reserve[s]} in reserve")


def _final(state, names) -> dict:
    rows = state.score_breakdown()
    lines = [("camps", "camps (campements)"), ("temples", "temples"), ("pyramids", "pyramids (pyramides)")]
    if state.adventures:
        lines += [("boats", "boats (bateaux)"), ("sandstorm", "sandstorm (tempête de sable)")]
    lines.append(("total", "total"))
    table = final_table(names, [[r[k] for r in rows] for k, _ in lines], verdict=_verdict(state, names),
                        labels=[label for _, label in lines], title="Final count (décompte des points)", total="total")
    table["rows"].append({"label": "reserve (tie-break)", "values": list(state.reserve), "total": False})
    return table


def shown_window(state) -> tuple[int, int, int, int]:
    """Columns and rows to draw (x0, x1, y0, y1): the tiles and one cell around them, within the limit.

    During the set-up, only the start layout's place (its tiles still face down).
    """
    geo = state.geo
    if not state.cells:
        return geo.xs[geo.layout[0]], geo.xs[geo.layout[-1]], geo.ys[geo.layout[0]], geo.ys[geo.layout[-1]]
    limit = geo.limit
    x0 = max(0, state.maxx - limit + 1, state.minx - 1)
    x1 = min(geo.width - 1, state.minx + limit - 1, state.maxx + 1)
    y0 = max(0, state.maxy - limit + 1, state.miny - 1)
    y1 = min(geo.height - 1, state.miny + limit - 1, state.maxy + 1)
    return x0, x1, y0, y1


def _prompt(state, seat, names, legal) -> str:
    if state.is_terminal:
        return f"Game over: {_verdict(state, names)}"
    p = state.current_player
    if p != seat:
        doing = {"keep": "to choose a start tile", "camp": "to fill a camp", "play": "to play"}[state.phase]
        return f"Waiting for {_name(names, p)} {doing}."
    if state.phase == "keep":
        return ("Set-up (mise en place): keep your camp and ONE of your other '1' tiles in hand; "
                "the two others go face down into the start layout.")
    if state.phase == "camp":
        lo, hi = state.camp_range()
        return (f"Put adventurers on your camp: {lo} must go on it, and you may add extras up to {hi} in all. "
                "Only the extras may move on afterwards.")
    head = state.head
    if state.surplus_pending():
        lo, _ = state.head_range()
        return (f"{state.geo.names[head]} holds {len(state.stack[head])} adventurers: move at least {lo} of your "
                f"surplus on along the line (no tile may end a move with more than {state.numbers.tile_max}).")
    parts = []
    if any(type(a).kind == "move" for a in legal):
        parts.append("move the extras of your camp along a straight line (pick a group, its size, then a tile)")
    if state.may_place(p):
        which = "first" if state.placed == 0 else ("second" if state.placed == 1 else "third")
        optional = " (mandatory)" if state.placed == 0 else " (optional)"
        parts.append(f"place your {which} tile{optional}: pick a tile of your hand, then a highlighted cell")
    if any(type(a).kind == "token" for a in legal):
        parts.append("use an action token")
    if any(type(a).kind == "end" for a in legal):
        parts.append("end your turn")
    text = "; or ".join(parts)
    return text[:1].upper() + text[1:] + "."


def board_view(state, seat: int | None, names: list[str] | None = None, log_lines: int = 40) -> dict:
    """The game part of the board's view model, as ``seat`` may see it (``None``: a spectator)."""
    geo = state.geo
    mine = state.current_player is not None and state.current_player == seat
    legal = state.legal_actions() if mine else []
    by_kind: dict[str, list] = {}
    for action in legal:
        by_kind.setdefault(type(action).kind, []).append(action)

    # -- the grid: the tiles and a ring of cells around them, inside the play-area limit ------------
    limit = geo.limit
    x0, x1, y0, y1 = shown_window(state)
    places: dict[str, dict] = {}
    for a in by_kind.get("place", []):
        places.setdefault(a.cell, {})[a.tile] = a.to_json()
    cells = []
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            c = y * geo.width + x
            name = geo.names[c]
            entry = {"cell": name, "x": x - x0, "y": y - y0, "tile": None, "stack": [], "token": None,
                     "place": places.get(name, {}), "face_down": not state.cells}
            if state.kind[c] >= 0:
                entry["tile"] = tile_info(KINDS[state.kind[c]].name)
                entry["stack"] = list(state.stack[c])
                entry["placer"] = state.placer[c]
                token = state.tokens.get(c)
                if token:
                    entry["token"] = {"token": token[0], "seat": token[1]}
            cells.append(entry)
    used = [state.maxx - state.minx + 1, state.maxy - state.miny + 1] if state.cells else [0, 0]
    size = {"columns": x1 - x0 + 1, "rows": y1 - y0 + 1, "used": used,
            "full": [used[0] >= limit, used[1] >= limit]}

    # -- what the viewer may do -------------------------------------------------------------------
    movers: dict[str, dict] = {}
    for a in by_kind.get("move", []):
        src = geo.cell(a.source)
        role = "camp" if src == state.camp and src != state.head else "line"
        entry = movers.setdefault(a.source, {"source": a.source, "role": role, "options": []})
        entry["options"].append({"adventurers": a.adventurers, "target": a.target, "action": a.to_json()})
    for entry in movers.values():
        counts = sorted({o["adventurers"] for o in entry["options"]})
        entry["counts"] = counts
    # A cell that is no target carries the move the engine refuses there (the largest group):
    # its reason names the rule (straight lines, no gaps, lakes, snakes...).
    shown = [c["cell"] for c in cells]
    for entry in movers.values():
        targets = {o["target"] for o in entry["options"]}
        most = max(entry["counts"])
        entry["tries"] = {c: Move(adventurers=most, source=entry["source"], target=c).to_json()
                          for c in shown if c not in targets and c != entry["source"]}
    mover_list = sorted(movers.values(), key=lambda m: (m["role"] != "line", m["source"]))
    token_uses = [{"token": a.token, "source": a.source, "target": a.target, "action": a.to_json(),
                   "text": str(a)} for a in by_kind.get("token", [])]

    # -- hands and seats ----------------------------------------------------------------------
    hand = []
    placeable = {a.tile for a in by_kind.get("place", [])}
    first_cell = next((c["cell"] for c in cells), None)
    if seat is not None:
        for code in sorted(state.hand[seat], key=lambda code: (code_kind(code), code_back(code))):
            info = tile_info(KINDS[code_kind(code)].name)
            # A tile that cannot be placed now: the placement to try (the engine's reason names the rule).
            tried = (Place(tile=info["tile"], cell=first_cell).to_json()
                     if mine and state.phase != "keep" and info["tile"] not in placeable and first_cell else None)
            hand.append(dict(info, back=code_back(code), **{"try": tried}))
    scores = state.scores()
    seats = []
    for s in state.seats:
        colour, hexa = SEAT_COLOURS[s]
        seen = s == seat
        seats.append({
            "seat": s, "name": _name(names, s), "colour": colour, "hex": hexa, "you": seen,
            "current": s == state.current_player, "reserve": state.reserve[s],
            "on_board": sum(st.count(s) for st in state.stack),
            "hand_backs": sorted(code_back(code) for code in state.hand[s]), "pile": len(state.pile[s]),
            "tokens": sorted(state.token_hand[s]) if seen else None, "token_count": len(state.token_hand[s]),
            "token_pile": len(state.token_pile[s]), "token_box": sorted(state.token_box[s]),
            "captives": sum(state.captives[s]), "score": scores[s],
            "kept": KINDS[state.kept[s]].name if seen and state.kept[s] is not None else None,
            "chosen": state.kept[s] is not None,
        })

    final = _final(state, names) if state.is_terminal else None
    # The placements the engine refuses, per tile of the hand and shown cell (their reason names the rule).
    place_tries = {}
    if mine and state.phase == "play":
        for t in hand:
            tile = t["tile"]
            place_tries[tile] = {c["cell"]: Place(tile=tile, cell=c["cell"]).to_json()
                                 for c in cells if tile not in c["place"]}
    hint = None
    if mine:
        hint = {"keep": "Click one of your '1' tiles to keep it.",
                "camp": "Click a number: the adventurers you put on the camp.",
                "play": "Pick a tile of your hand (or a group to move), then click a green cell; 'End turn' when done."
                }.get(state.phase)
    turn = {"placed": state.placed, "max": state.numbers.tiles_per_turn,
            "camp": geo.names[state.camp] if state.camp >= 0 else None, "camp_movable": state.camp_movable,
            "head": geo.names[state.head] if state.head >= 0 else None,
            "direction": DIRECTION_NAMES[state.head_dir] if state.head >= 0 else None,
            "head_in": state.head_in}
    return {
        "players": state.players, "variant": state.variant, "phase": state.phase, "limit": limit,
        "size": size, "cells": cells, "hand": hand, "seats": seats, "turn": turn,
        "keep": [dict(tile_info(a.tile), action=a.to_json()) for a in by_kind.get("keep", [])],
        "camp_options": [{"adventurers": a.adventurers, "action": a.to_json()} for a in by_kind.get("camp", [])],
        "movers": mover_list, "token_uses": token_uses,
        "end": by_kind["end"][0].to_json() if "end" in by_kind else None,
        "adventurers_per_player": state.numbers.adventurers,
        "terrain_french": TERRAIN_FRENCH, "building_french": BUILDING_FRENCH, "token_french": TOKEN_FRENCH,
        "place_tries": place_tries,
        "token_why": ("an action token is used after placing 1, 2 or 3 tiles, by one of your adventurers on a "
                      "mountain (Nouvelles aventures)") if mine and state.adventures else None,
        "prompt": _prompt(state, seat, names, legal), "hint": hint,
        "log": [format_event(e, names) for e in state.events[-log_lines:]],
        "log_marks": [event_marks(e) for e in state.events[-log_lines:]],
        "events": len(state.events),
        "final": final,
    }


def text_board(state, names: list[str] | None = None, *, seat: int | None = None,
               everything: bool = False) -> str:
    """The position in words (``print(state)``, and the alt text of its picture): the tiles row by row, each
    with its adventurers, then each seat.

    Hands and piles are given as counts only, which every player sees, so ``seat`` and
    ``everything`` change nothing here.
    """
    geo = state.geo
    lines = []
    if state.is_terminal:
        turn = "game over"
    else:
        turn = f"{_name(names, state.current_player)} to {'play' if state.phase == 'play' else state.phase}"
    variant = ", Nouvelles aventures" if state.adventures else ""
    lines.append(f"Expedition Luxor ({state.players} players{variant}): {turn}")
    if state.cells:
        # Words, not a grid of codes: this text is also what a screen reader reads for the board's picture.
        lines.append("Tiles, row by row (tuiles):")
        for y in range(state.miny, state.maxy + 1):
            row = []
            for x in range(state.minx, state.maxx + 1):
                c = y * geo.width + x
                if state.kind[c] < 0:
                    continue
                words = f"{geo.names[c]} {KINDS[state.kind[c]].name}"
                token = state.tokens.get(c)
                if token:
                    words += " with the boat" if token[0] == "boat" else " with the snakes"
                if state.stack[c]:
                    words += f" ({stack_words([_name(names, s) for s in state.stack[c]])})"
                row.append(words)
            if row:
                lines.append(f"  row {y + 1}: " + ", ".join(row))
    scores = state.scores()
    for s in state.seats:
        tokens = f", {plural(len(state.token_hand[s]), 'token')} in hand" if state.adventures else ""
        lines.append(f"  {_name(names, s)}: {plural(state.reserve[s], 'adventurer')} in reserve, "
                     f"{plural(len(state.hand[s]), 'tile')} in hand, {len(state.pile[s])} in the pile{tokens}; "
                     f"{plural(scores[s], 'point')}")
    return "\n".join(lines)
