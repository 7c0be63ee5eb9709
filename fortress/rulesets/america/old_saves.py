"""How older saves digested Fortress America's state (versions 1 to 3), so their recorded
digests still check (:func:`fortress.engine.save.digest`, through the ruleset's ``digest_layout``)."""
from __future__ import annotations

from typing import Any


def digest_layout(data: dict[str, Any], version: int) -> dict[str, Any]:
    """The state data as a save of ``version`` digested it."""
    if version < 4:
        data = _region_tasks(data)
    if version < 3:
        data = _untyped_state(data)
    return data


def _region_tasks(data: dict[str, Any]) -> dict[str, Any]:
    """The state data as versions 1 to 3 digested it: a card task named one ``region`` (a
    task of today's cards shows its territories there, joined by commas)."""
    if "tasks" not in data:  # not a Fortress America state: nothing changed
        return data

    def task(t: dict[str, Any]) -> dict[str, Any]:
        row = {k: v for k, v in t.items() if k != "places"}
        return row | {"region": ",".join(t["places"])}
    return {**data, "tasks": [task(t) for t in data["tasks"]]}


def _untyped_state(data: dict[str, Any]) -> dict[str, Any]:
    """The state data as versions 1 and 2 digested it: card tasks as loose dicts, the battle
    in progress as a dict whose live round showed only its forces (sorted) and pending results."""
    def task(t: dict[str, Any]) -> dict[str, Any]:
        if t["kind"] == "reinforce":
            return {"kind": t["kind"], "left": t["left"]}
        if t["kind"] == "place":
            return {"kind": t["kind"], "unit": t["unit"], "region": t["region"], "card": t["card"]}
        return {"kind": t["kind"], "card": t["card"]}

    if "tasks" not in data:  # not a Fortress America state: nothing changed
        return data
    data = {**data, "tasks": [task(t) for t in data["tasks"]]}
    b = data["battle"]
    if b is not None:
        data["battle"] = {k: b[k] for k in ("area", "stage", "decider", "defender")}
        if b["battle"] is not None:
            data["battle"]["battle"] = {k: v for k, v in b["battle"].items() if k in ("area", "terrain", "step", "pending")}
            data["battle"]["battle"].update({k: sorted(b["battle"][k]) for k in ("attackers", "defenders")})
    return data
