"""Thebes: The Tomb Raiders (Peter Prinz, Queen Games 2012): the rules.

Archaeologists gather knowledge, then dig in Mesopotamia, Egypt, Greece and
Crete.  Time is the currency: every action moves the player's time marker
(pion de temps) along the time track (échelle chronologique) by some weeks.

* **Set-up (Mise en place).** The five professors lie face up; the other 163
  cards are shuffled into a deck.  Cards are revealed one by one: a green back
  goes to its presentation display (exhibitions, museums) or to a storage
  space (case de stockage); a relic back goes face down onto its region's
  excavation pile (paquet de Fouilles).  This stops when the four storage
  spaces are full **and** the deck's top card is green.  Time markers are
  stacked on week 0 in random order.  Excavation permits (cartes Fouilles):
  4 players one per region + one general; 3 players one per region + two
  general; 2 players two per region.
* **Turn order (Ordre des joueurs).** The marker furthest behind plays; on a
  shared week the marker on top of the stack.  A marker landing on occupied
  weeks goes on top.  A player may play several turns in a row.
* **One action per turn**, never a pass:

  - *take a card* (``take egypt expertise 2``): from a storage space, or a
    presentation card whose condition is met; action cards go to the hidden
    hand, the others face up; pay the card's weeks; the emptied space is
    refilled as at set-up; **an empty deck ends the game at once**;
  - *play an action card* (``play egypt thief``, ``play egypt tomb robbers``,
    ``play scientist on egypt``): its effect, then its weeks;
  - *dig*, in the rule book's order: ``dig egypt`` gives up a permit for the
    region or a general one (at least 1 expertise there is needed); then
    ``dig for 6 weeks`` totals the knowledge = expertise + general knowledge
    (never more than the expertise) + assistant, announces 1 to 12 weeks and
    moves the marker; then ``draw 4 cards from egypt``: the excavation table
    gave the number (``scoring.dig_cards``), the pile is shuffled, relics are
    kept face up, rubble counts toward the draw and goes back.

* Professors (4+ expertise in a region; the world expert at 10+ knowledge)
  pass to whoever gets strictly more.  Exhibitions need relic counts in
  tiers and cost fewer weeks for higher tiers, relics kept; museums take
  relics out of the game.  The final count is in ``scoring.py``.

Decisions where the rule book is silent (kept here, shown in the tutorial,
each tested in ``tests/test_thebes_rules.py``):

* **Action cards cost weeks when taken and again when played** (the literal
  reading of both rules, GAPS.md 1.2): thief 1 + 1 (erratum), tomb robbers
  3 + 3, scientist 1 + 1.  The general dig permit card costs 3 weeks to take
  and nothing to play.
* **The assistant is played in a dig** (``dig for 6 weeks with the assistant``)
  and **costs its weeks**: it is one of the cards the digger lays down when the
  knowledge is totalled (« carte Assistant s'il y a lieu »), and like every
  action card it costs its printed weeks when played (« En jouant une carte
  d'Action, le joueur dépense le temps (nombre de semaines) correspondant »;
  the rule book's only exception is the general dig permit: « jouer cette
  carte ne dépense pas de temps »).  The marker moves the dig's weeks plus the
  assistant's 2; the table is read with the dig's weeks.  It adds 1 after the
  general-knowledge cap, one assistant per dig, then leaves the game.
* **The permit given up** is the region's own if the digger has one, else a
  large general permit, else a general dig permit card (the least flexible
  first: always at least as good).  It is shown, so permits left are public.
* **A dig may last any number of weeks from 1 to 12**, as the text says
  (« Une fouille doit durer au moins 1 semaine, mais ne peut pas en excéder
  12 »), even where the table gives no card (1 knowledge and fewer than 8
  weeks): the permit and the weeks are spent and nothing is drawn.  Knowledge
  above 12 counts as 12; a pile smaller than the table's number is drawn
  whole; an empty pile may still be dug (nothing is found).
* **A dig is three steps** (permit, weeks, draw) and a thief two (play,
  draw): the shuffle and the reveal are a step of their own, so the weeks
  are chosen before any card is seen.  The digger's marker moves when the
  weeks are announced; the thief's week is paid after its draw.
* **Pile sizes are public, their contents are not; hands are known to a
  good memory** (« vous n'avez jamais le droit de compter les cartes des
  paquets de Fouilles » forbids counting, not seeing): why, and what each
  seat is certain of, in ``hidden.py``'s docstring.
* The tomb robbers must take a relic if the pile holds one.  A museum's
  relics are chosen one by one (``give egypt relic 1``), automatically when
  there is no choice; its weeks are paid once they are given.
* The presentation displays hold any number of cards; the time track has no
  end (the deck ends the game); congresses score at most 28 (7 cards);
  professors are worth 5 each (GAPS.md 1.5).
* Ties: the marker furthest behind wins; on the same week, the marker on top
  (the one that would play first).
* "A taken card works from your next turn" holds by itself: one action per turn.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from archeo_lab.engine import Action, Fields, Game, Rng, State

from . import components, hidden, refusals, saves, scoring
from .actions import (
    ACTION_TYPES, BY_REGION, DIGS, DRAW, DRAWS, GIVES, MUSEUM, OVER, PICKS, PLAYS, ROBBERS, SCIENTISTS, TAKES, TURN,
    WEEKS, Dig, DigWeeks, Draw, GiveRelic, Offers, PickRelic, PlayRobbers, PlayScientist, PlayThief, Take, offers,
)
from .components import (
    CARD_BY_KEY, DECK_KEYS, FAMILY, GENERAL, MUSEUM_BY_KEY, PERMITS, PROFESSORS, REGION_INDEX, REGIONS, RELIC_KEYS,
    RELIC_OF, STORAGE_SPACES, permits_dealt,
)
from .components import GREEN as _GREEN
from .scoring import exhibition_weeks

__all__ = ["ThebesState", "ThebesGame", "GAME"]


class ThebesState(State):
    """A position of Thebes.  Its fields are read-only for learners (``changed()`` after editing one);
    per seat ``s``, region ``r`` (the index in ``REGIONS``):"""

    __slots__ = (
        "players", "variant", "seed", "rng", "chance_count", "_legal_cache", "current_player", "is_terminal",
        "week", "height", "stamp", "deck", "storage", "exhibits", "museums", "piles", "known", "tableau",
        "relics", "hand", "permits", "professors", "removed", "phase", "pending", "events",
        "expertise", "general", "congress", "_pub", "_offers",
    )
    week: list[int]                   # each time marker's week on the time track (échelle chronologique)
    height: list[int]                 # its height in the stacks (higher: on top)
    stamp: int                        # the highest height given so far
    deck: list[str]                   # card keys, the last on top
    storage: list[str | None]         # the four storage spaces (cases de stockage)
    exhibits: list[str]               # the presentation displays (Expositions, Musées)
    museums: list[str]
    piles: list[list[int]]            # piles[r]: the values in region r's excavation pile (0: rubble)
    known: list[list[list[int]]]      # known[s][r]: the part of piles[r] seat s is certain of (hidden.py)
    tableau: list[list[str]]          # face-up cards
    relics: list[list[list[int]]]     # relics[s][r]: the values of the relics kept
    hand: list[list[str]]             # the hidden action cards
    permits: list[list[int]]          # excavation permits left per region, then general (GENERAL)
    professors: list[int | None]      # the holder of each card of PROFESSORS
    removed: list[str]                # cards out of the game
    phase: str                        # the step the turn is at (actions.PHASES)
    #: The step under way: ("weeks", r), ("draw", "dig" or "thief", r, cards, weeks to pay after),
    #: ("robbers", r), ("museum", key, relics still owed); None at the start of a turn.
    pending: tuple[Any, ...] | None
    events: list[tuple[Any, ...]]     # the public log
    expertise: list[list[int]]        # counted from the face-up cards (scoring.tableau_counts)
    general: list[int]
    congress: list[int]
    #: ``hidden.public_knowledge``'s cache: (log length read, rubble seen per pile, cards added since each look).
    _pub: tuple[int, list[int], list[list[int | None]]] | None
    _offers: Offers                   # the numbers the legal-list generator reads (``actions.Offers``)

    # -- set-up ("Mise en place") -------------------------------------------------------------------
    @classmethod
    def _new(cls, players: int, seed: int, variant: str) -> ThebesState:
        s = object.__new__(cls)
        s.players, s.variant, s.seed = players, variant, seed
        rng = s.rng = Rng(seed)
        s.chance_count, s._legal_cache, s.is_terminal, s._pub, s._offers = 0, None, False, None, offers()
        n = players
        # Time markers stacked on week 0 in random order (the last one on top).
        order = list(range(n))
        rng.shuffle(order)
        s.week, s.height, s.stamp = [0] * n, [0] * n, n
        for h, seat in enumerate(order):
            s.height[seat] = h + 1
        s.deck = list(DECK_KEYS)
        rng.shuffle(s.deck)
        s.storage, s.exhibits, s.museums, s.removed = [None] * STORAGE_SPACES, [], [], []
        s.piles = [[] for _ in REGIONS]
        s.known = [[[] for _ in REGIONS] for _ in range(n)]
        s.relics = [[[] for _ in REGIONS] for _ in range(n)]
        s.tableau, s.hand = [[] for _ in range(n)], [[] for _ in range(n)]
        s.permits = [permits_dealt(n) for _ in range(n)]
        s.expertise, s.general, s.congress = [[0] * len(REGIONS) for _ in range(n)], [0] * n, [0] * n
        s.professors, s.phase, s.pending = [None] * len(PROFESSORS), TURN, None
        s.events = [("start", tuple(order))]
        s.events.append(("setup", tuple(card for space in range(STORAGE_SPACES) for card in s._deal(space))))
        s.chance_count = 1                   # the deal: one chance event
        s.current_player = s._next_player()
        return s

    # -- the contract ---------------------------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        """The legal list, generated fast; ``refusals.refusal`` is the rule it follows (and is tested against)."""
        phase, p, pending = self.phase, self.current_player, self.pending
        if p is None:
            return []
        if phase == TURN:
            return self._turn_actions(p)
        if phase == WEEKS:
            return self._offers.lengths["assistant" in self.hand[p]]    # kept: the engine hands out copies
        assert pending is not None
        if phase == DRAW:
            return [DRAWS[pending[2], pending[3]]]
        if phase == ROBBERS:
            r = pending[1]
            return [PICKS[r, v] for v in sorted(set(self.piles[r])) if v]
        relics = self.relics[p]              # MUSEUM
        return [GIVES[r, v] for r in BY_REGION for v in sorted(set(relics[r]))]

    def _turn_actions(self, p: int) -> list[Action]:
        """Take a card (from storage, or a presentation whose condition is met), play an action card from
        the hand, or begin a dig: one action per turn ("Déroulement de la partie").  The checks of
        ``refusals`` in a fast loop: ``_exhibition``/``can_give`` for the presentations, ``can_dig``."""
        keys, offers = set(self.storage), self._offers
        if self.exhibits or self.museums:
            relics = self.relics[p]
            held = sum(map(len, relics))
            if held >= offers.fewest_relics:
                first, museum = offers.first_tier, offers.museum_relics
                for key in self.exhibits:    # Expositions: the first tier is met
                    r, need = first[key]
                    if len(relics[r]) >= need:
                        keys.add(key)
                for key in self.museums:     # Musées: the relics to give are held
                    if held >= museum[key]:
                        keys.add(key)
        # (no None among the keys: the storage spaces are full between turns)
        out: list[Action] = [TAKES[k] for k in sorted(keys)]  # type: ignore[index,type-var]
        hand = self.hand[p]
        general = False
        if hand:
            scientist = False
            for key in hand:                 # the hand is sorted: so are its plays
                play = PLAYS.get(key)
                if play is not None:
                    out.append(play)
                elif key == "scientist":
                    scientist = True
            if scientist:
                out.extend(SCIENTISTS)
            general = "general dig permit" in hand
        permits, expertise, need = self.permits[p], self.expertise[p], offers.dig_expertise
        general = general or permits[GENERAL] > 0
        for r in BY_REGION:
            if expertise[r] >= need and (general or permits[r]):
                out.append(DIGS[r])
        return out

    def _is_legal(self, action: Action) -> bool:
        return refusals.refusal(self, action) is None  # type: ignore[arg-type]  # the codec read a Thebes action

    def _illegal_reason(self, action: Action) -> str:
        return refusals.refusal(self, action) or f"'{action}' is not allowed now"  # type: ignore[arg-type]

    def _apply(self, action: Action) -> None:
        _STEPS[type(action)](self, self.current_player, action)     # a legal action: a seat is to play

    def scores(self) -> list[int]:
        """Points now (the final count once over): see ``score_breakdown``."""
        return [r["total"] for r in self.score_breakdown()]

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's points line by line: relics, exhibitions, professors, museums, congresses, time."""
        return scoring.breakdown(self.relics, self.tableau, self.professors, self.congress, self.week)

    def _tiebreak(self, seat: int) -> tuple[int, int]:
        # "c'est le joueur dont le pion de temps est le dernier ... qui l'emporte"; same week: the top marker.
        return (-self.week[seat], self.height[seat])

    def clone(self) -> ThebesState:
        c = self._copy()
        c._legal_cache = self._legal_cache
        return c

    def _copy(self) -> ThebesState:
        """An independent copy with no legal list worked out yet."""
        c = object.__new__(ThebesState)
        c.players, c.variant, c.seed = self.players, self.variant, self.seed
        c.rng = Rng(state=self.rng.state)
        c.chance_count, c._legal_cache = self.chance_count, None
        c.current_player, c.is_terminal = self.current_player, self.is_terminal
        c.week, c.height, c.stamp = self.week[:], self.height[:], self.stamp
        c.deck, c.storage = self.deck[:], self.storage[:]
        c.exhibits, c.museums = self.exhibits[:], self.museums[:]
        c.piles = [x[:] for x in self.piles]
        c.known = [[x[:] for x in k] for k in self.known]
        c.tableau = [x[:] for x in self.tableau]
        c.relics = [[x[:] for x in k] for k in self.relics]
        c.hand = [x[:] for x in self.hand]
        c.permits = [x[:] for x in self.permits]
        c.professors, c.removed = self.professors[:], self.removed[:]
        c.phase, c.pending, c.events = self.phase, self.pending, self.events[:]
        c.expertise = [x[:] for x in self.expertise]
        c.general, c.congress = self.general[:], self.congress[:]
        c._pub, c._offers = self._pub, self._offers
        return c

    def changed(self) -> None:
        """After editing fields by hand: also recount expertise, general knowledge and congresses from the
        face-up cards, reread the log's public record (``hidden.public_knowledge``) and ``components``."""
        super().changed()
        self._pub, self._offers = None, offers()
        counts = [scoring.tableau_counts(t) for t in self.tableau]
        self.expertise = [c[0] for c in counts]
        self.general = [c[1] for c in counts]
        self.congress = [c[2] for c in counts]

    # -- hidden information (``hidden.py``) -----------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: all but the deck's order, the piles' hidden cards and the others' hands."""
        return hidden.observation(self, self.check_seat(player))

    def determinize(self, player: int, rng: Rng | int) -> ThebesState:
        """A clone where everything ``player`` cannot know is resampled; it depends only on
        ``observation(player)`` and ``rng`` (``hidden.resample``): the piles' unknown parts and the
        deck, and what the other seats may know of the piles.  Hands are kept.
        """
        self.check_seat(player)
        rng = self._as_rng(rng)
        c = self._copy()
        hidden.resample(c, player, rng, hidden.public_knowledge(self))
        c._fresh_chance(rng)                       # the true seed would give the deck away
        return c

    # -- rule steps, one per kind of action (``_STEPS``) ---------------------------------------------------
    def _take(self, p: int, action: Take) -> None:
        """Prendre une carte: pay its weeks; an action card goes to the hidden hand, the others face up; a
        presentation card is taken from its display; an emptied storage space is refilled."""
        key = action.card
        family = FAMILY[key]
        if family == "exhibition":
            self._stage(p, key)
            return
        if family == "museum":
            self.museums.remove(key)
            bisect.insort(self.tableau[p], key)
            self.events.append(("take", p, key, CARD_BY_KEY[key].weeks))
            self.phase, self.pending = MUSEUM, ("museum", key, MUSEUM_BY_KEY[key].relics)
            self._give_forced(p)
            return
        card = CARD_BY_KEY[key]
        space = self.storage.index(key)
        self.storage[space] = None
        self.events.append(("take", p, key, card.weeks))
        if family == "action":
            bisect.insort(self.hand[p], key)
        else:
            bisect.insort(self.tableau[p], key)
            if family == "expertise":
                r = REGION_INDEX[card.region]  # type: ignore[index]  # an expertise card has its region
                self.expertise[p][r] += card.books
                self._check_professors(p, (r,))
            elif family == "general":
                self.general[p] += card.books
                self._check_professors(p, ())
            else:
                self.congress[p] += 1
        self._move(p, card.weeks)
        self._refill(space)
        if not self.is_terminal:
            self.current_player = self._next_player()

    def _stage(self, p: int, key: str) -> None:
        """Expositions: the weeks of the best tier met; « Le joueur garde ses reliques »."""
        weeks = exhibition_weeks(key, [len(x) for x in self.relics[p]])
        assert weeks is not None, "a legal exhibition meets its first tier"
        self.exhibits.remove(key)
        bisect.insort(self.tableau[p], key)
        self.events.append(("take", p, key, weeks))
        self._end_turn(p, weeks)

    def _dig(self, p: int, action: Dig) -> None:
        """First step: give up a permit ("Tout d'abord, le joueur se défasse de la carte Fouilles"), the region's
        own if any, else a large general one, else a general dig permit card (the least flexible first)."""
        r = REGION_INDEX[action.region]
        permits = self.permits[p]
        if permits[r]:
            permits[r] -= 1
            used = "region"
        elif permits[GENERAL]:
            permits[GENERAL] -= 1
            used = "general"
        else:
            self._play(p, "general dig permit")
            used = "card"
        self.events.append(("dig", p, action.region, used))
        self.phase, self.pending = WEEKS, ("weeks", r)

    def _dig_weeks(self, p: int, action: DigWeeks) -> None:
        """Second step: total the knowledge, announce the weeks and move the marker.

        The assistant is played here, and like every action card but the general dig permit it
        costs its weeks: « En jouant une carte d'Action, le joueur dépense le temps (nombre de
        semaines) correspondant. »  The marker moves the dig's weeks plus the assistant's.
        """
        assert self.pending is not None
        r, weeks = self.pending[1], action.weeks
        if action.assistant:
            self._play(p, "assistant")
        knowledge = scoring.dig_knowledge(self.expertise[p][r], self.general[p], action.assistant)
        cards = min(scoring.dig_cards(knowledge, weeks), len(self.piles[r]))
        self.events.append(("weeks", p, REGIONS[r], weeks, knowledge, cards, action.assistant))
        self._move(p, weeks + (CARD_BY_KEY["assistant"].play_weeks if action.assistant else 0))
        if cards:
            self.phase, self.pending = DRAW, ("draw", "dig", r, cards, 0)
        else:
            self.events.append(("empty", p, REGIONS[r]))
            self._end_turn(p, 0)

    def _draw(self, p: int, action: Draw) -> None:
        """Shuffle the pile, draw, keep the relics face up, shuffle the rubble back (a dig's or a thief's)."""
        assert self.pending is not None
        _, _, r, cards, weeks = self.pending
        pile = self.piles[r]
        rng = self.rng
        n = len(pile)
        for i in range(cards):               # the first ``cards`` of a shuffle (Fisher-Yates, cut short)
            j = i + rng.below(n - i)
            pile[i], pile[j] = pile[j], pile[i]
        drawn = pile[:cards]
        relics = [v for v in drawn if v]
        rubble = cards - len(relics)
        rest = pile[cards:]
        if rubble:
            rest.extend([0] * rubble)
        rest.sort()
        self.piles[r] = rest
        for v in relics:
            bisect.insort(self.relics[p][r], v)
        self.chance_count += 1
        self.events.append(("draw", p, REGIONS[r], tuple(drawn)))
        hidden.forget(self, r, relics, rubble)
        self._end_turn(p, weeks)

    def _thief(self, p: int, action: PlayThief) -> None:
        """Voleur: « le joueur y tire une carte au hasard » (the draw is a step of its own); its weeks
        are paid after it."""
        self._play(p, action.card)
        r = REGION_INDEX[action.region]
        weeks = CARD_BY_KEY[action.card].play_weeks
        self.events.append(("thief", p, action.region))
        if self.piles[r]:
            cards = min(components.THIEF_CARDS, len(self.piles[r]))
            self.phase, self.pending = DRAW, ("draw", "thief", r, cards, weeks)
        else:
            self.events.append(("empty", p, action.region))
            self._end_turn(p, weeks)

    def _robbers(self, p: int, action: PlayRobbers) -> None:
        """Pilleurs de tombes: look through the pile and take a relic, « Si le paquet en question ne contient
        que des cartes sans valeur, le joueur ne prend pas de carte »."""
        r = self._look(p, action)
        if any(self.piles[r]):
            self.phase, self.pending = ROBBERS, ("robbers", r)
        else:
            self.events.append(("rubble only", p, action.region))
            self._end_turn(p, CARD_BY_KEY[action.card].play_weeks)

    def _pick(self, p: int, action: PickRelic) -> None:
        """The tomb robbers' relic leaves the pile; their weeks are paid."""
        r = REGION_INDEX[action.region]
        self.piles[r].remove(action.value)
        bisect.insort(self.relics[p][r], action.value)
        hidden.forget(self, r, (action.value,), 0, picker=p)
        self.events.append(("pick", p, action.region, action.value))
        self._end_turn(p, CARD_BY_KEY[PlayRobbers(action.region).card].play_weeks)

    def _scientist(self, p: int, action: PlayScientist) -> None:
        """Scientifique: « Le joueur peut regarder toutes les cartes d'un paquet de Fouilles »."""
        self._look(p, action)
        self._end_turn(p, CARD_BY_KEY[action.card].play_weeks)

    def _look(self, p: int, action: PlayRobbers | PlayScientist) -> int:
        """The card is played, and ``p`` sees the whole pile (a chance event: it learns its cards)."""
        self._play(p, action.card)
        r = REGION_INDEX[action.region]
        self.known[p][r] = self.piles[r][:]
        self.chance_count += 1
        self.events.append((action.kind, p, action.region))
        return r

    def _give(self, p: int, action: GiveRelic) -> None:
        """Musées: one relic given for good."""
        assert self.pending is not None
        r = REGION_INDEX[action.region]
        self.relics[p][r].remove(action.value)
        self.removed.append(RELIC_KEYS[action.region, action.value])
        self.events.append(("give", p, action.region, action.value))
        _, key, left = self.pending
        self.pending = ("museum", key, left - 1)
        self._give_forced(p)

    def _give_forced(self, p: int) -> None:
        """Give the museum's relics with no choice left; pay its weeks once all are given."""
        assert self.pending is not None
        _, key, left = self.pending
        held = sum(len(x) for x in self.relics[p])
        if left and left == held:
            for r in range(len(REGIONS)):
                for v in self.relics[p][r]:
                    self.removed.append(RELIC_KEYS[REGIONS[r], v])
                    self.events.append(("give", p, REGIONS[r], v))
                self.relics[p][r] = []
            left = 0
        if left == 0:
            self._end_turn(p, MUSEUM_BY_KEY[key].weeks)
        else:
            self.pending = ("museum", key, left)

    # -- the parts of those steps ---------------------------------------------------------------------------
    def _deal(self, space: int) -> list[str]:
        """Reveal cards off the deck until the storage space ``space`` is filled and the deck's top card is
        green (set-up: « arrêtez quand les quatre cases de stockage [...] contiennent chacune une carte et que
        le dos de la première carte de la pioche est vert »; refills: the same): a relic goes face down onto its
        pile, a presentation card onto its display, any other card into ``space``.  Returns what the table saw."""
        deck, storage = self.deck, self.storage
        revealed = []
        while deck and not (storage[space] is not None and _GREEN[deck[-1]]):
            key = deck.pop()
            family = FAMILY[key]
            if family == "relic":
                r, v = RELIC_OF[key]
                bisect.insort(self.piles[r], v)
                revealed.append(REGIONS[r])
                continue
            if family == "exhibition":
                bisect.insort(self.exhibits, key)
            elif family == "museum":
                bisect.insort(self.museums, key)
            else:
                storage[space] = key
            revealed.append(key)
        return revealed

    def _refill(self, space: int) -> None:
        """Refill an emptied storage space as at set-up; an empty deck ends the game at once."""
        self.events.append(("deck", tuple(self._deal(space))))
        self.chance_count += 1
        if not self.deck:
            self.phase, self.pending, self.current_player, self.is_terminal = OVER, None, None, True
            self.events.append(("end", tuple(self.scores())))

    def _play(self, p: int, key: str) -> None:
        """An action card leaves the hand and the game ("La carte est alors retirée du jeu")."""
        self.hand[p].remove(key)
        self.removed.append(key)

    def _move(self, p: int, weeks: int) -> None:
        """Advance a time marker; it lands on top of any marker already there."""
        self.week[p] += weeks
        self.stamp += 1
        self.height[p] = self.stamp

    def _end_turn(self, p: int, weeks: int) -> None:
        if weeks:
            self._move(p, weeks)
        self.phase, self.pending = TURN, None
        self.current_player = self._next_player()

    def _next_player(self) -> int:
        """The marker furthest behind; on a shared week, the one on top ("Ordre des joueurs")."""
        week, height = self.week, self.height
        best = 0
        for s in range(1, self.players):
            if week[s] < week[best] or (week[s] == week[best] and height[s] > height[best]):
                best = s
        return best

    def _check_professors(self, p: int, regions: Iterable[int] = range(len(REGIONS))) -> None:
        """Professeurs: a region's professor goes to the first seat with ``components.PROFESSOR_EXPERTISE``
        expertise there, the world expert to the first with ``WORLD_EXPERT_KNOWLEDGE`` knowledge, and each
        moves on to a seat that gets strictly more (« Dès qu'un autre joueur accumule plus d'Expertise »)."""
        exp = self.expertise
        for r in regions:
            mine = exp[p][r]
            if mine >= components.PROFESSOR_EXPERTISE:
                holder = self.professors[r]
                if holder != p and (holder is None or mine > exp[holder][r]):
                    self.professors[r] = p
                    self.events.append(("professor", p, PROFESSORS[r]))
        total = sum(exp[p]) + self.general[p]
        if total >= components.WORLD_EXPERT_KNOWLEDGE:
            holder = self.professors[-1]
            if holder != p and (holder is None or total > sum(exp[holder]) + self.general[holder]):
                self.professors[-1] = p
                self.events.append(("professor", p, PROFESSORS[-1]))

    # -- helpers for views, bots and the tutorial --------------------------------------------------------
    def dig_knowledge(self, seat: int, region: int | str, assistant: bool = False) -> int:
        """The knowledge ``seat`` may use digging ``region`` now (``scoring.dig_knowledge``)."""
        r = REGION_INDEX[region] if isinstance(region, str) else region
        return scoring.dig_knowledge(self.expertise[seat][r], self.general[seat], assistant)

    def deck_relics(self) -> list[int]:
        """Relic cards of each region still in the deck (public: their backs showed as the deck was dealt)."""
        return hidden.deck_relics(self.deck)

    def unseen(self, seat: int, region: int | str) -> list[int]:
        """The values of ``region``'s cards ``seat`` has not located: the pile's unknown part and the deck's
        (public arithmetic, ``hidden.unseen``), sorted."""
        return hidden.unseen(self, seat, REGION_INDEX[region] if isinstance(region, str) else region)

    def dig_odds(self, seat: int, region: int | str, cards: int) -> scoring.DigOdds:
        """The exact odds of drawing ``cards`` cards from ``region``'s pile, as ``seat`` knows it."""
        r = REGION_INDEX[region] if isinstance(region, str) else region
        known = self.known[seat][r]
        return scoring.dig_odds(cards, known=known, unseen=self.unseen(seat, r),
                                unknown=len(self.piles[r]) - len(known))

    # -- saves ----------------------------------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        return saves.to_dict(self)

    @classmethod
    def _from_dict(cls, fields: Fields, players: int, variant: str) -> ThebesState:
        s = object.__new__(cls)
        s.players, s.variant, s._legal_cache, s._pub = players, variant, None, None
        saves.read_into(s, fields, players)
        s.changed()                      # the counts from the face-up cards: recomputed, never read
        return s

    def check(self) -> list[str]:
        """Conservation of the 168 cards and the permits, what seats know, and a consistent turn (``saves``)."""
        return saves.check_state(self)


