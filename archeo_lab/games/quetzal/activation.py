"""Quetzal: step 3 of a round, activation ("Activer les lieux"), and the rerolls.

The locations act in the printed order (``activation_tasks``): the Stèle du savoir (first-player
token, +1 discovery), the Temple slots top to bottom (choose cards in the display, then draw), the
annexes (their cards and a bonus), the Black market (sell an object for
``components.BLACK_MARKET_GOLD`` gold), the Village top to bottom (an upgrade each), the Harbour
office (a delivery per meeple, seat by seat from the first player) and the Ships (a delivery and
their VP).  Deliveries ("Livrer les Objets") score the set's VP, then each card's bonus icon; the
discovery track pays once at its bonus squares (``components.DISCOVERY_BONUSES``).

``Activation`` is a part of ``state.QuetzalState`` (a mixin without fields of its own): the state
decides whose decision comes next, these methods carry the decisions and the automatic effects out.
"""

from __future__ import annotations

from typing import Any

from . import components, saves, scoring
from .actions import RESERVE_FACES, Deliver, Reroll
from .components import (
    ANNEX_BONUS, DISCOVERY_BONUSES, DISCOVERY_MAX, GOLD_UPGRADE, OBJECT_TYPES, TILE_KIND, VASE_TRADE_COUNT,
    VASE_TRADE_GOLD,
)
from .refusals import CARD_SLOT
from .tables import (
    ANNEXES, BID_A_BITS, DELIVERIES, DUMMY, HARBOUR, MARKET, SHIP_TASKS, STELE, STELE_BIT, TEMPLE_BITS,
    TEMPLE_TASKS, VILLAGE_BITS, VILLAGE_TASKS, delivery_options, group_size,
)
from .toss import SAMPLER

__all__ = ["Activation"]

FACE_INDEX = {f: i for i, f in enumerate(RESERVE_FACES)}
_CHARACTER = FACE_INDEX["character"]
_TYPE_INDEX = {t.key: i for i, t in enumerate(OBJECT_TYPES)}
_N_SLOTS = 4 * len(OBJECT_TYPES)
_ANNEX_KEYS = list(ANNEX_BONUS)


class Activation:
    """The activation steps and the rerolls of a Quetzal state (module docstring)."""

    __slots__ = ()

    def _activation_tasks(self) -> list[list[Any]]:
        """Step 3 ("Activer les lieux"): the locations' effects in the printed order (the Camp already acted)."""
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
        tasks += self._harbour_tasks()
        for i, key, vp in SHIP_TASKS:
            if spots[i] and spots[i][0][0] != DUMMY:
                tasks.append(["deliver", spots[i][0][0], 1, vp, key])
        return tasks

    def _harbour_tasks(self) -> list[list[Any]]:
        """The Harbour office: one delivery per meeple, seat by seat from the first player."""
        harbour = self.spots[HARBOUR]
        if not harbour:
            return []
        n = self.players
        meeples = [0] * n
        for g in harbour:
            meeples[g[0]] += group_size(g)
        return [["deliver", p, meeples[p], 0, "harbour"] for p in ((self.first + k) % n for k in range(n))
                if meeples[p]]

    def _reroll_task(self, p: int, action: Reroll) -> bool:
        """One reroll of the pending step; True when the same seat may reroll another meeple."""
        task = self.pending[0]
        self._reroll(p, FACE_INDEX[action.face], task[3])
        task[2] -= 1
        if task[2] > 0:
            return True
        self.pending.pop(0)
        return False

    def _reroll(self, p: int, index: int, why: str) -> None:
        res = self.reserve[p]
        res[index] -= 1
        face = SAMPLER.toss(self.rng)
        self.chance_count += 1
        if index == _CHARACTER:
            res[index] += 1
        else:
            res[saves.FACE_SLOT[face]] += 1
        gold = components.STANDING_GOLD if face == "standing" else 0
        self.gold[p] += gold
        self.events.append(("reroll", p, RESERVE_FACES[index], face, gold, why))

    def _take(self, p: int, card: str) -> bool:
        """Le temple: take a card of the display; True when the same slot chooses another card."""
        self.temple.remove(card)
        self.hands[p].append(card)
        task = self.pending[0]
        task[2] -= 1
        self.events.append(("take", p, card))
        return task[2] > 0 and bool(self.temple)

    def _draw_after_picks(self, p: int, draws: int) -> None:
        """A Temple slot's draws from the pile, after its choices."""
        drawn = [c for c in (self._draw() for _ in range(draws)) if c is not None]
        self.hands[p] += drawn
        if drawn:
            self.events.append(("draw", p, tuple(drawn)))

    def _sell(self, p: int, card: str) -> None:
        """Le marché noir: discard an object card for ``components.BLACK_MARKET_GOLD`` gold."""
        self.pending.pop(0)
        self.hands[p].remove(card)
        self.discard.append(card)
        gold = components.BLACK_MARKET_GOLD
        self.gold[p] += gold
        self.events.append(("sell", p, card, gold))

    def _refill(self, display: list[str], size: int) -> None:
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
            self.deck += self.discard        # the discard becomes the new pile (both are lists of the state)
            self.discard.clear()
            self.rng.permute(self.deck)
            self.events.append(("reshuffle", len(self.deck)))
        self.chance_count += 1
        return self.deck.pop()

    def _annex(self, k: int, p: int) -> None:
        """Les annexes du temple: the holder takes its cards and its bonus (the neutral expedition discards them)."""
        cards = self.annexes[k]
        self.annexes[k] = []
        key = _ANNEX_KEYS[k]
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
        """Le village: take a face-up upgrade tile of this kind; a one-shot tile acts at once."""
        tile = next(t for t in self.village if TILE_KIND[t] == kind)
        self.village.remove(tile)
        self.upgrades[p].append(tile)
        self.events.append(("upgrade", p, kind))
        if kind == "gold":
            self.gold[p] += GOLD_UPGRADE
        elif kind == "discovery":
            self._gain_discovery(p, 1)

    def _deliveries(self, p: int) -> list[Any]:
        """Every delivery seat ``p`` can make (the same rule, one action at a time: ``refusals.deliver_problem``)."""
        out: list[Deliver] = []
        c = [0] * _N_SLOTS
        for card in self.hands[p]:
            c[CARD_SLOT[card]] += 1
        for b in range(0, _N_SLOTS, 4):
            if c[b] or c[b + 1] or c[b + 2] or c[b + 3]:
                options = DELIVERIES.get((b >> 2, c[b], c[b + 1], c[b + 2], c[b + 3]))
                out += delivery_options(b >> 2, c[b: b + 4]) if options is None else options
        return out

    def _deliver(self, p: int, a: Deliver) -> None:
        """Livrer les Objets: the set's VP (and a ship's), then each card's bonus icon."""
        task = self.pending[0]
        t = _TYPE_INDEX[a.object_type]
        want = [a.plain, a.gold, a.vp, a.discovery]
        cards = []
        for card in sorted(self.hands[p]):
            slot = CARD_SLOT[card]
            if slot >> 2 == t and want[slot & 3] > 0:
                want[slot & 3] -= 1
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
