"""Tikal: the view model a board draws, the public log in words, and a plain-text board.

``board_view(state, seat)`` is everything ``widgets/tikal.js`` needs, seen
from ``seat``: the hex map with pixel coordinates (so the JavaScript does no
geometry beyond drawing), the stones of every hex, pieces per colour, the
drawn hex with its placements per rotation, every move of every piece with
its cost, a button per other action, the auction, the seats and the log.
Every clickable target carries the action JSON it sends; nothing hidden
(the stack's order, face-down treasures) is ever sent.
"""

from __future__ import annotations

import math
from typing import Any

from archeo_lab.engine.wording import article, final_table, name as _name, plural, tally, verdict, who as _who

from .actions import Move, PlaceTile
from .components import (
    ACTION_POINTS, BASE_CAMP, COLOURS, COSTS, LETTERS, SIDES, TILE_BY_ID, TREASURE_KINDS, TREASURE_NAMES,
)
from .encoding import BOXED, GUARD, RESERVE
from .hexgrid import LABELS, SPACES, centre, hex_corners, rotated

__all__ = ["board_view", "event_marks", "format_event", "text_board", "stone_dots", "stones_in_words", "HEX",
           "COLOUR_CODES"]

#: Hex circumradius in pixels on the board.
HEX = 36
MARGIN = 6
COLOUR_CODES = {"red": "#d32f2f", "orange": "#f57c00", "white": "#fafafa", "blue": "#1e63b8"}
_KIND_WORDS = {"camp": "base camp (Camp de base)", "temple": "temple", "clearing": "clearing (Clairière)",
               "ruin": "ruin (Ruine)", "volcano": "volcano (Volcan)"}


def stone_dots(stones, x: float = 0.0, y: float = 0.0, size: float = HEX) -> list[list[float]]:
    """Pixel positions of the stones drawn along each side of a hex centred on (x, y).

    >>> stone_dots((0, 0, 0, 1, 0, 0), 0, 0, 10)
    [[0.0, 6.9]]
    """
    dots = []
    inner = size * math.sqrt(3) / 2 * 0.8
    for d, n in enumerate(stones):
        if not n:
            continue
        angle = math.radians(-90 + 60 * d)
        mx, my = x + inner * math.cos(angle), y + inner * math.sin(angle)
        tx, ty = -math.sin(angle), math.cos(angle)      # along the side
        for k in range(n):
            off = (k - (n - 1) / 2) * size * 0.24
            dots.append([round(mx + tx * off, 1), round(my + ty * off, 1)])
    return dots


def _pixel(i: int) -> tuple[float, float]:
    x, y = centre(i, HEX)
    return round(x + HEX + MARGIN, 1), round(y + HEX * math.sqrt(3) / 2 + MARGIN, 1)


_PIXELS = [_pixel(i) for i in range(SPACES)]
_CORNERS = [" ".join(f"{a},{b}" for a, b in hex_corners(*_PIXELS[i], HEX - 1)) for i in range(SPACES)]
WIDTH = round(_PIXELS[-1][0] + HEX + MARGIN)
HEIGHT = round(max(y for _, y in _PIXELS) + HEX * math.sqrt(3) / 2 + MARGIN)


def stones_in_words(stones) -> str:
    """The stones (« Dalles de pierre », the paths' steps) on a hex's sides, in words, sides N to NW.

    >>> stones_in_words((1, 1, 0, 1, 0, 0))
    'stones N 1, NE 1, S 1'
    >>> stones_in_words((0, 0, 0, 0, 0, 0))
    'no stones'
    """
    sides = tally(zip(SIDES, stones))
    return f"stones {sides}" if sides else "no stones"


def _tile_text(tile: int) -> str:
    t = TILE_BY_ID[tile]
    return f"tile {t.id} ({t.describe()}, stack {t.letter})"