#: The rule step that plays each kind of action: ``step(state, seat, action)``.
_STEPS: dict[type, Callable[..., None]] = {
    Take: ThebesState._take, Dig: ThebesState._dig, DigWeeks: ThebesState._dig_weeks, Draw: ThebesState._draw,
    PlayThief: ThebesState._thief, PlayRobbers: ThebesState._robbers, PlayScientist: ThebesState._scientist,
    PickRelic: ThebesState._pick, GiveRelic: ThebesState._give,
}


class ThebesGame(Game):
    """Thebes: The Tomb Raiders: time as a currency, expected value, hypergeometric draws."""

    key = "thebes"
    title = "Thebes: The Tomb Raiders"
    min_players, max_players = min(PERMITS), max(PERMITS)     # the set-up has a deal for 2, 3 and 4 players
    variants = ("standard",)
    rules_version = 2   # 2: the assistant costs its weeks; any dig length from 1 to 12
    summary = "time as a currency, expected value, hypergeometric draws"
    action_types = ACTION_TYPES
    # Random moves on the time track mislead the search (the seat behind moves more); greedy moves until this seat
    # moves again value a trip or a dig at what it really leads to.  tree_width: a dig's length is searched among its
    # best ones (not averaged over twelve); reward_scale: margins run to tens of points.  exploration: on that 20-point
    # logistic good and poor moves differ by a few hundredths of reward, so the default 0.7 spread the visits almost
    # evenly; 0.3 spends them on the better moves (35 of 40 duels against greedy, was 26).  With 3 and 4 seats the
    # default level searches 400 iterations (200 by default): more moves come between two of a seat's turns, and
    # against greedy bots it scored 13 and 11 of 24 with 400, 10 and 6 of 24 with 200 (seeds 0-23;
    # benchmarks/RESULTS.md for the whole count).  With 2 seats the default level plays no rollout: each new position
    # is valued by the evaluation (the tree, greedy's best 3 moves at every node, plays the replies), and the time
    # saved buys 2,000 iterations: 34 of 40 against greedy on fresh seeds, 4 times the iterations per second; the hard
    # level keeps the rollouts and searches 2,500 iterations, and beats that default in the 40-game duel
    # (benchmarks/RESULTS.md, "Thebes' default level without rollouts").
    search_hints = {"rollout": "greedy", "tree_width": 3, "reward_scale": 20.0, "exploration": 0.3,
                    "players": {2: {"rollout_depth": {"medium": 0}, "iterations": {"medium": 2000, "hard": 2500}},
                                3: {"iterations": {"medium": 400}}, 4: {"iterations": {"medium": 400}}}}
    state_class = ThebesState


GAME = ThebesGame()
