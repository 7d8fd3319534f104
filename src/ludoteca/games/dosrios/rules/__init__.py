"""The rules of Dos Rios, one module per section of the rulebook: :mod:`.setup` (Set Up,
Workers and Action Cards), :mod:`.rivers` (Fundamentals of River Flow, and the re-routing
after a dam), :mod:`.turn` (A Player's Turn, Attacking, Building), :mod:`.harvest`
(Harvests, Bandits) and :mod:`.end` (Game End)."""