def format_event(event: tuple, names=None) -> str:
    """One line of the public log, in English with the rule book's French terms."""
    kind, args = event[0], event[1:]

    def who(seat, verb: str) -> str:          # "Bot 1 digs", but "You dig"
        return _who(names, seat, verb)

    if kind == "start":
        rules = "advanced rules (règles avancées)" if args[1] == "advanced" else "base rules"
        return f"A game of Tikal for {args[0]} players, {rules}."
    if kind == "draw":
        return f"{who(args[0], 'draws')} {_tile_text(args[1])}."
    if kind == "reveal":
        return "New round: revealed " + "; ".join(_tile_text(t) for t in args[0]) + "."
    if kind == "volcano":
        return (f"A volcano! {who(args[0], 'sets')} it aside: scoring round (décompte), each player spends "
                f"{ACTION_POINTS} AP and then scores.")
    if kind == "final":
        return "The stack is empty: final scoring round, in this order: " + \
            ", ".join(_name(names, s) for s in args[0]) + "."
    if kind == "place":
        return f"{who(args[0], 'places')} {_tile_text(args[1])} on {args[2]}, rotation {args[3]}."
    if kind == "bring":
        piece = "the leader" if args[1] == "leader" else "an explorer"
        return f"{who(args[0], 'brings')} {piece} into play at {args[2]}."
    if kind == "move":
        piece = "the leader" if args[1] == "leader" else "an explorer"
        return f"{who(args[0], 'moves')} {piece} {args[2]} -> {args[3]} ({args[4]} AP)."
    if kind == "uncover":
        return f"{who(args[0], 'uncovers')} level {args[2]} of the temple on {args[1]}."
    if kind == "dig":
        return f"{who(args[0], 'digs')} up {article(args[2])} ({TREASURE_NAMES[args[2]]}) on {args[1]}."
    if kind == "exchange":
        return f"{who(args[0], 'exchanges')} {article(args[1])} for {_name(names, args[2])}'s {args[3]}."
    if kind == "camp":
        return f"{who(args[0], 'sets')} up a camp on {args[1]}."
    if kind == "guardian":
        piece = "leader" if args[1] == "leader" else "an explorer"
        out = f"; {plural(args[3], 'other piece')} leave{'s' if args[3] == 1 else ''} the game" \
            if args[3] else ""
        return f"{who(args[0], 'places')} {piece} as guardian (Gardien) of the temple on {args[2]}{out}."
    if kind == "end":
        lost = f", {args[1]} AP lost" if args[1] else ""
        return f"{who(args[0], 'ends')} the turn{lost}."
    if kind == "score":
        return (f"{who(args[0], 'scores')} {args[1]} points: {args[2]} for temples, {args[3]} for treasures.")
    if kind == "bid":
        return f"{who(args[0], 'bids')} {args[1]}."
    if kind == "pass":
        return f"{who(args[0], 'passes')}."
    if kind == "won":
        if args[1]:
            return f"{who(args[0], 'wins')} the auction and pays {args[1]} points."
        return f"Nobody bid: {who(args[0], 'plays')} for free (first to pass)."
    if kind == "free":
        return f"{who(args[0], 'is')} the last with a face-up amulet and plays for free."
    if kind == "choose":
        return f"{who(args[0], 'chooses')} {_tile_text(args[1])}."
    if kind == "over":
        return "Game over. Final scores: " + ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(args[0])) + "."
    if kind == "position":
        return "A position set up for the tutorial."
    return " ".join(map(str, event))


def event_marks(event: tuple) -> list[list]:
    """What a log line points at on the board (``[data attribute, value]`` pairs the board highlights)."""
    kind, args = event[0], event[1:]
    if kind in ("place", "bring"):               # (seat, tile or piece, space, ...)
        return [["space", args[2]], ["seat", args[0]]]
    if kind in ("uncover", "dig", "camp"):       # (seat, space, ...)
        return [["space", args[1]], ["seat", args[0]]]
    if kind == "move":
        return [["space", args[2]], ["space", args[3]], ["seat", args[0]]]
    if kind == "guardian":
        return [["space", args[2]], ["seat", args[0]]]
    if kind == "exchange":
        return [["seat", args[0]], ["seat", args[2]]]
    if kind in ("end", "score", "bid", "pass", "won", "free", "volcano"):
        return [["seat", args[0]]]
    if kind == "choose":
        return [["seat", args[0]], ["tile", args[1]]]
    return []


def _guarded(state, seat: int) -> int:
    return max((state.value[i] for i in range(SPACES) if state.guard[i] is not None and state.guard[i][0] == seat),
               default=0)


def _verdict(state, names) -> str:
    """Who won, and the tie-breaks when needed (Fin de la partie: the guardian of the highest
    temple, then the most treasures)."""
    def standing(s: int) -> str:
        top = _guarded(state, s)
        temple = f"guards a temple of {top}" if top else "guards no temple"
        n = sum(state.treasures[s])
        return f"{temple}, {plural(n, 'treasure')}"

    return verdict(names, state.points, state.winners(),
                   tiebreak="the guardian of the highest temple, then the most treasures", tiebreak_values=standing)


