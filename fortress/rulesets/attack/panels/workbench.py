"""The odds workbench [Battles]: any attacker against any defender, with the options a battle
takes, and the battle's exact odds (:mod:`fortress.rulesets.attack.odds`: its absorbing Markov
chain, whose fire steps with no hit loop back and are summed as a geometric series).

Pick an army or a naval battle, the attacking units, the defender (a player's units, or a
neutral region's army for a year: every army its dice may raise, weighted by its chance), and
the options (hits from the front only or from the reserve too, Shock Troops, Armor Raid, Wolf
Pack); **Show odds** gives the attacker's and the defender's chance to win, the chance both are
destroyed, and the units each side keeps on average. The forces may be filled from the board: the
units of a side in a region or sea zone, as the page's view shows them (units on the board are
public). Past :data:`MAX_STATES` states the odds are estimated from :data:`RUNS` seeded battles
and the result says so. Given to the shell with the world board (:mod:`..dashboard`).
"""
from __future__ import annotations

import html
from typing import Any, cast

import ipywidgets as W

from fortress.rulesets.attack.battle import Battle, BattleOptions
from fortress.rulesets.attack.battle_dice import Kind, Role, tables
from fortress.rulesets.attack.odds import Odds, against_neutral, odds
from fortress.rulesets.attack.panels.common import discard
from fortress.rulesets.attack.world import place_name

MAX_STATES = 12_000  #: the workbench's exact odds at most this many states (then seeded Monte Carlo)
RUNS = 2_000  #: the workbench's Monte Carlo battles
MOST = 60  #: units of a type a side may be given (odds.MAX_UNITS: the command line's limit)
NEUTRAL = "neutral"
RAIDS = (("no Armor Raid", ""), ("Armor Raid: reroll a first miss", "reroll"), ("Armor Raid: first step twice", "twice"))


def workbench_odds(kind: str, attack: dict[str, int], defence: dict[str, int] | None, year: int,
                   options: BattleOptions) -> Odds:
    """The odds of ``attack`` against ``defence`` (None: a neutral region in ``year``) in an
    ``kind`` battle with ``options``, both sides filling their fronts as a neutral does."""
    if defence is None:
        return against_neutral(attack, year, max_states=MAX_STATES, runs=RUNS, options=options)
    battle = Battle.start(cast(Kind, kind), "attacker", attack, "defender", defence, options=options)
    return odds(battle, max_states=MAX_STATES, runs=RUNS)


def result_html(found: Odds, attack: dict[str, int]) -> str:
    """The odds as the workbench shows them: who wins, both destroyed, the survivors, the method."""
    both = max(0.0, 1.0 - found.attacker_wins - found.defender_wins)
    how = (f"exact: the battle's absorbing Markov chain, {found.size:,} states (fire steps with no hit loop "
           "back, summed as a geometric series)" if found.method == "exact" else
           f"estimated from {found.size:,} battles, ±{found.stderr:.1%}" + (f" ({found.note})" if found.note else ""))

    def kept(role: Role) -> str:
        left = {t: n for t, n in found.survivors(role).items() if n > 0.0005}
        return ", ".join(f"{n:.2f} {t}" for t, n in left.items()) or "none"

    rows = (("the attacker wins", found.attacker_wins, "ft-attack-wb-attacker"),
            ("the defender wins", found.defender_wins, "ft-attack-wb-defender"),
            ("both destroyed (the area stays as it was)", both, "ft-attack-wb-both"))
    table = "".join(f"<tr class='{css}'><td>{label}</td><td><b>{p:.1%}</b></td></tr>" for label, p, css in rows)
    return (f"<table class='ft-attack-wb-odds'>{table}</table>"
            f"<div>Units left on average: attacker {html.escape(kept('attacker'))}; defender "
            f"{html.escape(kept('defender'))}.</div><div><small>{html.escape(how)}; fronts filled as a neutral "
            f"fills them (ruling 12); {sum(attack.values())} attacking units.</small></div>")


