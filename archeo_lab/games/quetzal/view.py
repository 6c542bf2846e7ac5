"""Quetzal: the view model a board draws, and a plain-text board.

``board_view(state, seat)`` is everything ``widgets/quetzal.js`` needs, seen from ``seat``.
Quetzal hides only the order of the object pile and of the upgrade stack, which are never
sent.  Every clickable target carries the action JSON it sends: each location lists the legal
groups that can go there (with their meeples), so the board matches the meeples a learner
selected to one of them and knows no rule.
"""

from __future__ import annotations

from archeo_lab.engine.wording import article, final_table, name as _seat_name, plural, verdict, who as _seat_who

from .actions import RESERVE_FACES, Place
from .components import (
    ANNEX_BONUS, BLACK_MARKET_GOLD, CARD_BY_ID, DELIVERY_MAX, DISCOVERY_BONUSES, DISCOVERY_MAX, FACE_NAMES,
    LOCATIONS, OBJECT_BY_KEY, ROUNDS, SHIP_VP, TILE_KIND, TOSS_ODDS, UPGRADE_BY_KEY,
)
from .tables import DUMMY, LOC, placement_cost

#: One colour per seat (the neutral expedition is grey); the static drawing uses the same.
SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a")
DUMMY_COLOUR = "#9e9e9e"

__all__ = ["board_view", "event_marks", "format_event", "text_board", "card_view", "upgrade_view"]

#: The board's areas in activation order (the numbers printed on the banners), English then French.
AREAS = (
    ("camp", "0", "Camp (Campement)"),
    ("stele", "1", "Stele of Knowledge (Stèle du savoir)"),
    ("temple", "2", "Temple (Le temple): slots 5 to 1 gold"),
    ("annexes", "3", "Annexes of the Temple (annexes du temple)"),
    ("black-market", "4", "Black market (Marché noir)"),
    ("village", "5", "Village (Le village)"),
    ("harbour", "6", "Harbour office (Capitainerie)"),
    ("ships", "7", "Ships (Navires)"),
)
_AREA_OF = {"quarry": "annexes", "small-temple": "annexes", "ruins": "annexes", "ship-a": "ships", "ship-b": "ships"}

_KIND_TEXT = {
    "free": "free location (emplacement libre): any group, several visits",
    "unique": "unique location (emplacement unique): one meeple, cost paid at once",
    "bidding": "bidding location (emplacement à enchère): outbid the holder with more meeples of its colour",
}
#: A discovery bonus square in the log: "(+2 gold)", "(an upgrade)", "(+6 VP)" (``DISCOVERY_BONUSES``).
_DISCOVERY_BONUS_TEXT = {what: f" (+{n} {'VP' if what == 'vp' else what})" if what != "upgrade" else " (an upgrade)"
                         for what, n in DISCOVERY_BONUSES.values()}
_PHASE_TEXT = {
    "reroll": "rerolls", "place": "placement", "pick": "Temple", "sell": "Black market",
    "upgrade": "upgrade", "deliver": "deliveries", "over": "game over",
}
_DECISION_TITLE = {
    "reroll": "Reroll a meeple of your reserve, or keep the toss",
    "pick": "Temple (Le temple): take an object card from the display",
    "sell": f"Black market (Marché noir): sell an object for {BLACK_MARKET_GOLD} gold, or keep your objects",
    "upgrade": "Take an upgrade (tuile Amélioration) from the Village",
    "deliver": f"Deliver objects (Livrer les Objets): up to {DELIVERY_MAX} of one type",
}


def _name(names, seat) -> str:
    return "Neutral expedition" if seat == DUMMY else _seat_name(names, seat)


def _who(names, seat, verb: str) -> str:
    """``"Bot 1 places"``, but ``"You place"`` (the neutral expedition in the third person)."""
    return f"Neutral expedition {verb}" if seat == DUMMY else _seat_who(names, seat, verb)


def card_view(card_id: str, action=None) -> dict:
    """One object card as the board shows it."""
    card = CARD_BY_ID[card_id]
    kind = OBJECT_BY_KEY[card.type]
    return {"id": card_id, "type": card.type, "french": kind.french, "bonus": card.bonus,
            "points": list(kind.points), "text": card.describe(),
            "action": action.to_json() if action is not None else None}


def upgrade_view(tile: str, action=None) -> dict:
    """One upgrade tile as the board shows it."""
    kind = UPGRADE_BY_KEY[TILE_KIND[tile]]
    return {"id": tile, "kind": kind.key, "name": kind.name, "french": kind.french, "vp": kind.vp,
            "timing": kind.timing, "text": kind.text, "action": action.to_json() if action is not None else None}


