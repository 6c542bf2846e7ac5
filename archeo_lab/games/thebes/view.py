"""Thebes: the view model a board draws, and a plain-text board.

``board_view(state, seat)`` is everything ``widgets/thebes.js`` needs, seen
from ``seat``: the others' hands show only their size, the piles only their
size and what ``seat`` knows of them, the deck only its size.  Every
clickable target carries the action JSON it sends; the dig dialog gets, for
each region and each length of dig, the cards it draws and the expected
points (from ``seat``'s knowledge of the pile), so the JavaScript knows no rule.
"""

from __future__ import annotations

from math import comb
from typing import Any

from archeo_lab.engine.wording import article, final_table, name as _name, plural, tally, verdict, who as _who

from . import scoring
from .scoring import exhibition_weeks
from .actions import Dig, PlayRobbers, PlayThief, Take
from .components import (
    CARD_BY_KEY, EXCAVATION_TABLE, EXHIBITION_BY_KEY, GENERAL, MAX_WEEKS, MIN_WEEKS, MUSEUM_BY_KEY, PROFESSORS,
    REGION_NAMES, REGIONS, STATUS,
)

__all__ = ["board_view", "event_marks", "format_event", "text_board", "card_name", "dig_outlook", "per_region"]


def card_name(key: str) -> str:
    """A card as a learner reads it: ``"Egypt expertise 2"``, ``"Crete relic 4"``, ``"scientist"``.

    >>> card_name("egypt expertise 2"), card_name("crete rubble"), card_name("world expert")
    ('Egypt expertise 2', 'Crete rubble', 'world expert')
    """
    first, _, rest = key.partition(" ")
    if first in REGION_NAMES:
        return f"{REGION_NAMES[first][0]} {rest}"
    return key


def _card(key: str) -> dict:
    c = CARD_BY_KEY[key]
    out = {
        "key": key, "name": card_name(key), "family": c.family, "french": c.french, "weeks": c.weeks,
        "play_weeks": c.play_weeks, "region": c.region, "books": c.books, "points": c.points, "text": c.text,
        "status": c.status,
    }
    if c.family == "exhibition":
        e = EXHIBITION_BY_KEY[key]
        out["tiers"] = [{"region": r, "name": REGION_NAMES[r][0], "need": n, "weeks": w}
                        for r, n, w in zip(e.regions, e.need, e.weeks)]
    elif c.family == "museum":
        out["relics"] = MUSEUM_BY_KEY[key].relics
    return out


def _regions_text(r: str) -> str:
    return REGION_NAMES[r][0]


def per_region(values, general: int | None = None) -> str:
    """Counts per region in words, the regions with none left out; ``general`` adds the general ones.

    >>> per_region([2, 0, 1, 0], general=1)
    'Mesopotamia 2, Greece 1, general 1'
    >>> per_region([0, 0, 0, 0])
    'none'
    """
    return tally([*zip(map(_regions_text, REGIONS), values), ("general", general or 0)]) or "none"


def _permit_text(region: str, used: str) -> str:
    return {"region": article(f"{_regions_text(region)} permit"), "general": "a general permit",
            "card": "a general dig permit card"}[used]


