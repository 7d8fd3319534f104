"""The rules of Vintage, one module per section of the rulebook.

:mod:`.setup` (Set-up), :mod:`.round` (the round: turns, placing, passing, the end of a
round, First player), :mod:`.table` (what each action of the table starts),
:mod:`.estates` (Buy an estate, Plant a vine, Old vineyard), :mod:`.harvest`,
:mod:`.boat` (Move the boat, loading, the cellar), :mod:`.ageing` (Age and sell),
:mod:`.cards` (the Cards action and the twelve effects), :mod:`.end` (the end of the game
and the scoring); :mod:`.tell` builds the events that are more than a line.
"""