class OddsWorkbench:
    """The workbench's widgets; ``show(view, viewer)`` after every move lists the forces on the
    board to fill it from (the choices made stay)."""

    def __init__(self) -> None:
        self.kind = W.ToggleButtons(options=(("army battle", "army"), ("naval battle", "naval")), value="army",
                                    _dom_classes=("ft-attack-wb-kind",))
        self.defender = W.Dropdown(options=(("a player's units", "player"), ("a neutral region", NEUTRAL)),
                                   value="player", description="defender", _dom_classes=("ft-attack-wb-defender-is",))
        self.year = W.BoundedIntText(value=1, min=1, max=12, description="year", layout=W.Layout(width="140px"),
                                     _dom_classes=("ft-attack-wb-year",))
        self.boxes: dict[str, dict[str, W.BoundedIntText]] = {"attacker": {}, "defender": {}}
        self.forces = {role: W.HBox(layout=W.Layout(flex_flow="row wrap"), _dom_classes=(f"ft-attack-wb-{role}-units",))
                       for role in ("attacker", "defender")}
        self.casualties = W.Dropdown(options=(("hits on the front only (ruling 5)", "front"),
                                              ("hits may reach the reserve", "all")), value="front",
                                     description="hits", _dom_classes=("ft-attack-wb-casualties",))
        self.shock = W.Dropdown(options=(("no Shock Troops", 0), ("Shock Troops: 1 step", 1), ("Shock Troops: 2 steps", 2)),
                                value=0, _dom_classes=("ft-attack-wb-shock",))
        self.raid = W.Dropdown(options=RAIDS, value="", _dom_classes=("ft-attack-wb-raid",))
        self.wolf = W.Checkbox(value=False, description="Wolf Pack: the defender's submarines fire first",
                               indent=False, _dom_classes=("ft-attack-wb-wolf",))
        self.board = W.Dropdown(description="from the board", options=(), layout=W.Layout(width="100%"),
                                style={"description_width": "initial"}, _dom_classes=("ft-attack-wb-board",))
        self.to_attacker = self._button("as attacker", "to-attacker", lambda: self.fill("attacker"))
        self.to_defender = self._button("as defender", "to-defender", lambda: self.fill("defender"))
        self.go = self._button("Show odds", "go", self.compute, "primary")
        self.result = W.HTML(_dom_classes=("ft-attack-wb-result",))
        self.kind.observe(lambda _c: self._make_boxes(), "value")
        self.defender.observe(lambda _c: self._arrange(), "value")
        self.widget = W.VBox([
            W.HTML("<b>Odds workbench</b>: any two forces, the exact odds of their battle [Battles]."),
            self.kind, W.HTML("Attacker"), self.forces["attacker"], W.HBox([self.defender, self.year]),
            self.forces["defender"], W.HBox([self.casualties, self.shock, self.raid], layout=W.Layout(flex_flow="row wrap")),
            self.wolf, W.HBox([self.board, self.to_attacker, self.to_defender]), self.go, self.result],
            _dom_classes=("ft-attack-workbench",))
        self._make_boxes()

    @staticmethod
    def _button(label: str, css: str, handler: Any, style: str = "") -> W.Button:
        b = W.Button(description=label, button_style=style, layout=W.Layout(width="auto"),
                     _dom_classes=(f"ft-attack-wb-{css}",))
        b.on_click(lambda _b: handler())
        return b

    # -- the form ---------------------------------------------------------------------------------
    def _make_boxes(self) -> None:
        """A box per unit type of the battle's kind, for each side (the counts go with the kind)."""
        for role, box in self.forces.items():
            discard(box.children)
            self.boxes[role] = {t: W.BoundedIntText(value=0, min=0, max=MOST, description=t, layout=W.Layout(width="160px"),
                                                    _dom_classes=("ft-attack-wb-count", f"ft-attack-wb-{role}-{t}"))
                                for t in tables().order[self.kind.value]}
            box.children = list(self.boxes[role].values())
        self._arrange()

    def _arrange(self) -> None:
        """Neutral: an army battle, the year instead of the defender's units; Wolf Pack at sea only."""
        neutral = self.defender.value == NEUTRAL
        self.year.layout.display = "" if neutral else "none"
        self.forces["defender"].layout.display = "none" if neutral else ""
        self.wolf.layout.display = "" if self.kind.value == "naval" else "none"
        self.result.value = ""

    def units(self, role: str) -> dict[str, int]:
        return {t: box.value for t, box in self.boxes[role].items() if box.value}

    def options(self) -> BattleOptions:
        return BattleOptions(casualties_from=self.casualties.value, shock_troops=self.shock.value,
                             armor_raid=self.raid.value, wolf_pack_defence_salvo=self.wolf.value and self.kind.value == "naval")

    # -- from the board ---------------------------------------------------------------------------
    def show(self, view: Any, viewer: str | None) -> None:
        """List every side's units by region and sea zone in ``view`` (the page's view)."""
        s, names = view.state, view.rules.side_names
        found = []
        for side, places in sorted(s.armies.items()):
            found += [(f"{names.get(side, side)}: {self._said(units)} in {place_name(area)}", ("army", dict(units)))
                      for area, units in sorted(places.items()) if units]
        for side, places in sorted(s.ships.items()):
            found += [(f"{names.get(side, side)}: {self._said(ships)} at {place_name(zone)}", ("naval", self._hulls(ships)))
                      for zone, ships in sorted(places.items()) if ships]
        keep = self.board.value if any(v == self.board.value for _l, v in found) else None
        self.board.options = found
        self.board.value = keep if keep is not None else (found[0][1] if found else None)

    @staticmethod
    def _said(units: dict[str, int]) -> str:
        return ", ".join(f"{n} {t}" for t, n in sorted(units.items()))

    @staticmethod
    def _hulls(ships: dict[str, int]) -> dict[str, int]:
        """Ships by type, cargo left out ("destroyer/infantry" is a destroyer)."""
        out: dict[str, int] = {}
        for name, n in ships.items():
            hull = name.split("/")[0]
            out[hull] = out.get(hull, 0) + n
        return out

    def fill(self, role: str) -> None:
        """The chosen force from the board as ``role`` (the battle's kind turned to its kind)."""
        if self.board.value is None:
            return
        kind, units = self.board.value
        if self.kind.value != kind:
            self.kind.value = kind  # new boxes, empty
        if role == "defender":
            self.defender.value = "player"
        for t, box in self.boxes[role].items():
            box.value = min(units.get(t, 0), MOST)

    # -- the odds ---------------------------------------------------------------------------------
    def compute(self) -> Odds | None:
        """The odds of the form's battle, shown below it (None: no battle, said why)."""
        attack = self.units("attacker")
        neutral = self.defender.value == NEUTRAL
        defence = None if neutral else self.units("defender")
        why = ("No attacking unit: no battle." if not attack else
               "A neutral region raises an army: choose an army battle." if neutral and self.kind.value != "army" else
               "No defending unit: the area is taken without a battle." if defence == {} else "")
        if why:
            self.result.value = f"<span class='ft-attack-wb-none'>{why}</span>"
            return None
        try:
            found = workbench_odds(self.kind.value, attack, defence, self.year.value, self.options())
        except ValueError as exc:
            self.result.value = f"<span class='ft-refused'>No odds: {html.escape(str(exc))}</span>"
            return None
        self.result.value = result_html(found, attack)
        return found