def format_event(event: tuple, names=None) -> str:
    """One line of the public log, in English with the rule book's French terms."""
    kind, args = event[0], event[1:]

    def who(seat, verb: str) -> str:   # "Bot 1 takes", but "You take"
        return _who(names, seat, verb)

    if kind == "start":
        return ("Time markers (pions de temps) stacked on week 0, bottom to top: "
                + ", ".join(_name(names, s) for s in args[0]) + f"; {_name(names, args[0][-1])} plays first.")
    if kind in ("setup", "deck"):
        relics = [x for x in args[0] if x in REGION_NAMES]
        greens = [card_name(x) for x in args[0] if x not in REGION_NAMES]
        parts = []
        if greens:
            parts.append("revealed " + ", ".join(greens))
        if relics:
            parts.append(f"{plural(len(relics), 'relic card')} face down onto the piles ("
                         + ", ".join(_regions_text(r) for r in relics) + ")")
        head = "Set-up" if kind == "setup" else "Refill from the deck (pioche)"
        return f"{head}: " + ("; ".join(parts) or "nothing") + "."
    if kind == "take":
        card = CARD_BY_KEY[args[1]]
        where = " into the hidden hand" if card.family == "action" else ""
        return f"{who(args[0], 'takes')} {card_name(args[1])}{where} ({plural(args[2], 'week')})."
    if kind == "dig":
        seat, region, used = args
        return f"{who(seat, 'gives')} up {_permit_text(region, used)} to dig in {_regions_text(region)}."
    if kind == "weeks":
        seat, region, weeks, knowledge, cards, assistant = args
        helper = " with the assistant" if assistant else ""
        return (f"{who(seat, 'digs')} in {_regions_text(region)} for {plural(weeks, 'week')}{helper}: "
                f"{knowledge} knowledge, {plural(cards, 'card')} to draw.")
    if kind == "draw":
        seat, region, drawn = args
        found = [v for v in drawn if v]
        shown = ", ".join("rubble" if v == 0 else f"relic {v}" for v in drawn)
        return (f"{who(seat, 'draws')} from the {_regions_text(region)} pile: {shown}"
                f" ({plural(sum(found), 'point')}"
                f"{'; the rubble goes back' if len(found) < len(drawn) else ''}).")
    if kind == "thief":
        return f"{who(args[0], 'plays')} the {_regions_text(args[1])} thief (Voleur)."
    if kind == "robbers":
        return (f"{who(args[0], 'plays')} the {_regions_text(args[1])} tomb robbers (Pilleurs de tombes) "
                "and looks through the pile.")
    if kind == "pick":
        return f"{who(args[0], 'takes')} {_regions_text(args[1])} relic {args[2]} from the pile."
    if kind == "rubble only":
        return f"The {_regions_text(args[1])} pile holds only rubble: nothing to take."
    if kind == "empty":
        return f"The {_regions_text(args[1])} pile is empty: nothing found."
    if kind == "scientist":
        return f"{who(args[0], 'plays')} a scientist (Scientifique) and looks at the {_regions_text(args[1])} pile."
    if kind == "give":
        return f"{who(args[0], 'gives')} {_regions_text(args[1])} relic {args[2]} to a museum, for good."
    if kind == "professor":
        return f"{who(args[0], 'receives')} the {card_name(args[1])} card."
    if kind == "permits":
        held = list(args[1])
        return f"{_name(names, args[0])} holds these permits: {per_region(held[:GENERAL], held[GENERAL])}."
    if kind == "end":
        return ("The deck is empty: game over. Final scores: "
                + ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(args[0])) + ".")
    return " ".join(map(str, event))


def event_marks(event: tuple) -> list[list]:
    """What a log line points at on the board (``[data attribute, value]`` pairs the board highlights)."""
    kind, args = event[0], event[1:]
    if kind in ("take", "professor", "permits"):
        return [["seat", args[0]]] + ([["key", args[1]]] if kind == "take" else [])
    if kind in ("dig", "weeks", "draw", "thief", "robbers", "pick", "scientist", "give", "empty", "rubble only"):
        return [["seat", args[0]], ["region", args[1]]]
    return []


def _p_nothing(cards: int, known: list[int], unseen: list[int], unknown: int) -> float:
    """Chance that a dig finds no relic (every card rubble), from ``dig_odds``'s model, in floats."""
    n = len(known) + unknown
    k = min(cards, n)
    if k == 0:
        return 1.0
    kr, ur = known.count(0), unseen.count(0)
    total = comb(n, k)
    p = 0.0
    for j in range(max(0, k - unknown), min(k, len(known)) + 1):
        pj = comb(len(known), j) * comb(unknown, k - j) / total
        p += pj * (comb(kr, j) / comb(len(known), j)) * (comb(ur, k - j) / comb(len(unseen), k - j) if k - j else 1.0)
    return p


def dig_outlook(state, seat: int, region: str, knowledge: int) -> list[dict]:
    """For each dig length: the cards drawn, the expected points and the chance of nothing,
    as ``seat`` knows the pile (``scoring.dig_odds``'s model, computed in floats)."""
    r = REGIONS.index(region)
    known = state.known[seat][r]
    unseen = state.unseen(seat, r)
    unknown = len(state.piles[r]) - len(known)
    out = []
    for weeks in range(MIN_WEEKS, MAX_WEEKS + 1):
        cards = min(scoring.dig_cards(knowledge, weeks), len(known) + unknown)
        out.append({
            "weeks": weeks, "cards": cards, "table_cards": scoring.dig_cards(knowledge, weeks),
            "expected": round(scoring.expected_points(cards, known, unseen, unknown), 2),
            "p_nothing": round(_p_nothing(cards, known, unseen, unknown), 3),
        })
    return out


def _verdict(state, names) -> str:
    """Who won, and the tie-break when needed (Fin de la partie: the time marker furthest behind;
    on the same week, the one on top)."""
    return verdict(names, state.scores(), state.winners(),
                   tiebreak="the time marker furthest behind, then the one on top",
                   tiebreak_values=lambda s: f"week {state.week[s]}, {'top' if _on_top(state, s) else 'below'}")


