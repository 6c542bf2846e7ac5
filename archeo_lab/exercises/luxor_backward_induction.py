"""Exercise 3: Expedition Luxor, a contested pyramid solved by backward induction.

The position (``position()``): two players; the desert pyramid on D6 (3
points) holds one adventurer of seat 1, on top.  Only two empty cells can send
adventurers to it in a straight line: D3 (through the deserts D4 and D5) and A6
(through B6 and C6); the lake D7 and the mountain E6 block the other ways.
Both seats hold desert camps.  Seat 0 is to play.

Rules used (*Règles de déplacement*, *Fin de partie*): a camp's extras (at most
4 with a desert camp: 5 adventurers in all) move in a straight line, leaving
at least the entry need (1 on a desert) on every tile they enter; no tile may
end a move with more than four adventurers; newcomers go on top and only the
top adventurer scores; placed adventurers never move again; ties on points go
to the player with more adventurers left in reserve.

The model (``contest_tree``): the next three turns (seat 0, seat 1, seat 0);
on each, the mover either plays elsewhere or puts ``k`` adventurers on the
pyramid (from 1 to what one camp can bring and the room left): one camp a
turn, where the board lets a turn place two (1 to 3 tiles; both seats hold two
desert camps), which the teacher's discussion takes up; after these
turns the pyramid stays with whoever is on top.  Payoff: 3 points for the
holder, minus ``TIE_BREAK`` per adventurer spent on the pyramid (adventurers
kept only break ties, so they count for less than any point).
"""

from __future__ import annotations

from fractions import Fraction

from archeo_lab import course
from archeo_lab.games import luxor
from archeo_lab.theory import Decision, Outcome, backward_induction

from . import Choice, Exercise, Seat, Whole, Wholes

__all__ = ["position", "check", "reveal", "exercise", "contest_tree", "TILE", "CAMP_CELLS", "ORDER", "TIE_BREAK"]

TILE = "D6"
CAMP_CELLS = ("D3", "A6")
ORDER = (0, 1, 0)                     # the three turns of the model
TIE_BREAK = Fraction(1, 100)          # an adventurer kept is worth less than any point
SETUP = dict(players=2, kept="desert",
              tiles={"E6": "mountain", "D6": "desert pyramid", "D5": "desert", "D4": "desert", "C6": "desert",
                     "B6": "desert", "D7": "lake"},
              placed_by={"E6": 0, "D6": 1, "D5": 0, "D4": 0, "C6": 1, "B6": 1, "D7": 1},
              stacks={"D6": [1]}, hands=[["desert camp", "desert camp"], ["desert camp", "desert camp"]])


def position():
    """The exercise's position, a Luxor state (it draws itself; ``al.play("luxor", state=...)`` opens it)."""
    return luxor.position(**SETUP)


def _graph():
    return luxor.movement_graph(position())


def tile_points() -> int:
    return _graph().nodes[TILE]["points"]


def room() -> int:
    return _graph().nodes[TILE]["room"]


def top() -> int | None:
    return _graph().nodes[TILE]["top"]


def reach(seat: int = 0) -> int:
    """The most adventurers one desert camp of ``seat`` can put on the pyramid in one move (the engine's lines).

    A desert camp has at most 4 extras; the line to the pyramid leaves the entry needs of the tiles before it.
    """
    graph = _graph()
    need = next(data["need"] for _, _, data in graph.in_edges(TILE, data=True))
    best = 0
    for cell in CAMP_CELLS:
        probe = luxor.position(**{**SETUP, "current_player": seat})
        probe.apply(f"place desert camp at {cell}")
        cost = luxor.reachable(probe, cell, 4).get(TILE)
        if cost is not None:
            best = max(best, 4 - (cost - need))
    return best


