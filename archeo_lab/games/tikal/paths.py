"""Tikal: path costs on the explored board, with networkx.

"Where can I get with my 10 AP, and for how much?"  The explored hexes form a
weighted graph: each passage (Dalles de pierre between two placed hexes) is an
edge whose ``cost`` is its number of stones, 1 to 6 AP; volcanoes are left
out, since no explorer may enter one ("Règles de passage").  A player's own
camps and the base camp are linked to each other for 1 AP ("Se déplacer d'un
camp à un autre").  The cheapest cost of a trip is then a shortest path:
Dijkstra's algorithm, as ``networkx`` runs it.

>>> import networkx as nx
>>> g = nx.Graph()
>>> g.add_edge("A5", "B4", cost=1)
>>> g.add_edge("B4", "C4", cost=1)
>>> g.add_edge("A5", "A4", cost=2)
>>> cheapest_costs(g, "A5")
{'A5': 0, 'B4': 1, 'A4': 2, 'C4': 2}
"""

from __future__ import annotations

import math
from itertools import combinations
from collections.abc import Iterable

import networkx as nx

from .components import BASE_CAMP
from .hexgrid import LABELS, SPACES, centre

__all__ = ["board_graph", "cheapest_costs", "cheapest_path", "entry_costs", "draw_path_costs"]


def board_graph(state) -> nx.Graph:
    """The explored board as a ``networkx.Graph``: placed hexes and their passages.

    Parameters
    ----------
    state : TikalState
        Any position.

    Returns
    -------
    networkx.Graph
        One node per placed hex except volcanoes, named by its space (``"A5"``), with
        attributes ``kind`` (``"camp"``, ``"temple"``, ``"clearing"``, ``"ruin"``),
        ``value`` (a temple's level) and ``pos`` (its centre on the map); one edge per
        passage with attribute ``cost``, the stones to cross (1 to 6 AP).

    Examples
    --------
    >>> import archeo_lab as al
    >>> g = board_graph(al.get_game("tikal").new_state(players=2, seed=1))
    >>> sorted(g.nodes), sorted((a, b, d["cost"]) for a, b, d in g.edges(data=True))
    (['A4', 'A5', 'B4', 'B5'], [('A4', 'A5', 2), ('A5', 'B4', 1), ('A5', 'B5', 2)])
    """
    g = nx.Graph()
    for i in range(SPACES):
        k = state.kind[i]
        if k is None or k == "volcano":
            continue
        g.add_node(LABELS[i], kind=k, value=state.value[i], pos=centre(i))
    adj = state.layout().adj
    for i in range(SPACES):
        for j, cost in adj[i]:
            if i < j:
                g.add_edge(LABELS[i], LABELS[j], cost=cost)
    return g


def _graph_with_camps(board, seat, camps) -> nx.Graph:
    if isinstance(board, nx.Graph):
        g = board.copy()
        links = list(camps or ())
    else:
        g = board_graph(board)
        if camps is not None:
            links = list(camps)
        else:
            who = board.current_player if seat is None else seat
            links = [LABELS[i] for i in board.camp_nodes(who)] if who is not None else [BASE_CAMP]
    for a, b in combinations(links, 2):
        if g.has_edge(a, b):
            g[a][b]["cost"] = min(g[a][b]["cost"], 1)
        else:
            g.add_edge(a, b, cost=1, camp=True)
    return g


