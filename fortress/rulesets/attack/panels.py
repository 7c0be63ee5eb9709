"""ATTACK!'s own panels in the dashboard shell (:mod:`fortress.ui.shell.panel`), given with its
world board through the ``fortress.dashboards`` entry point (:mod:`.dashboard`):

- the **year track**, always: the year and season, who holds the command die, the direction of
  play and the order, and the actions each player has used this year [Turn];
- the **action chooser** (the Spring, Summer, Autumn and Winter steps): the seven actions and
  Winter's Burn Oil as buttons; one the player may not take now is greyed, its hover text the
  game's own reason (``explain``), e.g. an action already used this year;
- the **attack panel** (the Attack step, no battle under way): the target, then how many units
  of each type to send from each region that reaches it, with the odds of the battle
  (:mod:`.odds`) before anything is sent; "Fight" ends the Attack and its battle begins; the
  same for Move and Transport (where to, the units from each region; the odds when the region
  is not the player's, as Move's battles follow it);
- the **build panel** (the Build step): production, oil certificates and the Minerals limit on
  advanced units; converting oil; a row per unit type with its cost, the places it may go
  (the capital, or as far as Factories allows) and Build, greyed with the game's reason;
- the **negotiate panel** (the Negotiate step): the neutral region to look at, then its marker
  (in this seat's view only), the price of influencing it, Influence or Decline;
- the **navigate panel** (the Navigate step, no battle under way): a row per ship that may sail
  with the places one step away, the army units that may embark, the end of the action;
- the **research panel** (the Research step): the levels held, and per technology its next
  level, the retooling the legal actions offer and Research, greyed with the game's reason.

Every panel is shown the page's view of the game (never another seat's hidden markers or cards)
and offers only what ``legal_actions`` lists; a step or moment with no panel here (setup, the
battles, disembarking) is played in the shell's generic panel. This module sits in the UI
layer with :mod:`.dashboard` (``tests/test_layers.py``).
"""
from __future__ import annotations

import html
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import ipywidgets as W

from fortress.engine.actions import Action, End
from fortress.engine.flow import Choose, Pass
from fortress.rulesets.attack import negotiate
from fortress.rulesets.attack.actions import Embark, Go, Sail, Word
from fortress.rulesets.attack.battle import Battle
from fortress.rulesets.attack.odds import Odds, against_neutral, odds
from fortress.rulesets.attack.schemas import RESEARCHABLE
from fortress.rulesets.attack.world import COAST, place_name

Play = Callable[[Action], bool]
ACTIONS = ("move", "attack", "navigate", "transport", "negotiate", "build", "research")  #: [Turn]
LABELS = {"move": "Move", "attack": "Attack", "navigate": "Navigate", "transport": "Transport",
          "negotiate": "Negotiate", "build": "Build", "research": "Research", "burn": "Burn Oil"}
WAYS = {"cw": "clockwise", "ccw": "counterclockwise"}
MAX_STATES = 3000  #: the attack panel's exact odds at most this many states (then seeded Monte Carlo)
RUNS = 1000  #: the attack panel's Monte Carlo battles


def menu(play: Play, label: str, button: str, css: str, width: str = "220px") -> tuple[W.Dropdown, W.Button]:
    """A dropdown of actions (``ft-attack-CSS``) and a button that plays the chosen one."""
    actions = W.Dropdown(description=label, layout=W.Layout(width=width), _dom_classes=(f"ft-attack-{css}",))
    go = W.Button(description=button, _dom_classes=(f"ft-attack-{css}-go",))
    go.on_click(lambda _b: None if actions.value is None else play(actions.value))
    return actions, go


def names(view: Any, sides: list[str]) -> str:
    return ", ".join(view.rules.side_names.get(s, s) for s in sides)


