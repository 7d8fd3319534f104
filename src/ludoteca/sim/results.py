"""Result files: match records as JSON lines, in match order, written as matches end.

Each line is a :class:`~ludoteca.core.match.MatchRecord` (``ludoteca replay FILE --index
i`` replays it). A match an agent forfeited or the game voided carries one more key,
``"meta": {"fault": {...}}`` (who, what, at which action); its record stops where the match
stopped (``finished`` false) and its ``returns`` are the forfeit's (the faulty side 0, the
others sharing the win) or all zero for a void match.

The file is opened before the first match, so a path that cannot be written fails at
once, and lines are written as soon as every earlier match has ended, so a run that is
interrupted keeps every finished match.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from ludoteca.core.match import MatchRecord, ReplayError
from ludoteca.core.state import ConfigError
from ludoteca.sim.match import Fault, Outcome


@dataclass
class Result:
    """One line of a result file: the record and what went wrong, if anything."""

    record: MatchRecord
    fault: Fault | None = None


def line_of(record: MatchRecord, fault: Fault | None = None) -> str:
    if fault is None:
        return record.to_json()
    data = asdict(record)
    data["meta"] = {"fault": fault.to_json()}
    return json.dumps(data, separators=(",", ":"))


def parse_line(text: str) -> Result:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ReplayError(f"not a match record (bad JSON: {err})") from None
    if not isinstance(data, dict):
        raise ReplayError("not a match record (expected a JSON object)")
    meta = data.pop("meta", None) or {}
    fault = Fault.from_json(meta["fault"]) if isinstance(meta, dict) and meta.get("fault") \
        else None
    record = MatchRecord.from_json(json.dumps(data)) if meta else MatchRecord.from_json(text)
    return Result(record, fault)


def read_results(path: str | Path) -> list[Result]:
    """Every line of a simulate or tournament output; ReplayError names a bad line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ReplayError(f"{path}: cannot read ({err.strerror})") from None
    results = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            results.append(parse_line(line))
        except ReplayError as err:
            raise ReplayError(f"{path}, line {number}: {err}") from None
    return results


def check_out_path(path: str | Path) -> Path:
    """``path`` if a result file can be written there; ConfigError saying why not."""
    path = Path(path)
    if path.is_dir():
        raise ConfigError(f"--out {path}: is a directory; give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(f"--out {path}: the folder {parent} does not exist")
    return path


class ResultWriter:
    """Writes outcomes to a JSON-lines file in match order as they arrive (any order).

    ``indices`` are the match indices of the run, in the order they belong in the file.
    """

    def __init__(self, path: str | Path | None, indices: Iterable[int]) -> None:
        self.order = list(indices)
        self.position = 0
        self.waiting: dict[int, str] = {}
        self.written = 0
        self.file: IO[str] | None = None
        if path is not None:
            path = check_out_path(path)
            try:
                self.file = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed by close()
            except OSError as err:
                raise ConfigError(f"--out {path}: cannot write ({err.strerror})") from None

    def add(self, outcome: Outcome) -> None:
        if self.file is None:
            return
        self.waiting[outcome.index] = line_of(outcome.record, outcome.fault)
        order = self.order
        while self.position < len(order) and order[self.position] in self.waiting:
            self.file.write(self.waiting.pop(order[self.position]) + "\n")
            self.position += 1
            self.written += 1
        self.file.flush()

    def close(self) -> None:
        """Writes what is still waiting (after an interruption: later matches, in order)."""
        if self.file is None:
            return
        rank = {index: i for i, index in enumerate(self.order)}
        for index in sorted(self.waiting, key=rank.__getitem__):
            self.file.write(self.waiting[index] + "\n")
            self.written += 1
        self.waiting.clear()
        self.file.close()
        self.file = None

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
