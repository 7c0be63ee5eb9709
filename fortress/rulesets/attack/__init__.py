"""ATTACK! Deluxe: the second ruleset (see docs/rules-attack.md)."""