def _colour(seat: int) -> str:
    return DUMMY_COLOUR if seat == DUMMY else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _group(g, names) -> dict:
    seat, role, b, w, e, c = g
    return {"seat": seat, "name": _name(names, seat), "colour": _colour(seat), "role": role, "black": b,
            "white": w, "either": e, "character": bool(c), "count": b + w + e + int(c)}


def _meeples_text(b, w, e, c) -> str:
    parts = [f"{n} {face}" for n, face in ((b, "black"), (w, "white"), (e, "either")) if n]
    return ", ".join(parts + (["character"] if c else []))


def format_event(event: tuple, names=None) -> str:
    """One line of the public log, in English with the rule book's French terms."""
    kind, a = event[0], event[1:]
    if kind == "start":
        return f"Quetzal for {a[0]} players: the Temple, the annexes and the Village are dealt."
    if kind == "round":
        return f"Round {a[0]}/{ROUNDS} (tour {a[0]}): {_who(names, a[1], 'holds')} the first-player token."
    if kind == "toss":
        faces = list(a[1])
        team = faces[:-1]
        counts = ", ".join(f"{team.count(f)} {f}" for f in ("black", "white", "side", "standing") if team.count(f))
        gold = f" (+{a[2]} gold)" if a[2] else ""
        char = " and the character stands" if faces[-1] == "standing" else ""
        return f"{_who(names, a[0], 'tosses')} the meeples: {counts}{char}{gold}."
    if kind == "reroll":
        gold = " (+1 gold)" if a[3] else ""
        where = "at the Camp" if a[4] == "camp" else "with an upgrade"
        return f"{_who(names, a[0], 'rerolls')} {article(a[1])} meeple {where}: it lands {a[2]}{gold}."
    if kind == "place":
        p, loc, role, b, w, e, c, paid = a
        n = b + w + e + int(c)
        word = {"adventurer": "adventurer", "archaeologist": "archaeologist"}.get(role, "meeple")
        cost = f", pays {paid} gold" if paid else ""
        return (f"{_who(names, p, 'places')} {plural(n, word)} on "
                f"{LOCATIONS[LOC[loc]].name} ({_meeples_text(b, w, e, c)}){cost}.")
    if kind == "camp":
        return f"{_who(names, a[0], 'gains')} {a[1]} gold at the Camp (Campement)."
    if kind == "outbid":
        back = _who(names, a[0], "takes").rsplit(" ", 1)[1]
        return (f"{_who(names, a[0], 'is')} outbid on {LOCATIONS[LOC[a[1]]].name} and {back} back "
                f"{plural(a[2], 'meeple')} (unflipped, to place later this round).")
    if kind == "dummy":
        return f"The neutral expedition puts 2 {a[1]}s on {LOCATIONS[LOC[a[0]]].name}."
    if kind == "activate":
        return f"Round {a[0]}: every meeple is placed; the locations act in the printed order."
    if kind == "stele":
        return f"{_who(names, a[0], 'takes')} the first-player token at the Stele of Knowledge (Stèle du savoir)."
    if kind == "take":
        return f"{_who(names, a[0], 'takes')} {_cards([a[1]])} in the Temple."
    if kind == "draw":
        return f"{_who(names, a[0], 'draws')} {_cards(a[1])}."
    if kind == "annex":
        loc = LOCATIONS[LOC[a[1]]]
        if a[0] == DUMMY:
            return f"The neutral expedition wins {loc.name}: its cards are discarded."
        return (f"{_who(names, a[0], 'wins')} {loc.name} ({loc.french}): " + ", ".join(a[2]) + f" and +1 {a[3]}.")
    if kind == "sell":
        return f"{_who(names, a[0], 'sells')} {a[1]} at the Black market for {a[2]} gold."
    if kind == "upgrade":
        info = UPGRADE_BY_KEY[a[1]]
        return f"{_who(names, a[0], 'takes')} the upgrade {info.name} ({info.french}): {info.text}."
    if kind == "deliver":
        p, kind_, cards, points, gold, disc, where = a
        extra = "".join([f", +{gold} gold" if gold else "", f", +{disc} discovery" if disc else ""])
        place = LOCATIONS[LOC[where]].name
        return f"{_who(names, p, 'delivers')} {len(cards)} {kind_} at {place}: +{points} VP{extra}."
    if kind == "discovery":
        bonus = _DISCOVERY_BONUS_TEXT.get(a[2], "")
        return f"{_who(names, a[0], 'reaches')} {a[1]} on the discovery track{bonus}."
    if kind == "pass":
        return f"{_name(names, a[0])}: {a[1]}."
    if kind == "reshuffle":
        return f"The object pile is empty: the discard ({a[0]} cards) is shuffled into a new pile."
    if kind == "end":
        return "Game over. Final scores: " + ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(a[0])) + "."
    return " ".join(map(str, event))


