"""The rules engine: pure Python over plain-data state; it imports no UI code.

* :mod:`~fortress.rules.game` — ``Game``, ``new_game``, ``IllegalAction`` (the public API, a thin facade)
* :mod:`~fortress.rules.context` — what a step works through: the state and the verbs that change it
* :mod:`~fortress.rules.turn` — the turn, declared in the ruleset's rules.toml and carried out here
* :mod:`~fortress.rules.rulesets` — rulesets by name; :mod:`~fortress.rules.america` — Fortress America
* :mod:`~fortress.rules.state` — the state (plain data); :mod:`~fortress.rules.units`,
  :mod:`~fortress.rules.dice`, :mod:`~fortress.rules.cards`, :mod:`~fortress.rules.events`
* :mod:`~fortress.rules.actions` — actions and their notation
* :mod:`~fortress.rules.battle` — the one battle engine (game, odds and bots drive it)
* :mod:`fortress.rules.phases` — one module per step
* :mod:`~fortress.rules.setups`, :mod:`~fortress.rules.positions`, :mod:`~fortress.rules.save`
"""
