"""Colours, tags and glyphs shared by the SVG map and the dashboard (plain data: no widget
library).

Colours are the Okabe-Ito palette, safe for the common forms of colour blindness;
every colour is paired with a text label or a line pattern, never used alone.
"""
from __future__ import annotations

#: Okabe-Ito colours per side (fill, text colour on that fill)
SIDE_COLOURS: dict[str, tuple[str, str]] = {
    "us": ("#0072B2", "#ffffff"),
    "west": ("#D55E00", "#ffffff"),
    "south": ("#E69F00", "#000000"),
    "east": ("#CC79A7", "#000000"),
}
SIDE_TAGS = {"us": "US", "west": "W", "south": "S", "east": "E"}
UNIT_TAGS = {"infantry": "I", "mobile": "M", "hovertank": "T", "helicopter": "H", "bomber": "B", "partisan": "P"}
UNIT_ORDER = ("infantry", "partisan", "mobile", "hovertank", "helicopter", "bomber")
DIE_COLOURS = {"red": ("#c0392b", "#fff"), "white": ("#ffffff", "#000"), "blue": ("#1f5fbf", "#fff"),
               "black": ("#111111", "#fff")}
FACE_TAGS = {"hit": "HIT", "combined_arms": "CA", "retreat": "RET", "blank": "-"}

OCEAN = "#cfe3f1"
NEUTRAL = "#bbbbbb"
BORDER = "#3a3a3a"
SELECT = "#000000"
TARGET = "#009E73"   # bluish green: where a click does something now
RECENT = "#F0E442"   # yellow: what the last moves touched

GLYPH_CITY = "\u2605"      # star
GLYPH_MOUNTAIN = "\u25b2"  # triangle
GLYPH_LASER = "\u26a1"     # high voltage: a laser stands here
GLYPH_TARGET = "\u25ce"    # bullseye: targeted by a laser this turn
GLYPH_BATTLE = "\u2694"    # crossed swords: declared battle