def cheapest_costs(board, source: str, *, seat: int | None = None,
                   camps: Iterable[str] | None = None) -> dict[str, int]:
    """The fewest action points to reach each explored hex from ``source``.

    Tikal rules B, "Déplacer un Explorateur": 1 AP per stone of each passage
    crossed, never into or through a volcano; 1 AP between two of the player's
    camps (or the base camp).

    Parameters
    ----------
    board : TikalState or networkx.Graph
        A position, or a graph whose edges carry a ``cost`` attribute.
    source : str
        The starting hex, e.g. ``"A5"`` (the base camp).
    seat : int, optional
        Whose camps are linked at 1 AP (default: the player to move).  Only for a state.
    camps : iterable of str, optional
        Hexes linked to each other at 1 AP (default for a state: the base camp and
        ``seat``'s camps; for a graph: none).

    Returns
    -------
    dict[str, int]
        Hex -> cheapest cost in AP, cheapest first (ties by name); ``source`` maps to 0.
        Hexes that cannot be reached are left out.

    Raises
    ------
    networkx.NodeNotFound
        If ``source`` is not an explored, enterable hex.

    Examples
    --------
    >>> import archeo_lab as al
    >>> state = al.get_game("tikal").new_state(players=2, seed=1)
    >>> cheapest_costs(state, "A5")
    {'A5': 0, 'B4': 1, 'A4': 2, 'B5': 2}
    """
    g = _graph_with_camps(board, seat, camps)
    if source not in g:
        raise nx.NodeNotFound(f"{source} is not an explored hex an explorer can stand on")
    lengths = nx.single_source_dijkstra_path_length(g, source, weight="cost")
    return dict(sorted(lengths.items(), key=lambda item: (item[1], item[0])))


def cheapest_path(board, source: str, target: str, *, seat: int | None = None,
                  camps: Iterable[str] | None = None) -> tuple[int, list[str]]:
    """The cost and the hexes of one cheapest trip from ``source`` to ``target``.

    >>> import archeo_lab as al
    >>> cheapest_path(al.get_game("tikal").new_state(players=2, seed=1), "B4", "A4")
    (3, ['B4', 'A5', 'A4'])
    """
    g = _graph_with_camps(board, seat, camps)
    cost, path = nx.single_source_dijkstra(g, source, target, weight="cost")
    return cost, path


def entry_costs(state, seat: int | None = None) -> dict[str, int]:
    """What a new explorer costs to bring into play and walk to each hex: 1 AP to enter
    at the base camp or one of ``seat``'s camps, then the cheapest path.

    >>> import archeo_lab as al
    >>> entry_costs(al.get_game("tikal").new_state(players=2, seed=1), 0)
    {'A5': 1, 'B4': 2, 'A4': 3, 'B5': 3}
    """
    who = state.current_player if seat is None else seat
    g = _graph_with_camps(state, who, None)
    g.add_node("reserve")
    for i in state.camp_nodes(who):
        g.add_edge("reserve", LABELS[i], cost=1)
    lengths = nx.single_source_dijkstra_path_length(g, "reserve", weight="cost")
    lengths.pop("reserve")
    return dict(sorted(lengths.items(), key=lambda item: (item[1], item[0])))


