"""JSON Schemas of ATTACK! Deluxe's data files (``fortress/rulesets/attack/data/``).

Built from the helpers of :mod:`fortress.engine.data`, so a broken file gets the same
one-line message as the other rulesets' files: the table, the key and what is allowed.
Every entry says where it comes from (``source``): text, derived, ruling or design.
"""
from __future__ import annotations

from typing import Any

from fortress.engine.data import count, flag, one_of, table, tables_of, text

Schema = dict[str, Any]

SOURCES = ("text", "derived", "ruling", "design")
GOVERNMENTS = ("fascism", "communism", "monarchy", "democracy")
TECHS = ("rail", "factories", "minerals", "oil")
RESEARCHABLE = (*TECHS, "population")
ARMY = ("infantry", "artillery", "tank", "aircraft")
NAVAL = ("destroyer", "submarine", "carrier", "battleship")
UNITS = (*ARMY, *NAVAL)
ACTIONS = ("move", "attack", "navigate", "transport", "negotiate", "build", "research", "burn")
#: the data files, each checked by its schema when the ruleset loads
NAMES = ("units", "governments", "markers", "economy", "cards", "victory", "players")


def source() -> Schema:
    return one_of(SOURCES, "where it comes from")


def _units() -> Schema:
    unit = table({"branch": one_of(("army", "naval"), "branch"), "advanced": flag("an advanced unit"),
                  "cost": count(1, what="production points"), "rank": count(1, 4, "destruction rank"),
                  "carries": {"type": "array", "items": one_of(ARMY, "army unit"), "uniqueItems": True,
                              "description": "the army units it may carry"}, "source": source()},
                 ("branch", "advanced", "cost", "rank", "carries", "source"), "a unit type")
    return table({u: unit for u in UNITS}, UNITS, "the eight unit types")


def _governments() -> Schema:
    starts = {"type": "array", "items": one_of(("minerals", "rail", "factories"), "economy card"),
              "minItems": 1, "uniqueItems": True, "description": "the starting economy cards to choose from"}
    gov = table({"name": text("its name"), "start": starts, "start_source": source(),
                 "hostile": one_of(GOVERNMENTS, "government"), "hostile_source": source()},
                ("name", "start", "start_source", "hostile", "hostile_source"), "a government")
    return table({g: gov for g in GOVERNMENTS}, GOVERNMENTS, "the four governments")


def _markers() -> Schema:
    split = table({g: count(1) for g in GOVERNMENTS} | {"source": source()}, (*GOVERNMENTS, "source"),
                  "markers of each government")
    start = table({"oil_markers": count(), "oil_certificates": count(), "production_certificates": count(),
                   "action_cards": count(), "source": source(),
                   "units": table({u: count() for u in UNITS}, (), "starting units")},
                  ("oil_markers", "oil_certificates", "production_certificates", "action_cards", "units"),
                  "a government's starting materials")
    return table({"total": count(1), "total_source": source(), "per_player": count(1),
                  "per_player_source": source(), "placards_small": count(1), "placards_large": count(1),
                  "placards_source": source(), "split": split, "start": start},
                 ("total", "per_player", "placards_small", "placards_large", "split", "start"), "the markers file")


def _economy() -> Schema:
    row = {"type": "string", "pattern": r"^(3L|L) (infantry|artillery|tank|aircraft|destroyer|submarine|carrier|battleship)$",
           "description": "a retooling row: '3L infantry' or 'L UNIT' (L: the level researched)"}
    tech = table({"name": text("its name"), "rows": {"type": "array", "items": row, "minItems": 1,
                                                     "description": "retooling rows"}, "source": source()},
                 ("name", "rows", "source"), "a technology")
    levels = {"type": "array", "items": count(), "minItems": 5, "maxItems": 5,
              "description": "five whole numbers, for levels 0 to 4 (0 = no limit where a limit is meant)"}
    effects = table({"rail": levels, "minerals": levels, "factories": levels, "source": source()},
                    ("rail", "minerals", "factories", "source"), "what each level gives")
    return table({t: tech for t in RESEARCHABLE} | {"copies": count(1), "copies_source": source(),
                                                     "population_cards": count(1),
                                                     "population_source": source(), "effects": effects},
                 (*RESEARCHABLE, "copies", "population_cards", "effects"), "the economy file")


def _cards() -> Schema:
    card = table({"name": text("its name"), "action": one_of(ACTIONS, "action"),
                  "favoured": one_of(GOVERNMENTS, "government"), "effect": text("its effect"),
                  "source": source(), "played": flag("this ruleset plays it"),
                  "value": count(1), "favoured_value": count(1)},
                 ("name", "action", "favoured", "effect", "source", "played"), "an action card")
    return {"type": "object", "properties": {"copies": count(1), "copies_source": source()},
            "required": ["copies"], "additionalProperties": card, "description": "the action cards"}


def _victory() -> Schema:
    keys = ("region", "sea_zone", "capital", "population_card", "technology_level")
    return table({k: count() for k in keys} | {
        "source": source(), "tie_breaks_source": source(),
        "tie_breaks": {"type": "array", "items": one_of(("capitals", "regions", "certificates"), "tie-break"),
                       "description": "tie-breaks in order"}}, (*keys, "tie_breaks"), "victory points")


def _players() -> Schema:
    return table({"least": count(2, 6), "most": count(2, 6), "source": source(),
                  "both_maps_from": count(2, 7), "both_maps_source": source()},
                 ("least", "most", "both_maps_from"), "player counts")


def schema(name: str) -> Schema:
    """The schema of ``<name>.toml``."""
    return {"units": _units, "governments": _governments, "markers": _markers, "economy": _economy,
            "cards": _cards, "victory": _victory, "players": _players}[name]()


__all__ = ["schema", "tables_of", "NAMES"]
