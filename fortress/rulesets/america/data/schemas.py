"""JSON Schemas of the data files in ``fortress/rulesets/america/data/`` (what a teacher may write in each).

Every value carries a ``description``: the "allowed" part of the error message a broken
file gets. Schemas that name dice or unit types are built from the dice and units files
actually loaded, so a teacher's new die is allowed wherever a die is named.
"""
from __future__ import annotations

from fortress.engine.data import count, flag, one_of, table, tables_of, text

__all__ = ["count", "flag", "one_of", "table", "tables_of", "text"]  # the engine's helpers, used here too

SIDES = ("west", "south", "east", "us")
INVADER_SIDES = ("west", "south", "east")
TEAMS = ("us", "invaders")
#: The steps of the turn (rules: Action Sequence), each a module of fortress.rulesets.america.phases.
STEPS = ("reinforcements", "declare", "maneuvers", "lasers", "combat", "invasion", "supply", "capture")
FACES = ("hit", "combined_arms", "retreat", "blank")
CLASSES = ("foot", "mechanized", "air")
#: What a partisan card can do (rules: Partisan Cards; the engine's fortress.rulesets.america.cards).
EFFECTS = ("place", "extra_laser", "sabotage", "extra_card", "laser_bonus", "ground")
#: What an Invader card can do, and when (the Invader Card variant; fortress.rulesets.america.invader_cards).
#: None brings destroyed units back: they are "permanently destroyed (placed on graveyard sheet)".
INVADER_EFFECTS = ("reinforce", "strike", "foothold")
CARD_PHASES = ("reinforcements", "declare")


def unit_counts(units, least: int = 0) -> dict:
    """``{ infantry = 2, ... }``: unit types to numbers."""
    return {"type": "object", "propertyNames": one_of(units, "unit type"),
            "additionalProperties": count(least), "description": f"unit types ({', '.join(units)}) = numbers"}


def dice() -> dict:
    die = table({
        "sides": count(2, what="the number of faces"),
        "faces": {"type": "array", "items": one_of(FACES, "face"), "minItems": 2,
                  "description": f"a list of `sides` faces, each one of {', '.join(FACES)}"},
        "destroy_on": count(1, what="the lowest laser roll that destroys"),
    }, ("sides",), "a die: sides, and faces or destroy_on")
    return tables_of(die, "dice tables ([red], [white], ...)") | {"required": ["black"]}


def units(dice_names) -> dict:
    unit = table({
        "class": one_of(CLASSES, "class"),
        "die": one_of(dice_names, "die"),
        "lone_die": one_of(dice_names, "die"),
        "move": count(what="areas moved in Maneuvers"),
        "value": {"type": "number", "exclusiveMinimum": 0, "description": "a number above 0"},
        "transport": count(what="foot units carried"),
        "scouting": flag("scouts"),
        "bombing": flag("bombs"),
    }, ("class", "die", "move", "value"), "a unit type")
    return tables_of(unit, "unit tables ([infantry], ...)") | {"required": ["infantry", "partisan"]}


def rules(unit_names) -> dict:
    army = [u for u in unit_names if u != "partisan"]
    seats = {"type": "array", "items": {"type": "array", "items": one_of(SIDES, "side"), "minItems": 1},
             "description": f"a list of seats, each a list of sides ({', '.join(SIDES)})"}
    return table({
        "rounds": count(1, what="rounds"),
        "cities_to_win": count(1, 30, "cities"),
        "unit_limit": count(1, what="units"),
        "bombing_limit": count(0, what="bombers"),
        "pool": unit_counts(army),
        "markers": table({s: count(what="control markers") for s in INVADER_SIDES}, INVADER_SIDES,
                         "control markers per Invader (west, south, east)"),
        "us": table({"units_per_city": count(), "partisans": count(), "lasers": count(),
                     "cards_per_turn": count()}, ("units_per_city", "partisans", "lasers", "cards_per_turn")),
        "invader": table({"start": unit_counts(army), "reinforcements": count()}, ("start", "reinforcements")),
        "players": table({"2": seats, "3": seats, "4": seats}, ("2", "3", "4")),
        "sides": table({s: table({"name": text("the side's name in texts"), "team": one_of(TEAMS, "team")},
                                 ("name", "team"), "a side") for s in SIDES}, SIDES, "the four sides"),
        "teams": table({t: table({"name": text("the team's name in texts")}, ("name",), "a team") for t in TEAMS},
                       TEAMS, "the two teams"),
        "turn": turn(),
        "victory": table({"checked_after": one_of(SIDES, "side"), "cities_team": one_of(TEAMS, "team"),
                          "holds_out": one_of(TEAMS, "team"), "last_standing": one_of(TEAMS, "team")},
                         ("checked_after", "cities_team", "holds_out", "last_standing"), "the victory conditions"),
        "variants": variants(),
    }, ("rounds", "cities_to_win", "unit_limit", "bombing_limit", "pool", "markers", "us", "invader",
        "players", "sides", "teams", "turn", "victory"), "the numbers of the game")


