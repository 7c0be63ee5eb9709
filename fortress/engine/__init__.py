"""The rules engine: pure Python over plain-data state; it imports no UI code.

* :mod:`~fortress.engine.game` — ``Game``, ``new_game``, ``IllegalAction`` (the public API, a thin facade)
* :mod:`~fortress.engine.context` — what a step works through: the state and the verbs that change it
* :mod:`~fortress.engine.turn` — the turn, declared in the ruleset's rules.toml and carried out here
* :mod:`~fortress.engine.rulesets` — rulesets by name; :mod:`~fortress.rulesets.america.ruleset` — Fortress America
* :mod:`~fortress.rulesets.america.state` — the state (plain data); :mod:`~fortress.rulesets.america.units`,
  :mod:`~fortress.engine.dice`, :mod:`~fortress.rulesets.america.cards`, :mod:`~fortress.engine.events`
* :mod:`~fortress.rulesets.america.actions` — actions and their notation
* :mod:`~fortress.rulesets.america.battle` — the one battle engine (game, odds and bots drive it)
* :mod:`fortress.rulesets.america.phases` — one module per step
* :mod:`~fortress.rulesets.america.setups`, :mod:`~fortress.rulesets.america.positions`, :mod:`~fortress.engine.save`
"""