def draw_path_costs(state, source: str | None = None, *, seat: int | None = None, budget: int = 10, ax=None):
    """Draw the hex map coloured by what each hex costs to reach, within ``budget`` AP.

    ``source=None`` starts from the reserve (bring an explorer into play for 1 AP,
    then walk).  Hexes within the budget are green (darker is cheaper) and show their
    cost; dearer hexes are sand-coloured with their cost; volcanoes are dark; the
    passages are networkx edges labelled with their stones, and the cheapest routes
    from the source are drawn thick (camp shortcuts dotted).  Returns the matplotlib ``Axes``.
    """
    from archeo_lab.browser import require_plots

    plt = require_plots()   # matplotlib, or a clear message where it cannot load
    from matplotlib.patches import RegularPolygon

    who = state.current_player if seat is None else seat
    if who is None:
        who = 0
    if source is None:
        costs = entry_costs(state, who)
        start_nodes = [LABELS[i] for i in state.camp_nodes(who)]
        title = f"Seat {who}: a new explorer (1 AP to bring in at a camp, then walk)"
    else:
        costs = cheapest_costs(state, source, seat=who)
        start_nodes = [source]
        title = f"Seat {who}: from {source}"
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 6))
    cmap = plt.get_cmap("Greens")
    camp_spaces = set(state.camp_nodes(who))
    for i in range(SPACES):
        x, y = centre(i)
        k = state.kind[i]
        name = LABELS[i]
        face: str | tuple[float, float, float, float]
        if k is None:
            face, text = "#f4f1ea", ""
        elif k == "volcano":
            face, text = "#5d4037", "volcano"
        elif name in costs and costs[name] <= budget:
            face, text = cmap(0.7 - 0.5 * costs[name] / max(budget, 1)), f"{costs[name]} AP"
        else:
            face, text = "#e8d9b5", f"{costs[name]} AP" if name in costs else "no path"
        dark = k == "volcano" or (name in costs and costs[name] <= 0.3 * budget)
        ink = "white" if dark else "#1b3d1b"
        ax.add_patch(RegularPolygon((x, -y), numVertices=6, radius=0.97, orientation=math.pi / 6,
                                    facecolor=face, edgecolor="#8d7b5a", linewidth=1, zorder=1))
        ax.text(x, -y + 0.5, name, ha="center", va="center", fontsize=7, color=ink, alpha=0.8, zorder=4)
        if k not in (None, "volcano"):
            label = {"camp": "base camp", "temple": f"temple {state.value[i]}", "clearing": "clearing",
                     "ruin": f"ruin ({len(state.tokens.get(i, []))})"}[k]
            if i in camp_spaces and k != "camp":
                label += ", camp"
            ax.text(x, -y + 0.2, label, ha="center", va="center", fontsize=7, color=ink, zorder=4)
        ax.text(x, -y - 0.25, text, ha="center", va="center", fontsize=9, fontweight="bold", color=ink, zorder=4)
    g = _graph_with_camps(state, who, None)
    pos = {n: (centre(_index(n))[0], -centre(_index(n))[1]) for n in g.nodes}
    walk = [(a, b) for a, b, d in g.edges(data=True) if not d.get("camp")]
    nx.draw_networkx_edges(g, pos, edgelist=walk, ax=ax, edge_color="#9e8a63", width=1.2, style="dashed")
    nx.draw_networkx_edge_labels(g, pos, edge_labels={(a, b): g[a][b]["cost"] for a, b in walk}, ax=ax,
                                 font_size=7, bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"})
    tree = set()
    for target, cost in costs.items():
        if cost > budget or target in start_nodes:
            continue
        best = min(start_nodes, key=lambda s: _safe_cost(g, s, target))
        path = nx.dijkstra_path(g, best, target, weight="cost")
        tree |= {tuple(sorted(e)) for e in zip(path, path[1:])}
    walks = sorted(e for e in tree if not g.edges[e].get("camp"))
    hops = sorted(e for e in tree if g.edges[e].get("camp"))
    nx.draw_networkx_edges(g, pos, edgelist=walks, ax=ax, edge_color="#1b5e20", width=3, alpha=0.55)
    if hops:
        nx.draw_networkx_edges(g, pos, edgelist=hops, ax=ax, edge_color="#e65100", width=2.5, style="dotted",
                               alpha=0.8, connectionstyle="arc3,rad=0.25", arrows=True, arrowstyle="-")
    reach = sum(1 for c in costs.values() if c <= budget)
    ax.set_title(f"{title}\n{reach} hexes within {budget} AP (green lines: cheapest routes"
                 + (", orange: camp shortcuts" if hops else "") + ")", fontsize=10)
    ax.set_aspect("equal")
    ax.set_xlim(-1.2, 1.5 * 7 + 1.2)
    ax.set_ylim(-(1.732 * 4.5) - 1.1, 1.1)
    ax.axis("off")
    return ax


def _index(name: str) -> int:
    return LABELS.index(name)


def _safe_cost(g, a, b) -> float:
    try:
        return nx.dijkstra_path_length(g, a, b, weight="cost")
    except nx.NetworkXNoPath:
        return float("inf")