def _on_top(state, seat: int) -> bool:
    return all(state.height[s] <= state.height[seat] for s in state.seats if state.week[s] == state.week[seat])


_FINAL_LINES = [("relics", "relics (objets)"), ("exhibitions", "exhibitions (expositions)"),
                ("professors", "professors"), ("museums", "museums (musées)"), ("congresses", "congresses"),
                ("time", "weeks ahead of the last (1 per 3)"), ("total", "total")]


def _final(state, names) -> dict:
    rows = state.score_breakdown()
    table = final_table(names, [[r[k] for r in rows] for k, _ in _FINAL_LINES], verdict=_verdict(state, names),
                        labels=[label for _, label in _FINAL_LINES], title="Final count (décompte final)",
                        total="total")
    table["rows"].append({"label": "week (tie-break: furthest behind)", "values": list(state.week), "total": False})
    return table


def _prompt(state, seat, names) -> str:
    if state.is_terminal:
        return f"Game over: the deck is empty. {_verdict(state, names)}"
    p = state.current_player
    if p != seat:
        why = "their time marker is furthest behind" if state.phase == "turn" else "they are finishing their turn"
        return f"Waiting for {_name(names, p)} ({why})."
    if state.phase == "weeks":
        return (f"Your {REGION_NAMES[REGIONS[state.pending[1]]][0]} dig has begun: choose how many weeks it "
                "lasts (1 to 12); the excavation table says how many cards you draw.")
    if state.phase == "draw":
        _, kind, r, cards, _ = state.pending
        return (f"Your {'dig' if kind == 'dig' else 'thief'} is under way: draw {plural(cards, 'card')} "
                f"from the {REGION_NAMES[REGIONS[r]][0]} pile.")
    if state.phase == "robbers":
        return "Your tomb robbers look through the pile: pick the relic you take."
    if state.phase == "museum":
        _, key, left = state.pending
        return f"Give {plural(left, 'more relic')} to {key}, for good: click them."
    return ("Your turn (your marker is furthest behind): take a card from a storage space, play an action "
            "card from your hand, or open a dig in a region.")