def event_marks(event: tuple) -> list[list]:
    """What a log line points at on the board (``[data attribute, value]`` pairs the board highlights)."""
    kind, a = event[0], event[1:]
    if kind in ("place", "outbid", "annex"):          # (seat, location, ...)
        return [["loc", a[1]]] + ([["seat", a[0]]] if a[0] != DUMMY else [])
    if kind == "dummy":
        return [["loc", a[0]]]
    if kind == "deliver":
        return [["seat", a[0]], ["loc", a[6]]]
    if kind == "stele":
        return [["seat", a[0]], ["loc", "stele"]]
    if kind == "upgrade":
        return [["seat", a[0]], ["upgrade", a[1]]]
    if kind == "round":                                # (round, first player)
        return [["seat", a[1]]]
    if kind in ("toss", "reroll", "camp", "take", "draw", "sell", "discovery", "pass"):
        return [["seat", a[0]]] if a[0] != DUMMY else []
    return []


def _verdict(state, names) -> str:
    """Who won, and the tie-break when needed (Fin de partie: the furthest on the discovery track)."""
    return verdict(names, state.scores(), state.winners(), unit="VP",
                   tiebreak="furthest on the discovery track (piste de Découverte)",
                   tiebreak_values=lambda s: f"discovery {state.discovery[s]}")


def _final(state, names) -> dict:
    rows = state.score_breakdown()
    lines = [("track", "score track"), ("token", "first-player token"), ("gold", "1 VP per 3 gold"),
             ("upgrades", "upgrades (tuiles Amélioration)"), ("total", "total")]
    table = final_table(names, [[r[k] for r in rows] for k, _ in lines], verdict=_verdict(state, names),
                        labels=[label for _, label in lines], title="Final count (fin de partie)", total="total")
    table["rows"].append({"label": "discovery (tie-break)", "values": list(state.discovery), "total": False})
    return table


def _default_group(options: list[dict]) -> dict | None:
    """The group one click on a location sends: the fewest meeples, black or white before
    'either', the character last (so flexible meeples stay for later)."""
    if not options:
        return None
    return min(options, key=lambda o: (o["black"] + o["white"] + o["either"] + int(o["character"]),
                                       o["character"], o["either"], o["role"] != "adventurer"))


def _group_text(o: dict) -> str:
    """The meeples of a group, with the role only where a meeple could be either ("1 either as adventurer")."""
    n = o["black"] + o["white"] + o["either"] + int(o["character"])
    chosen = o["role"] != "any" and (o["either"] or o["character"])
    role = f" as {o['role']}{'s' if n > 1 else ''}" if chosen else ""
    return _meeples_text(o["black"], o["white"], o["either"], o["character"]) + role


def _attempt(state, seat, loc) -> dict | None:
    """A one-meeple group of the viewer's reserve for a location no group can take: the engine's
    refusal of it names the rule (cost, colour, the Stele's token holder, the holder to outbid)."""
    b, w, e, c = state.reserve[seat]
    role = loc.roles[0] if loc.kind != "free" else "any"
    if role == "archaeologist":
        group = (0, 1, 0, False) if w else (0, 0, 1, False) if e else (0, 0, 0, True) if c else (0, 1, 0, False)
    else:
        group = (1, 0, 0, False) if b else (0, 0, 1, False) if e else (0, 0, 0, True) if c else (1, 0, 0, False)
    if group == (0, 0, 0, True):
        role = "any" if loc.kind != "unique" else role
    return Place(loc.key, role, *group).to_json()


