"""The dashboard's CSS (no web fonts, no CDN assets) and HTML chips; the colours, tags and
glyphs are :mod:`fortress.draw.theme`'s (shared with the SVG map, which needs no widget
library), re-exported here for the dashboard's modules.
"""
from __future__ import annotations

import ipywidgets as W

from fortress.draw.theme import (  # noqa: F401 - the dashboard's modules import them from here
    BORDER, DIE_COLOURS, FACE_TAGS, GLYPH_BATTLE, GLYPH_CITY, GLYPH_LASER, GLYPH_MOUNTAIN, GLYPH_TARGET, NEUTRAL, OCEAN,
    RECENT, SELECT, SIDE_COLOURS, SIDE_TAGS, TARGET, UNIT_ORDER, UNIT_TAGS)
from fortress.engine import rulesets


def side_label(side: str | None) -> str:
    """The side's name in texts (Fortress America's), "nobody" for none."""
    return rulesets.side_label(side, "nobody")


def side_chip(side: str | None, text: str | None = None) -> str:
    """A small coloured label with the side's name: colour plus words."""
    if side not in SIDE_COLOURS:
        return f"<span class='ft-chip'>{text or 'nobody'}</span>"
    bg, fg = SIDE_COLOURS[side]
    return f"<span class='ft-chip' style='background:{bg};color:{fg}'>{text or side_label(side)}</span>"


def team_chip(name: str) -> str:
    """A dark label for a team (the winner of the game), e.g. "The Invaders"."""
    return f"<span class='ft-chip ft-team'>{name}</span>"


def unit_summary(counts: dict[str, int]) -> str:
    """"2I 1T" from {infantry: 2, hovertank: 1}, in a fixed order."""
    return " ".join(f"{counts[k]}{UNIT_TAGS.get(k, k[:1].upper())}" for k in UNIT_ORDER if counts.get(k))


