"""JSON Schemas of America in Flames' data files (``fortress/rulesets/aif/data/``).

Built from the helpers of :mod:`fortress.engine.data`, so a broken file gets the same
one-line message as Fortress America's files: the table, the key and what is allowed.
"""
from __future__ import annotations

from typing import Any

from fortress.engine.data import count, flag, one_of, table, tables_of, text

Schema = dict[str, Any]

SIDES = ("allies", "axis")
POWERS = ("usa", "cw", "france", "germany", "italy", "japan")
POSITIONS = ("in", "above", "below")
#: where an entry comes from: the text, derived from it, ours within a bound it sets, our choice
#: where the text is ambiguous or contradicts itself, or ours where it is silent
SOURCES = ("text", "derived", "bounded", "ruling", "design")
RESOURCE_SHARES = ("none", "half", "all")
LEAVING = ("none", "adjacent", "anywhere")
NAMES = ("powers", "track", "minors", "forces")
#: the moves that may set off a lightning flash (§3.7)
TRIGGERS = ("influence", "automatic", "war", "entry")


def source(what: str = "where it comes from") -> Schema:
    return one_of(SOURCES, what)


def names(what: str, least: int = 0) -> Schema:
    return {"type": "array", "items": text(what), "minItems": least, "uniqueItems": True,
            "description": f"a list of different {what}s"}


def per_power(value: Schema, what: str) -> Schema:
    """``{ usa = ..., cw = ..., ... }``: one value for each of the six powers."""
    return table({p: value for p in POWERS}, POWERS, f"{what}, one for each power ({', '.join(POWERS)})")


def powers() -> Schema:
    side = table({"name": text("the side's name"), "research_start": count(what="research points"),
                  "research_start_source": source(), "first_initiative": flag("holds the first initiative")},
                 ("name", "research_start", "research_start_source", "first_initiative"), "a side")
    power = table({
        "name": text("the power's name"), "side": one_of(SIDES, "side"),
        "position": one_of(POSITIONS, "where its flags sit"), "position_source": source(),
        "presetup_points": count(what="political points"), "presetup_source": source(),
        "factories": count(what="factories"), "resources": count(what="resources"),
        "economy_source": source(), "home": text("its home country"), "home_source": source(),
    }, ("name", "side", "position", "presetup_points", "factories", "resources", "home"), "a major power")
    group = {"type": "array", "items": one_of(POWERS, "power"), "minItems": 1, "uniqueItems": True,
             "description": "a seat: a list of powers"}
    seats = {str(n): {"type": "array", "items": group, "minItems": n, "maxItems": n,
                      "description": f"{n} seats, each a list of powers"} for n in range(2, 7)}
    research = table({
        "roll_cost": count(1, what="build points"), "roll_cost_source": source(),
        "die": count(2, what="faces"), "die_source": source(),
        "atomic_bomb": count(1, what="research points"), "hydrogen_bomb": count(1, what="research points"),
        "short_game_hydrogen_bomb": count(1, what="research points"), "thresholds_source": source(),
        "short_game_axis_factor": count(1, what="a multiple"), "short_game_source": source(),
        "short_game_default_axis_bid": count(0, what="research points"), "short_game_default_axis_bid_source": source(),
        "sites": names("research site", 1), "sites_source": source(),
        "sites_owner": one_of(POWERS, "power"), "sites_owner_source": source(),
    }, ("roll_cost", "die", "atomic_bomb", "hydrogen_bomb", "short_game_hydrogen_bomb",
        "short_game_axis_factor", "sites", "sites_owner"), "atomic research")
    return table({
        "sides": table({s: side for s in SIDES}, SIDES, "the two sides (allies, axis)"),
        "powers": table({p: power for p in POWERS}, POWERS, "the six major powers"),
        "research": research,
        "seats": table(seats | {"source": source()}, tuple(seats), "the seats for 2 to 6 players"),
    }, ("sides", "powers", "research", "seats"), "the powers file")


