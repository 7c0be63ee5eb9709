"""America in Flames, stage A: the political and atomic engine (fortress/rulesets/aif)."""
