"""Quetzal (Alexandre Garcia, Gigamic 2020; "Quetzal, la cité des oiseaux sacrés"): the rules.

Five rounds (tours), each in four steps:

1. **Toss** (lancer): every meeple is tossed.  Black face = adventurer (Aventurier), white face =
   archaeologist (Archéologue), on its side or standing = either, chosen at placement; the
   character meeple (meeple Personnage) always counts as either.  Each meeple landing standing
   pays 1 gold at once.  The odds are data (``components.TOSS_ODDS``, ``toss.py``).  Players
   with a reroll upgrade may then reroll some meeples (a standing one still pays).
2. **Placement**: from the first player clockwise, each turn one group of meeples goes to one
   location, until every meeple is placed.

   * *unique* locations (emplacements uniques: Stèle du savoir, Temple, Village): one meeple of
     the required colour, its cost paid at once, then nobody else may go there;
   * *bidding* locations (emplacements à enchère: the Quarry, the Small temple and the Ruins,
     annexes of the Temple; the Black market; the Ships): no cost; a group of one colour (no
     mixing), more meeples than the holder's and of the holder's colour.  The outbid player takes
     the meeples back unflipped and places them later in the round.  A character placed alone
     lets the next bidder choose the colour;
   * *free* locations (emplacements libres: the Camp, the Harbour office): any group, many
     visits.  The Camp acts at once: per meeple, +1 gold and a reroll of a reserve meeple.
     The Harbour office costs 2 gold per meeple.
3. **Activation**, in the printed order: Stèle (first-player token, +1 discovery), Temple slots
   top to bottom (choose cards in the Temple display, maybe draw from the pile), the annexes (their
   2 cards + 1 VP / 1 discovery / 1 gold), the Black market (discard an object for 7 gold),
   the Village top to bottom (an upgrade each), the Harbour office (a delivery per meeple),
   the Ships (a delivery, +2 / +1 VP).
4. **Next round**: meeples go home; the Temple display, the annexes and the Village are refilled.

Deliveries: 1 to 3 objects of one type score the VP for that set size, then each delivered card's
bonus icon pays (+1 gold, +1 VP or +1 discovery).  The discovery track pays once at 3 (+2 gold),
6 (an upgrade from the Village display) and 10 (+6 VP).  At the end (``scoring.py``): +2 VP for
the first-player token, 1 VP per 3 gold, the upgrades' VP; ties go to the most discovery, then
are shared.

Reconstructions (no public source; ``components.STATUS``, GAPS.md section 3): the toss odds, the
team meeples per player count, Temple slot 1 (slot 3 is read from the four printed rewards), the
Village's costs and colour, the annexes' bonuses, the ships, the object deck and delivery values,
the upgrades, the discovery track, the two-player neutral expedition.

Decisions where the rules are silent (kept here, shown in the tutorial, tested):

* Seat 0 is the first player of round 1 (the seat order gives the starting gold 4, 5, 5, 6, 6).
* Collected object cards are kept face up: everybody sees them; only the pile's order is hidden.
* After a toss, meeples on their side and standing are the same kind of meeple ("either").
* A group never mixes colours on a bidding location; on the Camp and the Harbour office colours
  do not matter (``place 2 meeples on camp (1 black, 1 white)``).  On a unique location the
  character counts as the required colour.
* You cannot outbid yourself (you already hold the location).
* A character alone can only take an empty bidding location (outbidding needs 2 or more).
* A player with meeples must place a group; the Camp always accepts one, so nobody is stuck.
* Rerolls (upgrades and Camp) are taken one meeple at a time, and ``keep the toss`` ends them.
* Harbour office deliveries are made seat by seat from the first player; ``no delivery`` ends
  that seat's deliveries there.  A ship's VP comes with a delivery made there.
* Upgrade rerolls happen after the toss, seat by seat from the first player.
* Temple cards are not refilled between two slots' choices (rule book example); a slot's draws
  come after its choices.  An empty pile is refilled by shuffling the objects' discard.
* Two players (neutral expedition, GAPS 3.6): 4 neutral meeples; from the first player's first
  placement, after each player turn, if it has 2 meeples it puts them (one random colour) on a
  random bidding location it can take (empty, or held by 1 meeple).  Outbid, it takes them
  back and goes again later.  It never pays or scores; annex cards it wins are discarded.
  Village 3 and Ship B are covered.
* Live scores count the score track, the token, the gold and the upgrades as if the game ended now.

Layout: this module runs the round (set-up, toss, placement, the order of the steps); the
activation steps and the rerolls are carried out in ``activation.py``; the actions are in
``actions.py``; the two-player neutral expedition's placement in ``neutral.py``; whether one
action is legal now, and why not, in ``refusals.py`` (one check per kind, the same for ``apply``
and for the refusal's message); the board's indices, phases, costs and the placement tables in
``tables.py``; saves and ``check()`` in ``saves.py``; every number in ``components.py``.
"""