class YearTrack:
    """The year, season, command die, direction and each player's actions used this year."""

    def __init__(self, play: Play) -> None:
        self.widget = W.HTML(_dom_classes=("ft-attack-year",))

    def show(self, view: Any, side: str | None) -> bool:
        s = view.state
        if not s.round:
            return False
        used = view.ctx.flow.used
        rows = "".join(
            f"<tr><th>{html.escape(view.rules.side_names[p])}</th><td>"
            f"{html.escape(', '.join(LABELS.get(a, a) for a in used.get(p, {})) or '-')}</td></tr>"
            for p in (s.order or s.live()))
        way = WAYS.get(s.direction, "not chosen yet")
        self.widget.value = (
            f"<div><b>{html.escape(view.round_label)}</b> of {s.years} · <b>{html.escape(s.season or 'the year begins')}"
            f"</b> · command die: <b>{html.escape(view.rules.side_names.get(s.first, s.first))}</b> · "
            f"direction: {way} ({html.escape(names(view, s.order or s.live()))})</div>"
            f"<table class='ft-attack-used'><tr><th>player</th><th>actions used this year</th></tr>{rows}</table>")
        return True


class ActionChooser:
    """The Spring/Summer/Autumn choice and Winter: the eight actions as buttons, greyed with the
    game's reason when not allowed now; Winter's Burn Oil with its region, and Pass."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.note = W.HTML(_dom_classes=("ft-attack-chooser-note",))
        self.buttons = {a: W.Button(description=LABELS[a], layout=W.Layout(width="110px"),
                                    _dom_classes=("ft-attack-action", f"ft-attack-action-{a}")) for a in ACTIONS}
        for name, button in self.buttons.items():
            button.on_click(lambda _b, name=name: self.play(Choose(name)))
        self.burn = W.Button(description=LABELS["burn"], layout=W.Layout(width="110px"),
                             _dom_classes=("ft-attack-action", "ft-attack-action-burn"))
        self.region = W.Dropdown(layout=W.Layout(width="180px"), _dom_classes=("ft-attack-burn-region",))
        self.burn.on_click(lambda _b: self._burn())
        self.passing = W.Button(description="Pass", layout=W.Layout(width="110px"),
                                _dom_classes=("ft-attack-action", "ft-attack-pass"))
        self.passing.on_click(lambda _b: self.play(Pass()))
        self.widget = W.VBox([self.note, W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap")),
                              W.HBox([self.burn, self.region, self.passing])],
                             _dom_classes=("ft-attack-chooser",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        for name, button in self.buttons.items():
            why = view.explain(Choose(name), side)
            button.disabled, button.tooltip = why is not None, why or f"Take the {LABELS[name]} action now."
        legal = view.legal_actions(side)
        burns = [a for a in legal if isinstance(a, Word) and a.word == "burn"]
        self.region.options = [(view.board[a.args[0]].name, a) for a in burns]
        self.region.value = burns[0] if burns else None
        self.region.layout.display = "" if burns else "none"
        why_not = None if burns else view.explain(Word("burn", (self._some_oil(view, side),)), side)
        self.burn.disabled, self.burn.tooltip = bool(why_not), why_not or "Burn oil here for one more action."
        passes = any(isinstance(a, Pass) for a in legal)
        self.passing.layout.display = "" if passes else "none"
        self.note.value = f"<b>{html.escape(view.state.season)}</b>: {html.escape(view.reminder())}"
        return True

    @staticmethod
    def _some_oil(view: Any, side: str) -> str:
        """A region to ask the check about burning: one of ``side``'s with oil, else its capital."""
        s = view.state
        found: str = next((r for r in sorted(s.oil) if s.control.get(r) == side), s.capital.get(side, "capital"))
        return found

    def _burn(self) -> None:
        if self.region.value is not None:
            self.play(self.region.value)


@lru_cache(maxsize=256)
def battle_odds(attack: tuple[tuple[str, int], ...], defence: tuple[tuple[str, int], ...] | None,
                year: int) -> Odds:
    """The odds of ``attack`` against ``defence`` (None: a neutral region in ``year``), both sides
    filling their fronts as a neutral does; remembered, as the panel asks again after each move."""
    if defence is None:
        return against_neutral(dict(attack), year, max_states=MAX_STATES, runs=RUNS)
    return odds(Battle.start("army", "attacker", dict(attack), "defender", dict(defence)),
                max_states=MAX_STATES, runs=RUNS)


#: per way of going: the step's name, what the destination is called, what to do, the end button
GOING = {"attack": ("Attack", "target", "choose the target, then the units from each region.",
                    "Fight (end the Attack)"),
         "move": ("Move", "to", "choose where to, then the units from each region next to it; a neutral or "
                  "enemy region is fought for once the Move ends.", "End the Move (battles follow)"),
         "transport": ("Transport", "to", "choose where to, then the units from your regions in range.",
                       "End the Transport")}


