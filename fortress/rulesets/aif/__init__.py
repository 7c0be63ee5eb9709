"""America in Flames, stage A: the political and atomic engine, pure and table-driven.

Faithful to the supplement's §§3, 5.2, 5.3, 7, 8, 12 and 13 (restated in our own words;
docs/rules-aif.md gives each rule's source, code and tests, and lists our inventions). Its
tables are in ``data/`` (:mod:`.tables`); the track and the orders are in :mod:`.politics`,
research, bidding and seats in :mod:`.atomic`. :mod:`.ruleset` plays it as the ruleset
``aif`` (its steps: :mod:`.auction`, :mod:`.presetup`, :mod:`.declare`, :mod:`.operations`,
:mod:`.production`, :mod:`.influence`); stage B's military on the Americas map is ATTACK!'s
(:mod:`.military` adds the politics).
"""
