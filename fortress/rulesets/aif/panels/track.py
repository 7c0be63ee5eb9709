"""The political allegiance track (§3.1), always shown: a row per flagged minor, the Axis side's
Full Ally, 15 ... 1, the neutral 0, then the Allied side's 1 ... 15 and Full Ally; each flag drawn
IN its square (USA, Germany), ABOVE it (Commonwealth, Italy) or BELOW it (France, Japan) as
powers.toml's ``position`` places it, in its power's colour; bands named over their squares,
hurdles as heavy lines between squares, turn arrows as red marks over their squares' numbers
(the turn on hover; track.toml). Below:
each power's political points and build points a turn, each side's research points against the
hydrogen bomb's target, and where the track's parts come from (the data's own source marks)."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.rulesets.aif.common import income, target
from fortress.rulesets.aif.panels.common import POWER_COLOUR, Play, track_legend
from fortress.rulesets.aif.tables import Tables, load
from fortress.rulesets.aif.track import Flag, describe, signed

BAND_TINT = ("#f4f4f4", "#e9eef5", "#dbe4f0", "#cad7ea", "#b7c8e2", "#a3b8d8", "#8ea7cf")  #: 0-1, then each band
CSS = """<style>
.ft-aif-track { border-collapse: collapse; font: 11px sans-serif; }
.ft-aif-track td, .ft-aif-track th { padding: 0; text-align: center; }
.ft-aif-track th.ft-aif-name, .ft-aif-track td.ft-aif-name { text-align: right; padding-right: 3px; white-space: nowrap;
  max-width: 82px; overflow: hidden; text-overflow: ellipsis; }
