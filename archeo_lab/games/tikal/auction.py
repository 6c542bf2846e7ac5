"""Tikal's advanced rules ("Règles avancées"): the game's rounds and auctions, and the textbook model.

``AuctionRounds`` (mixed into ``TikalState``) plays the rounds: as many hexes revealed as there
are players, each turn sold by an English auction among the players whose amulet is face up,
the last one playing for free.  The functions below are that auction as a textbook model, for
the game-theory exercises.

In the advanced rules each turn is sold by an **English auction**: open,
ascending, in turn around the table; a player who passes is out; the last
one in wins and pays their own last bid ("Règles avancées").  With private
values (what the turn is worth to each player, in prestige points), when
every player bids one more than the current bid while that stays within
their value and passes otherwise (``truthful``), the winner is the player
who values the turn most and the price is the **second-highest** value or
one more: the outcome of a sealed second-price (Vickrey) auction.

That rule is not a dominant strategy here: bids are whole numbers made in
turn, so a jump bid can win cheaper (values 7, 3, 5: one more at a time wins
at 6, a first bid of 5 wins at 5), and when nobody bids the first to pass
plays for free, so passing can beat bidding (values 1, 0, 0).

>>> winner, price, said = english_auction([7, 3, 5])
>>> winner, price
(0, 6)
>>> said
['seat 0 bids 1', 'seat 1 bids 2', 'seat 2 bids 3', 'seat 0 bids 4', 'seat 1 passes', 'seat 2 bids 5',
 'seat 0 bids 6', 'seat 2 passes']
>>> english_auction([0, 0])[:2]
(0, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .actions import Bid, ChooseTile, Pass
from .components import TILE_BY_ID
from .encoding import BID, CHOOSE, PLACE, Position

__all__ = ["english_auction", "truthful", "second_price", "AuctionRounds"]

#: A strategy: (my value, the bid to beat, my budget) -> my bid, or None to pass.
Strategy = Callable[[float, int, int], "int | None"]


def truthful(value: float, high: int, budget: int) -> int | None:
    """Bid one more than the current bid while it stays within your value (and budget); else pass.

    >>> truthful(5, 3, 20), truthful(5, 5, 20), truthful(9, 3, 2)
    (4, None, None)
    """
    bid = high + 1
    return bid if bid <= value and bid <= budget else None


def english_auction(values: Sequence[float], *, first: int = 0, budgets: Sequence[int] | None = None,
                    strategies: Sequence[Strategy] | None = None) -> tuple[int, int, list[str]]:
    """Run Tikal's auction: seats bid in turn from ``first``; (winner, price paid, what was said).

    Each seat follows its strategy (default ``truthful``) with its own value and
    budget (its prestige points; default: unlimited).  A seat that passes is out.
    The last seat in after a bid wins and pays its bid; if nobody ever bids, the
    first to pass plays for free (price 0).
    """
    n = len(values)
    budgets = list(budgets) if budgets is not None else [10 ** 9] * n
    strategies = list(strategies) if strategies is not None else [truthful] * n
    order = [(first + k) % n for k in range(n)]
    passed: list[int] = []
    high, high_bidder = 0, None
    said: list[str] = []
    pos = 0                                   # index in ``order`` of the seat to speak
    while True:
        live = [s for s in order if s not in passed]
        if high_bidder is not None and live == [high_bidder]:
            return high_bidder, high, said
        if not live:
            return passed[0], 0, said
        seat = order[pos]
        bid = strategies[seat](values[seat], high, budgets[seat])
        if bid is not None and high < bid <= budgets[seat]:
            high, high_bidder = bid, seat
            said.append(f"seat {seat} bids {bid}")
        else:
            passed.append(seat)
            said.append(f"seat {seat} passes")
        for step in range(1, n + 1):          # the next seat still in, clockwise
            if order[(pos + step) % n] not in passed:
                pos = (pos + step) % n
                break


def second_price(values: Sequence[float]) -> tuple[int, float]:
    """The sealed second-price (Vickrey) outcome: the highest value wins and pays the second-highest.

    >>> second_price([7, 3, 5])
    (0, 5)
    """
    order = sorted(range(len(values)), key=lambda s: (-values[s], s))
    return order[0], values[order[1]] if len(values) > 1 else 0


class AuctionRounds(Position):
    """The advanced rules' rounds and English auctions, as steps of ``TikalState`` ("Règles avancées")."""

    def _start_round(self, first: int) -> None:
        """Advanced rules A: reveal as many hexes as players; the auction starts with ``first``."""
        n = self.players
        if not self.stack:
            last = self.last_player if self.last_player is not None else n - 1
            order = sorted(self.seats, key=lambda s: (self.points[s], (s - last - 1) % n))
            self._start_final(order)
            return
        self.offer = [self.stack.pop() for _ in range(min(n, len(self.stack)))]
        self.chance_count += 1
        self.amulet = [False] * n
        self._log(("reveal", tuple(self.offer)))
        self._start_auction([(first + k) % n for k in range(n)])

    def _start_auction(self, bidders: list[int]) -> None:
        self.bidders, self.passed = bidders, []
        self.high_bid, self.high_bidder, self.first_pass = 0, None, None
        self.bid_turn = bidders[0]
        self.phase, self.current_player = BID, bidders[0]

    def _after_advanced_turn(self, p: int) -> None:
        n = self.players
        waiting = [(p + k) % n for k in range(1, n + 1) if not self.amulet[(p + k) % n]]
        if not self.offer or not waiting:
            self._start_round((p + 1) % n)
        elif len(waiting) == 1:
            self._log(("free", waiting[0]))
            self.phase, self.current_player = CHOOSE, waiting[0]
        else:
            self._start_auction(waiting)

    def _bid(self, action: Bid) -> None:
        p = self._seat()
        self.high_bid, self.high_bidder = action.amount, p
        self._log(("bid", p, action.amount))
        self._next_bidder()

    def _pass(self, action: Pass) -> None:
        p = self._seat()
        self.passed.append(p)
        if self.first_pass is None:
            self.first_pass = p
        self._log(("pass", p))
        self._next_bidder()

    def _next_bidder(self) -> None:
        """The auction goes on with the next seat still in; it ends when one bidder is left (who pays) or
        when all have passed without a bid (the first to pass plays for free)."""
        active = [s for s in self.bidders if s not in self.passed]
        if self.high_bidder is not None and active == [self.high_bidder]:
            winner, price = self.high_bidder, self.high_bid
            self.points[winner] -= price
            self._log(("won", winner, price))
        elif not active:
            assert self.first_pass is not None
            winner = self.first_pass
            self._log(("won", winner, 0))
        else:
            k = self.bidders.index(self._seat())
            m = len(self.bidders)
            nxt = next(self.bidders[(k + j) % m] for j in range(1, m + 1) if self.bidders[(k + j) % m] in active)
            self.bid_turn = self.current_player = nxt
            return
        self.bidders, self.passed, self.bid_turn = [], [], None
        self.high_bid, self.high_bidder, self.first_pass = 0, None, None
        self.phase, self.current_player = CHOOSE, winner

    def _choose(self, action: ChooseTile) -> None:
        p, tile = self._seat(), action.tile
        self.offer.remove(tile)
        self.in_hand = tile
        self._log(("choose", p, tile))
        if TILE_BY_ID[tile].kind == "volcano":
            self._start_scoring_round(p)
        else:
            self.phase = PLACE