def _final(state, names) -> dict:
    rows = [state.score_breakdown(s) for s in state.seats]
    return final_table(names, [
        list(state.points),
        [_guarded(state, s) or "-" for s in state.seats],
        [sum(state.treasures[s]) for s in state.seats],
        [", ".join(map(str, sorted(r["temples"]))) or "-" for r in rows],
    ], verdict=_verdict(state, names), title="Final count (décompte final)", total="points",
        labels=["points", "highest temple guarded (1st tie-break)", "treasures (2nd tie-break)",
                "temples held at the end"])


#: What the seat to move does, by phase (the board's prompt and the picture's title).
DOING = {"place": "place a hex", "choose": "choose a hex", "bid": "bid or pass", "actions": "spend action points"}


def _prompt(state, seat, names) -> str:
    if state.is_terminal:
        return f"Game over: {_verdict(state, names)}"
    p, phase = state.current_player, state.phase
    if p != seat:
        return f"Waiting for {_name(names, p)} to {DOING[phase]}."
    if phase == "place":
        t = TILE_BY_ID[state.in_hand]
        return (f"Place the hex you drew, {_tile_text(t.id)}: turn it with the rotate button, then click a "
                "highlighted space (it must link to a neighbour by stones).")
    if phase == "choose":
        return f"Choose one of the revealed hexes: you will place it and then spend your {ACTION_POINTS} action points."
    if phase == "bid":
        low = state.high_bid + 1
        if low > state.points[p]:
            return f"Auction (enchères): the bid is {state.high_bid} and you have {state.points[p]} points: pass."
        return (f"Auction (enchères) for the next turn: bid {low} or more (up to your {state.points[p]} points), "
                "or pass. Only the winner pays.")
    head = {"normal": "", "scoring": "Scoring round (décompte): ",
            "final": "Final scoring round: "}[state.turn_kind]
    tail = " When you end the turn, you score." if state.turn_kind != "normal" else ""
    you = "you have" if head else "You have"
    return (f"{head}{you} {state.ap} action points (PA). Click one of your pieces and then a highlighted hex "
            f"to move it, or use the action buttons; 'End turn' when done.{tail}")


def _space_view(state, i: int, places: dict) -> dict:
    x, y = _PIXELS[i]
    k = state.kind[i]
    out = {"space": LABELS[i], "x": x, "y": y, "points": _CORNERS[i], "kind": k}
    if k is not None:
        tile = state.tile_at[i]
        out["tile"] = tile
        out["letter"] = TILE_BY_ID[tile].letter if tile else None
        out["stones"] = stone_dots(state.stones[i], x, y)
        out["stone_counts"] = list(state.stones[i])
        if k == "temple":
            out["value"] = state.value[i]
        if i in state.tokens:
            out["treasures"] = len(state.tokens[i])
        if tile and TILE_BY_ID[tile].kind == "ruin":
            out["masks"] = TILE_BY_ID[tile].value
        camp = state.camp_of[i]
        out["camp"] = camp
        g = state.guard[i]
        out["guard"] = {"seat": g[0], "piece": g[1]} if g else None
        pieces = []
        for s in state.seats:
            n, lead = state.expl[s][i], state.leader_at[s] == i
            if n or lead:
                pieces.append({"seat": s, "explorers": n, "leader": lead})
        out["pieces"] = pieces
        if k == "temple":
            out["holder"] = state.holder(i)
    out["place"] = places.get(i)
    return out