from __future__ import annotations

from typing import Any

from archeo_lab.engine import Action, Fields, Game, Rng, State

from . import components, neutral, refusals, saves, scoring
from .activation import Activation
from .actions import (
    ACTION_TYPES, RESERVE_FACES, KeepObjects, KeepToss, NoDelivery, Place, Reroll, SellObject,
    TakeObject, TakeUpgrade,
)
from .components import (
    ANNEX_CARDS, DUMMY_GROUP, DUMMY_MEEPLES, LOCATIONS, OBJECT_CARDS, REROLLS, ROUNDS, TEAM_MEEPLES, TEMPLE_DISPLAY,
    TILE_KIND, UPGRADE_KINDS, UPGRADE_TILES, VILLAGE_DISPLAY,
)
from .tables import (
    AFFORD_TEMPLE, AFFORD_VILLAGE, ANNEXES, BID_A_BITS, BIDS_BEFORE_VILLAGE, CAMP, DUMMY, B, C, E, W,
    HARBOUR, HARBOUR_MOST, KINDS, LOC, N_LOCATIONS, OVER, PICK, PLACE, REROLL, SELL,
    STELE_BIT, TABLES, TASK_PHASE, UPGRADE, Table, derive_board, group_size, hold_key, placement_cost, set_covered,
    temple_discount,
)
from .toss import SAMPLER

__all__ = ["QuetzalState", "QuetzalGame", "GAME", "team_meeples", "DUMMY", "LOC"]

_REROLLS = [Reroll(f) for f in RESERVE_FACES]
#: _REROLL_LISTS[bit mask of the reserve's non-empty kinds]: the legal rerolls, then "keep the toss".
_REROLL_LISTS: list[list[Action]] = [[*(_REROLLS[i] for i in range(4) if mask >> i & 1), KeepToss()]
                                     for mask in range(16)]
_TAKES = {c.id: TakeObject(c.id) for c in OBJECT_CARDS}
_SELLS = {c.id: SellObject(c.id) for c in OBJECT_CARDS}
_UPGRADES = {k.key: TakeUpgrade(k.key) for k in UPGRADE_KINDS}
_KEEP_OBJECTS, _NO_DELIVERY = KeepObjects(), NoDelivery()
#: The richest seat is capped at the dearest slot of the Temple (Stele included) and of the Village.
_TEMPLE_CAP, _VILLAGE_CAP = len(AFFORD_TEMPLE) - 1, len(AFFORD_VILLAGE) - 1


def team_meeples(players: int) -> int:
    """Team meeples per player (reconstruction of the mapping, GAPS 3.2); each also has a character.

    >>> [team_meeples(n) for n in (2, 3, 4, 5)]
    [6, 6, 5, 4]
    """
    if players not in TEAM_MEEPLES:
        raise ValueError(f"Quetzal is played by 2 to 5 players, not {players!r}")
    return TEAM_MEEPLES[players]


