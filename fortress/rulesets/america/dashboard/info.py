"""Read-only views around the map: status line, tracks, pools, cards, dice (the log is
:mod:`fortress.rulesets.america.dashboard.logbook`)."""
from __future__ import annotations

import html

from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.panels.reinforce import cards_html
from fortress.rulesets.america.units import INVADERS, SIDES

PHASE_TITLES = {"setup": "Setup", "reinforcements": "1 Reinforcements", "declare": "2 Declare battles",
                "maneuvers": "3 Maneuvers", "lasers": "4 Fire lasers", "combat": "5 Combat",
                "invasion": "6 Invasion", "supply": "7 Supply check", "capture": "8 Capture"}
PHASE_NAMES = {k: v.lstrip("0123456789 ") for k, v in PHASE_TITLES.items()}  # "Declare battles"


def winner_text(game) -> tuple[str, str]:
    """Who won, and why: ("The Invaders won.", "The U.S. surrendered.")."""
    why = game.state.result or ""
    return f"{game.rules.team_names.get(game.winner, game.winner)} won.", why[:1].upper() + why[1:]


def winner_html(game) -> str:
    won, why = winner_text(game)
    return f"<span class='ft-winner'>{html.escape(won)}</span> {html.escape(why)}"


def result_html(game) -> str:
    """The collective result and, under Individual Invader Victory, the Invaders' ranking."""
    text = winner_html(game)
    if not game.ranking:
        return text
    places = "".join(f"<li>{T.side_chip(s.side)} {s.cities} {'city' if s.cities == 1 else 'cities'}, "
                     f"{s.territories} territories, {s.units} units</li>" for s in game.ranking)
    return (f"{text}<div class='fortress-ranking'><b>Individual Invader Victory:</b> "
            f"{T.side_chip(game.ranking[0].side)} wins<ol>{places}</ol></div>")


def variants_html(game) -> str:
    """The optional rules the game plays, named (empty if none)."""
    names = [game.rules.variants[v]["name"] for v in sorted(game.variants)]
    return f" &middot; <span class='fortress-variants'>{html.escape(', '.join(names))}</span>" if names else ""


def status_html(game, seats: dict[str, str], others: frozenset[str] = frozenset()) -> str:
    """The header line; ``others``: sides played by other people (a shared game)."""
    if game.is_over:
        return f"<span class='ft-title'>Fortress America</span> <b>Game over.</b> {result_html(game)}"
    who = game.side
    seat = seats.get(who, "human")
    player = "another player" if who in others else "you" if seat == "human" else f"{seat} bot"
    return (f"<span class='ft-title'>Fortress America</span> Round <b>{game.round}</b> of {game.tables.numbers['rounds']} &middot; "
            f"{T.side_chip(who)} ({player}) &middot; <b>{PHASE_TITLES.get(game.phase, game.phase)}</b>"
            f"{variants_html(game)}<br><span class='ft-reminder'>{html.escape(game.reminder())}</span>")


def tracks_html(game) -> str:
    numbers = game.tables.numbers
    turn = "".join(f"<span class='ft-track{' now' if r == game.round else ''}'>{r}</span>"
                   for r in range(1, numbers["rounds"] + 1)) + "<span class='ft-track'>US win</span>"
    captured = list(game.state.captured.values())
    boxes = []
    for i in range(numbers["cities_to_win"]):
        if i < len(captured):
            bg, fg = T.SIDE_COLOURS[captured[i]]
            boxes.append(f"<span class='ft-track' style='background:{bg};color:{fg}'>{T.SIDE_TAGS[captured[i]]}</span>")
        else:
            boxes.append(f"<span class='ft-track'>{i + 1}</span>")
    return (f"<div class='fortress-turn-track'><b>Turn track</b> {turn}</div>"
            f"<div class='fortress-city-track'><b>Cities captured {len(captured)} / {numbers['cities_to_win']}</b> "
            f"{''.join(boxes)}</div>{markers_html(game)}")


def markers_html(game) -> str:
    """Control markers left per Invader (rules: Components), with what they are used for."""
    chips = []
    for side in INVADERS:
        m = game.markers(side)
        tip = html.escape(f"{m.held} on territories held, {m.declared} on battles declared", quote=True)
        chips.append(f"<span title='{tip}'>{T.side_chip(side)} {m.left} / {m.supply}</span>")
    return f"<div class='fortress-markers'><b>Control markers left</b> {' '.join(chips)}</div>"