.ft-aif-track th.ft-aif-name { font-size: 8px; font-weight: normal; }
.ft-aif-track td.ft-sq { width: 10px; min-width: 10px; max-width: 10px; height: 30px; position: relative;
  background: linear-gradient(to bottom, transparent 8px, var(--c) 8px, var(--c) 22px, transparent 22px);
  border-left: 1px solid #fff; }
.ft-aif-track td.ft-hl { border-left: 3px solid #222; }
.ft-aif-track td.ft-hr { border-right: 3px solid #222; }
.ft-aif-track td.ft-zero { --c: #bdbdbd; }
{tints}
.ft-aif-flag { position: absolute; left: 0; width: 10px; height: 9px; line-height: 9px; font-size: 8px; color: #fff;
  font-weight: bold; border-radius: 2px; }
.ft-aif-flag-above { top: 0; } .ft-aif-flag-in { top: 10px; } .ft-aif-flag-below { bottom: 0; }
.ft-aif-flag-neutral { top: 10px; background: #777; }
.ft-aif-track th.ft-band { font-weight: normal; font-size: 8px; border-bottom: 1px solid #999; }
.ft-aif-bands { font-size: 0.85em; }
.ft-aif-track th.ft-num { font-weight: normal; font-size: 7px; letter-spacing: -0.5px; color: #555; }
.ft-aif-track th.ft-arrow { color: #b03a2e; font-weight: bold; border-top: 3px solid #b03a2e; }
.ft-aif-points td, .ft-aif-points th { padding: 0 6px; text-align: right; }
.ft-aif-source { font-size: 0.85em; color: #444; }
</style>""".replace("{tints}", "\n".join(f".ft-aif-track td.ft-b{i} {{ --c: {c}; }}" for i, c in enumerate(BAND_TINT)))


def columns(t: Tables) -> list[int]:
    """The track's squares left to right as signed positions: Axis Full Ally ... 0 ... Allied Full Ally."""
    return list(range(-t.full_ally, t.full_ally + 1))


def band_index(t: Tables, square: int) -> int:
    """0 for squares 0-1, else 1 + the band's index (its tint)."""
    band = t.band(square)
    return 0 if band is None else 1 + t.bands.index(band)


def hurdle_class(t: Tables, pos: int) -> str:
    """The heavy line of a hurdle on a square's outer edge: between n and n + 1, drawn on n's side away from 0."""
    if abs(pos) not in t.hurdles:
        return ""
    return " ft-hr" if pos > 0 else " ft-hl"


def flag_html(t: Tables, flag: Flag) -> str:
    """A flag's mark: in, above or below its square (its power's ``position``), or neutral on 0."""
    if flag.power is None:
        return "<span class='ft-aif-flag ft-aif-flag-neutral' title='0'>0</span>"
    power = t.powers[flag.power]
    return (f"<span class='ft-aif-flag ft-aif-flag-{power.position}' data-power='{flag.power}' "
            f"style='background:{POWER_COLOUR[flag.power]}' title='{html.escape(describe(t, flag))}'>"
            f"{html.escape(power.name[0])}</span>")


def short(name: str) -> str:
    """A band's name in the track's header: its words' initials (two letters for one word)."""
    words = name.split()
    return "".join(w[0] for w in words) if len(words) > 1 else name[:2]


def band_key(t: Tables) -> str:
    """The bands named, with their squares (the header's short names)."""
    return " · ".join(f"<b>{html.escape(short(b.name))}</b> {html.escape(b.name)} "
                      f"{b.low}{'–' + str(b.high) if b.high > b.low else ''}" for b in t.bands)


def header(t: Tables) -> str:
    """Two header rows: the bands named over their squares on each side, then the squares' numbers
    (FA for Full Ally), turn arrows marked red with their turn on hover."""
    arrows: dict[int, list[str]] = {}
    for turn, square in t.arrows.items():
        arrows.setdefault(square, []).append(turn)
    bands = ["<th class='ft-aif-name'></th>"]
    for side in (-1, 1):
        run = [b for b in t.bands] if side > 0 else list(reversed(t.bands))
        cells = [f"<th class='ft-band' colspan='{b.high - b.low + 1}' title='{html.escape(b.name)}'>"
                 f"{html.escape(short(b.name))}</th>" for b in run]
        low = "<th colspan='1'></th>"  # square 1 (no band)
        bands += cells + [low] if side < 0 else [low] + cells
        if side < 0:
            bands.append("<th></th>")  # 0
    nums = ["<th class='ft-aif-name'>← Axis · Allies →</th>"]
    for pos in columns(t):
        sq = abs(pos)
        label = "FA" if sq >= t.full_ally else str(sq)
        if sq in arrows:
            nums.append(f"<th class='ft-num ft-arrow' title='turn arrow: {html.escape(', '.join(arrows[sq]))}'>{label}</th>")
        else:
            nums.append(f"<th class='ft-num'>{label}</th>")
    return f"<tr>{''.join(bands)}</tr><tr>{''.join(nums)}</tr>"


def row(t: Tables, minor: str, flag: Flag) -> str:
    """A minor's row: its squares, its flag on its signed position (none if conquered); the flag's
    mark carries the minor and the square (``data-minor``, ``data-square``)."""
    name = html.escape(t.minors[minor].name)
    at = None if flag.conquered_by else signed(t, flag)
    cells = [f"<td class='ft-aif-name' title='{html.escape(describe(t, flag))}'>{name}</td>"]
    for pos in columns(t):
        css = f"ft-sq ft-b{band_index(t, abs(pos))}{hurdle_class(t, pos)}" if pos else "ft-sq ft-zero"
        mark = flag_html(t, flag).replace("<span ", f"<span data-minor='{minor}' data-square='{pos}' ", 1) \
            if pos == at else ""
        cells.append(f"<td class='{css}'>{mark}</td>")
    if flag.conquered_by:
        cells.append(f"<td class='ft-aif-name'>{html.escape(describe(t, flag))}</td>")
    return f"<tr class='ft-aif-row-{minor}'>{''.join(cells)}</tr>"


def track_html(t: Tables, flags: dict[str, Flag]) -> str:
    return (f"<div style='overflow-x:auto'><table class='ft-aif-track'>{header(t)}"
            + "".join(row(t, m, flags[m]) for m in t.flagged()) + "</table></div>"
            + f"<div class='ft-aif-bands'>Bands: {band_key(t)}</div>")


def points_html(view: Any, t: Tables) -> str:
    """Each power's political points and build points a turn; each side's research against the target."""
    s = view.state
    rows = "".join(f"<tr><th style='color:{POWER_COLOUR[p]}'>{html.escape(v.name)}</th><td>{s.politics.points[p]}</td>"
                   f"<td>{income(t, s, p)}</td></tr>" for p, v in t.powers.items())
    goal, bomb = target(view.ctx), t.research["atomic_bomb"]
    research = " · ".join(f"{team.capitalize()} <b>{s.research[team]}</b> of {goal}" for team in ("allies", "axis"))
    return (f"<table class='ft-aif-points'><tr><th>power</th><th>political points</th><th>build points a turn</th></tr>"
            f"{rows}</table><div class='ft-aif-research'>Research points: {research} (the atomic bomb at {bomb}); "
            f"initiative: {s.initiative.capitalize()}</div>")


class TrackPanel:
    """The track, the points and the research, for the page's view (shown whatever the step)."""

    def __init__(self, play: Play) -> None:
        self.play, self.tables = play, load()
        self.track = W.HTML(_dom_classes=("ft-aif-track-box",))
        self.points = W.HTML(_dom_classes=("ft-aif-points-box",))
        self.source = W.HTML(f"<div class='ft-aif-source'>Sources, from the data's marks: "
                             f"{html.escape(track_legend())}.</div>", _dom_classes=("ft-aif-track-source",))
        self.widget = W.VBox([W.HTML(CSS), W.HTML("<b>Political allegiance track</b>"), self.track, self.points,
                              self.source], _dom_classes=("ft-aif-track-panel",))

    def show(self, view: Any, side: str | None) -> bool:
        t = self.tables
        drawn = track_html(t, dict(view.state.politics.flags))
        if drawn != self.track.value:
            self.track.value = drawn
        self.points.value = points_html(view, t)
        return True