class QuetzalState(Activation, State):
    """A position of Quetzal.  Public fields are read-only for learners.

    ``reserve[p]``: meeples not yet placed, as counts ``[black, white, either, character]``;
    ``spots[i]``: the groups on location ``i`` (``LOCATIONS`` order), each
    ``(seat, role, black, white, either, character)`` (seat ``DUMMY`` = the neutral expedition);
    ``hands[p]``: object cards held (face up); ``upgrades[p]``: upgrade tiles won (used one-shot
    tiles included); ``deck``/``discard``: object cards (the pile's order is hidden);
    ``temple``/``annexes``/``village``: the displays; ``pending``: steps still owed this round
    (rerolls, activations), each a list starting with its kind; ``events``: the public log.
    """

    __slots__ = (
        "players", "variant", "seed", "rng", "chance_count", "_legal_cache", "current_player", "is_terminal",
        "round", "stage", "phase", "first", "turn", "turns", "dummy_due", "dummy", "reserve", "gold", "vp",
        "discovery", "hands", "upgrades", "spots", "deck", "discard", "temple", "annexes", "village",
        "stack", "pending", "tossed", "events", "covered", "open_villages", "open_ships",
        "open_village_mask", "open_bidding", "taken", "holds",
    )
    current_player: int | None       # type: ignore[assignment]  # None once the game is over
    round: int
    stage: str                       # tables.STAGES
    phase: str                       # tables.PHASES: what the current player decides
    first: int                       # the first-player token's holder
    turn: int                        # the seat whose placement turn comes next
    turns: int
    dummy_due: bool
    dummy: int                       # the neutral expedition's meeples not on the board (two players)
    reserve: list[list[int]]
    gold: list[int]
    vp: list[int]
    discovery: list[int]
    hands: list[list[str]]
    upgrades: list[list[str]]
    spots: list[list[tuple[Any, ...]]]
    deck: list[str]
    discard: list[str]
    temple: list[str]
    annexes: list[list[str]]
    village: list[str]
    stack: list[str]
    pending: list[list[Any]]
    tossed: list[list[str]]
    events: list[tuple[Any, ...]]
    covered: frozenset[int]
    open_villages: tuple[int, ...]
    open_ships: tuple[int, ...]
    open_village_mask: int
    open_bidding: tuple[int, ...]
    taken: int                       # bits of the unique and bidding locations occupied
    holds: list[tuple[int, int] | None]   # per bidding location: (holder, tables.hold_key) or None

    # -- set-up ("Mise en place") -------------------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> QuetzalState:
        s = object.__new__(cls)
        s.players, s.variant, s.seed = players, variant, seed
        rng = s.rng = Rng(seed)
        s.chance_count = 1
        s.is_terminal, s.current_player = False, None
        set_covered(s)
        s.deck = [c.id for c in OBJECT_CARDS]
        rng.permute(s.deck)
        s.discard = []
        s.stack = list(UPGRADE_TILES)
        rng.permute(s.stack)
        s.temple = [s.deck.pop() for _ in range(TEMPLE_DISPLAY)]
        s.annexes = [[s.deck.pop() for _ in range(ANNEX_CARDS)] for _ in ANNEXES]
        s.village = [s.stack.pop() for _ in range(VILLAGE_DISPLAY)]
        s.gold = [scoring.starting_gold(p) for p in range(players)]
        s.vp, s.discovery = [0] * players, [0] * players
        s.hands, s.upgrades = [[] for _ in range(players)], [[] for _ in range(players)]
        s.reserve = [[0, 0, 0, 0] for _ in range(players)]
        s.spots = [[] for _ in LOCATIONS]
        s.taken, s.holds = 0, [None] * N_LOCATIONS        # the board is empty
        s.first, s.round, s.turn, s.turns, s.dummy_due, s.dummy = 0, 0, 0, 0, False, 0
        s.stage, s.phase, s.pending, s.tossed = "place", PLACE, [], [[] for _ in range(players)]
        s.events = [("start", players)]
        State.changed(s)                                  # no legal actions worked out yet
        s._start_round()
        s._advance()
        return s

    def changed(self) -> None:
        """After a hand edit (``positions.py``, a lesson): forget the legal actions and derive
        ``taken`` and ``holds`` again from ``spots``."""
        super().changed()
        derive_board(self)

    # -- the contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase, p = self.phase, self.current_player
        if p is None:
            return []
        if phase == PLACE:
            return self._placements(p)
        if phase == REROLL:
            res = self.reserve[p]
            return _REROLL_LISTS[(res[0] > 0) + 2 * (res[1] > 0) + 4 * (res[2] > 0) + 8 * (res[3] > 0)]
        if phase == PICK:
            return [_TAKES[c] for c in sorted(self.temple)]
        if phase == SELL:
            return [*(_SELLS[c] for c in sorted(set(self.hands[p]))), _KEEP_OBJECTS]
        if phase == UPGRADE:
            kinds = {TILE_KIND[t] for t in self.village}
            return [_UPGRADES[k.key] for k in UPGRADE_KINDS if k.key in kinds]
        return [*self._deliveries(p), _NO_DELIVERY]

    def _is_legal(self, action: Action) -> bool:
        """The check of ``refusals.py`` for this kind of action (the one that words the refusal)."""
        return refusals.problem(self, action) is None     # type: ignore[arg-type]  # the codec's kinds

    def _illegal_reason(self, action: Action) -> str:
        return refusals.problem(self, action) or f"'{action}' cannot be played now"  # type: ignore[arg-type]

    def _place_problem(self, p: int, a: Place) -> str | None:
        """Why the current seat ``p`` may not place ``a`` now, or None (``refusals.place_problem``)."""
        assert p == self.current_player
        return refusals.place_problem(self, a)

    def _apply(self, action: Action) -> None:
        kind = type(action)
        p = self.current_player
        assert p is not None
        if kind is Place:
            if self._place(p, action):  # type: ignore[arg-type]
                return
        elif kind is Reroll:
            if self._reroll_task(p, action):  # type: ignore[arg-type]
                return
        elif kind is KeepToss or kind is KeepObjects or kind is NoDelivery:
            self.pending.pop(0)
            self.events.append(("pass", p, str(action)))
        elif kind is TakeObject:
            if self._take(p, action.card):  # type: ignore[attr-defined]
                return
        elif kind is SellObject:
            self._sell(p, action.card)  # type: ignore[attr-defined]
        elif kind is TakeUpgrade:
            self.pending.pop(0)
            self._take_upgrade(p, action.upgrade)  # type: ignore[attr-defined]
        else:
            self._deliver(p, action)  # type: ignore[arg-type]
        self._advance()

    def scores(self) -> list[int]:
        """Points if the game ended now: score track, first-player token, 1 per 3 gold, upgrades."""
        return [r["total"] for r in self.score_breakdown()]

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's points line by line (track, token, gold, upgrades, total): ``scoring.final_breakdown``."""
        return scoring.final_breakdown(self.vp, self.gold, self.upgrades, self.first)

    def _tiebreak(self, seat: int) -> tuple[int]:
        # "En cas d'égalité, c'est le joueur le plus avancé sur la piste de Découverte qui gagne."
        return (self.discovery[seat],)

    def clone(self) -> QuetzalState:
        c = object.__new__(QuetzalState)
        c.players, c.variant, c.seed = self.players, self.variant, self.seed
        c.rng = Rng(state=self.rng.state)
        c.chance_count, c._legal_cache = self.chance_count, self._legal_cache
        c.current_player, c.is_terminal = self.current_player, self.is_terminal
        c.round, c.stage, c.phase, c.first = self.round, self.stage, self.phase, self.first
        c.turn, c.turns, c.dummy_due, c.dummy = self.turn, self.turns, self.dummy_due, self.dummy
        c.reserve = [r[:] for r in self.reserve]
        c.gold, c.vp, c.discovery = self.gold[:], self.vp[:], self.discovery[:]
        c.hands = [h[:] for h in self.hands]
        c.upgrades = [u[:] for u in self.upgrades]
        c.spots = list(map(list.copy, self.spots))      # 20 locations: copied in C
        c.deck, c.discard, c.temple = self.deck[:], self.discard[:], self.temple[:]
        c.annexes = [a[:] for a in self.annexes]
        c.village, c.stack = self.village[:], self.stack[:]
        c.pending = [t[:] for t in self.pending]
        c.tossed = self.tossed   # replaced, never mutated
        c.events = self.events[:]
        c.covered, c.open_villages, c.open_ships = self.covered, self.open_villages, self.open_ships
        c.open_village_mask, c.taken, c.holds = self.open_village_mask, self.taken, self.holds[:]
        c.open_bidding = self.open_bidding
        return c

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything but the order of the object pile and of the upgrade stack."""
        self.check_seat(player)
        return {
            "seat": player, "players": self.players, "round": self.round, "stage": self.stage,
            "phase": self.phase, "current_player": self.current_player, "first": self.first,
            "turn": self.turn, "reserve": [list(r) for r in self.reserve], "gold": list(self.gold),
            "vp": list(self.vp), "discovery": list(self.discovery), "hands": [sorted(h) for h in self.hands],
            "upgrades": [list(u) for u in self.upgrades], "spots": [[list(g) for g in s] for s in self.spots],
            "pile": len(self.deck), "discard": sorted(self.discard), "temple": list(self.temple),
            "annexes": [list(a) for a in self.annexes], "village": list(self.village),
            "upgrade_stack": len(self.stack), "dummy": self.dummy, "pending": [list(t) for t in self.pending],
            "tossed": [list(t) for t in self.tossed],
        }

    def determinize(self, player: int, rng: Rng | int) -> QuetzalState:
        """A clone with the object pile and the upgrade stack reshuffled (the only hidden information).

        The result depends only on ``observation(player)`` and ``rng``: the hidden items are
        sorted before the shuffle, and the copy gets a generator (and a seed) drawn from ``rng``.
        """
        self.check_seat(player)
        rng = self._as_rng(rng)
        world = self.clone()
        world.deck = sorted(world.deck)
        world.stack = sorted(world.stack)
        rng.permute(world.deck)
        rng.permute(world.stack)
        world._fresh_chance(rng)        # the true seed would give the pile and the stack away
        world.changed()
        return world

    # -- set-up and rounds ----------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Step 1 ("Lancer les meeples"): toss every meeple (standing: +1 gold), then the reroll upgrades,
        seat by seat from the first player."""
        self.round += 1
        n = self.players
        self.stage, self.turn, self.turns, self.dummy_due = "place", self.first, 0, False
        self.dummy = DUMMY_MEEPLES if n == components.TWO_PLAYERS else 0
        self.events.append(("round", self.round, self.first))
        team = TEAM_MEEPLES[n]
        tossed = []
        every = SAMPLER.toss_many(self.rng, n * (team + 1))   # seat by seat; each seat's last is its character
        size = team + 1
        standing_gold = components.STANDING_GOLD
        for p in range(n):
            faces = every[p * size:(p + 1) * size]
            black, white, standing = faces.count("black"), faces.count("white"), faces.count("standing")
            char_black = faces[-1] == "black"
            char_white = faces[-1] == "white"
            either = team - black - white + char_black + char_white
            self.reserve[p] = [black - char_black, white - char_white, either, 1]
            self.gold[p] += standing * standing_gold
            tossed.append(faces)
            self.events.append(("toss", p, tuple(faces), standing * standing_gold))
        self.tossed = tossed
        self.chance_count += 1
        self.pending = []
        for i in range(n):
            p = (self.first + i) % n
            if self.upgrades[p]:
                capacity = sum(REROLLS.get(TILE_KIND[t], 0) for t in self.upgrades[p])
                if capacity:
                    self.pending.append(["reroll", p, capacity, "upgrade"])

    def _advance(self) -> None:
        """Run every automatic step until a player must decide (or the game ends)."""
        while True:
            if self._run_pending():
                return
            if self.stage == "place":
                if self._next_turn():
                    return
                self.stage = "activate"
                self.pending = self._activation_tasks()
                self.events.append(("activate", self.round))
                continue
            # activation done: prepare the next round, or end the game
            self._end_round()
            if self.is_terminal:
                return

    def _next_turn(self) -> bool:
        """Placement: (the neutral expedition, then) the next seat with meeples; False when all are placed."""
        if self.dummy_due:
            self.dummy_due = False
            self._dummy_turn()
        n, turn, reserve = self.players, self.turn, self.reserve
        for k in range(n):
            seat = (turn + k) % n
            r = reserve[seat]
            if r[0] or r[1] or r[2] or r[3]:
                self.phase, self.current_player = PLACE, seat
                return True
        return False

    def _run_pending(self) -> bool:
        """Do the automatic steps at the head of ``pending``; True when a player must decide one."""
        pending = self.pending
        while pending:
            task = pending[0]
            kind, p = task[0], task[1]
            if kind == "reroll":
                r = self.reserve[p]
                if r[0] or r[1] or r[2] or r[3]:
                    self.phase, self.current_player = REROLL, p
                    return True
            elif kind == "pick":
                if task[2] > 0 and self.temple:
                    self.phase, self.current_player = PICK, p
                    return True
                pending.pop(0)
                self._draw_after_picks(p, task[3])
                continue
            elif kind == "deliver" or kind == "sell":
                if self.hands[p]:
                    self.phase, self.current_player = TASK_PHASE[kind], p
                    return True
            elif kind == "upgrade":
                if self.village:
                    self.phase, self.current_player = UPGRADE, p
                    return True
            elif kind == "annex":
                pending.pop(0)
                self._annex(task[2], p)
                continue
            else:                                   # the Stèle
                pending.pop(0)
                self._stele(p)
                continue
            pending.pop(0)
        return False

    def _stele(self, p: int) -> None:
        """La stèle du savoir: the first-player token and +1 discovery."""
        self.first = p
        self.events.append(("stele", p))
        self._gain_discovery(p, 1)

    def _end_round(self) -> None:
        """Step 4 ("Fin du tour"): meeples go home; refill the displays; or, after round 5, the game ends."""
        self.spots = [[] for _ in LOCATIONS]
        self.taken, self.holds = 0, [None] * N_LOCATIONS
        self.dummy = 0
        if self.round >= ROUNDS:
            self.reserve = [[0, 0, 0, 0] for _ in range(self.players)]
            self.stage, self.phase, self.current_player, self.is_terminal = "over", OVER, None, True
            self.events.append(("end", tuple(self.scores())))
            return
        self._refill(self.temple, TEMPLE_DISPLAY)
        for cards in self.annexes:
            self._refill(cards, ANNEX_CARDS)
        while len(self.village) < VILLAGE_DISPLAY and self.stack:
            self.village.append(self.stack.pop())
        self.chance_count += 1
        self._start_round()

    # -- placement ("Placer ses meeples") ------------------------------------------------------------------
    def _placements(self, p: int) -> list[Action]:
        """Every legal group of seat ``p`` on every location, in board order.

        A hot path for random play and search: the options come from a table built once per
        reserve composition (``Table``), so the whole board costs a few lookups.  The same rules,
        one action at a time, are ``refusals.place_problem``.
        """
        key = tuple(self.reserve[p])
        tab = TABLES.get(key)
        if tab is None:
            tab = Table(key)
        gold, taken, holds = self.gold[p], self.taken, self.holds
        # The Camp, then the Stele and Temple slots you can pay for (never the Stele for the token's holder).
        money = gold + temple_discount(self.upgrades[p]) if self.upgrades[p] else gold
        opening = AFFORD_TEMPLE[money if money < _TEMPLE_CAP else _TEMPLE_CAP] & ~taken
        if self.first == p:
            opening &= ~STELE_BIT
        # The Village slots and the Harbour office's groups you can pay for.
        village = AFFORD_VILLAGE[gold if gold < _VILLAGE_CAP else _VILLAGE_CAP] & ~taken & self.open_village_mask
        most = gold // components.HARBOUR_COST
        closing = tab.closings[village, most if most < HARBOUR_MOST else HARBOUR_MOST]
        # In board order: the opening, the bidding locations (any group while empty, an outbid while
        # another seat holds one), the closing, the Ships.
        if not taken & BID_A_BITS:                   # the annexes and the Black market all empty
            out: list[Action] = [*tab.openings_bids[opening], *closing]
        else:
            out = list(tab.openings[opening])
            for i in BIDS_BEFORE_VILLAGE:
                h = holds[i]
                if h is None:
                    out += tab.empty[i]
                elif h[0] != p:
                    out += tab.held[h[1]]
            out += closing
        for i in self.open_ships:
            h = holds[i]
            if h is None:
                out += tab.empty[i]
            elif h[0] != p:
                out += tab.held[h[1]]
        return out

    def _temple_discount(self, p: int) -> int:
        """Gold off each Temple slot for seat ``p`` (its "Temple -1" tiles)."""
        return temple_discount(self.upgrades[p])

    def _place(self, p: int, a: Place) -> bool:
        """Put the group on its location, pay, outbid, and pass the turn; True when the next seat is to place."""
        i = LOC[a.location]
        b, w, e, c = a.black, a.white, a.either, a.character
        res = self.reserve[p]
        res[0] -= b
        res[1] -= w
        res[2] -= e
        res[3] -= c
        group = (p, a.role, b, w, e, c)
        kind = KINDS[i]
        count = b + w + e + c
        paid = placement_cost(i, count, self.upgrades[p]) if kind == "unique" or i == HARBOUR else 0
        self.gold[p] -= paid
        self.events.append(("place", p, a.location, a.role, b, w, e, c, paid))
        if kind == "free":
            self.spots[i].append(group)
        else:
            if kind == "bidding":
                if self.spots[i]:
                    self._displace(i, self.spots[i][0])
                self.holds[i] = (p, hold_key(i, group))
            self.spots[i] = [group]
            self.taken |= 1 << i
        if i == CAMP:
            self._camp(p, count)
        self.turn = (p + 1) % self.players
        self.turns += 1
        self.dummy_due = self.dummy >= DUMMY_GROUP
        return not self.pending and self._next_turn()

    def _camp(self, p: int, count: int) -> None:
        """Le campement acts at once: per meeple, +1 gold and a reroll of a reserve meeple."""
        gold = components.CAMP_GOLD * count
        self.gold[p] += gold
        self.events.append(("camp", p, gold))
        self.pending.append(["reroll", p, count, "camp"])

    def _displace(self, i: int, group: tuple[Any, ...]) -> None:
        """The outbid holder takes the meeples back, unflipped (reused later this round)."""
        seat = group[0]
        if seat == DUMMY:
            self.dummy += group_size(group)
            self.dummy_due = True
        else:
            res = self.reserve[seat]
            res[B] += group[2]
            res[W] += group[3]
            res[E] += group[4]
            res[C] += group[5]
        self.events.append(("outbid", seat, LOCATIONS[i].key, group_size(group)))

    #: Two players: the neutral expedition puts 2 meeples on a random bidding location it can take.
    _dummy_turn = neutral.dummy_turn

    # -- saves (``saves.py``) ----------------------------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        return saves.to_dict(self)

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> QuetzalState:
        state: QuetzalState = saves.from_dict(cls, f, players, variant)
        return state

    def check(self) -> list[str]:
        """Conservation of cards, tiles and meeples, track ranges, and a consistent turn (``saves.check``)."""
        return saves.check(self)


