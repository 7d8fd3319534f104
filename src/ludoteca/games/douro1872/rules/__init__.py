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
* :mod:`.development` - Development of the Game: what comes next, once a part is over;
* :mod:`.tell` - the events: what each move tells whom.

Imports go one way: ``tell`` <- ``phylloxera`` <- ``dispute``, ``charity`` <- ``fog``,
``end`` <- ``development``; no section module imports :mod:`.development`. Each part of the
game is pushed above the automatic ``NextRabelo`` step, whose rule
(:func:`.development.next_rabelo`) is the only one that decides what happens next. A rule
resolving a step has the signature ``rule(state, step, action)``.
Rulings on what the rulebook leaves open are in ``docs/rulings/douro1872.md`` (R1, R2, ...).
"""
