"""Game-theory helpers for the exercises; they see games only through the engine contract."""

from .auctions import all_pay_matrix, best_responses, pure_equilibria, uniform_opponent_payoff
from .tournaments import TournamentResult, terminal_progress, tournament, wilson_interval

__all__ = [
    "all_pay_matrix", "best_responses", "pure_equilibria", "uniform_opponent_payoff",
    "tournament", "TournamentResult", "wilson_interval", "terminal_progress",
]
