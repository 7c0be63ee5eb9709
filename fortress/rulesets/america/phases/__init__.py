"""One module ("delegate") per step of the turn, named as the rules name them
(rules: Action Sequence): ``setup``, ``reinforcements``, ``declare``, ``maneuvers``,
``lasers``, ``combat``, ``invasion``, ``supply``, ``capture``. The order of the steps,
their sides and reminders are declared in ``fortress/rulesets/america/data/rules.toml`` (``[turn]``), carried
out by :mod:`fortress.engine.turn`.
"""