def _prompt(state, seat, names) -> str:
    if state.is_terminal:
        return f"Game over: {_verdict(state, names)}"
    p = state.current_player
    if p != seat:
        return f"Waiting for {_name(names, p)} ({_PHASE_TEXT[state.phase]})."
    phase = state.phase
    if phase == "place":
        return ("Your placement: click a green location to send the group it shows there, or first pick "
                "meeples of your reserve to send a group of your own. A bidding location needs more meeples "
                "of the holder's colour.")
    if phase == "reroll":
        task = state.pending[0]
        why = "the Camp lets you" if task[3] == "camp" else "your upgrade lets you"
        meeples = plural(task[2], "meeple")
        return f"{why[0].upper()}{why[1:]} reroll {meeples} of your reserve (or keep the toss)."
    if phase == "pick":
        task = state.pending[0]
        cards = plural(task[2], "more object card")
        return f"{LOCATIONS[LOC[task[4]]].name}: take {cards} from the Temple display."
    if phase == "sell":
        return (f"You won the Black market (Marché noir): sell one object for {BLACK_MARKET_GOLD} gold, "
                "or keep your objects.")
    if phase == "upgrade":
        return "Take an upgrade (tuile Amélioration) face up in the Village."
    task = state.pending[0]
    where = LOCATIONS[LOC[task[4]]].name
    left = f"{plural(task[2], 'delivery', many='deliveries')} left"
    return f"{where}: deliver up to {DELIVERY_MAX} objects of one type ({left}), or no delivery."


def board_view(state, seat: int | None, names: list[str] | None = None, log_lines: int = 60) -> dict:
    """The game part of the board's view model, as ``seat`` may see it (``None``: a spectator)."""
    mine = state.current_player is not None and state.current_player == seat
    legal = state.legal_actions() if mine else []
    by_kind: dict[str, list] = {}
    for action in legal:
        by_kind.setdefault(type(action).kind, []).append(action)

    places: dict[str, list] = {}
    for a in by_kind.get("place", []):
        places.setdefault(a.location, []).append({
            "action": a.to_json(), "role": a.role, "black": a.black, "white": a.white,
            "either": a.either, "character": a.character})
    tiles = state.upgrades[seat] if seat is not None else []
    locations = []
    for i, loc in enumerate(LOCATIONS):
        groups = [_group(g, names) for g in state.spots[i]]
        cost = placement_cost(i, 1, tiles) if loc.kind == "unique" else loc.cost
        item = {
            "key": loc.key, "area": _AREA_OF.get(loc.key, loc.area), "name": loc.name, "french": loc.french,
            "kind": loc.kind,
            "kind_text": _KIND_TEXT[loc.kind], "roles": list(loc.roles), "cost": cost, "printed_cost": loc.cost,
            "effect": loc.effect,
            "status": loc.status, "covered": i in state.covered, "groups": groups, "free": loc.kind == "free",
            "actions": places.get(loc.key, []), "holder": None, "need": "", "cards": [], "bonus": "",
            "default": None, "default_text": None, "try": None,
            "fits": "",
        }
        options: list[dict] = places.get(loc.key, [])
        best = _default_group(options)
        if best is not None:
            item["default"], item["default_text"] = best["action"], _group_text(best)
            least = min(o["black"] + o["white"] + o["either"] + int(o["character"]) for o in options)
            fitting = {_group_text(o) for o in options
                       if o["black"] + o["white"] + o["either"] + int(o["character"]) == least}
            item["fits"] = " or ".join(sorted(fitting))
        elif mine and state.phase == "place" and i not in state.covered:
            item["try"] = _attempt(state, seat, loc)
        if loc.kind == "bidding":
            if groups:
                g = groups[0]
                item["holder"] = g["seat"]
                colour = f"{g['role']}s" if g["role"] != "any" else "meeples of any colour"
                item["need"] = f"{g['count'] + 1}+ {colour} to outbid {g['name']}"
            else:
                item["need"] = "1+ " + (" or ".join(f"{r}s" for r in loc.roles))
        if loc.key in ANNEX_BONUS:
            item["cards"] = [card_view(c) for c in state.annexes[list(ANNEX_BONUS).index(loc.key)]]
            item["bonus"] = f"+1 {ANNEX_BONUS[loc.key]}"
        if loc.key in SHIP_VP:
            item["bonus"] = f"+{SHIP_VP[loc.key]} VP with a delivery"
        locations.append(item)

    takes = {a.card: a for a in by_kind.get("take", [])}
    temple = [card_view(c, takes.get(c)) for c in sorted(state.temple)]
    ups = {a.upgrade: a for a in by_kind.get("upgrade", [])}
    seen_kinds: set = set()
    village = []
    for tile in state.village:
        kind = TILE_KIND[tile]
        action = ups.get(kind) if kind not in seen_kinds else None
        seen_kinds.add(kind)
        village.append(upgrade_view(tile, action))

    decision = None
    if mine and state.phase != "place":
        decision = {"phase": state.phase, "title": _DECISION_TITLE[state.phase],
                    "options": [{"text": str(a), "action": a.to_json()} for a in legal]}

    scores = state.scores()
    seats = []
    for s in state.seats:
        res = state.reserve[s]
        seats.append({
            "seat": s, "name": _name(names, s), "colour": _colour(s), "you": s == seat,
            "current": s == state.current_player,
            "first": s == state.first, "gold": state.gold[s], "vp": state.vp[s], "discovery": state.discovery[s],
            "score": scores[s], "reserve": dict(zip(RESERVE_FACES, res)), "reserve_total": sum(res),
            "tossed": list(state.tossed[s]),
            "hand": [card_view(c) for c in sorted(state.hands[s])],
            "upgrades": [upgrade_view(t) for t in state.upgrades[s]],
        })

    final = _final(state, names) if state.is_terminal else None
    hint = None
    if mine:
        hint = ("Click a location with a green frame (it takes the group written on it), or pick meeples of "
                "your reserve first." if state.phase == "place" else "Click one of the buttons of the decision.")
    return {
        "round": state.round, "rounds": ROUNDS, "stage": state.stage, "phase": state.phase,
        "phase_text": _PHASE_TEXT[state.phase], "first": state.first, "players": state.players,
        "locations": locations, "temple": temple, "village": village, "seats": seats, "decision": decision,
        "pile": len(state.deck), "discard": len(state.discard), "upgrade_stack": len(state.stack),
        "dummy": state.dummy if state.players == 2 else None,
        "discovery_max": DISCOVERY_MAX,
        "discovery_bonuses": {str(k): f"{v[0]} {v[1]}" for k, v in DISCOVERY_BONUSES.items()},
        "toss_odds": {f: str(p) for f, p in TOSS_ODDS.items()},
        "face_names": {f: FACE_NAMES[f][0] for f in FACE_NAMES},
        "areas": [{"key": k, "order": n, "title": t} for k, n, t in AREAS],
        "prompt": _prompt(state, seat, names), "hint": hint,
        "log": [format_event(e, names) for e in state.events[-log_lines:]],
        "log_marks": [event_marks(e) for e in state.events[-log_lines:]],
        "events": len(state.events),
        "final": final,
    }