def board_view(state, seat: int | None, names: list[str] | None = None, log_lines: int = 40) -> dict:
    """The game part of the board's view model, as ``seat`` may see it (``None``: a spectator)."""
    mine = state.current_player is not None and state.current_player == seat
    legal = state.legal_actions() if mine else []
    by_kind: dict[str, list] = {}
    for action in legal:
        by_kind.setdefault(type(action).kind, []).append(action)
    takes = {a.card: a.to_json() for a in by_kind.get("take", [])}

    # -- the time track (échelle chronologique) --------------------------------------------------
    stacks: dict[int, list[int]] = {}
    for s in sorted(state.seats, key=lambda s: state.height[s]):
        stacks.setdefault(state.week[s], []).append(s)
    track = {
        "weeks": list(state.week), "next": state.current_player,
        "stacks": [{"week": w, "seats": stacks[w]} for w in sorted(stacks)],
        "max": max(state.week), "min": min(state.week),
    }

    # A card, pile or hand card that cannot be played now carries the action to try: the
    # engine's refusal names the rule (on the viewer's turn only).
    def attempt(action) -> dict | None:
        return action.to_json() if mine else None

    storage = [{"space": i + 1, "card": _card(k) if k else None, "action": takes.get(k),
                "try": attempt(Take(k)) if k and k not in takes else None}
               for i, k in enumerate(state.storage)]
    viewer_counts = [len(x) for x in state.relics[seat]] if seat is not None else [0] * len(REGIONS)
    exhibitions = [dict(_card(k), action=takes.get(k),
                        weeks_now=exhibition_weeks(k, viewer_counts) if seat is not None else None,
                        **{"try": attempt(Take(k)) if k not in takes else None})
                   for k in state.exhibits]
    museums = [dict(_card(k), action=takes.get(k), **{"try": attempt(Take(k)) if k not in takes else None})
               for k in state.museums]

    dig_regions = {a.region for a in by_kind.get("dig", [])}
    piles = []
    for r, region in enumerate(REGIONS):
        name, french = REGION_NAMES[region]
        known = list(state.known[seat][r]) if seat is not None else []
        piles.append({
            "try": attempt(Dig(region)) if region not in dig_regions else None,
            "region": region, "name": name, "french": french, "size": len(state.piles[r]),
            "known": known, "known_all": seat is not None and len(known) == len(state.piles[r]),
            "deck_relics": state.deck_relics()[r],
        })

    scores = state.scores()
    seats = []
    for s in state.seats:
        seats.append({
            "seat": s, "name": _name(names, s), "week": state.week[s], "score": scores[s],
            "current": s == state.current_player, "you": s == seat,
            "expertise": {region: state.expertise[s][r] for r, region in enumerate(REGIONS)},
            "general": state.general[s], "knowledge": sum(state.expertise[s]) + state.general[s],
            "congress": state.congress[s], "congress_points": scoring.congress_points(state.congress[s]),
            "relics": {region: list(state.relics[s][r]) for r, region in enumerate(REGIONS)},
            "relic_points": sum(sum(x) for x in state.relics[s]),
            "presentations": [card_name(k) for k in state.tableau[s]
                              if CARD_BY_KEY[k].family in ("exhibition", "museum")],
            "professors": [card_name(PROFESSORS[i]) for i, h in enumerate(state.professors) if h == s],
            "hand_count": len(state.hand[s]), "hand": list(state.hand[s]) if s == seat else None,
            "permits": {**{region: state.permits[s][r] for r, region in enumerate(REGIONS)},
                        "general": state.permits[s][GENERAL]},
        })

    # -- the viewer's hand, with the plays it allows --------------------------------------------
    plays: dict[str, list] = {}
    for a in by_kind.get("thief", []):
        plays.setdefault(f"{a.region} thief", []).append({"label": f"play ({a.region})", "action": a.to_json()})
    for a in by_kind.get("robbers", []):
        plays.setdefault(f"{a.region} tomb robbers", []).append({"label": "play", "action": a.to_json()})
    for a in by_kind.get("scientist", []):
        plays.setdefault("scientist", []).append(
            {"label": REGION_NAMES[a.region][0], "region": a.region, "action": a.to_json()})
    hand = []
    if seat is not None:
        for key in sorted(set(state.hand[seat])):
            card = CARD_BY_KEY[key]
            tried = None
            if mine and not plays.get(key):
                if key.endswith(" thief") and card.region:
                    tried = attempt(PlayThief(card.region))
                elif key.endswith(" tomb robbers") and card.region:
                    tried = attempt(PlayRobbers(card.region))
            why = None
            if mine and not plays.get(key) and tried is None:
                why = ("the general dig permit is given up during a dig, never played on its own"
                       if key == "general dig permit" else
                       f"the {card_name(key)} card cannot be played now")
            hand.append(dict(_card(key), count=state.hand[seat].count(key), plays=plays.get(key, []),
                             why=why, **{"try": tried}))

    # -- digs: the piles' buttons, then the weeks dialog -------------------------------------------
    digs = []
    for a in by_kind.get("dig", []):
        r = REGIONS.index(a.region)
        permits = state.permits[seat]
        digs.append({
            "region": a.region, "name": REGION_NAMES[a.region][0], "knowledge": state.dig_knowledge(seat, r),
            "permit": "region" if permits[r] else ("general" if permits[GENERAL] else "card"), "action": a.to_json(),
        })
    dig = None
    if by_kind.get("weeks") and seat is not None:
        r = state.pending[1]
        region = REGIONS[r]
        plain = state.dig_knowledge(seat, r)
        helped = state.dig_knowledge(seat, r, True)
        outlook = {False: dig_outlook(state, seat, region, plain)}
        actions = by_kind["weeks"]
        if any(a.assistant for a in actions):
            outlook[True] = dig_outlook(state, seat, region, helped)
        used = next(e[3] for e in reversed(state.events) if e[0] == "dig")
        name, french = REGION_NAMES[region]
        dig = {
            "region": region, "name": name, "french": french, "knowledge": plain,
            "knowledge_assistant": helped if True in outlook else None, "permit": used,
            "permit_text": _permit_text(region, used), "pile": len(state.piles[r]),
            "expertise": state.expertise[seat][r], "general_used": min(state.general[seat], state.expertise[seat][r]),
            "options": [dict(outlook[a.assistant][a.weeks - MIN_WEEKS], assistant=a.assistant, action=a.to_json())
                        for a in actions],
        }
        # Where the slider starts: the most expected points per week (the shortest dig on a tie).
        for helped_too in (False, True):
            options = [o for o in dig["options"] if o["assistant"] == helped_too]
            if options:
                best = max(options, key=lambda o: (o["expected"] / o["weeks"], -o["weeks"]))
                best["default"] = True

    draw = None
    if "draw" in by_kind:
        a = by_kind["draw"][0]
        draw = {"region": a.region, "name": REGION_NAMES[a.region][0], "cards": a.cards,
                "kind": state.pending[1], "action": a.to_json()}
    robbers = None
    if state.phase == "robbers" and mine:
        r = state.pending[1]
        robbers = {"region": REGIONS[r], "name": REGION_NAMES[REGIONS[r]][0], "pile": list(state.piles[r]),
                   "options": [{"value": a.value, "action": a.to_json()} for a in by_kind.get("pick", [])]}
    museum = None
    if state.phase == "museum" and mine:
        museum = {"key": state.pending[1], "left": state.pending[2],
                  "options": [{"region": a.region, "name": REGION_NAMES[a.region][0], "value": a.value,
                               "action": a.to_json()} for a in by_kind.get("give", [])]}

    draws: list[dict[str, Any]] = []  # the last three draws, oldest first (the board turns new ones over)
    for i in range(len(state.events) - 1, -1, -1):
        e = state.events[i]
        if e[0] == "draw":
            draws.insert(0, {"id": i, "seat": e[1], "name": _name(names, e[1]), "region": e[2],
                             "region_name": REGION_NAMES[e[2]][0], "cards": list(e[3])})
            if len(draws) == 3:
                break

    final = _final(state, names) if state.is_terminal else None
    hint = None
    if mine:
        hint = {"turn": "Click a card with a green frame to take it, 'Dig here' on a pile, or a play button on "
                        "a card of your hand.",
                "weeks": "Choose the weeks with the slider or the bars, then press the Dig button.",
                "draw": "Press the draw button.",
                "robbers": "Click the relic your tomb robbers take.",
                "museum": "Click a relic to give it to the museum."}.get(state.phase)
    return {
        "players": state.players, "phase": state.phase, "track": track,
        "deck": {"size": len(state.deck), "relics": state.deck_relics()},
        "storage": storage, "exhibitions": exhibitions, "museums": museums, "piles": piles,
        "seats": seats, "hand": hand, "digs": digs, "dig": dig, "draw": draw, "robbers": robbers, "museum": museum,
        "draws": draws, "table": [list(row) for row in EXCAVATION_TABLE],
        "table_status": STATUS["EXCAVATION_TABLE"][0],
        "regions": [{"region": r, "name": REGION_NAMES[r][0], "french": REGION_NAMES[r][1]} for r in REGIONS],
        "prompt": _prompt(state, seat, names), "hint": hint,
        "log": [format_event(e, names) for e in state.events[-log_lines:]],
        "log_marks": [event_marks(e) for e in state.events[-log_lines:]],
        "events": len(state.events),
        "final": final,
    }


