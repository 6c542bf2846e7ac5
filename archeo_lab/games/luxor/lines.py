"""Expedition Luxor's movement lines as a graph (networkx).

Adventurers leave a new camp in one straight line, tile to tile, and every tile
they enter keeps its entry cost: 1 adventurer on desert, 2 on an oasis, 3 on a
mountain; lakes and tiles under snakes are closed, and no tile may end with
more than four adventurers (*Règles de déplacement*).  So the board is a
directed graph:

* ``movement_graph(state)``: one node per placed tile, one edge per straight
  step ``u -> v`` between orthogonal neighbours that may be entered, with the
  number needed to enter (``need``) and the step's ``direction``;
* ``reachable(state, tile, adventurers)``: with that many extras on a camp at
  ``tile``, which tiles can be claimed and what each costs (the sum of the
  needs along its line: passing a tile leaves its need there, on top);
* ``lines_from(state, tile)``: the four lines from a tile, with the running
  cost, up to where they are blocked;
* ``draw_lines(state, tile, adventurers)``: a matplotlib picture of the grid
  with the lines from ``tile`` coloured by what they can still reach, and a
  legend of every colour and label.

>>> from archeo_lab.games.luxor.positions import position
>>> s = position(players=2, layout=["desert", "desert temple", "desert temple", "desert"],
...              tiles={"E6": "oasis temple", "D6": "oasis pyramid", "H6": "lake"})
>>> g = movement_graph(s)
>>> g.edges["F6", "E6"]["need"], g.has_edge("G6", "H6")
(2, False)
>>> reachable(s, "F6", 4)
{'F7': 1, 'G6': 1, 'E6': 2, 'D6': 4}
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from .components import KINDS
from .grid import DIRECTION_NAMES, DIRECTIONS

__all__ = ["movement_graph", "reachable", "lines_from", "draw_lines", "TERRAIN_COLOURS", "LINE_COLOURS"]

#: Colours of the terrains in the drawings (and the board widget).
TERRAIN_COLOURS = {"desert": "#f3dca2", "oasis": "#8fc46a", "mountain": "#a1887f", "lake": "#6fa8dc"}
_LETTERS = {"camp": "C", "temple": "T", "pyramid": "P"}


def _name(state, tile) -> str:
    name = tile.upper() if isinstance(tile, str) else state.geo.names[tile]
    cell = state.geo.cell(name)
    if state.kind[cell] < 0:
        raise nx.NodeNotFound(f"there is no tile on {name}")
    return name


def movement_graph(state) -> nx.DiGraph:
    """The placed tiles and the straight steps adventurers may take between them.

    Parameters
    ----------
    state : LuxorState

    Returns
    -------
    networkx.DiGraph
        Nodes are cell names with ``kind``, ``terrain``, ``building``,
        ``points``, ``adventurers`` (how many), ``top`` (the seat on top or
        ``None``), ``room`` (how many more it may hold), ``open`` (can it be
        entered at all) and ``pos`` (x, -y for drawing).  An edge ``u -> v``
        joins orthogonal neighbours when ``v`` can be entered; it carries
        ``need`` (adventurers that must stay on ``v``) and ``direction``.

    Examples
    --------
    >>> from archeo_lab.games.luxor.positions import position
    >>> s = position(players=2, layout=["mountain", "desert temple", "desert", "mountain"],
    ...              kept=["desert temple", "desert"])
    >>> g = movement_graph(s)
    >>> sorted(g.nodes), g.nodes["F6"]["terrain"], g.edges["G6", "F6"]["need"]
    (['F6', 'F7', 'G6', 'G7'], 'mountain', 3)
    >>> g.edges["G6", "F6"]["direction"]
    'west'
    """
    g = nx.DiGraph()
    names, geo, numbers = state.geo.names, state.geo, state.numbers
    for c in state.cells:
        info = KINDS[state.kind[c]]
        stack = state.stack[c]
        closed = numbers.cost[state.kind[c]] is None or state.tokens.get(c, ("",))[0] == "snakes"
        g.add_node(names[c], kind=info.name, terrain=info.terrain, building=info.building, points=info.points,
                   adventurers=len(stack), top=stack[-1] if stack else None, room=numbers.tile_max - len(stack),
                   open=not closed, pos=(geo.xs[c], -geo.ys[c]))
    for c in state.cells:
        if not g.nodes[names[c]]["open"]:
            continue
        for d in range(4):
            nb = geo.step[d][c]
            if nb >= 0 and state.kind[nb] >= 0 and g.nodes[names[nb]]["open"]:
                g.add_edge(names[c], names[nb], need=numbers.cost[state.kind[nb]], direction=DIRECTION_NAMES[d])
    return g


def _step(g: nx.DiGraph, cell: str, direction: str) -> str | None:
    for v, data in g.adj[cell].items():
        if data["direction"] == direction:
            return v
    return None


def lines_from(state, tile, *, graph: nx.DiGraph | None = None) -> dict[str, list[tuple[str, int]]]:
    """The four straight lines from ``tile``: ``[(cell, cost to claim it), ...]`` until blocked.

    A line stops at the grid's edge, an empty space, a lake, snakes, or a
    tile with no room left for its need.

    >>> from archeo_lab.games.luxor.positions import position
    >>> s = position(players=2, layout=["desert", "desert temple", "desert temple", "desert"],
    ...              tiles={"E6": "oasis temple", "D6": "oasis pyramid"}, stacks={"D6": [1, 1, 1]})
    >>> lines_from(s, "F6")["west"]
    [('E6', 2)]
    """
    g = graph if graph is not None else movement_graph(state)
    start = _name(state, tile)
    out = {}
    for direction in DIRECTION_NAMES:
        line, cost, cell = [], 0, start
        while True:
            nxt = _step(g, cell, direction)
            if nxt is None:
                break
            need = g.edges[cell, nxt]["need"]
            if g.nodes[nxt]["room"] < need:
                break
            cost += need
            line.append((nxt, cost))
            cell = nxt
        out[direction] = line
    return out


def reachable(state, tile, adventurers: int, *, graph: nx.DiGraph | None = None) -> dict[str, int]:
    """Tiles that ``adventurers`` extras on a camp at ``tile`` can claim, with what each costs.

    To claim a tile a group must reach it along a straight line and leave
    its need on every tile on the way, itself included: the cost of a tile
    is the sum of the needs along its line.  The extras leave the camp in one
    line (the rules' default), so two tiles of different lines cannot both be
    claimed from one camp; with the ``+split`` variants they can, by two
    groups, for the sum of their costs.

    Parameters
    ----------
    state : LuxorState
    tile : str
        The camp's cell (``"F5"``).
    adventurers : int
        The extras free to move.

    Returns
    -------
    dict
        Cell name -> adventurers needed, cheapest first.

    Raises
    ------
    networkx.NodeNotFound
        If there is no tile on ``tile``.

    Examples
    --------
    >>> from archeo_lab.games.luxor.positions import position
    >>> s = position(players=2, layout=["desert", "desert temple", "desert temple", "desert"],
    ...              tiles={"E6": "oasis temple", "D6": "oasis pyramid"})
    >>> reachable(s, "F6", 2)
    {'F7': 1, 'G6': 1, 'E6': 2}
    """
    out = {}
    for line in lines_from(state, tile, graph=graph).values():
        for cell, cost in line:
            if cost <= adventurers:
                out[cell] = cost
    return dict(sorted(out.items(), key=lambda kv: (kv[1], kv[0])))


#: Colours of the movement lines (none of them a terrain's colour): a step to a tile the extras
#: can claim, a step that needs more adventurers, a blocked line, the camp the lines start from.
LINE_COLOURS = {"claim": "#5e2ca5", "more": "#e65100", "blocked": "#c62828", "camp": "#3e2723"}


def draw_lines(state, tile, adventurers: int, *, ax=None, title: str | None = None, legend: bool = True):
    """Draw the grid and the movement lines from ``tile``, coloured by what they can still reach.

    Purple arrows reach a tile ``adventurers`` extras can claim (its cost, the
    adventurers the line leaves up to there, is written on it in purple),
    dashed orange arrows need more adventurers than that, a red cross marks a
    tile that stops a line (a lake, snakes, a tile with no room left); the
    other possible steps of the board are drawn faintly.  Terrains keep their
    board colours (``TERRAIN_COLOURS``); no line uses a terrain's colour.  With
    ``legend`` (the default) every colour, letter and label is explained under
    the grid.  Returns the matplotlib ``Axes``.
    """
    from archeo_lab.browser import require_plots

    plt = require_plots()   # matplotlib, or a clear message where it cannot load
    from matplotlib import patheffects
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    from .components import BUILDING_POINTS, ENTRY_COST

    g = movement_graph(state)
    start = _name(state, tile)
    if ax is None:
        _, ax = plt.subplots(figsize=(7.5, 8.5) if legend else (7.5, 7.5))
    pos = nx.get_node_attributes(g, "pos")
    for cell, data in g.nodes(data=True):
        x, y = data["pos"]
        ax.add_patch(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, facecolor=TERRAIN_COLOURS[data["terrain"]],
                               edgecolor="#7a6a55", lw=0.8, zorder=0))
        label = _LETTERS.get(data["building"], "")
        if not data["open"]:
            label = "lake" if data["terrain"] == "lake" else "snakes"
        ax.text(x - 0.42, y + 0.33, f"{cell} {label}", fontsize=8, va="center", zorder=3)
        if data["adventurers"]:
            ax.text(x - 0.42, y - 0.36, f"{data['adventurers']} adv.", fontsize=7, zorder=3, color="#3b2f22")
            ax.text(x + 0.42, y - 0.36, f"top {data['top']}", fontsize=7, ha="right", zorder=3, color="#3b2f22")
    nx.draw_networkx_edges(g, pos, ax=ax, edge_color="#c9b58f", width=0.6, arrows=False)
    lines = lines_from(state, start, graph=g)
    near: list[tuple[str, str]] = []
    far: list[tuple[str, str]] = []
    stops: list[tuple[float, float]] = []
    for direction, line in lines.items():
        prev = start
        for cell, cost in line:
            (near if cost <= adventurers else far).append((prev, cell))
            prev = cell
        dx, dy = DIRECTIONS[DIRECTION_NAMES.index(direction)]
        x, y = pos[prev]
        stop = (x + dx, y - dy)
        name_next = _step(g, prev, direction)
        blocked_tile = name_next is not None or any(pos[v] == stop for v in g.nodes)
        if blocked_tile:
            stops.append(stop)
    nx.draw_networkx_edges(g, pos, edgelist=far, ax=ax, edge_color=LINE_COLOURS["more"], width=2.8, arrowsize=18,
                           style="dashed", node_size=700)
    nx.draw_networkx_edges(g, pos, edgelist=near, ax=ax, edge_color=LINE_COLOURS["claim"], width=3.6,
                           arrowsize=20, node_size=700)
    for x, y in stops:
        ax.plot([x - 0.15, x + 0.15], [y - 0.15, y + 0.15], color=LINE_COLOURS["blocked"], lw=2.5, zorder=4)
        ax.plot([x - 0.15, x + 0.15], [y + 0.15, y - 0.15], color=LINE_COLOURS["blocked"], lw=2.5, zorder=4)
    halo = [patheffects.withStroke(linewidth=3, foreground="white")]
    for cell, cost in reachable(state, start, adventurers, graph=g).items():
        x, y = pos[cell]
        ax.text(x + 0.2, y + 0.12, str(cost), fontsize=12, fontweight="bold", ha="center", va="center",
                color=LINE_COLOURS["claim"], zorder=5, path_effects=halo)
    x, y = pos[start]
    ax.add_patch(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fill=False, edgecolor=LINE_COLOURS["camp"], lw=3,
                           zorder=4))
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 1, max(xs) + 1)
    ax.set_ylim(min(ys) - 1, max(ys) + 1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title or f"Lines from the camp on {start} with {adventurers} extra adventurers", fontsize=10)
    if legend:
        def enter(terrain):
            cost = ENTRY_COST[terrain]
            return "cannot be entered" if cost is None else f"enter with {cost}"

        handles: list[Any] = [Patch(facecolor=TERRAIN_COLOURS[t], edgecolor="#7a6a55", label=f"{t} ({enter(t)})")
                   for t in TERRAIN_COLOURS]
        handles += [Line2D([], [], ls="", marker=f"${letter}$", markersize=8, color="black",
                           label=f"{building} ({BUILDING_POINTS[building]} "
                                 f"point{'s' * (BUILDING_POINTS[building] > 1)})")
                    for building, letter in _LETTERS.items()]
        handles += [
            Patch(fill=False, edgecolor=LINE_COLOURS["camp"], lw=2.5, label=f"the camp on {start}"),
            Line2D([], [], color=LINE_COLOURS["claim"], lw=3, marker=">", markersize=7,
                   label="step to a tile the extras can claim; purple number: adventurers it takes"),
            Line2D([], [], color=LINE_COLOURS["more"], lw=2.5, ls="--", marker=">", markersize=7,
                   label="step that needs more adventurers"),
            Line2D([], [], color=LINE_COLOURS["blocked"], ls="", marker="x", markersize=9, markeredgewidth=2.5,
                   label="a line stops here (lake, snakes or a full tile)"),
            Line2D([], [], color="#c9b58f", lw=1, label="other straight steps on the board"),
            Line2D([], [], ls="", marker="$n$", markersize=7, color="#3b2f22",
                   label="'4 adv.', 'top 1': 4 adventurers there, seat 1's on top"),
        ]
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=2, fontsize=8,
                  frameon=False, handlelength=2.2, columnspacing=1.2)
    return ax
