"""Rulesets beyond Fortress America, one folder each (``fortress/rulesets/<name>/``) with its
own ``data/`` tables. Nothing here is registered as a playable game yet."""