def contest_tree(reach_by_seat: tuple[int, int] | None = None, order=ORDER, room_left: int | None = None,
                 on_top: int | None = -1, points: int | None = None) -> Decision:
    """The model's game tree (see the module docstring); every number defaults to the position's."""
    reach_by_seat = reach_by_seat or (reach(0), reach(1))
    room_left = room() if room_left is None else room_left
    on_top = top() if on_top == -1 else on_top
    points = tile_points() if points is None else points

    def node(turns, space, holder, spent):
        if not turns or space == 0:
            return Outcome(tuple((points if holder == s else 0) - TIE_BREAK * spent[s] for s in range(2)),
                           f"seat {holder} holds the pyramid" if holder is not None else "nobody holds it")
        mover, rest = turns[0], turns[1:]
        moves = {"elsewhere": node(rest, space, holder, spent)}
        for k in range(1, min(reach_by_seat[mover], space) + 1):
            more = list(spent)
            more[mover] += k
            moves[f"put {k}"] = node(rest, space - k, mover, tuple(more))
        return Decision(mover, moves)

    return node(tuple(order), room_left, on_top, (0, 0))


def _solution(**kw):
    return backward_induction(contest_tree(**kw))


def _holder_after(first_move: str) -> int | None:
    solution = _solution()
    history = [first_move]
    while tuple(history) in solution.best:
        history.append(solution.best[tuple(history)][0])
    node = contest_tree()
    for move in history:
        node = node.moves[move]
    return 0 if node.payoffs[0] > node.payoffs[1] else 1 if node.payoffs[1] > node.payoffs[0] else None


def _best_move() -> str:
    return _solution().path[0]


def _outcome() -> tuple[int, int]:
    solution = _solution()
    path, tree = solution.path, contest_tree()
    spent, node = 0, tree
    for move in path:
        if node.player == 0 and move.startswith("put "):
            spent += int(move.split()[1])
        node = node.moves[move]
    holder = 0 if node.payoffs[0] > node.payoffs[1] else 1
    return holder, spent


def _best_move_with_three() -> str:
    return _solution(reach_by_seat=(3, 3)).path[0]


_MOVES = ["elsewhere", "put 1", "put 2", "put 3"]

exercise = Exercise(course.step("exercises/03_luxor_backward_induction").title)   # the course map's title
exercise.question(
    "q1", "q1, room left on the pyramid", room, Whole("a whole number of adventurers"),
    ["How many adventurers may a tile hold at the end of a move?",
     "No tile may end a move with more than four adventurers ('plus de quatre aventuriers').",
     "Four minus the adventurers already on D6."])
exercise.question(
    "q2", "q2, the most seat 0 can put on the pyramid in one move", lambda: reach(0), Whole("a whole number"),
    ["From which empty cells can a camp's adventurers reach D6 in a straight line, and what do they leave on "
     "the way?",
     "A desert camp holds at most 5 adventurers, so 4 extras can move; every tile they enter keeps at least 1 "
     "(desert).",
     "Count the tiles between the camp and D6: each keeps one adventurer; the rest can end on D6."],
    mistakes=[(lambda: 4, "the extras leave at least one adventurer on every desert tile they pass before D6"),
              (lambda: 5, "the camp keeps at least one adventurer; at most 4 extras move, and they leave one on "
                          "every desert tile they pass")])
exercise.question(
    "q3", "q3, if you put 2 now, who holds the pyramid at the end?", lambda: _holder_after("put 2"),
    Seat(players=2, nobody=True),
    ["After your 2, how much room is left, and who moves next?",
     "Solve from the last turn backwards: what does seat 1 do with one place left and the right to be on top?",
     "A full tile cannot be entered any more: whoever fills it keeps it."])
exercise.question(
    "q4", "q4, if you put 1 now, who holds the pyramid at the end?", lambda: _holder_after("put 1"),
    Seat(players=2, nobody=True),
    ["After your 1, how much room is left, and can seat 1 fill it in its turn?",
     "Seat 1 can put up to 2 adventurers on the pyramid in one move.",
     "If seat 1 fills the tile, your last turn cannot change anything."])
