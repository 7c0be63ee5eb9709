"""Tests of the rulesets beyond Fortress America (fortress/rulesets/)."""
