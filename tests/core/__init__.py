"""Tests of the engine core, and the toy game they use (``tests.core.toygame``).

pytest imports these modules as ``tests.core.*`` (with the project root on ``sys.path``),
so ``tests/test_cli.py`` and ``tests/test_sim.py`` import the toy game from there too, and
worker processes of a simulation can import it by the same name.
"""