def _cards(card_ids) -> str:
    """Object cards by id and in words, as the actions and the log name them:
    ``"VA-01 (vase, +1 gold), MU-10 (mummy)"`` (empty for none)."""
    return ", ".join(f"{c} ({CARD_BY_ID[c].describe()})" for c in card_ids)


def text_board(state, names: list[str] | None = None, *, seat: int | None = None,
               everything: bool = False) -> str:
    """The whole position as plain text (``print(state)``).

    Everything printed is on the table (the object pile and upgrade stack only as sizes), so
    ``seat`` and ``everything`` change nothing here.
    """
    lines = []
    turn = ("game over" if state.is_terminal
            else f"{_name(names, state.current_player)} to decide ({_PHASE_TEXT[state.phase]})")
    lines.append(f"Quetzal: round {state.round}/{ROUNDS}, {turn}; first player: {_name(names, state.first)}")
    for i, loc in enumerate(LOCATIONS):
        if i in state.covered:
            continue
        groups = "; ".join(f"{_name(names, g[0])} {g[2] + g[3] + g[4] + int(g[5])} {g[1]}"
                           for g in state.spots[i]) or "-"
        extra = ""
        if loc.key in ANNEX_BONUS:
            extra = " [" + _cards(state.annexes[list(ANNEX_BONUS).index(loc.key)]) + "]"
        lines.append(f"  {loc.name:<19}{loc.kind:<8} cost {loc.cost}: {groups}{extra}")
    temple = _cards(sorted(state.temple))
    lines.append("Temple display: " + (temple or "-"))
    lines.append("Village: " + (", ".join(TILE_KIND[t] for t in state.village) or "-"))
    scores = state.scores()
    for s in state.seats:
        res = ", ".join(f"{n} {f}" for n, f in zip(state.reserve[s], RESERVE_FACES) if n) or "no meeple"
        hand = _cards(sorted(state.hands[s])) or "no object"
        ups = ", ".join(TILE_KIND[t] for t in state.upgrades[s]) or "no upgrade"
        token = ", first-player token" if s == state.first else ""
        lines.append(f"  {_name(names, s)}: reserve {res}; {state.gold[s]} gold, {state.vp[s]} VP, "
                     f"discovery {state.discovery[s]}{token}; {hand}; {ups}; score {scores[s]}")
    return "\n".join(lines)
