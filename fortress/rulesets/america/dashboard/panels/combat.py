"""Combat: pick a battle, send units into it, fight, and make the battle's choices
(casualties, retreats, disengagements) when they fall to the player."""
from __future__ import annotations

from collections import defaultdict

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.state import BattleView, Stage
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard import turn_flow
from fortress.rulesets.america.dashboard.panels.base import Panel


class CombatPanel(Panel):
    title = "Combat"
    css = "fortress-panel-combat"

    @property
    def battle(self) -> BattleView | None:
        return self.game.battle

    def targets(self) -> frozenset[str]:
        b = self.battle
        if b is None:
            return frozenset(a.area for a in self.legal(A.Attack))
        if b.stage == Stage.ASSEMBLE:
            return frozenset(a.src for a in self.legal(A.Commit))
        return frozenset(a.area if not isinstance(a, A.Retreat) else (a.dst or a.src)
                         for a in self.legal((A.Casualty, A.Disengage, A.Retreat)))

    def build(self) -> list[W.Widget]:
        b = self.battle
        if b is None:
            return self._choose_battle()
        if b.stage == Stage.ASSEMBLE:
            return self._assemble(b)
        return self._decide(b)

    def _choose_battle(self) -> list[W.Widget]:
        attacks = self.legal(A.Attack)
        text = ("Click a declared territory (green outline) or a button to start its battle."
                if attacks else "No battle left to fight.")
        return [W.HTML(text), self.buttons([(f"Attack {self.name(a.area)}", a) for a in attacks], "fortress-attack"),
                self._next(), self.end_button("End combat")]

    def _next(self) -> W.Widget:
        """What comes after Combat this turn (its last battle may end the turn by itself)."""
        return W.HTML(f"<small class='fortress-next'>{turn_flow.whats_next(self.game)}</small>")

    def _forces(self, b: BattleView) -> str:
        return (f"Battle for <b>{self.ref(b.area)}</b> ({self.game.board[b.area].kind}): "
                f"{T.side_chip(b.attacker)} attacks with {T.unit_summary(b.units('attacker')) or 'nothing yet'}; "
                f"{T.side_chip(b.defender)} defends with {T.unit_summary(b.units('defender'))}.")

    def _assemble(self, b: BattleView) -> list[W.Widget]:
        groups: dict[tuple[str, str], int] = defaultdict(int)
        for a in self.legal(A.Commit):
            groups[(a.unit, a.src)] = max(groups[(a.unit, a.src)], a.count)
        rows = []
        for (unit, src), n in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            for k in sorted({1, n}):
                rows.append((f"Send {k} {unit} from {self.name(src)}", A.Commit(k, unit, src)))
        # nothing sent yet: no Fight button, but what to do, in words (the engine's reason names the notation)
        fight = self.button("Fight!", A.Fight(), "fortress-fight", "danger") if self.game.explain(A.Fight()) is None \
            else W.HTML("<span class='fortress-why'>Fight! needs at least one attacking unit: send some first.</span>")
        hint = ("Send units from next door (buttons, or click a green-outlined territory to send all its free "
                "units), then Fight.")
        return [W.HTML(self._forces(b)), W.HTML(hint), self.buttons(rows, "fortress-commit"), fight, self._next()]

    def _decide(self, b: BattleView) -> list[W.Widget]:
        acts = self.legal((A.Casualty, A.Disengage, A.Retreat))
        if not acts:
            return [W.HTML(self._forces(b)), W.HTML("The dice are rolling...")]
        first = acts[0]
        rows: list[tuple[str, A.Action]]
        if isinstance(first, A.Casualty):
            ask = "A hit: choose which enemy unit is destroyed."
            rows = [(f"Destroy {a.unit} in {self.name(a.area)}", a) for a in acts if isinstance(a, A.Casualty)]
        elif isinstance(first, A.Disengage):
            ask = "A Retreat result: choose which of your attacking units disengages."
            rows = [(f"Disengage {a.unit} ({self.name(a.area)})", a) for a in acts if isinstance(a, A.Disengage)]
        else:
            ask = "A Retreat result: choose which defending unit retreats, and where."
            rows = [(f"Retreat {a.unit} to {self.name(a.dst)}" if a.dst else f"{a.unit}: no retreat, destroyed", a)
                    for a in acts if isinstance(a, A.Retreat)]
            trapped = sorted({a.src for a in acts if isinstance(a, A.Retreat) and a.dst is None})
            for src in trapped:  # why there is nowhere to go, each neighbour said (the engine's words)
                blocks = "; ".join(self.game.retreat_blocks(src, self.game.side).values())
                ask += f" No retreat from {self.name(src)}: {blocks}{'' if blocks.endswith('.') else '.'}"
        why = b.combined_arms_miss()  # the attacker's Combined Arms dice are misses here: say so
        note = [W.HTML(f"<small class='ft-die-why'>{why}</small>")] if why else []
        return [W.HTML(self._forces(b)), *note, W.HTML(f"{T.side_chip(self.game.side)} decides. {ask}"),
                self.buttons(rows, "fortress-decision")]

    def click(self, aid: str) -> None:
        b = self.battle
        if b is None:
            self.try_action(A.Attack(aid))
        elif b.stage == Stage.ASSEMBLE:
            self._commit_all(aid)
        else:
            acts = [a for a in self.legal((A.Casualty, A.Disengage, A.Retreat))
                    if (a.dst if isinstance(a, A.Retreat) else a.area) == aid]
            if len(acts) == 1:
                self.try_action(acts[0])
            else:
                self.app.say("Use the buttons in the Combat panel to choose." if acts else
                             "Nothing to choose there; use the buttons in the Combat panel.", refused=not acts)

    def _commit_all(self, aid: str) -> None:
        best: dict[str, A.Commit] = {}
        for a in self.legal(A.Commit):
            if a.src == aid and (a.unit not in best or a.count > best[a.unit].count):
                best[a.unit] = a
        if not best:
            where = self.battle.area if self.battle else None
            self.app.say(f"Combat: no free unit of yours in {self.name(aid)} can join the battle for "
                         f"{self.name(where)}.")
            return
        self.app.act_many(list(best.values()))