def board_view(state, seat: int | None, names: list[str] | None = None, log_lines: int = 40) -> dict:
    """The game part of the board's view model, as ``seat`` may see it (``None``: a spectator)."""
    mine = state.current_player is not None and state.current_player == seat
    legal = state.legal_actions() if mine else []
    by_kind: dict[str, list] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)

    # The drawn hex: its placements, rotation by rotation.
    hand = None
    if state.in_hand is not None:
        t = TILE_BY_ID[state.in_hand]
        rotations: dict[int, list[dict[str, Any]]] = {}
        for a in by_kind.get("place", []):
            rotations.setdefault(a.rotation, []).append({"space": a.space, "action": a.to_json()})
        # A free space that is no target for a rotation carries the placement the engine refuses.
        free = [LABELS[i] for i in range(SPACES) if state.kind[i] is None] if mine and state.phase == "place" else []
        hand = {"tile": t.id, "kind": t.kind, "value": t.value, "letter": t.letter, "text": _tile_text(t.id),
                "set_aside": state.phase != "place",
                "rotations": [{"rotation": r, "stones": stone_dots(rotated(t.stones, r), 0, 0),
                               "targets": targets,
                               "tries": {sp: PlaceTile(t.id, sp, r).to_json() for sp in free
                                         if sp not in {x["space"] for x in targets}}}
                              for r, targets in sorted(rotations.items())]}
        if not rotations:
            hand["rotations"] = [{"rotation": 0, "stones": stone_dots(t.stones, 0, 0), "targets": [], "tries": {}}]

    # Moves, per piece: "explorer@A5" -> [{dst, cost, action}]; "tries": the other explored
    # spaces, with the move the engine refuses there (its reason names the rule).
    moves: dict[str, list] = {}
    for a in by_kind.get("move", []):
        moves.setdefault(f"{a.piece}@{a.src}", []).append({"dst": a.dst, "cost": a.cost, "action": a.to_json()})
    move_tries: dict[str, dict] = {}
    if state.phase == "actions" and mine:
        explored = [i for i in range(SPACES) if state.kind[i] is not None]
        for key, options in moves.items():
            piece, src = key.split("@")
            i, reachable = LABELS.index(src), {m["dst"] for m in options}
            move_tries[key] = {LABELS[j]: Move(piece, src, LABELS[j], state.move_cost(seat, i, j) or 1).to_json()
                               for j in explored if j != i and LABELS[j] not in reachable}

    def buttons(kind: str, text) -> list[dict]:
        return [{"label": text(a), "action": a.to_json(), "space": getattr(a, "space", None)}
                for a in by_kind.get(kind, [])]

    actions = {
        "bring": buttons("bring", lambda a: f"{'Leader' if a.piece == 'leader' else 'Explorer'} in at {a.space} "
                                            f"({COSTS['bring']})"),
        "uncover": buttons("uncover", lambda a: f"Uncover {a.space} to {a.level} ({COSTS['uncover']})"),
        "dig": buttons("dig", lambda a: f"Dig at {a.space} ({COSTS['dig']})"),
        "exchange": buttons("exchange", lambda a: f"My {a.give} for {_name(names, a.seat)}'s {a.take} "
                                                  f"({COSTS['exchange']})"),
        "camp": buttons("camp", lambda a: f"Camp at {a.space} ({COSTS['camp']})"),
        "guardian": buttons("guardian", lambda a: f"{'Leader' if a.piece == 'leader' else 'Explorer'} guards "
                                                  f"{a.space} ({COSTS['guardian']})"),
        "end": buttons("end", lambda a: "End turn"),
    }

    places: dict[int, Any] = {}
    offer = [{"tile": t, "text": _tile_text(t), "kind": TILE_BY_ID[t].kind, "value": TILE_BY_ID[t].value,
              "stones": stone_dots(TILE_BY_ID[t].stones, 0, 0),
              "action": next((a.to_json() for a in by_kind.get("choose", []) if a.tile == t), None)}
             for t in sorted(state.offer)]

    auction = None
    if state.variant == "advanced":
        auction = {
            "active": state.phase == "bid", "bidders": list(state.bidders), "passed": list(state.passed),
            "high_bid": state.high_bid, "high_bidder": state.high_bidder, "first_pass": state.first_pass,
            "bids": [{"amount": a.amount, "action": a.to_json()} for a in by_kind.get("bid", [])],
            "pass": by_kind["pass"][0].to_json() if "pass" in by_kind else None,
        }

    spaces = [_space_view(state, i, places) for i in range(SPACES)]
    scores = state.points
    seats = []
    for s in state.seats:
        lead = state.leader_at[s]
        where = LABELS[lead] if lead >= 0 else {RESERVE: "reserve", BOXED: "out of the game", GUARD: "guardian"}[lead]
        detail = state.score_breakdown(s)
        seats.append({
            "seat": s, "name": _name(names, s), "colour": COLOURS[s], "colour_code": COLOUR_CODES[COLOURS[s]],
            "points": scores[s], "reserve": state.reserve[s], "on_board": sum(state.expl[s]), "boxed": state.boxed[s],
            "leader": where, "camps_left": state.camps_left[s], "guardians": state.guardians[s],
            "treasures": {k: n for k, n in zip(TREASURE_KINDS, state.treasures[s]) if n},
            "amulet_used": state.amulet[s], "current": s == state.current_player, "you": s == seat,
            "would_score": detail["total"], "temples_held": sorted(detail["temples"]),
        })

    letters: dict[str, int] = {}
    for t in state.stack:
        letter = TILE_BY_ID[t].letter
        letters[letter] = letters.get(letter, 0) + 1
    banner = None
    if state.is_terminal:
        banner = None
    elif state.turn_kind == "scoring":
        banner = (f"Scoring round (décompte): each player spends {ACTION_POINTS} AP, then scores temples held and "
                  "treasures.")
    elif state.turn_kind == "final":
        banner = f"Final scoring round: each player spends {ACTION_POINTS} AP one last time, then scores."
    final = _final(state, names) if state.is_terminal else None
    hint = None
    if mine:
        hint = {"place": "Click a space with a dashed green frame to place the hex (Rotate turns it first).",
                "choose": "Click one of the revealed hexes with a green frame.",
                "bid": "Click a bid button, or Pass.",
                "actions": "Click one of your pieces (green ring), then a highlighted hex; or an action button."
                }[state.phase]
    return {
        "variant": state.variant, "phase": state.phase, "turn_kind": state.turn_kind, "banner": banner,
        "ap": state.ap if state.phase == "actions" else None, "ap_max": ACTION_POINTS,
        "current_player": state.current_player, "width": WIDTH, "height": HEIGHT, "hex": HEX,
        "spaces": spaces, "hand": hand, "offer": offer, "moves": moves, "move_tries": move_tries,
        "actions": actions, "auction": auction,
        "seats": seats, "stack": {"left": len(state.stack), "letters": {k: letters.get(k, 0) for k in LETTERS}},
        "levels": {str(v): state.levels[v] for v in range(2, len(state.levels))},
        "scorings": state.scorings, "base_camp": BASE_CAMP,
        "prompt": _prompt(state, seat, names), "hint": hint,
        "log": [format_event(e, names) for e in state.events[-log_lines:]],
        "log_marks": [event_marks(e) for e in state.events[-log_lines:]],
        "events": len(state.events),
        "final": final,
    }


