"""``ludoteca serve``: starts, applies migrations, prints the address, serves the lobby;
the default database is an SQLite file in the user's data folder."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from ludoteca.server import db
from tests.server.serverproc import ROOT, free_port


def test_serve_prints_the_address_and_serves(tmp_path: Path) -> None:
    port = free_port()
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    proc = subprocess.Popen(
        [sys.executable, "-c", "from ludoteca.cli import main; main()", "serve",
         "--port", str(port), "--db", url],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = ""
        deadline = time.monotonic() + 30
        while "ready" not in line and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "the server exited"
        assert f"open http://localhost:{port}/ in your browser" in line
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
        assert page.status_code == 200 and "New match" in page.text
        engine = db.make_engine(url)
        assert db.current_revision(engine) == "0004"  # migrated at start
        engine.dispose()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_help() -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for word in ("--host", "--port", "--db"):
        assert word in result.output


def test_default_database_is_in_the_user_data_folder(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    url = db.default_url()
    assert url.startswith("sqlite:///") and url.endswith("ludoteca.sqlite3")
    path = Path(url.removeprefix("sqlite:///"))
    assert path.parent.is_dir() and str(tmp_path) in str(path)
    assert os.access(path.parent, os.W_OK)
