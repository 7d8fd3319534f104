"""The rules of Douro 1872, one module per section of the rulebook.

* :mod:`.stack` - Game Preparation: the stack (B1, B2) and the Douro Valley (B3);
* :mod:`.lottery` - the phylloxera lottery (D, 2A "card draw");
* :mod:`.dispute` - 1 Rabelo cards (a card laid face down, the reveal, the sum) and
  1A regular Rabelo cards;
* :mod:`.fog` - 1B the six fog Rabelo cards;
* :mod:`.phylloxera` - 2A the holder loses every tie, and the card passes;
* :mod:`.charity` - 2B the middle of the game and the charity card;
* :mod:`.end` - End of the Game;
* :mod:`.sebastiao` - the two-player variant, D. Sebastião;
* :mod:`.development` - Development of the Game: what comes next, after each step.

Imports go one way: ``phylloxera`` <- ``dispute``, ``charity`` <- ``fog``, ``end`` <-
``development``; no section module imports :mod:`.development`, which is the only one that
decides what happens next (the state's ``rules`` table wires it after each section rule).
Rulings on what the rulebook leaves open are in ``docs/rulings/douro1872.md`` (R1, R2, ...).
"""
