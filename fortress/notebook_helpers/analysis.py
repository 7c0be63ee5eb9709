"""Analysis for explore.ipynb: odds tables, many games, which cities fall, a board plot."""
from __future__ import annotations

from typing import Any, Iterable, Mapping

import pandas as pd

from fortress.engine.board import Board
from fortress.notebook_helpers.classroom_bots import CAMPS, play_match

__all__ = ['odds_grid', 'play_games', 'city_falls', 'win_rates', 'plot_board']


# -- analysis ------------------------------------------------------------------------------
def odds_grid(attackers: Mapping[str, str], defenders: int | Iterable[int],
              terrains: str | Iterable[str] = ("plain", "city"), defender_unit: str = "infantry") -> pd.DataFrame:
    """Exact odds of typical attacks, long format: one row per (attacker mix, defenders, terrain).

    ``attackers`` maps a label to a force text ("2 hovertank, 1 infantry"), ``defenders``
    gives numbers of ``defender_unit`` (one number or several; one terrain may be a string).
    Columns: attack, defenders, terrain, and the
    figures P(cleared), expected losses on both sides.

    >>> f = odds_grid({"1 infantry": "1 infantry"}, [1], ["plain"])
    >>> round(float(f.loc[0, "p_cleared"]), 3)
    0.25
    """
    from fortress.odds import exact, parse_force

    if not isinstance(attackers, Mapping):
        raise TypeError("attackers must be a dict label -> force text, e.g. {'3 infantry': '3 infantry'}, "
                        f"not a {type(attackers).__name__}")
    counts = [defenders] if isinstance(defenders, int) else list(defenders)
    places = [terrains] if isinstance(terrains, str) else list(terrains)
    rows = []
    for label, text in attackers.items():
        force = dict(parse_force(text))
        for n in counts:
            for terrain in places:
                o = exact(force, {defender_unit: n}, terrain)
                rows.append({"attack": label, "defenders": n, "terrain": terrain, "p_cleared": o.p_cleared,
                             "attacker_losses": o.attacker_losses, "defender_losses": o.defender_losses,
                             "p_attacker_gone": o.p_attacker_gone})
    return pd.DataFrame(rows)


def play_games(n: int, bots: Mapping[str, Any] | None = None, seed: int = 0, players: int = 4
               ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``n`` bot games (default: heuristic everywhere). Returns (games, falls):
    one row per game (seed, winner, rounds, cities, actions, seconds) and one row per city
    that went on the captured track (seed, city, by, round, order)."""
    bots = bots or {"us": "heuristic", "invaders": "heuristic"}
    games, falls = [], []
    for i in range(n):
        s = seed + i
        res = play_match(bots, seed=s, players=players)
        assert res.game is not None  # play_match keeps the game it played
        games.append({"seed": s, **res.row()})
        order = 0
        rnd = 1
        for e in res.game.events:
            if e.kind == "turn":
                rnd = int(e.text.split()[1].rstrip(":"))
            if e.kind == "city" and "captured-city track" in e.text and e.areas:
                order += 1
                falls.append({"seed": s, "city": res.game.board[e.areas[0]].name, "area": e.areas[0],
                              "by": e.side, "round": rnd, "order": order})
    return pd.DataFrame(games), pd.DataFrame(falls, columns=["seed", "city", "area", "by", "round", "order"])


def city_falls(falls: pd.DataFrame, games: int, board: Board | None = None) -> pd.DataFrame:
    """Per city: in how many games it fell (and that share of the games), how many times in
    all (a city can be retaken and fall again), how often it was the first city to fall, and
    the mean round of its first fall. Every city is listed, including those that never fell."""
    board = board or Board.default()
    rows = []
    for city in (a for a in board if a.is_city):
        f = falls[falls.area == city.id] if len(falls) else falls
        first = f[f.order == 1] if len(f) else f
        fell_in = f.seed.nunique() if len(f) else 0
        first_fall = f.groupby("seed")["round"].min() if len(f) else pd.Series(dtype=float)
        rows.append({"city": city.name, "area": city.id, "games fallen": fell_in,
                     "share": fell_in / games if games else 0.0, "falls": len(f), "first": len(first),
                     "mean round": float(first_fall.mean()) if len(f) else float("nan")})
    return pd.DataFrame(rows).sort_values(["share", "first"], ascending=False).reset_index(drop=True)


def win_rates(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Win rate of each camp with a Wilson interval, from a frame with a ``winner`` column.
    ``low <= rate <= high`` always (rounding can put Wilson's bound a hair past a rate of 0 or
    1, and a plot's ``xerr=[rate - low, high - rate]`` refuses a negative length)."""
    from fortress.odds.intervals import wilson, z_value

    n = len(frame)
    rows = []
    for camp in CAMPS:
        k = int((frame.winner == camp).sum())
        rate = k / n if n else 0.0
        lo, hi = wilson(k, n, z_value(confidence))
        rows.append({"camp": camp, "wins": k, "games": n, "rate": rate, "low": min(lo, rate), "high": max(hi, rate)})
    return pd.DataFrame(rows)


def plot_board(values: Mapping[str, float] | None = None, board: Board | None = None, ax=None,
               cmap: str = "Reds", title: str = "", label: str = "", vmax: float | None = None):
    """Draw the board with matplotlib from ``board.geometry``: land coloured by ``values``
    (area id or name -> number, a dict or a pandas Series; missing areas light grey; an unknown area: ``KeyError`` with
    close names), zones pale blue, cities starred, and each city with a value drawn as a disc
    sized and coloured by it."""
    import matplotlib.pyplot as plt
    from matplotlib import cm, colors
    from matplotlib.collections import PolyCollection

    board = board or Board.default()
    given = values if values is not None else {}  # not ``values or {}``: a Series has no truth value
    values = {k if k in board.areas else board.find(k): v for k, v in given.items()}
    if ax is None:
        _, ax = plt.subplots(figsize=(11, 6.5))
    top = vmax if vmax is not None else max(values.values(), default=1.0) or 1.0
    norm = colors.Normalize(0, top)
    cmap_ = cm.get_cmap(cmap) if hasattr(cm, "get_cmap") else plt.colormaps[cmap]
    polys, faces = [], []
    for area in board:
        geom = board.geometry.get(area.id)
        if not geom:
            continue
        shapes = [geom["coordinates"]] if geom["type"] == "Polygon" else geom["coordinates"]
        face: object
        if area.is_zone:
            face = "#dbe9f4"
        elif area.id in values:
            face = cmap_(norm(values[area.id]))
        else:
            face = "#eeeeee"
        for shape in shapes:
            polys.append(shape[0])
            faces.append(face)
    ax.add_collection(PolyCollection(polys, facecolors=faces, edgecolors="#555555", linewidths=0.4))
    cities = [a for a in board if a.is_city]
    ax.scatter([a.label[1] for a in cities], [a.label[0] for a in cities], marker="*", s=25, c="black", zorder=3)
    valued = [a for a in cities if a.id in values]
    if valued:  # cities are small on the map: a disc sized and coloured by the value shows them
        ax.scatter([a.label[1] for a in valued], [a.label[0] for a in valued], zorder=4, edgecolors="black",
                   s=[40 + 260 * norm(values[a.id]) for a in valued], c=[cmap_(norm(values[a.id])) for a in valued],
                   linewidths=0.6)
    ax.autoscale_view()
    ax.set_aspect(1.25)
    ax.set_axis_off()
    if title:
        ax.set_title(title)
    sm = cm.ScalarMappable(norm=norm, cmap=cmap_)
    ax.figure.colorbar(sm, ax=ax, shrink=0.6, label=label)
    return ax


