"""Desperados rules, one module per section of the rulebook.

* ``preparing`` - Preparing to Play: the shuffle, the deal, the deal passing left;
* ``turn`` - Playing the Game: draw, pass or play, the next player, the final turns;
* ``playing`` - Playing a Card: opening, working and closing a mine;
* ``fights`` - Fighting over a Mine: starting, joining, settling, closing during a fight;
* ``ending`` - Ending the Game: scoring a round, the next round or the end;
* ``points`` - Point Values;
* ``cards`` - the bookkeeping of cards moving between deck, hands and table;
* ``tell`` - the events: what each move tells whom.

A rule resolving a step has the signature ``rule(state, step, action)``. Rulings for what
the rulebook leaves open are numbered as in ``docs/rulings/desperados.md`` and cited where
they apply.
"""