def variants() -> dict:
    """``[variants]``: the optional rules a game may switch on, by name (``[variants.NAME]``)."""
    variant = table({"name": text("the variant's title"), "text": text("what the variant changes, in a line")},
                    ("name", "text"), "an optional rule")
    return tables_of(variant, "optional rules ([variants.individual-victory], ...)") | {
        "propertyNames": {"pattern": "^[a-z][a-z0-9-]{0,39}$",
                          "description": "a variant's name: lower-case letters, digits and hyphens"}}


def turn() -> dict:
    """``[turn]``: the order of the sides, setup, and the steps of a turn (rules: Action Sequence)."""
    who = {"anyOf": [one_of(("all",) + SIDES + TEAMS), {"type": "array", "items": one_of(SIDES + TEAMS)}],
           "description": "who plays it: all, a side or a team, or a list of sides and teams"}
    order = {"type": "array", "items": one_of(SIDES, "side"), "minItems": 4, "maxItems": 4,
             "uniqueItems": True, "description": "the four sides, each once"}
    step = table({"name": one_of(STEPS, "step"), "sides": who, "reminder": text("a one-line reminder"),
                  "skip": table({"round": count(1, what="round"), "sides": who}, ("round", "sides"),
                                "the round in which some sides pass the step over")}, ("name", "sides"), "a step")
    return table({
        "order": order, "first_round": count(1, what="round"), "auto_end": flag("a step whose only action is end ends"),
        "setup": table({"step": one_of(("setup",), "step"), "order": order, "reminder": text("a reminder")},
                       ("step", "order"), "the setup step"),
        "steps": {"type": "array", "items": step, "minItems": 1, "description": "the steps of a turn, in order"},
    }, ("order", "steps"), "the turn")


def cards(unit_names) -> dict:
    card = table({
        "name": text("the card's title"),
        "effect": one_of(EFFECTS, "effect"),
        "places": {"type": "array", "items": text("a land territory's id (docs/board.md)"), "minItems": 1,
                   "maxItems": 3, "uniqueItems": True,
                   "description": "the territories its units go in: a list of 1 to 3 different territory ids"},
        "units": unit_counts(unit_names, least=1),
        "copies": count(1, what="copies in the deck"),
        "text": text("what the card says"),
    }, ("name", "effect", "text"), "a partisan card")
    card["if"] = {"properties": {"effect": {"const": "place"}}}
    card["then"] = {"required": ["places", "units"]}
    return tables_of(card, "card tables ([cascade-irregulars], ...)")


def invader_cards(unit_names) -> dict:
    """``invader_cards.toml``: the hand limit, the draw, and the cards (the Invader Card variant)."""
    card = table({
        "side": one_of(INVADER_SIDES, "Invader"),
        "name": text("the card's title"),
        "phase": one_of(CARD_PHASES, "when it is played"),
        "effect": one_of(INVADER_EFFECTS, "effect"),
        "units": count(1, what="units"),
        "kinds": {"type": "array", "items": one_of(unit_names, "unit type"), "minItems": 1, "uniqueItems": True,
                  "description": f"a list of unit types ({', '.join(unit_names)})"},
        "near": one_of(("zones", "units"), "where it strikes next to"),
        "text": text("what the card says"),
    }, ("side", "name", "phase", "effect", "text"), "an Invader card")
    card["allOf"] = [_needs(("reinforce",), "units"), _needs(("strike",), "kinds"), _needs(("strike",), "near")]
    return table({
        "hand_limit": count(1, what="cards held"),
        "draw": count(0, what="cards drawn each Reinforcements"),
        "cards": tables_of(card, "card tables ([cards.pacific-convoy], ...)"),
    }, ("hand_limit", "draw", "cards"), "the Invader cards")


def _needs(effects: tuple[str, ...], key: str) -> dict:
    """A card with one of ``effects`` must give ``key``."""
    return {"if": {"properties": {"effect": {"enum": list(effects)}}}, "then": {"required": [key]}}