class QuetzalGame(Game):
    """Quetzal: worker placement with tossed meeples, displacement auctions, deliveries."""

    key = "quetzal"
    title = "Quetzal"
    min_players, max_players = 2, 5
    variants = ("standard",)
    rules_version = 2   # 2: Temple slot 3 is "choose 1 card", as the rule book's printed rewards give it
    summary = "worker placement, displacement auctions, dice odds"
    action_types = ACTION_TYPES
    state_class = QuetzalState
    # Placements pay off only at activation: greedy play to the next decision values them far better than random.
    # With 3 seats the rewards are rescaled per node (``normalize``): 18 of 24 games won against two greedy bots,
    # against 12 without (seeds 0-23); with 4 it scored 14.5 against 15.5 without, so 4 seats keep the default.
    # The hard level searches greedy's best 3 moves at every node (``tree_width``), as Tikal's does: over every move,
    # its deeper tree had the others answer at random, and it scored 44.5 of 80 against the default (seeds 0-39 and
    # 200-239, rules version 2); with the best 3, 53.5 of 80 (benchmarks/RESULTS.md, "The search bot").
    search_hints = {"rollout": "greedy", "rollout_sample": 24, "root_width": 8, "tree_width": {"hard": 3},
                    "players": {3: {"normalize": True}}}


GAME = QuetzalGame()
