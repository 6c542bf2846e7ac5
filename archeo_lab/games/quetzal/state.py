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
team meeples per player count, Temple slots 1 and 3, the Village's costs and colour, the annexes'
bonuses, the ships, the object deck and delivery values, the upgrades, the discovery track, the
two-player neutral expedition.

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
"""

from __future__ import annotations


from archeo_lab.engine import Action, Fields, Game, Rng, State
from archeo_lab.engine.errors import quote
from archeo_lab.engine.saves import SEAT, CorruptSave, Spec, ints, items, one_of, per_seat

from . import scoring
from .actions import (
    ACTION_TYPES, RESERVE_FACES, Deliver, KeepObjects, KeepToss, NoDelivery, Place, Reroll, SellObject,
    TakeObject, TakeUpgrade,
)
from .components import (
    ANNEX_BONUS, ANNEX_CARDS, BLACK_MARKET_GOLD, CAMP_GOLD, CARD_BY_ID, DISCOVERY_BONUSES, DISCOVERY_MAX,
    DUMMY_GROUP, DUMMY_MEEPLES, HARBOUR_COST, LOCATIONS, OBJECT_BY_KEY, OBJECT_CARDS, OBJECT_TYPES, ROUNDS,
    SHIP_VP, STANDING_GOLD, TEAM_MEEPLES, TEMPLE_DISPLAY, TILE_KIND, UPGRADE_BY_KEY, UPGRADE_KINDS, UPGRADE_TILES,
    VASE_TRADE_GOLD, VILLAGE_DISPLAY, DELIVERY_MAX, GOLD_UPGRADE, VASE_TRADE_COUNT,
)
from .tables import (
    AFFORD_TEMPLE, AFFORD_VILLAGE, ANNEXES, BID_A_BITS, BIDS_BEFORE_VILLAGE, CAMP, COSTS, DELIVERIES,
    DUMMY, DUMMY_TARGETS, HARBOUR, KINDS, LOC, MARKET, N_LOCATIONS, SHIP_TASKS, STELE, STELE_BIT,
    TABLES, TEMPLE_BITS, TEMPLE_TASKS, TEMPLES, VILLAGE_BITS, VILLAGE_TASKS, Table, delivery_options,
    BIDDING, HARBOUR_MOST, SHIPS, VILLAGES, covered_spaces, group_size, hold_key,
)
from .toss import SAMPLER, shuffle

__all__ = ["QuetzalState", "QuetzalGame", "GAME", "team_meeples", "DUMMY"]

B, W, E, C = range(4)                     # reserve indices: black, white, either, character
FACE_INDEX = {f: i for i, f in enumerate(RESERVE_FACES)}
_FACE_SLOT = {"black": 0, "white": 1, "side": 2, "standing": 2}     # a tossed face -> its reserve kind
TYPE_INDEX = {t.key: i for i, t in enumerate(OBJECT_TYPES)}
BONUS_INDEX = {"": 0, "gold": 1, "vp": 2, "discovery": 3}
_CARD_CLASS = {c.id: (TYPE_INDEX[c.type], BONUS_INDEX[c.bonus]) for c in OBJECT_CARDS}
_CARD_SLOT = {c.id: 4 * TYPE_INDEX[c.type] + BONUS_INDEX[c.bonus] for c in OBJECT_CARDS}
_TYPE_RANGE = range(len(OBJECT_TYPES))
_REROLL_CAPACITY = {"reroll": 1, "double-reroll": 2}

# phases: what the current player decides
REROLL, PLACE, PICK, SELL, UPGRADE, DELIVER, OVER = "reroll", "place", "pick", "sell", "upgrade", "deliver", "over"
PHASES = (REROLL, PLACE, PICK, SELL, UPGRADE, DELIVER, OVER)
STAGES = ("place", "activate", "over")
_KEEP_TOSS, _KEEP_OBJECTS, _NO_DELIVERY = KeepToss(), KeepObjects(), NoDelivery()
_TASK_PHASE = {"reroll": REROLL, "pick": PICK, "sell": SELL, "upgrade": UPGRADE, "deliver": DELIVER}
#: Gold and victory points saved are at most this: far above any game (over 2,000 random games of 2 to 5
#: players the most gold seen was 49 and the most VP 47); it only refuses absurd values.
TRACK_LIMIT = 9_999
_MEEPLES = max(TEAM_MEEPLES.values()) + 1         # a seat's team and character
_SEAT_OR_DUMMY = SEAT | one_of([DUMMY], "the neutral expedition")
_CARD = one_of(CARD_BY_ID, "an object card")
_LOCATION = one_of(LOC, "a location")
_SCORE = ints(-TRACK_LIMIT, TRACK_LIMIT)
#: The steps owed this round (``pending``), read like the log: each kind and what it holds.
TASKS = {
    "stele": (SEAT,), "annex": (_SEAT_OR_DUMMY, ints(0, len(ANNEX_BONUS) - 1)),
    "pick": (SEAT, ints(0, max(LOCATIONS[i].picks for i in TEMPLES)), ints(0, max(LOCATIONS[i].draws for i in TEMPLES)),
             one_of([LOCATIONS[i].key for i in TEMPLES], "a temple")),
    "sell": (SEAT,), "upgrade": (SEAT, one_of([key for _, key in VILLAGE_TASKS] + ["discovery"])),
    "deliver": (SEAT, ints(1, _MEEPLES), ints(0, max(SHIP_VP.values())), one_of(["harbour", *SHIP_VP])),
    "reroll": (SEAT, ints(1, _MEEPLES), one_of(["upgrade", "camp"])),
}
#: The public log, entry by entry (``Fields.events``): what each kind of line holds.
EVENTS = {
    "start": (Spec("the number of players", lambda v, n: v == n and type(v) is int),),
    "round": (ints(1, ROUNDS), SEAT),
    "toss": (SEAT, Spec("the faces of a seat's meeples", lambda v, n: isinstance(v, (list, tuple))
                        and len(v) == TEAM_MEEPLES[n] + 1 and all(f in _FACE_SLOT for f in v)),
             ints(0, _MEEPLES * STANDING_GOLD)),
    "reroll": (SEAT, one_of(RESERVE_FACES), one_of(_FACE_SLOT), one_of([0, STANDING_GOLD]),
               one_of(["upgrade", "camp"])),
    "place": (SEAT, _LOCATION, one_of(["adventurer", "archaeologist", "any"]), ints(0, _MEEPLES), ints(0, _MEEPLES),
              ints(0, _MEEPLES), one_of([False, True]), ints(0, TRACK_LIMIT)),
    "camp": (SEAT, ints(0, _MEEPLES * CAMP_GOLD)), "outbid": (_SEAT_OR_DUMMY, _LOCATION, ints(1, _MEEPLES)),
    "dummy": (_LOCATION, one_of(["adventurer", "archaeologist"])), "activate": (ints(1, ROUNDS),),
    "stele": (SEAT,), "take": (SEAT, _CARD), "draw": (SEAT, items(_CARD, 1)),
    "annex": (_SEAT_OR_DUMMY, one_of(ANNEX_BONUS), items(_CARD), one_of(["", *ANNEX_BONUS.values()])),
    "sell": (SEAT, _CARD, one_of([BLACK_MARKET_GOLD])), "upgrade": (SEAT, one_of(UPGRADE_BY_KEY, "an upgrade")),
    "deliver": (SEAT, one_of(OBJECT_BY_KEY, "an object type"), items(_CARD, 1), ints(0, TRACK_LIMIT),
                ints(0, TRACK_LIMIT), ints(0, DISCOVERY_MAX), one_of(["harbour", *SHIP_VP])),
    "discovery": (SEAT, ints(1, DISCOVERY_MAX), one_of(["", *(b[0] for b in DISCOVERY_BONUSES.values())])),
    "pass": (SEAT, one_of([str(_KEEP_TOSS), str(_KEEP_OBJECTS), str(_NO_DELIVERY)])),
    "reshuffle": (ints(1, len(CARD_BY_ID)),), "end": (per_seat(_SCORE),),
}

_REROLLS = [Reroll(f) for f in RESERVE_FACES]
#: _REROLL_LISTS[bit mask of the reserve's non-empty kinds]: the legal rerolls, then "keep the toss".
_REROLL_LISTS = [[_REROLLS[i] for i in range(4) if mask >> i & 1] + [KeepToss()] for mask in range(16)]
_TAKES = {c.id: TakeObject(c.id) for c in OBJECT_CARDS}
_SELLS = {c.id: SellObject(c.id) for c in OBJECT_CARDS}
_UPGRADES = {k.key: TakeUpgrade(k.key) for k in UPGRADE_KINDS}

_RULE_UNIQUE = "emplacement unique: one meeple, its cost paid at once, then nobody else may go there"
_RULE_BID = ("emplacement à enchère: more meeples than the holder, of the holder's colour; "
             "the outbid player takes them back")
_RULE_MIX = "interdit de panacher: a group is all adventurers or all archaeologists"


def team_meeples(players: int) -> int:
    """Team meeples per player (reconstruction of the mapping, GAPS 3.2); each also has a character.

    >>> [team_meeples(n) for n in (2, 3, 4, 5)]
    [6, 6, 5, 4]
    """
    if players not in TEAM_MEEPLES:
        raise ValueError(f"Quetzal is played by 2 to 5 players, not {players!r}")
    return TEAM_MEEPLES[players]


# -- the state ----------------------------------------------------------------------------------------

#: The richest seat is capped at the dearest slot of the Temple (Stele included) and of the Village.
_TEMPLE_CAP, _VILLAGE_CAP = len(AFFORD_TEMPLE) - 1, len(AFFORD_VILLAGE) - 1


def set_covered(state: QuetzalState) -> None:
    """Covered spaces (two players) and the Village slots and Ships left open."""
    state.covered = covered_spaces(state.players)
    state.open_villages = tuple(i for i in VILLAGES if i not in state.covered)
    state.open_ships = tuple(i for i in SHIPS if i not in state.covered)
    state.open_village_mask = sum(1 << i for i in state.open_villages)
    state.open_bidding = tuple(i for i in BIDDING if i not in state.covered)


def derive_board(state: QuetzalState) -> None:
    """Recompute ``taken`` (unique and bidding locations occupied, as bits) and ``holds`` from ``spots``."""
    state.taken = sum(1 << i for i, g in enumerate(state.spots) if g and KINDS[i] != "free")
    state.holds = [(g[0][0], hold_key(i, g[0])) if g and KINDS[i] == "bidding" else None
                   for i, g in enumerate(state.spots)]


class QuetzalState(State):
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

    # -- set-up ("Mise en place") -------------------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> QuetzalState:
        s = object.__new__(cls)
        s.players, s.variant, s.seed = players, variant, seed
        rng = s.rng = Rng(seed)
        s.chance_count, s._legal_cache = 0, None
        s.is_terminal, s.current_player = False, None
        set_covered(s)
        s.deck = [c.id for c in OBJECT_CARDS]
        shuffle(rng, s.deck)
        s.discard = []
        s.stack = list(UPGRADE_TILES)
        shuffle(rng, s.stack)
        s.temple = [s.deck.pop() for _ in range(TEMPLE_DISPLAY)]
        s.annexes = [[s.deck.pop() for _ in range(ANNEX_CARDS)] for _ in ANNEXES]
        s.village = [s.stack.pop() for _ in range(VILLAGE_DISPLAY)]
        s.gold = [scoring.starting_gold(p) for p in range(players)]
        s.vp, s.discovery = [0] * players, [0] * players
        s.hands, s.upgrades = [[] for _ in range(players)], [[] for _ in range(players)]
        s.reserve = [[0, 0, 0, 0] for _ in range(players)]
        s.spots = [[] for _ in LOCATIONS]
        s.taken, s.holds = 0, [None] * len(LOCATIONS)
        s.first, s.round, s.turn, s.turns, s.dummy_due, s.dummy = 0, 0, 0, 0, False, 0
        s.stage, s.phase, s.pending, s.tossed = "place", PLACE, [], [[] for _ in range(players)]
        s.events = [("start", players)]
        s.chance_count += 1
        s._start_round()
        s._advance()
        return s

    # -- the contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.current_player
        if phase == PLACE:
            out = self._placements(p)
        elif phase == REROLL:
            res = self.reserve[p]
            out = list(_REROLL_LISTS[(res[0] > 0) + 2 * (res[1] > 0) + 4 * (res[2] > 0) + 8 * (res[3] > 0)])
        elif phase == PICK:
            out = [_TAKES[c] for c in sorted(self.temple)]
        elif phase == SELL:
            out = [_SELLS[c] for c in sorted(set(self.hands[p]))]
            out.append(_KEEP_OBJECTS)
        elif phase == UPGRADE:
            kinds = {TILE_KIND[t] for t in self.village}
            out = [_UPGRADES[k.key] for k in UPGRADE_KINDS if k.key in kinds]
        elif phase == DELIVER:
            out = self._deliveries(p)
            out.append(_NO_DELIVERY)
        else:
            return []
        return out

    def _apply(self, action: Action) -> None:
        kind = type(action)
        p = self.current_player
        if kind is Place:
            self._place(p, action)
            if not self.pending:                # the usual case: (the neutral expedition, then) the next seat
                if self.dummy_due:
                    self.dummy_due = False
                    self._dummy_turn()
                seat = self._next_placer()
                if seat is not None:
                    self.current_player = seat
                    return
        elif kind is Reroll:
            task = self.pending[0]
            self._reroll(p, FACE_INDEX[action.face], task[3])
            task[2] -= 1
            if task[2] > 0:
                return                      # the same seat may reroll another meeple
            self.pending.pop(0)
        elif kind is KeepToss or kind is KeepObjects or kind is NoDelivery:
            self.pending.pop(0)
            self.events.append(("pass", p, str(action)))
        elif kind is TakeObject:
            self.temple.remove(action.card)
            self.hands[p].append(action.card)
            task = self.pending[0]
            task[2] -= 1
            self.events.append(("take", p, action.card))
            if task[2] > 0 and self.temple:
                return                      # the same slot chooses another card
        elif kind is SellObject:
            self.pending.pop(0)
            self.hands[p].remove(action.card)
            self.discard.append(action.card)
            self.gold[p] += BLACK_MARKET_GOLD
            self.events.append(("sell", p, action.card, BLACK_MARKET_GOLD))
        elif kind is TakeUpgrade:
            self.pending.pop(0)
            self._take_upgrade(p, action.upgrade)
        else:
            self._deliver(p, action)
        self._advance()

    def scores(self) -> list[int]:
        """Points if the game ended now: score track, first-player token, 1 per 3 gold, upgrades."""
        return [r["total"] for r in self.score_breakdown()]

    def score_breakdown(self) -> list[dict]:
        """Each seat's points line by line (track, token, gold, upgrades, total): ``scoring.final_breakdown``."""
        return scoring.final_breakdown(self.vp, self.gold, self.upgrades, self.first)

    def _tiebreak(self, seat: int) -> tuple:
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
        c.spots = [s[:] for s in self.spots]
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

    def observation(self, player: int) -> dict:
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
        world._legal_cache = None
        world.deck = sorted(world.deck)
        world.stack = sorted(world.stack)
        shuffle(rng, world.deck)
        shuffle(rng, world.stack)
        world._fresh_chance(rng)        # the true seed would give the pile and the stack away
        return world

    # -- set-up and rounds ----------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Step 1: toss every meeple (standing: +1 gold), then the reroll upgrades, seat by seat."""
        self.round += 1
        n = self.players
        self.stage, self.turn, self.turns, self.dummy_due = "place", self.first, 0, False
        self.dummy = DUMMY_MEEPLES if n == 2 else 0
        self.events.append(("round", self.round, self.first))
        team = TEAM_MEEPLES[n]
        tossed = []
        every = SAMPLER.toss_many(self.rng, n * (team + 1))   # seat by seat; each seat's last is its character
        size = team + 1
        for p in range(n):
            faces = every[p * size:(p + 1) * size]
            black, white, standing = faces.count("black"), faces.count("white"), faces.count("standing")
            char_black = faces[-1] == "black"
            char_white = faces[-1] == "white"
            either = team - black - white + char_black + char_white
            self.reserve[p] = [black - char_black, white - char_white, either, 1]
            self.gold[p] += standing * STANDING_GOLD
            tossed.append(faces)
            self.events.append(("toss", p, tuple(faces), standing * STANDING_GOLD))
        self.tossed = tossed
        self.chance_count += 1
        self.pending = []
        for i in range(n):
            p = (self.first + i) % n
            if self.upgrades[p]:
                capacity = sum(_REROLL_CAPACITY.get(TILE_KIND[t], 0) for t in self.upgrades[p])
                if capacity:
                    self.pending.append(["reroll", p, capacity, "upgrade"])

    def _advance(self) -> None:
        """Run every automatic step until a player must decide (or the game ends)."""
        while True:
            if self._run_pending():
                return
            if self.stage == "place":
                if self.dummy_due:
                    self.dummy_due = False
                    self._dummy_turn()
                seat = self._next_placer()
                if seat is not None:
                    self.phase, self.current_player = PLACE, seat
                    return
                self.stage = "activate"
                self.pending = self._activation_tasks()
                self.events.append(("activate", self.round))
                continue
            # activation done: prepare the next round, or end the game
            self._end_round()
            if self.is_terminal:
                return

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
                drawn = [c for c in (self._draw() for _ in range(task[3])) if c is not None]
                self.hands[p] += drawn
                if drawn:
                    self.events.append(("draw", p, tuple(drawn)))
                continue
            elif kind == "deliver" or kind == "sell":
                if self.hands[p]:
                    self.phase, self.current_player = _TASK_PHASE[kind], p
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
                self.first = p
                self.events.append(("stele", p))
                self._gain_discovery(p, 1)
                continue
            pending.pop(0)
        return False

    def _activation_tasks(self) -> list[list]:
        """Step 3: the locations' effects in the printed order (the Camp already acted)."""
        spots, tasks = self.spots, []
        taken = self.taken
        if taken & STELE_BIT:
            tasks.append(["stele", spots[STELE][0][0]])
        if taken & TEMPLE_BITS:
            for i, picks, draws, key in TEMPLE_TASKS:
                if spots[i]:
                    tasks.append(["pick", spots[i][0][0], picks, draws, key])
        if taken & BID_A_BITS:
            for k, i in enumerate(ANNEXES):
                if spots[i]:
                    tasks.append(["annex", spots[i][0][0], k])
            if spots[MARKET] and spots[MARKET][0][0] != DUMMY:
                tasks.append(["sell", spots[MARKET][0][0]])
        if taken & VILLAGE_BITS:
            for i, key in VILLAGE_TASKS:
                if spots[i]:
                    tasks.append(["upgrade", spots[i][0][0], key])
        harbour = spots[HARBOUR]
        if harbour:
            meeples = [0] * self.players
            for g in harbour:
                meeples[g[0]] += g[2] + g[3] + g[4] + g[5]
            n = self.players
            for k in range(n):
                p = (self.first + k) % n
                if meeples[p]:
                    tasks.append(["deliver", p, meeples[p], 0, "harbour"])
        for i, key, vp in SHIP_TASKS:
            if spots[i] and spots[i][0][0] != DUMMY:
                tasks.append(["deliver", spots[i][0][0], 1, vp, key])
        return tasks

    def _end_round(self) -> None:
        """Step 4: meeples go home; refill the displays; or, after round 5, the game ends."""
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

    # -- placement --------------------------------------------------------------------------------------
    def _placements(self, p: int) -> list[Place]:
        """Every legal group of seat ``p`` on every location, in board order.

        A hot path for random play and search: the options come from a table built once per
        reserve composition (``Table``), so the whole board costs a few lookups.
        """
        key = tuple(self.reserve[p])
        tab = TABLES.get(key)
        if tab is None:
            tab = Table(key)
        gold = self.gold[p]
        taken = self.taken
        out = list(tab.camp)
        discount = self._temple_discount(p) if self.upgrades[p] else 0
        money = gold + discount
        mask = AFFORD_TEMPLE[money if money < _TEMPLE_CAP else _TEMPLE_CAP] & ~taken
        if self.first == p:
            mask &= ~STELE_BIT
        block = tab.block_a.get(mask)
        out += tab.make_block(tab.block_a, mask) if block is None else block
        holds, empty, held = self.holds, tab.empty, tab.held
        if not taken & BID_A_BITS:                 # annexes and Black market all empty
            out += tab.empty_a
        else:
            for i in BIDS_BEFORE_VILLAGE:
                h = holds[i]
                if h is None:
                    out += empty[i]
                elif h[0] != p:
                    options = held.get(h[1])
                    out += tab.make(h[1]) if options is None else options
        mask = AFFORD_VILLAGE[gold if gold < _VILLAGE_CAP else _VILLAGE_CAP] & ~taken & self.open_village_mask
        block = tab.block_b.get(mask)
        out += tab.make_block(tab.block_b, mask) if block is None else block
        if gold >= HARBOUR_COST:
            most = gold // HARBOUR_COST
            out += tab.harbour[most if most < HARBOUR_MOST else HARBOUR_MOST]
        for i in self.open_ships:
            h = holds[i]
            if h is None:
                out += empty[i]
            elif h[0] != p:
                options = held.get(h[1])
                out += tab.make(h[1]) if options is None else options
        return out

    def _temple_discount(self, p: int) -> int:
        return sum(TILE_KIND[t] == "temple-discount" for t in self.upgrades[p])

    def _place(self, p: int, a: Place) -> None:
        location, role, b, w, e, c = a[2:8]          # the fields, read from the tuple (actions.PLACE_*)
        i = LOC[location]
        res = self.reserve[p]
        res[0] -= b
        res[1] -= w
        res[2] -= e
        res[3] -= c
        group = (p, role, b, w, e, c)
        kind = KINDS[i]
        count = b + w + e + c
        paid = 0
        if kind == "unique":
            paid = COSTS[i]
            if i in TEMPLES and self.upgrades[p]:
                paid = max(0, paid - self._temple_discount(p))
        elif i == HARBOUR:
            paid = HARBOUR_COST * count
        self.gold[p] -= paid
        self.events.append(("place", p, location, role, b, w, e, c, paid))
        if kind == "unique":
            self.spots[i] = [group]
            self.taken |= 1 << i
        elif kind == "bidding":
            if self.spots[i]:
                self._displace(i, self.spots[i][0])
            self.spots[i] = [group]
            self.holds[i] = (p, hold_key(i, group))
            self.taken |= 1 << i
        else:
            self.spots[i].append(group)
        if i == CAMP:
            self.gold[p] += CAMP_GOLD * count
            self.events.append(("camp", p, CAMP_GOLD * count))
            self.pending.append(["reroll", p, count, "camp"])
        self.turn = (p + 1) % self.players
        self.turns += 1
        self.dummy_due = self.dummy >= DUMMY_GROUP

    def _displace(self, i: int, group: tuple) -> None:
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

    def _next_placer(self) -> int | None:
        n, turn, reserve = self.players, self.turn, self.reserve
        for k in range(n):
            p = (turn + k) % n
            r = reserve[p]
            if r[0] or r[1] or r[2] or r[3]:
                return p
        return None

    def _dummy_turn(self) -> None:
        """Two players: the neutral expedition puts 2 meeples on a random bidding location it can take."""
        if self.dummy < DUMMY_GROUP:
            return
        choices = []
        holds = self.holds
        for i in self.open_bidding:
            h = holds[i]
            if h is None:
                choices += DUMMY_TARGETS[i][2]
            elif h[0] != DUMMY and h[1] % 16 < DUMMY_GROUP:          # held by a single meeple
                choices += DUMMY_TARGETS[i][(h[1] % 64) // 16]
        if not choices:
            return
        i, role = choices[self.rng.below(len(choices))]
        self.chance_count += 1
        if self.spots[i]:
            self._displace(i, self.spots[i][0])
        adv = role == "adventurer"
        self.spots[i] = [(DUMMY, role, DUMMY_GROUP if adv else 0, 0 if adv else DUMMY_GROUP, 0, False)]
        self.holds[i] = (DUMMY, hold_key(i, self.spots[i][0]))
        self.taken |= 1 << i
        self.dummy -= DUMMY_GROUP
        self.events.append(("dummy", LOCATIONS[i].key, role))

    # -- rerolls, cards, upgrades, deliveries ----------------------------------------------------------------
    def _reroll(self, p: int, index: int, why: str) -> None:
        res = self.reserve[p]
        res[index] -= 1
        face = SAMPLER.toss(self.rng)
        self.chance_count += 1
        if index == C:
            res[C] += 1
        else:
            res[B if face == "black" else W if face == "white" else E] += 1
        gold = STANDING_GOLD if face == "standing" else 0
        self.gold[p] += gold
        self.events.append(("reroll", p, RESERVE_FACES[index], face, gold, why))

    def _refill(self, display: list, size: int) -> None:
        """Fill a display up to ``size`` cards from the top of the pile (the discard reshuffled if needed)."""
        need = size - len(display)
        if 0 < need <= len(self.deck):
            display += self.deck[:-need - 1:-1]          # the top card first, as one by one
            del self.deck[-need:]
            self.chance_count += 1
            return
        for _ in range(need):
            card = self._draw()
            if card is None:
                return
            display.append(card)

    def _draw(self) -> str | None:
        """The top card of the object pile (the discard is shuffled into a new pile when it runs out)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = self.discard, []
            shuffle(self.rng, self.deck)
            self.events.append(("reshuffle", len(self.deck)))
        self.chance_count += 1
        return self.deck.pop()

    def _annex(self, k: int, p: int) -> None:
        cards = self.annexes[k]
        self.annexes[k] = []
        key = list(ANNEX_BONUS)[k]
        if p == DUMMY:
            self.discard += cards
            self.events.append(("annex", DUMMY, key, tuple(cards), ""))
            return
        self.hands[p] += cards
        bonus = ANNEX_BONUS[key]
        self.events.append(("annex", p, key, tuple(cards), bonus))
        self._gain(p, bonus, 1)

    def _gain(self, p: int, what: str, n: int) -> None:
        if what == "gold":
            self.gold[p] += n
        elif what == "vp":
            self.vp[p] += n
        elif what == "discovery":
            self._gain_discovery(p, n)

    def _gain_discovery(self, p: int, n: int) -> None:
        """Advance on the discovery track; squares 3, 6 and 10 pay once (a reconstruction, GAPS 3.6)."""
        for _ in range(n):
            if self.discovery[p] >= DISCOVERY_MAX:
                return
            self.discovery[p] += 1
            level = self.discovery[p]
            bonus = DISCOVERY_BONUSES.get(level)
            self.events.append(("discovery", p, level, bonus[0] if bonus else ""))
            if bonus is None:
                continue
            what, amount = bonus
            if what == "upgrade":
                self.pending.insert(0, ["upgrade", p, "discovery"])
            else:
                self._gain(p, what, amount)

    def _take_upgrade(self, p: int, kind: str) -> None:
        tile = next(t for t in self.village if TILE_KIND[t] == kind)
        self.village.remove(tile)
        self.upgrades[p].append(tile)
        self.events.append(("upgrade", p, kind))
        if kind == "gold":
            self.gold[p] += GOLD_UPGRADE
        elif kind == "discovery":
            self._gain_discovery(p, 1)

    def _hand_classes(self, p: int) -> list[list[int]]:
        """Per object type: how many plain / gold / vp / discovery cards seat ``p`` holds."""
        flat = self._hand_counts(p)
        return [flat[4 * t: 4 * t + 4] for t in range(len(OBJECT_TYPES))]

    def _hand_counts(self, p: int) -> list[int]:
        """``[type * 4 + bonus]``: the classes of seat ``p``'s cards, flat."""
        counts = [0] * (4 * len(OBJECT_TYPES))
        for card in self.hands[p]:
            counts[_CARD_SLOT[card]] += 1
        return counts

    def _deliveries(self, p: int) -> list[Deliver]:
        out: list[Deliver] = []
        c = self._hand_counts(p)
        for t in _TYPE_RANGE:
            b = 4 * t
            if c[b] or c[b + 1] or c[b + 2] or c[b + 3]:
                options = DELIVERIES.get((t, c[b], c[b + 1], c[b + 2], c[b + 3]))
                out += delivery_options(t, c[b: b + 4]) if options is None else options
        return out

    def _deliver(self, p: int, a: Deliver) -> None:
        task = self.pending[0]
        t = TYPE_INDEX[a.object_type]
        want = {0: a.count - a.gold - a.vp - a.discovery, 1: a.gold, 2: a.vp, 3: a.discovery}
        cards = []
        for card in sorted(self.hands[p]):
            ct, cb = _CARD_CLASS[card]
            if ct == t and want[cb] > 0:
                want[cb] -= 1
                cards.append(card)
        for card in cards:
            self.hands[p].remove(card)
        self.discard += cards
        points = scoring.delivery_points(a.object_type, a.count) + task[3]
        gold = a.gold
        if a.object_type == "vase" and a.count == VASE_TRADE_COUNT:
            gold += VASE_TRADE_GOLD * sum(TILE_KIND[u] == "vase-trade" for u in self.upgrades[p])
        self.vp[p] += points + a.vp
        self.gold[p] += gold
        self.events.append(("deliver", p, a.object_type, tuple(cards), points + a.vp, gold, a.discovery, task[4]))
        task[2] -= 1
        if task[2] <= 0:
            self.pending.pop(0)
        self._gain_discovery(p, a.discovery)

    # -- refusals --------------------------------------------------------------------------------------------
    def _illegal_reason(self, action: Action) -> str:
        p, phase = self.current_player, self.phase
        kind = type(action)
        if kind is Place:
            if phase != PLACE:
                return f"'{action}' cannot be played now: {self._waiting_for()}"
            return self._place_problem(p, action) or f"'{action}' is not a legal placement now"
        if phase == PLACE:
            return (f"it is the placement phase: seat {p} places a group of meeples "
                    "('place 1 archaeologist on temple-5 (1 white)'), one group per turn")
        if kind is Reroll and phase == REROLL:
            return (f"you have no {action.face} meeple in your reserve to reroll "
                    f"(reserve: {_reserve_text(self.reserve[p])})")
        if kind is TakeObject and phase == PICK:
            return (f"{action.card} is not in the Temple display; choose one of: "
                    f"{', '.join(sorted(self.temple))} (Le temple)")
        if kind is SellObject and phase == SELL:
            return f"you do not hold {action.card}; your objects: {', '.join(sorted(self.hands[p]))} (Le marché noir)"
        if kind is TakeUpgrade and phase == UPGRADE:
            shown = sorted({TILE_KIND[t] for t in self.village})
            return f"no {action.upgrade!r} upgrade is face up in the Village; choose one of: {', '.join(shown)}"
        if kind is Deliver and phase == DELIVER:
            return self._delivery_problem(p, action)
        return f"'{action}' cannot be played now: {self._waiting_for()}"

    def _waiting_for(self) -> str:
        p = self.current_player
        return {
            PLACE: f"seat {p} must place a group of meeples",
            REROLL: f"seat {p} may reroll a meeple or 'keep the toss'",
            PICK: f"seat {p} must take an object card from the Temple display (Le temple)",
            SELL: f"seat {p} may sell an object at the Black market or 'keep your objects'",
            UPGRADE: f"seat {p} must take an upgrade (tuile Amélioration)",
            DELIVER: f"seat {p} may deliver objects or say 'no delivery'",
            OVER: "the game is over",
        }[self.phase]

    def _place_problem(self, p: int, a: Place) -> str | None:
        """Why seat ``p`` may not place ``a`` now (None if it may), in the rule book's words."""
        i = LOC.get(a.location)
        if i is None:
            return (f"there is no location {a.location!r}; the locations are: "
                    f"{', '.join(loc.key for loc in LOCATIONS)}")
        loc = LOCATIONS[i]
        if i in self.covered:
            return f"{loc.name} ({loc.french}) is covered in the two-player game"
        res = self.reserve[p]
        if min(a.black, a.white, a.either) < 0 or a.count == 0:
            return "a group is one meeple or more"
        for n, have, face in ((a.black, res[B], "black"), (a.white, res[W], "white"), (a.either, res[E], "either"),
                              (int(a.character), res[C], "character")):
            if n > have:
                return (f"you have {have} {face} meeple{'s' if have != 1 else ''} in your reserve, not {n} "
                        f"(reserve: {_reserve_text(res)})")
        kind = KINDS[i]
        if kind == "free":
            if a.role != "any":
                return (f"{loc.name} ({loc.french}) is a free location: colours do not matter there; write "
                        f"'{Place(a.location, 'any', a.black, a.white, a.either, a.character)}'")
            if i == HARBOUR and self.gold[p] < HARBOUR_COST * a.count:
                return (f"the Harbour office (Capitainerie) costs {HARBOUR_COST} gold per meeple: {a.count} "
                        f"meeples cost {HARBOUR_COST * a.count} gold and you have {self.gold[p]}")
            return None
        if a.role not in ("adventurer", "archaeologist", "any"):
            return f"a group counts as adventurers or archaeologists, not {a.role!r}"
        if a.role == "adventurer" and a.white or a.role == "archaeologist" and a.black:
            face, role = ("white", "adventurers") if a.role == "adventurer" else ("black", "archaeologists")
            return f"{face} meeples cannot count as {role} ({_RULE_MIX})"
        if kind == "unique":
            if a.count != 1:
                return f"{loc.name} ({loc.french}) takes exactly one meeple ({_RULE_UNIQUE})"
            if a.role not in loc.roles:
                return f"{loc.name} ({loc.french}) takes an {loc.roles[0]} ({_role_fr(loc.roles[0])})"
            if self.spots[i]:
                return f"{loc.name} is already taken by {_seat_text(self.spots[i][0][0])} ({_RULE_UNIQUE})"
            if i == STELE and self.first == p:
                return ("you hold the first-player token: the Stèle du savoir is forbidden to you "
                        "(un joueur ne doit pas posséder le jeton Premier Joueur)")
            cost = max(0, loc.cost - self._temple_discount(p)) if i in TEMPLES else loc.cost
            if cost > self.gold[p]:
                return f"{loc.name} costs {cost} gold and you have {self.gold[p]} ({_RULE_UNIQUE})"
            return None
        # bidding
        lone = a.count == 1 and a.character
        if a.role == "any" and not lone:
            return ("on a bidding location a group counts as adventurers or archaeologists: choose one "
                    "(only the character alone leaves the colour open)")
        if lone and a.role != "any":
            return (f"the character alone leaves the colour open on a bidding location: write "
                    f"'{Place(a.location, 'any', 0, 0, 0, True)}'")
        if a.role != "any" and a.role not in loc.roles:
            return f"{loc.name} ({loc.french}) takes {loc.roles[0]}s only ({_role_fr(loc.roles[0])}s)"
        if self.spots[i]:
            holder = self.spots[i][0]
            size = group_size(holder)
            if holder[0] == p:
                return f"you already hold {loc.name} with {size}: you cannot outbid yourself"
            if a.count <= size:
                return (f"{_seat_text(holder[0])} holds {loc.name} with {size} meeple{'s' if size > 1 else ''}: "
                        f"place at least {size + 1} ({_RULE_BID})")
            if holder[1] != "any" and a.role != holder[1]:
                return (f"{_seat_text(holder[0])} holds {loc.name} with {holder[1]}s: outbid with "
                        f"{holder[1]}s ({_RULE_BID})")
        return None

    def _delivery_problem(self, p: int, a: Deliver) -> str:
        if a.object_type not in OBJECT_BY_KEY:
            return f"there is no object type {a.object_type!r}; types: {', '.join(OBJECT_BY_KEY)}"
        if not 1 <= a.count <= DELIVERY_MAX:
            return f"a delivery is 1 to {DELIVERY_MAX} objects of one type (Livrer les Objets), not {a.count}"
        have = self._hand_classes(p)[TYPE_INDEX[a.object_type]]
        if a.gold + a.vp + a.discovery > a.count:
            return f"{a.count} objects cannot include {a.gold + a.vp + a.discovery} with a bonus icon"
        plain = a.count - a.gold - a.vp - a.discovery
        return (f"you hold {sum(have)} {OBJECT_BY_KEY[a.object_type].plural} ({have[0]} without bonus, {have[1]} gold, "
                f"{have[2]} VP, {have[3]} discovery): you cannot deliver {plain} without bonus, {a.gold} gold, "
                f"{a.vp} VP, {a.discovery} discovery")

    # -- saves -----------------------------------------------------------------------------------------------
    def _to_dict(self) -> dict:
        return {
            "round": self.round, "stage": self.stage, "phase": self.phase, "current_player": self.current_player,
            "first": self.first, "turn": self.turn, "turns": self.turns, "dummy_due": self.dummy_due,
            "dummy": self.dummy, "reserve": [list(r) for r in self.reserve], "gold": list(self.gold),
            "vp": list(self.vp), "discovery": list(self.discovery), "hands": [list(h) for h in self.hands],
            "upgrades": [list(u) for u in self.upgrades], "spots": [[list(g) for g in s] for s in self.spots],
            "deck": list(self.deck), "discard": list(self.discard), "temple": list(self.temple),
            "annexes": [list(a) for a in self.annexes], "village": list(self.village), "stack": list(self.stack),
            "pending": [list(t) for t in self.pending], "tossed": [list(t) for t in self.tossed],
            "events": [list(e) for e in self.events],
        }

    @classmethod
    def _from_dict(cls, f: Fields, players: int, variant: str) -> QuetzalState:
        s = object.__new__(cls)
        s.players, s.variant, s._legal_cache = players, variant, None
        set_covered(s)
        seat = dict(lo=0, hi=players - 1)
        cards, tiles = list(CARD_BY_ID), list(TILE_KIND)
        s.round = f.int("round", lo=1, hi=ROUNDS)
        s.stage = f.str("stage", choices=STAGES)
        s.phase = f.str("phase", choices=PHASES)
        s.is_terminal = s.phase == OVER
        s.current_player = f.opt_int("current_player", **seat)
        s.first, s.turn = f.int("first", **seat), f.int("turn", **seat)
        s.turns = f.int("turns", lo=0, hi=players * _MEEPLES * _MEEPLES)
        s.dummy_due = f.bool("dummy_due")
        s.dummy = f.int("dummy", lo=0, hi=DUMMY_MEEPLES)
        s.reserve = f.int_lists("reserve", length=players, inner=4, lo=0, hi=_MEEPLES)
        s.gold = f.int_list("gold", length=players, lo=0, hi=TRACK_LIMIT)
        s.vp = f.int_list("vp", length=players, lo=0, hi=TRACK_LIMIT)
        s.discovery = f.int_list("discovery", length=players, lo=0, hi=DISCOVERY_MAX)
        s.hands = f.str_lists("hands", length=players, choices=cards)
        s.upgrades = f.str_lists("upgrades", length=players, choices=tiles)
        s.spots = []
        for i, groups in enumerate(f.list("spots", length=len(LOCATIONS))):
            if not isinstance(groups, list):
                raise CorruptSave(f"{f.path}.spots[{i}] must be a list of groups")
            spot = []
            for j, g in enumerate(groups):
                ok = (isinstance(g, list) and len(g) == 6 and _SEAT_OR_DUMMY.test(g[0], players)
                      and g[1] in ("adventurer", "archaeologist", "any")
                      and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= _MEEPLES for x in g[2:5])
                      and isinstance(g[5], bool))
                if not ok:
                    raise CorruptSave(f"{f.path}.spots[{i}][{j}] must be [seat, role, black, white, either, "
                                      f"character], got {quote(g)}")
                spot.append(tuple(g))
            s.spots.append(spot)
        derive_board(s)
        s.deck = f.str_list("deck", choices=cards)
        s.discard = f.str_list("discard", choices=cards)
        s.temple = f.str_list("temple", choices=cards)
        s.annexes = f.str_lists("annexes", length=len(ANNEXES), choices=cards)
        s.village = f.str_list("village", choices=tiles)
        s.stack = f.str_list("stack", choices=tiles)
        s.pending = [list(t) for t in f.events("pending", kinds=TASKS, players=players)]
        s.tossed = f.str_lists("tossed", length=players, choices=_FACE_SLOT)
        s.events = f.events(kinds=EVENTS, players=players)
        return s

    def check(self) -> list[str]:
        """Conservation of cards, tiles and meeples, track ranges, and a consistent turn."""
        problems = []
        n = self.players
        held = self.deck + self.discard + self.temple + sum(self.annexes, []) + sum(self.hands, [])
        if len(held) != len(CARD_BY_ID) or set(held) != set(CARD_BY_ID):
            problems.append("the 75 object cards must each be in exactly one place")
        tiles = self.stack + self.village + sum(self.upgrades, [])
        if len(tiles) != len(TILE_KIND) or set(tiles) != set(TILE_KIND):
            problems.append("the 24 upgrade tiles must each be in exactly one place")
        if len(self.temple) > TEMPLE_DISPLAY or any(len(a) > ANNEX_CARDS for a in self.annexes) \
                or len(self.village) > VILLAGE_DISPLAY:
            problems.append("a display holds more cards or tiles than it has room for")
        team = TEAM_MEEPLES[n]
        placed = [[0, 0] for _ in range(n)]
        dummy = self.dummy
        for i, groups in enumerate(self.spots):
            if i in self.covered and groups:
                problems.append(f"{LOCATIONS[i].key} is covered but has meeples")
            if KINDS[i] != "free" and len(groups) > 1:
                problems.append(f"{LOCATIONS[i].key} holds more than one group")
            for g in groups:
                size = group_size(g)
                if size == 0:
                    problems.append(f"an empty group on {LOCATIONS[i].key}")
                if g[0] == DUMMY:
                    dummy += size
                    continue
                placed[g[0]][0] += g[2] + g[3] + g[4]
                placed[g[0]][1] += g[5]
                if KINDS[i] == "unique" and (size != 1 or g[1] not in LOCATIONS[i].roles):
                    problems.append(f"{LOCATIONS[i].key} must hold one meeple of its colour")
                if (g[1] == "adventurer" and g[3]) or (g[1] == "archaeologist" and g[2]):
                    problems.append(f"a group on {LOCATIONS[i].key} mixes colours")
        for p in range(n if not self.is_terminal else 0):   # at the end every meeple is home
            r = self.reserve[p]
            if r[B] + r[W] + r[E] + placed[p][0] != team or r[C] + placed[p][1] != 1:
                problems.append(f"seat {p} must have {team} team meeples and 1 character, on the board or in reserve")
        if dummy != (DUMMY_MEEPLES if n == 2 and not self.is_terminal else 0):
            problems.append(f"the neutral expedition has {dummy} meeples")
        derived = object.__new__(QuetzalState)
        derived.spots = self.spots
        derive_board(derived)
        if derived.taken != self.taken or derived.holds != self.holds:
            problems.append("the occupied spaces (taken/holds) disagree with the groups on the board")
        if self.stage == "activate" and any(any(r) for r in self.reserve):
            problems.append("meeples left in a reserve during activation")
        if any(g < 0 for g in self.gold) or any(not 0 <= d <= DISCOVERY_MAX for d in self.discovery):
            problems.append("gold must stay >= 0 and discovery within the track")
        if self.is_terminal != (self.current_player is None) or self.is_terminal != (self.phase == OVER):
            problems.append("current_player must be empty exactly when the game is over")
        if not self.is_terminal:
            p = self.current_player
            if self.phase == PLACE:
                if self.stage != "place" or self.pending or not any(self.reserve[p]):
                    problems.append("a placement turn needs meeples and no step pending")
            elif not self.pending or self.pending[0][1] != p or _TASK_PHASE.get(self.pending[0][0]) != self.phase:
                problems.append("the current decision is not the first pending step")
        return problems



def _reserve_text(res) -> str:
    parts = [f"{n} {face}" for n, face in zip(res, RESERVE_FACES) if n]
    return ", ".join(parts) or "empty"


def _seat_text(seat: int) -> str:
    return "the neutral expedition" if seat == DUMMY else f"seat {seat}"


def _role_fr(role: str) -> str:
    return {"adventurer": "Aventurier", "archaeologist": "Archéologue"}[role]


class QuetzalGame(Game):
    """Quetzal: worker placement with tossed meeples, displacement auctions, deliveries."""

    key = "quetzal"
    title = "Quetzal"
    min_players, max_players = 2, 5
    variants = ("standard",)
    rules_version = 1
    summary = "worker placement, displacement auctions, dice odds"
    action_types = ACTION_TYPES
    state_class = QuetzalState
    # Placements pay off only at activation: greedy play to the next decision values them far better than random.
    search_hints = {"rollout": "greedy", "rollout_sample": 24, "root_width": 8}


GAME = QuetzalGame()