CSS = f"""
<style>
.fortress-app {{ font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; font-size: 13px; }}
.fortress-app .leaflet-container {{ background: {OCEAN}; cursor: pointer; }}
/* labels take no clicks: a click acts on the territory under the pointer (issue 35) */
.fortress-app .leaflet-marker-icon.leaflet-div-icon {{ background: transparent; border: none;
    pointer-events: none !important; }}
.fa-m {{ position: absolute; transform: translate(-50%, -50%); white-space: nowrap; font-size: 10px;
    line-height: 1.3em; text-align: center; pointer-events: none; font-weight: 600; }}
.fa-m .u {{ display: block; border-radius: 3px; padding: 0 2px; margin: 2px 0;
    box-shadow: 0 0 0 1px rgba(0,0,0,.55); }}
.fa-m .u.s2 {{ box-shadow: 0 0 0 1px rgba(0,0,0,.55), 2px 2px 0 0 #fff, 2px 2px 0 1px rgba(0,0,0,.55); }}
.fa-m .u.s3 {{ box-shadow: 0 0 0 1px rgba(0,0,0,.55), 2px 2px 0 0 #fff, 2px 2px 0 1px rgba(0,0,0,.55),
    4px 4px 0 0 #fff, 4px 4px 0 1px rgba(0,0,0,.55); }}
.fa-m .u .k {{ font-weight: 500; }}
.fa-m .g {{ display: block; color: #111; text-shadow: 0 0 2px #fff, 0 0 2px #fff; }}
.fa-m .nm {{ display: block; color: #111; font-weight: 700; text-shadow: 0 0 2px #fff, 0 0 2px #fff, 0 0 3px #fff; }}
.fa-m.t::before {{ content: '\\25C6'; color: {TARGET}; font-size: 1.3em; text-shadow: 0 0 2px #fff;
    position: absolute; left: -1em; top: 0; }}
.fa-m.sel::before {{ content: '\\25C9'; color: #000; font-size: 1.4em; text-shadow: 0 0 2px #fff;
    position: absolute; left: -1em; top: 0; }}
.leaflet-marker-icon:has(.u) {{ z-index: 1000 !important; }}
.fa-lead {{ position: absolute; left: 0; top: 0; overflow: visible; pointer-events: none; }}
.fa-lead line {{ stroke: #1d2733; stroke-width: 1.5; stroke-opacity: .6; }}
.fa-lead circle {{ fill: #1d2733; stroke: #fff; stroke-width: 1; }}
.fa-m.ft-lit, .fa-m.hl {{ outline: 3px solid #000; background: rgba(255,243,191,.92); border-radius: 4px; z-index: 5; }}
.ft-area {{ text-decoration: underline dotted; cursor: help; }}
.fortress-projector.fortress-app {{ font-size: 18px; }}
.fortress-projector .ft-banner {{ font-size: 26px; line-height: 32px; }}
/* projector mode: the map takes most of the window (issue 35: 790x490 of 1280x720 was 42%): a wider map column,
   the map down to the window's bottom edge (the legend and tracks below the fold) */
.fortress-projector .fortress-map {{ height: clamp(300px, calc(100vh - 160px), 1400px) !important; }}
.fortress-projector .fortress-map-column {{ width: 72% !important; }}
.fortress-projector .fortress-side {{ width: 28% !important; min-width: 300px !important; }}
.fortress-projector .fortress-status .ft-title {{ font-size: 24px; }}
.fortress-projector .widget-button, .fortress-projector .widget-html-content,
.fortress-projector .widget-label, .fortress-projector .widget-checkbox label {{ font-size: 17px; }}
.fortress-projector .widget-button {{ height: auto; min-height: 32px; }}
.fortress-projector .ft-legend {{ font-size: 15px; }}
.fortress-map-tools {{ background: rgba(255,255,255,.85); padding: 2px 4px; border-radius: 4px;
    box-shadow: 0 0 0 1px rgba(0,0,0,.3); }}
.fortress-map-tools .widget-toggle-button {{ font-size: 12px; }}
/* the hover box: readable (it was 9 px, the map controls' size), beside the pointer where the page's script
   places it (ft-follow: fixed, shown while the pointer is on a territory; issue 35), else under the toggles */
.fortress-map-tools .fortress-hover {{ max-width: 260px; height: auto; }}
.fortress-app .leaflet-control .fortress-hover .widget-html-content {{ font-size: 15px; line-height: 19px;
    white-space: normal; background: transparent; padding: 0; height: auto; }}
.fortress-projector .leaflet-control .fortress-hover .widget-html-content {{ font-size: 22px; line-height: 27px; }}
.fortress-hover.ft-follow {{ position: fixed; z-index: 2000; pointer-events: none; display: none; width: max-content;
    max-width: 340px; background: rgba(255,255,255,.96); padding: 4px 8px; border-radius: 4px;
    box-shadow: 0 1px 6px rgba(0,0,0,.45); }}
.fortress-projector .fortress-hover.ft-follow {{ max-width: 480px; }}
.fortress-hover.ft-follow.ft-shown {{ display: block; }}
.fa-m .zone {{ font-style: italic; color: #222; text-shadow: 0 0 2px #fff; font-weight: 500; }}
.ft-chip {{ display: inline-block; border-radius: 4px; padding: 0 6px; margin: 0 2px; background: #ddd;
    border: 1px solid rgba(0,0,0,.4); font-weight: 600; }}
.fortress-header {{ background: #1d2733; color: #fff; padding: 4px 8px; border-radius: 4px; }}
.fortress-header .ft-title {{ font-size: 17px; font-weight: 700; margin-right: 10px; }}
.fortress-header .widget-html-content, .fortress-header .widget-label {{ color: #fff; }}
.fortress-header .widget-checkbox label {{ color: #fff; }}
.fortress-status .ft-reminder {{ color: #dfe6ee; font-size: 12px; }}
.fortress-app .leaflet-control .widget-html-content {{ font-size: 9px; line-height: 11px; padding: 0 4px;
    background: rgba(255,255,255,.7); }}
.fortress-message {{ min-height: 20px; }}
.ft-refused {{ background: #fde8d8; border-left: 4px solid #D55E00; padding: 3px 6px; display: block; }}
.ft-info {{ background: #e3f0fa; border-left: 4px solid #0072B2; padding: 3px 6px; display: block; }}
.fortress-log {{ max-height: 320px; overflow-y: auto; background: #fafafa; border: 1px solid #ccc;
    padding: 2px 4px; font-size: 12px; }}
.fortress-log .e {{ border-bottom: 1px dotted #ddd; padding: 1px 0; }}
.fortress-log .bot {{ color: #555; font-style: italic; }}
.fortress-log summary {{ cursor: pointer; padding: 1px 0; }}
.fortress-log .fortress-log-turn {{ margin-left: 8px; }}
.fortress-log .fortress-log-phase {{ margin-left: 10px; }}
.fortress-log .fortress-log-phase > summary {{ color: #444; font-style: italic; }}
.ft-chip.ft-team {{ background: #1d2733; color: #fff; }}
.ft-winner {{ font-size: 15px; font-weight: 700; background: #fff3bf; color: #1d2733; padding: 1px 6px;
    border-radius: 4px; }}
.ft-track {{ display: inline-block; min-width: 18px; height: 18px; line-height: 18px; margin: 1px;
    text-align: center; border: 1px solid #555; border-radius: 3px; font-size: 11px; background: #fff; }}
.ft-track.now {{ background: #1d2733; color: #fff; font-weight: 700; }}
.ft-die {{ display: inline-block; min-width: 30px; padding: 2px 3px; margin: 2px; text-align: center;
    border: 2px solid #333; border-radius: 5px; font-weight: 700; font-size: 11px; }}
.ft-die.hit {{ outline: 3px solid {TARGET}; }}
.ft-die.miss {{ opacity: .55; text-decoration: line-through; }}
.ft-die-why {{ color: #8a3b00; }}
.ft-table {{ border-collapse: collapse; font-size: 12px; }}
.ft-table td, .ft-table th {{ border: 1px solid #ccc; padding: 1px 4px; text-align: center; }}
.fortress-panel {{ border: 1px solid #bbb; border-radius: 4px; padding: 4px; background: #fff; }}
.fortress-panel .widget-button, .fortress-app .widget-button {{ font-size: 13px; }}
.fortress-app .widget-toggle-buttons .widget-toggle-button {{ width: auto; min-width: 60px; }}
.ft-card {{ border: 1px solid #888; border-radius: 5px; padding: 3px 5px; margin: 2px 0; background: #fffbe6; }}
.ft-legend span {{ margin-right: 8px; }}
/* the header keeps one height whatever the phase (issue 35): the buttons never wrap under the status,
   whose lines shrink and end in an ellipsis instead; the banner strip keeps its line */
.fortress-header {{ flex-wrap: nowrap; gap: 4px; }}
.fortress-header .fortress-status-column {{ flex: 1 1 0; min-width: 0; }}
.fortress-header .fortress-header-buttons {{ flex: 0 0 auto; }}
.fortress-status .widget-html-content, .fortress-turn-note .widget-html-content {{ white-space: nowrap; overflow: hidden;
    text-overflow: ellipsis; }}
.fortress-banner-strip {{ flex-wrap: nowrap; gap: 6px; margin: 2px 0; }}
.fortress-banner {{ flex: 1 1 0; min-width: 0; }}
.ft-banner {{ white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }}
/* the message stays in view at the top of the window while the side column scrolls (a tab opened below) */
.fortress-side > .fortress-message {{ position: sticky; top: 0; z-index: 20; }}
.fortress-app .fortress-side {{ overflow: visible; }}  /* a widget box scrolls (overflow auto): sticky would stick to it */
.ft-banner {{ font-size: 15px; line-height: 20px; font-weight: 800; letter-spacing: .02em; padding: 1px 10px;
    border-radius: 4px; border: 2px solid #1d2733; }}
.ft-handover {{ display: inline-block; margin-left: 14px; padding: 1px 8px; background: #fff3bf; color: #1d2733;
    border-radius: 4px; animation: ft-pulse 1.2s ease-in-out 3; }}
.ft-busy {{ display: inline-block; font-weight: 700; padding: 1px 10px; line-height: 20px; background: #fff3bf; color: #1d2733;
    border: 2px solid #1d2733; border-radius: 4px; }}
.ft-spinner {{ display: inline-block; width: 12px; height: 12px; margin-right: 6px; border: 3px solid #1d2733;
    border-top-color: transparent; border-radius: 50%; animation: ft-spin .8s linear infinite; vertical-align: -2px; }}
@keyframes ft-spin {{ to {{ transform: rotate(360deg); }} }}
@keyframes ft-pulse {{ 50% {{ transform: scale(1.08); }} }}
.fortress-header .fortress-header-buttons {{ flex-wrap: nowrap; gap: 2px; }}
.fortress-header .widget-button {{ min-width: max-content; }}
/* a greyed button looks greyed, whatever its colour (a blue "Play to my turn" looked enabled) */
.fortress-app .widget-button:disabled, .fortress-app .jupyter-button:disabled {{ opacity: .4; filter: grayscale(1);
    cursor: not-allowed; }}
.fortress-app .fortress-map-column {{ position: sticky; top: 0; z-index: 1; }}
/* when the boxes above the tabs change height (a bot moves), what the reader sees in a tab stays put: the
   browser's scroll anchoring skips the sticky map and message and those boxes, and holds on to the tab */
.fortress-app .fortress-map-column, .fortress-side > :not(.fortress-tabs) {{ overflow-anchor: none; }}
/* the map column sticks to the top of the page while the side column scrolls: no box between it and the
   page's scroller may clip (widget boxes and Jupyter's output area do, with overflow auto or hidden) */
.fortress-app.widget-box, .fortress-app .fortress-body, .jp-OutputArea:has(.fortress-app),
.jp-OutputArea-child:has(.fortress-app), .jp-OutputArea-output:has(.fortress-app) {{ overflow: visible; }}
@media (max-width: 700px) {{
  .fortress-header, .fortress-banner-strip, .fortress-header .fortress-header-buttons {{ flex-wrap: wrap; }}
  .fortress-status .widget-html-content, .ft-banner {{ white-space: normal; }}
  .fortress-app .fortress-map-column {{ position: static; }}
  .fortress-app .fortress-column {{ width: 100% !important; min-width: 0 !important; padding: 0 !important; }}
  .fortress-app .fortress-status {{ width: 100% !important; }}
  .fortress-app .fortress-map {{ height: clamp(240px, 72vw, 520px) !important; }}
}}
</style>
"""


def area_css(area_ids) -> str:
    """A territory named in a panel (``area_ref``, or a button acting on it) lights up its
    marker on the map while the pointer is on the name (CSS ``:has``: no message to the kernel)."""
    return "\n".join(f".fortress-app:has(.ft-area[data-area='{a}']:hover, .ft-at-{a}:hover) "
                      f".fa-m[data-area='{a}'] {{ outline: 3px solid #000; background: rgba(255,243,191,.92); }}"
                      for a in area_ids)


def area_ref(area_id: str, name: str) -> str:
    """A territory's name in a panel's HTML, marked so that pointing at it lights it on the map."""
    return f"<span class='ft-area' data-area='{area_id}'>{name}</span>"


def style_widget(area_ids=()) -> W.HTML:
    """The CSS, as a widget (works in Voila and JupyterLab): the theme, the map labels' sizes
    per zoom (:mod:`fortress.ui.labels`), the highlight of the territories ``area_ids``."""
    from fortress.ui import labels
    return W.HTML(CSS.replace("</style>", f"{labels.css()}\n{area_css(area_ids)}\n</style>"))