def pools_html(game) -> str:
    s = game.state
    kinds = list(T.UNIT_ORDER)
    head = "".join(f"<th title='{k}'>{k}</th>" for k in kinds)
    rows = []
    for side in SIDES:
        res = "".join(f"<td>{s.reserves.get(side, {}).get(k, 0) or ''}</td>" for k in kinds)
        rows.append(f"<tr><th>{T.side_chip(side)} reserves</th>{res}</tr>")
    for side in INVADERS:
        dead = "".join(f"<td>{s.graveyard.get(side, {}).get(k, 0) or ''}</td>" for k in kinds)
        rows.append(f"<tr><th>{T.side_chip(side)} graveyard</th>{dead}</tr>")
    lasers = f"Lasers built: {len(s.lasers)} (left to build: {s.lasers_left})"
    return (f"<table class='ft-table fortress-pools'><tr><th></th>{head}</tr>{''.join(rows)}</table>"
            f"<div>{lasers}</div>")


def cards_view(game) -> str:
    return f"<div class='fortress-cards'><b>U.S. partisan cards this turn</b>{cards_html(game)}</div>"


def _die(unit: str, die: str, face: str, miss: str = "", destroyed: bool = False) -> str:
    """One die; ``miss``: why its Combined Arms face does not count (then it is a miss);
    ``destroyed``: a laser shot that destroyed its target (a hit whatever the number needed)."""
    bg, fg = T.DIE_COLOURS.get(die, ("#eee", "#000"))
    tag = T.FACE_TAGS.get(face, face)
    counts = not (miss and face == "combined_arms")
    hit = counts and (face in ("hit", "combined_arms") or destroyed)
    css = " hit" if hit else (" miss" if not counts else "")
    title = f"{unit}: {die} die, {face}" + ("" if counts else " (no hit here)")
    return (f"<span class='ft-die{css}' style='background:{bg};color:{fg}' "
            f"title='{html.escape(title)}'>{T.UNIT_TAGS.get(unit, unit[:1])}<br>{tag}</span>")


def dice_html(game) -> str:
    """The dice of the last battle or laser shot, with what each result did."""
    events = game.events
    last = next((i for i in range(len(events) - 1, -1, -1) if events[i].rolls), None)
    if last is None:
        return "<div class='fortress-dice'><b>Dice</b>: none rolled yet.</div>"
    start = last
    while start > 0 and events[start - 1].kind in ("roll", "combined_arms", "destroy", "retreat", "disengage") and \
            events[start - 1].areas[:1] == events[last].areas[:1]:
        start -= 1
    lines = []
    shown = events[start:]
    for k, e in enumerate(shown):
        if e.kind == "combined_arms":  # said with the roll it follows
            continue
        if e.kind not in ("roll", "laser", "destroy", "retreat", "disengage", "battle", "capture"):
            break
        if e.rolls:
            after = shown[k + 1] if k + 1 < len(shown) else None
            miss = after.text if after is not None and after.kind == "combined_arms" else ""
            destroyed = e.kind == "laser" and after is not None and after.kind == "destroy"
            dice = "".join(_die(unit, die, face, miss, destroyed) for unit, die, face in e.rolls)
            why = f"<br><small class='ft-die-why'>{html.escape(miss)}</small>" if miss else ""
            lines.append(f"<div>{dice}<br><small>{html.escape(e.text)}</small>{why}</div>")
        else:
            lines.append(f"<div><small>&rarr; {html.escape(e.text)}</small></div>")
    key = ("<small>HIT destroys a unit; CA (Combined Arms) is a hit for a defender, and for an attacker in a "
           "city or mountain only with air, mechanized and foot units together; RET makes a unit retreat "
           f"(or disengage); a laser destroys on {game.laser_target()}+.</small>")
    return f"<div class='fortress-dice'><b>Last dice</b>{''.join(lines[-8:])}{key}</div>"


def legend_html() -> str:
    """The map's key: the sides' colours (with their names), the glyphs and the outlines."""
    return ("<div class='ft-legend'><small>"
            f"<span>{T.side_chip('us')}</span><span>{T.side_chip('west')}</span>"
            f"<span>{T.side_chip('south')}</span><span>{T.side_chip('east')}</span>"
            f"<span>{T.GLYPH_CITY} city</span><span>{T.GLYPH_MOUNTAIN} mountain</span>"
            f"<span>{T.GLYPH_LASER} laser</span><span>{T.GLYPH_TARGET} laser target</span>"
            f"<span>{T.GLYPH_BATTLE} declared (dashed black)</span><span>&#9873; captured</span>"
            "<span>&#9670; green outline: click here</span><span>&#9673; thick black: selected</span><span>olive outline: last moves</span>"
            "<span>I infantry, P partisan, M mobile, T hovertank, H helicopter, B bomber; dashed: invasion zone</span>"
            "</small></div>")
