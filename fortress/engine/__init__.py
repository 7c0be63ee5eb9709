"""The rules engine, for any ruleset: pure Python over plain-data state; it imports no UI code
and no ruleset (each is found by name through :mod:`~fortress.engine.rulesets`).

* :mod:`~fortress.engine.game` — ``Game``, ``new_game``, ``IllegalAction`` (the public API, a thin facade)
* :mod:`~fortress.engine.context` — what a step works through: the state and the verbs that change it
* :mod:`~fortress.engine.turn` — the turn, declared in the ruleset's rules.toml and carried out here;
  :mod:`~fortress.engine.flow` — its own decisions (choose a step, pass, sealed orders)
* :mod:`~fortress.engine.rulesets` — what a ruleset brings (:class:`~fortress.engine.rulesets.Ruleset`)
  and the registry (the ``fortress.rulesets`` entry point)
* :mod:`~fortress.engine.check` — a step's one check: ``reason`` and ``legal`` from the same rules
* :mod:`~fortress.engine.actions` — ``Action``, ``End``, ``Surrender`` and the notation machinery;
  :mod:`~fortress.engine.shape` — an action's fields checked before the rules see it
* :mod:`~fortress.engine.board`, :mod:`~fortress.engine.dice`, :mod:`~fortress.engine.events`,
  :mod:`~fortress.engine.data` (data files' errors and schemas), :mod:`~fortress.engine.save`

The rulesets are in :mod:`fortress.rulesets`: Fortress America (the default), ATTACK! Deluxe and
America in Flames.
"""