exercise.question(
    "q5", "q5, your best move now (in the model)", _best_move, Choice(_MOVES[:3], what="one of"),
    ["When does the last mover decide a contested tile, and when does the player who can fill it first decide?",
     "Solve the tree backwards: your last turn, then seat 1's, then yours now. Compare the three first moves.",
     "Only a move that fills the pyramid is safe from the next mover; if you cannot fill it, who moves last?"],
    mistakes=[(lambda: "put 2", "after 2 adventurers one place is left, and seat 1 fills it: the next mover "
                                "decides, not you"),
              (lambda: "put 1", "after 1 adventurer two places are left, and seat 1 can fill both")])
exercise.question(
    "q6", "q6, the end of the equilibrium path", _outcome,
    Wholes(["who holds the pyramid", "adventurers seat 0 puts on it in all"], seats=(0,)),
    ["Follow the equilibrium: your move now, seat 1's answer, your last move.",
     "In the model seat 1 brings one camp a move and cannot fill three places; what does it gain by putting "
     "adventurers on the pyramid now?",
     "The last mover takes the pyramid with the fewest adventurers that put it on top."])
exercise.question(
    "q7", "q7, if both camps could bring 3", _best_move_with_three, Choice(_MOVES, what="one of"),
    ["If seat 1 could put 3 adventurers on the pyramid in its turn, what would it do after your 'elsewhere'?",
     "A tile with four adventurers cannot be entered any more: whoever fills it keeps it.",
     "Compare filling the pyramid now with waiting: who fills it first if you wait?"],
    mistakes=[(lambda: "elsewhere", "after your 'elsewhere', what can seat 1 do with 3 in its turn?")])


TEACHER = {
    "objectives": [
        "read a position's constraints: the four-adventurer limit, the straight lines a camp can use, the entry "
        "needs left on the way;",
        "write a small game tree and solve it by backward induction, by hand, then with "
        "`theory.backward_induction`;",
        "tell when the last mover decides a contested tile and when filling it first does.",
    ],
    "time": "about 40 minutes in class (Q1-Q2: 10 min, Q3-Q6 by hand: 15 min, the check and Q7: 5 min, "
            "discussion: 10 min).",
    "prerequisites": "the tutorial 03 · Luxor (camps, lines, 'only the last one placed counts'); the primer's "
                     "backward induction.",
    "model": "A two-player board built with `luxor.position(...)`: a desert pyramid on D6 with one adventurer of "
             "seat 1; only D3 and A6 can send adventurers to it. The model keeps the next three turns (seat 0, "
             "seat 1, seat 0), one camp a turn, gives each camp the reach the engine computes, and counts an "
             "adventurer spent as 1/100 point (adventurers only break ties).",
    "discussion": [
        "A tile is decided by whoever can **fill** it first, if anyone can; otherwise by whoever moves last. "
        "Blocking matters when the next mover could fill the room you leave.",
        "The model gives a turn one camp; on the board a turn places 1 to 3 tiles and each seat here holds two "
        "desert camps, so seat 0 could place camps on D3 and A6 in this very turn and fill D6 (2 + 1), and after "
        "'elsewhere' seat 1 could do the same. With two camps a turn the first mover fills the pyramid: the "
        "model's 'elsewhere' holds only for one camp a turn (Q7 shows the same effect with a longer reach). Each "
        "camp cell can also be used only once, which the model ignores too. Good material on what a model may "
        "simplify, and on checking a model against the board.",
        "Tiles are placed one to three per turn from hand and pile; near the end, the seat with more tiles left "
        "gets the last turns. Count both piles to know who moves last.",
        "Without the tie-break, 'put 1' and 'put 2' on the last turn give the same points: backward induction "
        "then has several equilibria (the tree lists every best move). The rule book's tie-break (adventurers "
        "left) is what makes the cheapest claim strictly best.",
    ],
}


#: ``check(key, answer)``: feedback on one answer (see ``archeo_lab.exercises``).
check = exercise.check
reveal = exercise.reveal