def track() -> Schema:
    band = table({
        "name": text("the band's name"), "low": count(1, what="square"), "high": count(1, what="square"),
        "resources": one_of(RESOURCE_SHARES, "resources used"), "factories": flag("factories used"),
        "enter": flag("the favoured power may enter"), "align": flag("may be aligned by announcement"),
        "leave": one_of(LEAVING, "where mobilised units may go"),
        "commitment_waived": flag("partners free of the troop commitment"), "source": source(),
    }, ("name", "low", "high", "resources", "factories", "enter", "align", "leave", "commitment_waived"),
        "a band of squares")
    hurdle = table({"between": {"type": "array", "items": count(0, what="square"), "minItems": 2, "maxItems": 2,
                                "description": "two neighbouring squares, [low, low + 1]"},
                    "source": source()}, ("between",), "a hurdle")
    arrow = table({"turn": text("a turn of `turns`"), "square": count(1, what="square"), "source": source()},
                  ("turn", "square"), "a turn arrow")
    return table({
        "full_ally": count(3, what="the Full Ally square"), "full_ally_source": source(),
        "mobilisation": count(1, what="square"), "mobilisation_source": source(),
        "turns": names("turn label", 1), "turns_source": source(),
        "first_turn": text("a turn of `turns`"), "first_year": count(1, what="year"), "first_turn_source": source(),
        "flash_triggers": {"type": "array", "items": one_of(TRIGGERS, "cause"), "uniqueItems": True,
                           "description": f"the moves that set off a flash: a list of {', '.join(TRIGGERS)}"},
        "flash_triggers_source": source(),
        "bands": {"type": "array", "items": band, "minItems": 1, "description": "the bands, lowest first"},
        "hurdles": {"type": "array", "items": hurdle, "description": "the hurdles"},
        "arrows": {"type": "array", "items": arrow, "description": "the turn arrows"},
    }, ("full_ally", "mobilisation", "turns", "first_turn", "first_year", "flash_triggers", "bands", "hurdles",
        "arrows"), "the track file")


def minors() -> Schema:
    flagged = table({
        "name": text("the minor's name"), "flagged": {"const": True, "description": "true"},
        "name_source": source(), "areas": names("area", 1),
        "factories": count(what="factories"), "resources": count(what="resources"),
        "army": count(what="land units"), "navy": count(what="naval units"), "economy_source": source(),
        "cost": per_power(count(1, 6, "political points per level"), "costs"),
        "cost_source": per_power(source(), "sources"),
        "flash": flag("the flag carries a lightning flash"), "flash_source": source(),
        "back": names("minor"), "back_source": source(), "note": text("why the numbers are what they are"),
    }, ("name", "flagged", "areas", "factories", "resources", "army", "navy", "cost", "cost_source",
        "flash", "back"), "a flagged minor")
    unflagged = table({
        "name": text("the minor's name"), "flagged": {"const": False, "description": "false"},
        "name_source": source(), "areas": names("area"), "controller": one_of(POWERS, "power"),
        "controller_source": source(), "on_map": flag("on the map"), "note": text("a note"),
    }, ("name", "flagged", "controller", "on_map"), "an unflagged minor")
    minor = {"if": {"properties": {"flagged": {"const": True}}}, "then": flagged, "else": unflagged,
             "type": "object", "required": ["flagged"], "description": "a minor (flagged = true or false)"}
    return tables_of(minor, "minor tables ([mexico], ...)") | {
        "propertyNames": {"pattern": "^[a-z][a-z_]{0,39}$", "description": "a minor's id: lower-case letters and _"}}


def forces() -> Schema:
    """``forces.toml``: each power's starting units, by area (stage B, design)."""
    counts = {"type": "object", "additionalProperties": count(1, what="units"), "minProperties": 1,
              "description": "unit type -> count"}
    places = {"type": "object", "additionalProperties": counts, "description": "area -> {unit type: count}"}
    power = table({"armies": places, "ships": places}, ("armies", "ships"), "a power's forces")
    return table({"source": source(), **{p: power for p in POWERS}}, ("source", *POWERS), "the forces file")


def schema(name: str) -> Schema:
    """The schema of ``<name>.toml``."""
    builders = {"powers": powers, "track": track, "minors": minors, "forces": forces}
    return builders[name]()