def text_board(state, names: list[str] | None = None, *, seat: int | None = None,
               everything: bool = False) -> str:
    """The position as plain text (``print(state)``), as the table sees it.

    The excavation piles lie face down and the action cards are held hidden (« Les joueurs les
    gardent cachées dans leur main »): the text gives each pile's size and each hand's size.
    ``seat`` adds that seat's hand and the pile cards it knows of; ``everything=True`` shows every
    hand and every pile's cards.
    """
    lines = []
    turn = "game over" if state.is_terminal else f"{_name(names, state.current_player)} to play ({state.phase})"
    lines.append(f"Thebes: {turn}; deck {len(state.deck)} cards")
    lines.append("Time track: " + ", ".join(f"{_name(names, s)} week {state.week[s]}" for s in state.seats))
    lines.append("Storage: " + " | ".join(card_name(k) if k else "(empty)" for k in state.storage))
    if state.exhibits or state.museums:
        lines.append("Presentations: " + ", ".join(state.exhibits + state.museums))
    for r, region in enumerate(REGIONS):
        pile = state.piles[r]
        if everything:
            shown = f": {' '.join(str(v) for v in pile) or '-'}"
        elif seat is not None and state.known[seat][r]:
            shown = f", you know of: {' '.join(str(v) for v in state.known[seat][r])}"
        else:
            shown = ""
        lines.append(f"  {REGION_NAMES[region][0]:<12} pile {len(pile):>2} cards{shown}")
    scores = state.scores()
    for s in state.seats:
        relics = sum(len(x) for x in state.relics[s])
        if everything or s == seat:
            hand = ", ".join(state.hand[s]) or "-"
        else:
            count = len(state.hand[s])
            hand = plural(count, "hidden card") if count else "-"
        permits = state.permits[s]
        lines.append(f"  {_name(names, s)}: week {state.week[s]}, expertise {per_region(state.expertise[s])}, "
                     f"general knowledge {state.general[s]}, {relics} relics, {state.congress[s]} congress, hand "
                     f"{hand}, permits {per_region(permits[:GENERAL], permits[GENERAL])}; "
                     f"{plural(scores[s], 'point')}")
    return "\n".join(lines)
