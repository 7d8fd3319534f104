"""The rules of Puerto Diablo, one module per section of the rulebook: :mod:`.setup`
(preparation), :mod:`.harbour` (arriving: characters ashore, the market, the top-up),
:mod:`.log` (the log phase: weather, war), :mod:`.challenge` (the challenge phase),
:mod:`.consequence` (a failed challenge), :mod:`.purchase` (the purchasing phase),
:mod:`.crew` (the crew phase and the pilot card) and :mod:`.end` (ending the game)."""
