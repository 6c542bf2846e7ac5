"""Les Trésors de Cibola: a position as saved data, read back strictly, and its conservation laws.

``to_dict(state)`` writes every field of a position; ``read_into(state, f)``
reads them back through ``engine.Fields`` (a bad field raises ``CorruptSave``
naming it, with its range); the treasure counts are recomputed from the cards
taken, never trusted from the file.  ``event_specs(players)`` says what each
kind of line of the public log holds.  ``check(state)`` lists what breaks the
rules' arithmetic: every card, explorer, rock and totem in exactly one place,
and a consistent turn.  The limits are read from ``components.py`` when a save
is read, so a component changed there changes what a save may hold.
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine import Fields
from archeo_lab.engine.errors import CorruptSave, quote
from archeo_lab.engine.saves import SEAT, Spec, ints, items, one_of, per_seat

from . import scoring
from .components import (
    CARD_BY_ID, CARDS_PER_ROUND, COLUMNS, EXPLORERS_PER_PLAYER, KINDS, PICKS_PER_PLAYER, ROCK_TILES, ROUNDS, STEPS,
    TOTEM_AMOUNTS, TOTEM_BY_NAME, TOTEMS_IN_PLAY,
)

__all__ = ["to_dict", "read_into", "check", "event_specs", "all_explorers"]

BID, PICK, ROCK, TOTEM, LANDSLIDE, OVER = STEPS
_CARD, _TOTEM = one_of(CARD_BY_ID, "a treasure card"), one_of(TOTEM_BY_NAME, "a totem")
_KIND = one_of(KINDS, "a column")
_CELL = ints(1, max(len(c.cells) for c in COLUMNS))


def all_explorers(players: int) -> int:
    """The explorers of a game of ``players`` (24 at every count: 2 x 12, 3 x 8, 4 x 6)."""
    return players * EXPLORERS_PER_PLAYER[players]


def event_specs(players: int) -> dict[str, tuple[Spec, ...]]:
    """The public log of a game of ``players``, entry by entry (``Fields.events``): what each kind of line holds."""
    explorers = ints(0, all_explorers(players))
    return {
        "start": (SEAT, items(_TOTEM, TOTEMS_IN_PLAY, TOTEMS_IN_PLAY)),
        "round": (ints(1, ROUNDS), items(_CARD, 0, CARDS_PER_ROUND)),
        "bid": (SEAT,), "reveal": (per_seat(explorers),),
        "share": (items(SEAT, 1, players), explorers),
        "take": (SEAT, _CARD), "rock": (SEAT, _KIND, _CELL), "totem": (SEAT, _TOTEM),
        "pillage": (SEAT, ints(0, TOTEM_AMOUNTS["pillage"])), "refuge": (SEAT, explorers),
        "tribute": (SEAT, ints(0, (players - 1) * TOTEM_AMOUNTS["tribute"])),
        "move": (SEAT, _KIND, _CELL, _KIND, _CELL), "leave": (SEAT,), "leftover": (_CARD,), "torch": (SEAT,),
        "end": (per_seat(ints(-10_000, 10_000)),),
    }


def to_dict(s: Any) -> dict[str, Any]:
    """Every field of the position ``s``, as plain JSON-able data (``State._to_dict``)."""
    return {
        "round": s.round, "phase": s.phase, "current_player": s.current_player,
        "decks": [list(d) for d in s.decks], "table": list(s.table),
        "leftovers": list(s.leftovers), "collections": [list(c) for c in s.collections],
        "explorers": list(s.explorers), "fist": list(s.fist), "discard": s.discard,
        "torch": s.torch, "bid_order": list(s.bid_order),
        "pick_order": list(s.pick_order), "pick_index": s.pick_index,
        "last_picker": s.last_picker, "covered": [list(c) for c in s.covered],
        "totems_in_play": list(s.totems_in_play), "totems_available": list(s.totems_available),
        "totems": [list(t) for t in s.totems], "pending": [list(p) for p in s.pending],
        "peek": [list(k) for k in s.peek], "events": [list(e) for e in s.events],
    }


def read_into(s: Any, f: Fields) -> None:
    """Fill the blank state ``s`` (its ``players`` set) from the saved fields ``f``, each checked."""
    players = s.players
    seat = dict(lo=0, hi=players - 1)
    cards, totems, most = list(CARD_BY_ID), list(TOTEM_BY_NAME), all_explorers(players)
    s.round = f.int("round", lo=1, hi=ROUNDS)
    s.phase = f.str("phase", choices=STEPS)
    s.is_terminal = s.phase == OVER
    s.current_player = f.opt_int("current_player", **seat)
    s.decks = f.str_lists("decks", length=2, choices=cards)
    s.table = f.str_list("table", choices=cards)
    s.leftovers = f.str_list("leftovers", choices=cards)
    s.collections = f.str_lists("collections", length=players, choices=cards)
    s.counts = [scoring.treasure_counts(c) for c in s.collections]
    s.explorers = f.int_list("explorers", length=players, lo=0, hi=most)
    s.fist = f.opt_int_list("fist", length=players, lo=0, hi=most)
    s.discard = f.int("discard", lo=0, hi=most)
    s.torch = f.int("torch", **seat)
    s.bid_order = f.int_list("bid_order", length=players, **seat)
    s.pick_order = _read_pick_order(f, players)
    s.pick_index = f.int("pick_index", lo=0, hi=len(s.pick_order))
    s.last_picker = f.opt_int("last_picker", **seat)
    s.covered = _read_covered(f)
    s.totems_in_play = f.str_list("totems_in_play", choices=totems)
    s.totems_available = f.str_list("totems_available", choices=totems)
    s.totems = f.str_lists("totems", length=players, choices=totems)
    s.pending = _read_pending(f, players)
    s.peek = f.str_lists("peek", length=players, choices=cards)
    s.events = f.events(kinds=event_specs(players), players=players)


def _read_pick_order(f: Fields, players: int) -> list[int]:
    order = f.int_list("pick_order", lo=0, hi=players - 1)
    if len(order) not in (0, players * PICKS_PER_PLAYER[players]):
        raise CorruptSave(f"{f.path}.pick_order must be empty or list the picks of a round, got {order}")
    return order


def _read_covered(f: Fields) -> list[list[bool]]:
    covered = []
    for i, (col, cells) in enumerate(zip(COLUMNS, f.list("covered", length=len(COLUMNS)))):
        if not isinstance(cells, list) or len(cells) != len(col.cells) or not all(isinstance(x, bool) for x in cells):
            raise CorruptSave(f"{f.path}.covered[{i}] must be {len(col.cells)} true/false values")
        covered.append(list(cells))
    return covered


def _read_pending(f: Fields, players: int) -> list[tuple[str, int]]:
    pending = []
    for i, item in enumerate(f.list("pending")):
        if not (isinstance(item, list) and len(item) == 2 and item[0] in (ROCK, TOTEM, LANDSLIDE)
                and SEAT.test(item[1], players)):
            raise CorruptSave(f"{f.path}.pending[{i}] must be [step, seat], got {quote(item)}")
        pending.append((item[0], item[1]))
    return pending


def check(s: Any) -> list[str]:
    """Conservation of cards, explorers, rocks and totems, and a consistent turn (empty if fine)."""
    problems = _check_things(s) + _check_turn(s) + _check_fists(s)
    cells = {c.kind: len(c.cells) for c in COLUMNS}
    for e in s.events:       # a rock is put on (or moved between) cells its column has
        if (e[0] == "rock" and e[3] > cells[e[2]]) or (
                e[0] == "move" and (e[3] > cells[e[2]] or e[5] > cells[e[4]])):
            problems.append(f"the log names a cell the temple board does not have: {e}")
            break
    return problems


def _check_things(s: Any) -> list[str]:
    """Every card, explorer, rock and totem in exactly one place."""
    problems = []
    places = s.decks[0] + s.decks[1] + s.table + s.leftovers + sum(s.collections, [])
    if sorted(places) != sorted(CARD_BY_ID):
        problems.append(f"the {len(CARD_BY_ID)} treasure cards must each be in exactly one place")
    if any(CARD_BY_ID[c].phase != 1 for c in s.decks[0]) or any(CARD_BY_ID[c].phase != 2 for c in s.decks[1]):
        problems.append("a card is in the other phase's pile")
    total = sum(s.explorers) + sum(f or 0 for f in s.fist) + s.discard
    if total != all_explorers(s.players):
        problems.append(f"{total} explorers in play, the game has {all_explorers(s.players)}")
    placed = sum(map(sum, s.covered))
    owed = sum(step == ROCK for step, _ in s.pending)
    rocks_out = sum(CARD_BY_ID[c].rock for c in s.leftovers + sum(s.collections, []))
    if placed != rocks_out - owed or placed > ROCK_TILES:
        problems.append(f"{placed} rocks on the board, but {rocks_out} rock cards taken and {owed} owed")
    if any(cells.count(False) < 1 for cells in s.covered):
        problems.append("a column has no visible cell left")
    taken = sorted(s.totems_available + sum(s.totems, []))
    if taken != sorted(s.totems_in_play) or len(set(s.totems_in_play)) != TOTEMS_IN_PLAY:
        problems.append("the totems in play must be either available or held by one player")
    return problems


def _check_turn(s: Any) -> list[str]:
    """The orders of the round and the seat to move agree with the step at hand."""
    problems = []
    n, order = s.players, s.pick_order
    if sorted(s.bid_order) != list(s.seats):
        problems.append("bid_order must list every seat once")
    if order and (sorted(order[:n]) != list(s.seats) or order != order[:n] * PICKS_PER_PLAYER[n]):
        problems.append("pick_order must list every seat once (two players: winner, other, winner, other)")
    if s.is_terminal != (s.current_player is None):
        problems.append("current_player must be empty exactly when the game is over")
    waiting = s.fist.count(None)
    if s.phase == BID and (not waiting or s.current_player != s.bid_order[n - waiting]):
        problems.append("current_player is not the next seat to bid")
    if s.phase == PICK and (s.pick_index >= len(order) or s.current_player != order[s.pick_index]):
        problems.append("current_player is not the next seat to pick")
    if 0 < s.pick_index <= len(order) and s.last_picker != order[s.pick_index - 1]:
        problems.append("last_picker must be the seat of the latest pick (it takes the torch)")
    if s.phase in (ROCK, TOTEM, LANDSLIDE) and (not s.pending or s.pending[0] != (s.phase, s.current_player)):
        problems.append("the current step is not the first pending rock/totem step")
    return problems


def _check_fists(s: Any) -> list[str]:
    """The fists agree with the round: before the reveal, exactly the seats that bid hold a bid;
    after it, a seat that has not picked yet holds its revealed bid, one that picked holds 0."""
    n, fist = s.players, s.fist
    if s.phase == BID:
        done = n - fist.count(None)
        if any((fist[seat] is not None) != (k < done) for k, seat in enumerate(s.bid_order)):
            return ["the seats that have bid must be the first ones of bid_order"]
        return []
    since = next((len(s.events) - k for k, e in enumerate(reversed(s.events)) if e[0] == "round"), None)
    reveal = next((e[1] for e in s.events[since or 0:] if e[0] == "reveal"), None)
    if since is None or reveal is None:
        return ["the log must show this round's cards and the bids revealed"]
    picked = set(s.pick_order[: s.pick_index])
    if any(fist[seat] != (0 if seat in picked else reveal[seat]) for seat in s.seats):
        return ["each fist must hold the revealed bid until its seat picks, then nothing"]
    return []
