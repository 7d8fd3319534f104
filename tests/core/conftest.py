"""Every core test runs with the toy game registered (see ``toygame.install``).

Registered at import, not in a fixture, because test modules use the registry while they
are collected (``configurations("highcard")`` in ``parametrize``).
"""

import pytest

from tests.core.toygame import install

install()


@pytest.fixture
def isolated_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lets a test register games (even replace ``highcard``) without affecting others."""
    from ludoteca.core import registry

    registry.game_ids()
    monkeypatch.setattr(registry, "_classes", dict(registry._classes))
    monkeypatch.setattr(registry, "_default_games", {})