class AttackPanel:
    """The Attack step (or Move, Transport: ``how``): the destination, the units sent from each
    region that reaches it, the odds of the battle for it if it is not the player's."""

    def __init__(self, play: Play, how: str = "attack") -> None:
        self.play, self.how = play, how
        self.view: Any = None
        self.side = ""
        self.orders: dict[str, list[Go]] = {}  # destination -> its legal orders
        title, where, what, end = GOING[how]
        self.target = W.Dropdown(description=where, layout=W.Layout(width="100%"),
                                 _dom_classes=("ft-attack-target",))
        self.units = W.VBox(_dom_classes=("ft-attack-units",))
        self.counts: dict[tuple[str, str], W.BoundedIntText] = {}  # (region, kind) -> how many
        self.odds = W.HTML(_dom_classes=("ft-attack-odds",))
        self.send = W.Button(description="Send these units", button_style="primary",
                             _dom_classes=("ft-attack-send",))
        self.fight = W.Button(description=end, _dom_classes=("ft-attack-fight",))
        self.send.on_click(lambda _b: self._send())
        self.fight.on_click(lambda _b: self.play(End()))
        self.quiet = False
        self.target.observe(lambda _c: None if self.quiet else self._list_units(), "value")
        self.widget = W.VBox([W.HTML(f"<b>{title}</b>: {what}"),
                              self.target, self.units, self.odds, W.HBox([self.send, self.fight])],
                             _dom_classes=("ft-attack-panel" if how == "attack" else f"ft-attack-{how}-panel",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None or view.state.fight:
            return False  # a battle under way: its decisions are the generic panel's
        self.view, self.side = view, side
        self.orders = {}
        for a in view.legal_actions(side):
            if isinstance(a, Go) and a.how == self.how:
                self.orders.setdefault(a.dest, []).append(a)
        keep = self.target.value if self.target.value in self.orders else None
        self.quiet = True  # the options and value set here list the units once, below
        self.target.options = [(view.board[t].name, t) for t in self.orders]
        self.target.value = keep if keep is not None else next(iter(self.orders), None)
        self.quiet = False
        self._list_units()
        return True

    def _list_units(self) -> None:
        """A box per (region, type) that may send units against the target, up to the most allowed."""
        most: dict[tuple[str, str], int] = {}
        for a in self.orders.get(self.target.value or "", []):
            most[a.origin, a.kind] = max(most.get((a.origin, a.kind), 0), a.n)
        for box in self.counts.values():
            box.close()
        board = self.view.board
        self.counts = {key: W.BoundedIntText(value=0, min=0, max=n, description=f"{key[1]} from {board[key[0]].name}",
                                             style={"description_width": "initial"},
                                             _dom_classes=("ft-attack-count", f"ft-attack-count-{key[0]}-{key[1]}"))
                       for key, n in sorted(most.items())}
        for box in self.counts.values():
            box.observe(lambda _c: self._show_odds(), "value")
        self.units.children = list(self.counts.values())
        self.send.disabled = not self.counts
        self._show_odds()

    def attackers(self) -> dict[str, int]:
        """The units in the battle if these are sent: those already sent this Attack, and the chosen."""
        units = dict(self.view.state.army(self.side, self.target.value)) if self.target.value else {}
        for (_region, kind), box in self.counts.items():
            units[kind] = units.get(kind, 0) + box.value
        return {k: n for k, n in units.items() if n}

    def battle_odds(self) -> Odds | None:
        """The odds of the battle for the target with :meth:`attackers` (None: no units yet)."""
        target, units = self.target.value, self.attackers()
        if not target or not units:
            return None
        s = self.view.state
        holder = s.control.get(target)
        if holder == self.side:
            return None  # no battle in one's own region
        defenders = None if holder is None else tuple(sorted(s.army(holder, target).items()))
        return battle_odds(tuple(sorted(units.items())), defenders, s.round)

    def _show_odds(self) -> None:
        found, s, target = self.battle_odds(), self.view.state, self.target.value
        holder = s.control.get(target) if target else None
        if found is None:
            self.odds.value = (f"No battle: {html.escape(self.view.board[target].name)} is yours." if holder == self.side
                               else "Choose the units to send to see the odds." if self.counts else
                               "No region of yours reaches one now.")
            return
        against = (f"the neutral's army for year {s.round} (one army die a year)" if holder is None else
                   f"{self.view.rules.side_names[holder]}'s {sum(s.army(holder, target).values())} units")
        how = "exact" if found.method == "exact" else f"estimated, ±{found.stderr:.1%}"
        units = sum(self.attackers().values())
        self.odds.value = (f"<b>{found.attacker_wins:.1%}</b> to take {html.escape(self.view.board[target].name)} "
                           f"with {units} unit{'s' if units > 1 else ''} against {html.escape(against)} "
                           f"({how}; fronts filled as a neutral fills them)")

    def _send(self) -> None:
        """Play the chosen orders, one per region and type (each a listed legal action)."""
        chosen = [a for a in self.orders.get(self.target.value or "", [])
                  if (box := self.counts.get((a.origin, a.kind))) is not None and box.value == a.n]
        for a in chosen:
            if not self.play(a):
                break


class BuildPanel:
    """The Build step: production, oil certificates and the Minerals limit; converting oil; a
    row per unit type (its cost, where it may be placed, Build, greyed with the game's reason)."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.purse = W.HTML(_dom_classes=("ft-attack-purse",))
        self.convert, self.converting = menu(play, "convert", "Convert oil", "convert")
        self.rows = W.VBox(_dom_classes=("ft-attack-build-rows",))
        self.places: dict[str, W.Dropdown] = {}
        self.buttons: dict[str, W.Button] = {}
        self.done = W.Button(description="Done building (end)", _dom_classes=("ft-attack-build-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.widget = W.VBox([W.HTML("<b>Build</b>: convert oil, then buy units (each Build button one unit)."),
                              self.purse, W.HBox([self.convert, self.converting]), self.rows, self.done],
                             _dom_classes=("ft-attack-build",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        s, units = view.state, view.rules.tables.units
        if not self.rows.children:
            self._make_rows(view)
        legal = view.legal_actions(side)
        converts = [a for a in legal if isinstance(a, Word) and a.word == "convert"]
        self.convert.options = [(f"{a.args[0]} certificate(s)", a) for a in converts]
        self.convert.value = converts[-1] if converts else None
        self.converting.disabled = not converts
        for kind, place in self.places.items():
            builds = [a for a in legal if isinstance(a, Word) and a.word == "build" and a.args[0] == kind]
            keep = place.value if place.value in builds else None
            place.options = [(view.board[a.args[1].removeprefix(COAST)].name, a) for a in builds]
            place.value = keep if keep is not None else (builds[0] if builds else None)
            home = ("" if units[kind]["branch"] == "army" else COAST) + s.capital.get(side, "capital")
            why = None if builds else view.explain(Word("build", (kind, home)), side)
            self.buttons[kind].disabled, self.buttons[kind].tooltip = why is not None, why or f"Build one {kind}."
        level = s.tech.get(side, {}).get("minerals", 0)
        limit = view.rules.tables.economy["effects"]["minerals"][level]
        used = s.act.get("advanced", {})
        self.purse.value = (
            f"production <b>{s.production.get(side, 0)}</b> · oil certificates <b>{s.oil_certs.get(side, 0)}</b> · "
            f"Minerals level {level}: " + (f"{limit} advanced army and {limit} advanced naval unit(s) a Build "
                                           f"(built: {used.get('army', 0)} army, {used.get('naval', 0)} naval)"
                                           if limit else "any number of advanced units"))
        return True

    def _make_rows(self, view: Any) -> None:
        rows = []
        for kind, unit in view.rules.tables.units.items():
            self.places[kind] = W.Dropdown(layout=W.Layout(width="170px"), _dom_classes=(f"ft-attack-place-{kind}",))
            self.buttons[kind] = W.Button(description="Build", layout=W.Layout(width="80px"),
                                          _dom_classes=("ft-attack-build-go", f"ft-attack-build-{kind}"))
            self.buttons[kind].on_click(lambda _b, kind=kind: self._play_chosen(self.places[kind]))
            label = f"{kind} ({unit['cost']}{', advanced' if unit['advanced'] else ''})"
            rows.append(W.HBox([W.HTML(html.escape(label), layout=W.Layout(width="170px")),
                                self.places[kind], self.buttons[kind]]))
        self.rows.children = rows

    def _play_chosen(self, menu: W.Dropdown) -> None:
        if menu.value is not None:
            self.play(menu.value)


class NegotiatePanel:
    """The Negotiate step: the neutral region to look at; once looked at, its marker (this
    seat's view alone holds it), what influencing costs (:func:`.negotiate.cost`), Influence
    (greyed with the game's reason) or Decline."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.note = W.HTML(_dom_classes=("ft-attack-negotiate-note",))
        self.region = W.Dropdown(description="region", layout=W.Layout(width="100%"),
                                 _dom_classes=("ft-attack-negotiate-region",))
        self.look = W.Button(description="Look at its marker", button_style="primary",
                             _dom_classes=("ft-attack-look",))
        self.look.on_click(lambda _b: self.region.value is not None and self.play(self.region.value))
        self.influence = W.Button(description="Influence", button_style="primary", _dom_classes=("ft-attack-influence",))
        self.influence.on_click(lambda _b: self.play(Word("influence")))
        self.decline = W.Button(description="Decline", _dom_classes=("ft-attack-decline",))
        self.decline.on_click(lambda _b: self.play(Word("decline")))
        self.done = W.Button(description="No negotiation (end)", _dom_classes=("ft-attack-negotiate-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.choosing = W.VBox([self.region, W.HBox([self.look, self.done])])
        self.deciding = W.HBox([self.influence, self.decline])
        self.widget = W.VBox([W.HTML("<b>Negotiate</b>"), self.note, self.choosing, self.deciding],
                             _dom_classes=("ft-attack-negotiate",))

    def show(self, view: Any, side: str | None) -> bool:
        s = view.state
        if side is None or s.act.get("discard"):
            return False  # Secret Treaty's discard: the generic panel
        region = s.act.get("region")
        self.choosing.layout.display = "none" if region else ""
        self.deciding.layout.display = "" if region else "none"
        if region:
            marker = view.rules.tables.governments[s.neutral[region]]["name"]
            price = negotiate.cost(view.ctx, region)
            why = view.explain(Word("influence"), side)
            self.influence.disabled, self.influence.tooltip = why is not None, why or ""
            self.influence.description = f"Influence ({price} production)"
            self.note.value = (f"The marker of <b>{html.escape(view.board[region].name)}</b> is "
                               f"<b>{html.escape(marker)}</b> (only you see it): influencing costs {price} "
                               f"production; you have {s.production.get(side, 0)}.")
            return True
        looks = [a for a in view.legal_actions(side) if isinstance(a, Word) and a.word == "negotiate"]
        self.region.options = [(view.board[a.args[0]].name, a) for a in looks]
        self.region.value = looks[0] if looks else None
        self.look.disabled = not looks
        self.note.value = ("Look secretly at a neutral neighbour's marker." if looks else
                           "No neutral region is next to yours: end the Negotiate action.")
        return True


class NavigatePanel:
    """The Navigate step, no battle under way: a row per ship that may sail (where it is, the
    places one step away, Sail), the army units that may embark, and the end of the action."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.ships = W.VBox(_dom_classes=("ft-attack-ships",))
        self.embark, self.boarding = menu(play, "embark", "Embark", "embark", width="100%")
        self.done = W.Button(description="End the Navigate (battles follow)", _dom_classes=("ft-attack-navigate-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.widget = W.VBox([W.HTML("<b>Navigate</b>: each ship one step; army units board empty ships."),
                              self.ships, W.HBox([self.embark, self.boarding]), self.done],
                             _dom_classes=("ft-attack-navigate",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None or view.state.fight:
            return False  # a battle under way: its decisions are the generic panel's
        legal = view.legal_actions(side)
        sails: dict[tuple[str, str], list[Sail]] = {}
        for a in legal:
            if isinstance(a, Sail):
                sails.setdefault((a.ship, a.origin), []).append(a)
        for row in self.ships.children:
            row.close()
        self.ships.children = [self._row(ship, origin, found) for (ship, origin), found in sails.items()]
        boards = [a for a in legal if isinstance(a, Embark)]
        self.embark.options = [(f"{a.kind} from {place_name(a.region)} onto the {a.ship} at {place_name(a.place)}", a)
                               for a in boards]
        self.embark.value = boards[0] if boards else None
        self.boarding.disabled = not boards
        return True

    def _row(self, ship: str, origin: str, sails: list[Sail]) -> W.HBox:
        where = W.Dropdown(options=[(place_name(a.dest), a) for a in sails], value=sails[0],
                           layout=W.Layout(width="200px"), _dom_classes=("ft-attack-sail-to",))
        go = W.Button(description="Sail", layout=W.Layout(width="70px"), _dom_classes=("ft-attack-sail",))
        go.on_click(lambda _b: self.play(where.value))
        label = W.HTML(f"{html.escape(ship.replace('/', ' carrying '))} at {html.escape(place_name(origin))}",
                       layout=W.Layout(width="220px"))
        return W.HBox([label, where, go])


class ResearchPanel:
    """The Research step: the levels held; a row per technology with the next level, the
    retooling rows the legal actions offer (units and the area paying them) and Research,
    greyed with the game's reason; the Oil level's marker is placed in the generic panel."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.held = W.HTML(_dom_classes=("ft-attack-tech",))
        self.rows = W.VBox(_dom_classes=("ft-attack-research-rows",))
        self.labels: dict[str, W.HTML] = {}
        self.pays: dict[str, W.Dropdown] = {}
        self.buttons: dict[str, W.Button] = {}
        self.done = W.Button(description="Done researching (end)", _dom_classes=("ft-attack-research-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.widget = W.VBox([W.HTML("<b>Research</b>: the next level of one or more technologies, each paid by "
                                     "retooling units from one area."), self.held, self.rows, self.done],
                             _dom_classes=("ft-attack-research",))

    def show(self, view: Any, side: str | None) -> bool:
        s = view.state
        if side is None or s.act.get("oil_due"):
            return False
        economy, tech = view.rules.tables.economy, s.tech.get(side, {})
        if not self.rows.children:
            self._make_rows(economy)
        legal = view.legal_actions(side)
        for name in RESEARCHABLE:
            lv = 1 if name == "population" else tech.get(name, 0) + 1
            offers = [a for a in legal if isinstance(a, Word) and a.word == "research" and a.args[0] == name]
            rows = dict(view.rules.tables.retool(name, lv)) if lv <= 4 else {}
            self.pays[name].options = [(f"{rows.get(a.args[1], '?')} {a.args[1]} from "
                                        f"{place_name(a.args[2])}", a) for a in offers]
            self.pays[name].value = offers[0] if offers else None
            unit = next(iter(rows), "infantry")
            why = None if offers else view.explain(Word("research", (name, unit, s.capital.get(side, "capital"))), side)
            self.buttons[name].disabled, self.buttons[name].tooltip = why is not None, why or f"Research {name} {lv}."
            self.labels[name].value = f"{html.escape(economy[name]['name'])} {lv if lv <= 4 else '(all)'}"
        self.held.value = "levels held: " + " · ".join(
            f"{html.escape(economy[t]['name'])} {tech.get(t, 0)}" for t in RESEARCHABLE if t != "population") + \
            f" · Population cards {s.population.get(side, 0)}"
        return True

    def _make_rows(self, economy: Any) -> None:
        rows = []
        for name in RESEARCHABLE:
            self.labels[name] = W.HTML(layout=W.Layout(width="150px"))
            self.pays[name] = W.Dropdown(layout=W.Layout(width="220px"), _dom_classes=(f"ft-attack-pay-{name}",))
            self.buttons[name] = W.Button(description="Research", layout=W.Layout(width="90px"),
                                          _dom_classes=("ft-attack-research-go", f"ft-attack-research-{name}"))
            self.buttons[name].on_click(lambda _b, name=name: self.pays[name].value is not None
                                        and self.play(self.pays[name].value))
            rows.append(W.HBox([self.labels[name], self.pays[name], self.buttons[name]]))
        self.rows.children = rows


#: the panels ATTACK! gives the shell, by step (``fortress.ui.shell.panel``; "*": always shown)
PANELS: dict[str, Callable[[Play], Any]] = {
    "*": YearTrack, "season": ActionChooser, "winter": ActionChooser, "attack": AttackPanel,
    "move": lambda play: AttackPanel(play, "move"), "transport": lambda play: AttackPanel(play, "transport"),
    "navigate": NavigatePanel, "build": BuildPanel,
    "negotiate": NegotiatePanel, "research": ResearchPanel}
