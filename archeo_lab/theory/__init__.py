"""Game-theory helpers for the exercises; they see games only through the engine contract.

* ``NormalForm``: two-player normal-form games, best responses, dominance, exact Nash equilibria
  (vertex enumeration, degenerate games included), Gambit ``.nfg`` export;
* ``simultaneous_subgame``: a normal form cut out of a real position;
* auctions (all-pay, first-price, English), a Colonel Blotto majority model, expected value and
  the classic distributions;
* ``backward_induction``: perfect-information game trees (``Decision``, ``Outcome``);
* ``sign_test`` / ``binomial_test`` / ``head_to_head``: is one bot really better than another;
* ``tournament``: class tournaments of bots.
"""

from .auctions import (
    all_pay_game, all_pay_matrix, best_responses, english_auction, expected_bid, first_price_matrix,
    has_pure_equilibrium, pure_equilibria, uniform_opponent_payoff,
)
from .expected_value import binomial, convolve, expectation, hypergeometric, transform, variance
from .majorities import allocations, blotto_game, blotto_payoff
from .normal_form import NormalForm, exact
from .stats import binomial_pmf, binomial_test, head_to_head, sign_test
from .subgames import simultaneous_subgame
from .tournaments import TournamentResult, terminal_progress, tournament, wilson_interval
from .trees import Decision, Outcome, Solution, backward_induction

__all__ = [
    "NormalForm", "exact", "simultaneous_subgame",
    "all_pay_matrix", "first_price_matrix", "english_auction", "best_responses", "pure_equilibria",
    "has_pure_equilibrium", "uniform_opponent_payoff", "all_pay_game", "expected_bid",
    "Decision", "Outcome", "Solution", "backward_induction",
    "binomial_pmf", "binomial_test", "sign_test", "head_to_head",
    "allocations", "blotto_game", "blotto_payoff",
    "expectation", "variance", "hypergeometric", "binomial", "convolve", "transform",
    "tournament", "TournamentResult", "wilson_interval", "terminal_progress",
]