def text_board(state, names: list[str] | None = None, *, seat: int | None = None,
               everything: bool = False) -> str:
    """The position as plain text (``print(state)``): hexes, pieces, supplies and seats.

    The stack and the face-down treasures appear as counts only, which every player sees, so
    ``seat`` and ``everything`` change nothing here.
    """
    lines = []
    turn = "game over" if state.is_terminal else f"{_name(names, state.current_player)} to {state.phase}"
    if state.phase == "actions":
        turn += f" ({state.ap} AP, {state.turn_kind} turn)"
    lines.append(f"Tikal ({state.variant}): {turn}; {len(state.stack)} hexes left in the stack")
    for i in range(SPACES):
        k = state.kind[i]
        if k is None:
            continue
        what = _KIND_WORDS[k]
        if k == "temple":
            what += f" {state.value[i]}"
        if i in state.tokens:
            what += f" with {plural(len(state.tokens[i]), 'treasure')}"
        extras = []
        for s in state.seats:
            n, lead = state.expl[s][i], state.leader_at[s] == i
            if n or lead:
                extras.append(f"{_name(names, s)}: {plural(n, 'explorer')}{' + leader' if lead else ''}")
        if state.camp_of[i] is not None:
            extras.append(f"camp of {_name(names, state.camp_of[i])}")
        if state.guard[i] is not None:
            extras.append(f"guardian of {_name(names, state.guard[i][0])}")
        lines.append(f"  {LABELS[i]} {what:<32} {stones_in_words(state.stones[i]):<28} {'; '.join(extras)}".rstrip())
    if state.in_hand is not None:
        lines.append(f"In hand: {_tile_text(state.in_hand)}")
    if state.offer:
        lines.append("Revealed: " + "; ".join(_tile_text(t) for t in state.offer))
    for s in state.seats:
        treasures = ", ".join(f"{n} {k}" for k, n in zip(TREASURE_KINDS, state.treasures[s]) if n) or "no treasure"
        lines.append(f"  {_name(names, s)} ({COLOURS[s]}): {state.points[s]} points; reserve {state.reserve[s]}; "
                     f"camps left {state.camps_left[s]}; {treasures}")
    return "\n".join(lines)

