"""Balance reports: an HTML page with PNG plots, and CSV/JSON summaries, from result files.

:func:`write_report` reads one or two outputs of ``simulate`` or ``tournament`` (JSON lines
of match records) and writes, in a folder:

* ``index.html`` - the tables and the plots, with a line on how to read each;
* ``win_rate_by_seat.png`` - each seat's win rate with its 95 % Wilson interval against
  the equal share (first-player advantage);
* a table of win rates by turn order (the seat that made the match's first decision,
  the one after it, ...), found by replaying, for games whose first player is dealt by
  chance (Vintage), where a seat's number says nothing of when it plays;
* ``scores.png`` and ``margins.png`` - final scores by seat, and the margin between the
  best side and the next;
* ``length.png`` - match length in decisions (chance outcomes not counted);
* ``actions.png`` - how often each kind of action is chosen (the game's
  ``action_kind``: the ``type`` of ``action_to_json``, or finer where the game says so),
  found by replaying every match;
* ``ratings.png`` - each agent's openskill rating with its 95 % interval (when the files
  hold more than one agent);
* ``summary.json`` (everything) and ``summary.csv`` (one figure per row: file, section,
  key, metric, value).

Two files are shown side by side (an A/B study: the same seeds with edition A and edition
B), with the difference of each seat's win rate and its 95 % interval.
"""

from __future__ import annotations

import csv
import html
import json
import math
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.core.edition import EditionError
from ludoteca.core.match import MatchRecord, ReplayError
from ludoteca.core.registry import load_game
from ludoteca.core.state import ConfigError, Game, IllegalActionError
from ludoteca.sim.ratings import head_to_head, rate, team_function
from ludoteca.sim.results import Result, read_results
from ludoteca.sim.stats import Z95, wilson_interval

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


class ReportError(ValueError):
    """A result file that cannot be reported on (empty, mixed set-ups, unreadable)."""


@dataclass
class SeatFigures:
    seat: int
    agent: str
    wins: float
    win_rate: float
    low: float
    high: float
    mean_score: float
    first_to_act: int = 0
    """Matches in which this seat made the first decision (counted when replaying)."""

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class FileFigures:
    """Every figure of one result file."""

    label: str
    path: str
    game: str
    title: str
    num_players: int
    variant: str
    edition: str
    matches: int
    finished: int
    faults: dict[str, int]
    fair_share: float
    seats: list[SeatFigures]
    scores: list[list[float]]
    margins: list[float]
    lengths: list[int]
    decisions: list[int]
    actions: dict[str, int]
    actions_by_agent: dict[str, dict[str, int]]
    ghost_wins: int
    turn_order: list[SeatFigures] = field(default_factory=list)
    """By place in the turn order: ``turn_order[k]`` are the wins of the seat ``k`` places
    after the one that made the match's first decision (``seat`` is ``k``); empty when
    actions were not replayed."""
    ratings: list[dict[str, Any]] = field(default_factory=list)
    head_to_head: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["seats"] = [s.to_json() for s in self.seats]
        data["turn_order"] = [s.to_json() for s in self.turn_order]
        data["mean_length"] = _mean(self.lengths)
        data["mean_decisions"] = _mean(self.decisions)
        data["mean_margin"] = _mean(self.margins)
        return data


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


# ----- figures -------------------------------------------------------------------------------

class _Games:
    """Game objects per (id, edition text), built once."""

    def __init__(self) -> None:
        self.games: dict[tuple[str, str | None], Game] = {}

    def get(self, record: MatchRecord) -> Game:
        key = (record.game, record.edition)
        if key not in self.games:
            try:
                self.games[key] = load_game(record.game, edition_text=record.edition)
            except (ConfigError, EditionError) as err:
                raise ReportError(f"cannot load the game of a record: {err}") from None
        return self.games[key]


def _replay_counts(record: MatchRecord, game: Game, types: dict[int, str],
                   counts: Counter[str], by_agent: dict[str, Counter[str]]
                   ) -> tuple[int, int | None]:
    """Replays ``record`` counting each decision's type; returns the decisions and the
    seat that made the first one (None if nobody decided anything)."""
    state = game.new_initial_state(record.num_players, record.variant, record.options)
    decisions = 0
    opener: int | None = None
    for i, action in enumerate(record.actions):
        player = state.current_player()
        if player >= 0:
            kind = types.get(action)
            if kind is None:
                kind = types[action] = game.action_kind(state.action_to_json(action))
            counts[kind] += 1
            agent = record.agents[player] if player < len(record.agents) else "?"
            by_agent.setdefault(agent, Counter())[kind] += 1
            if opener is None:
                opener = player
            decisions += 1
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            raise ReportError(f"action {i} of a record does not replay: {err}") from None
    return decisions, opener


def figures(path: str | Path, label: str | None = None, count_actions: bool = True
            ) -> FileFigures:
    """Reads a result file and computes every figure of the report."""
    path = Path(path)
    try:
        results: list[Result] = read_results(path)
    except ReplayError as err:
        raise ReportError(str(err)) from None
    if not results:
        raise ReportError(f"{path}: no match records")
    records = [r.record for r in results]
    first = records[0]
    for record in records:
        if (record.game, record.num_players, record.variant) != (
                first.game, first.num_players, first.variant):
            raise ReportError(f"{path}: records of different set-ups ({first.game} "
                              f"{first.num_players}p {first.variant} and {record.game} "
                              f"{record.num_players}p {record.variant}); report them apart")
    games = _Games()
    game = games.get(first)
    n = first.num_players
    total = len(records)
    fair = _mean([sum(r.returns) / n for r in records if r.returns]) if any(
        r.returns for r in records) else 1.0 / n
    seats = []
    for seat in range(n):
        agents = {r.agents[seat] if seat < len(r.agents) else "?" for r in records}
        wins = sum(r.returns[seat] for r in records if r.returns)
        low, high = wilson_interval(wins, total)
        done = [r.scores[seat] for r in records if r.finished]
        seats.append(SeatFigures(seat, agents.pop() if len(agents) == 1 else "mixed", wins,
                                 wins / total, low, high, _mean(done)))
    teams = team_function()
    margins = []
    for record in records:
        if not record.finished or not record.scores:
            continue
        side = teams(record)
        best: dict[int, float] = {}
        for seat, score in enumerate(record.scores):
            best[side(seat)] = max(best.get(side(seat), -math.inf), score)
        ordered = sorted(best.values(), reverse=True)
        if len(ordered) >= 2:
            margins.append(ordered[0] - ordered[1])
    counts: Counter[str] = Counter()
    by_agent: dict[str, Counter[str]] = {}
    decisions: list[int] = []
    turn_order: list[SeatFigures] = []
    if count_actions:
        types: dict[int, str] = {}
        place_wins = [0.0] * n
        place_scores: list[list[float]] = [[] for _ in range(n)]
        opened = 0
        for record in records:
            count, opener = _replay_counts(record, games.get(record), types, counts,
                                           by_agent)
            decisions.append(count)
            if opener is None:
                continue
            seats[opener].first_to_act += 1
            opened += 1
            for place in range(n):
                seat = (opener + place) % n
                if record.returns:
                    place_wins[place] += record.returns[seat]
                if record.finished:
                    place_scores[place].append(record.scores[seat])
        for place in range(n if opened else 0):
            low, high = wilson_interval(place_wins[place], opened)
            turn_order.append(SeatFigures(place, "any", place_wins[place],
                                          place_wins[place] / opened, low, high,
                                          _mean(place_scores[place]), opened))
    faults: Counter[str] = Counter(r.fault.kind for r in results if r.fault is not None)
    figures = FileFigures(
        label=label or path.stem, path=str(path), game=first.game, title=game.info.title,
        num_players=n, variant=first.variant,
        edition="shipped" if first.edition is None else "custom (in the records)",
        matches=total, finished=sum(r.finished for r in records), faults=dict(faults),
        fair_share=fair, seats=seats,
        scores=[[r.scores[s] for r in records if r.finished] for s in range(n)],
        margins=margins, lengths=[len(r.actions) for r in records], decisions=decisions,
        actions=dict(counts.most_common()),
        actions_by_agent={a: dict(c.most_common()) for a, c in sorted(by_agent.items())},
        ghost_wins=sum(1 for r in records if r.finished and not any(r.returns)),
        turn_order=turn_order,
    )
    if len({a for r in records for a in r.agents}) > 1:
        figures.ratings = [r.to_json() for r in rate(records, teams)]
        figures.head_to_head = [h.to_json() for h in head_to_head(records, teams)]
    return figures


# ----- plots -------------------------------------------------------------------------------

def _figure(width: float = 7.0, height: float = 4.0) -> Any:
    os.environ.setdefault("MPLBACKEND", "Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return fig, fig.add_subplot()


def _save(fig: Any, folder: Path, name: str) -> str:
    fig.savefig(folder / name, format="png")
    return name


def plot_win_rates(files: list[FileFigures], folder: Path) -> str:
    fig, ax = _figure()
    n = files[0].num_players
    width = 0.8 / len(files)
    for k, f in enumerate(files):
        xs = [s.seat + (k - (len(files) - 1) / 2) * width for s in f.seats]
        rates = [s.win_rate for s in f.seats]
        err = [[s.win_rate - s.low for s in f.seats], [s.high - s.win_rate for s in f.seats]]
        ax.bar(xs, rates, width, yerr=err, capsize=4, color=COLORS[k % len(COLORS)],
               alpha=0.85, label=f.label)
        ax.axhline(f.fair_share, color=COLORS[k % len(COLORS)], linestyle="--", linewidth=1)
    ax.set_xticks(range(n), [f"seat {s}" for s in range(n)])
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rate by seat; dashed: equal share")
    ax.legend()
    return _save(fig, folder, "win_rate_by_seat.png")


def plot_scores(files: list[FileFigures], folder: Path) -> str | None:
    if not any(any(s) for f in files for s in f.scores):
        return None
    fig, ax = _figure()
    n = files[0].num_players
    width = 0.8 / len(files)
    for k, f in enumerate(files):
        positions = [s + (k - (len(files) - 1) / 2) * width for s in range(n)]
        data = [scores or [float("nan")] for scores in f.scores]
        parts = ax.boxplot(data, positions=positions, widths=width * 0.9, patch_artist=True,
                           manage_ticks=False)
        for box in parts["boxes"]:
            box.set_facecolor(COLORS[k % len(COLORS)])
            box.set_alpha(0.6)
        ax.plot([], [], color=COLORS[k % len(COLORS)], linewidth=8, alpha=0.6, label=f.label)
    ax.set_xticks(range(n), [f"seat {s}" for s in range(n)])
    ax.set_ylabel("final score")
    ax.set_title("Final scores by seat (finished matches)")
    ax.legend()
    return _save(fig, folder, "scores.png")


def _histogram(files: list[FileFigures], values: list[list[float]], folder: Path, name: str,
               title: str, xlabel: str) -> str | None:
    if not any(values):
        return None
    fig, ax = _figure()
    low = min(min(v) for v in values if v)
    high = max(max(v) for v in values if v)
    integral = all(float(x).is_integer() for v in values for x in v)
    if integral and high - low <= 60:
        bins: Any = [x - 0.5 for x in range(int(low), int(high) + 2)]
    else:
        bins = 30
    for k, (f, v) in enumerate(zip(files, values, strict=True)):
        if v:
            ax.hist(v, bins=bins, alpha=0.55, color=COLORS[k % len(COLORS)],
                    label=f"{f.label} (mean {_mean(v):.1f})", density=True)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of matches")
    ax.legend()
    return _save(fig, folder, name)


def plot_actions(files: list[FileFigures], folder: Path) -> str | None:
    if not any(f.actions for f in files):
        return None
    kinds: list[str] = []
    for f in files:
        kinds += [k for k in f.actions if k not in kinds]
    fig, ax = _figure(7.0, max(2.5, 0.45 * len(kinds) + 1.2))
    height = 0.8 / len(files)
    for k, f in enumerate(files):
        total = sum(f.actions.values()) or 1
        ys = [i + (k - (len(files) - 1) / 2) * height for i in range(len(kinds))]
        ax.barh(ys, [f.actions.get(kind, 0) / total for kind in kinds], height,
                color=COLORS[k % len(COLORS)], alpha=0.85, label=f.label)
    ax.set_yticks(range(len(kinds)), kinds)
    ax.invert_yaxis()
    ax.set_xlabel("share of decisions")
    ax.set_title("Kinds of action chosen")
    ax.legend()
    return _save(fig, folder, "actions.png")


def plot_ratings(files: list[FileFigures], folder: Path) -> str | None:
    if not any(f.ratings for f in files):
        return None
    agents: list[str] = []
    for f in files:
        agents += [r["agent"] for r in f.ratings if r["agent"] not in agents]
    fig, ax = _figure(7.0, max(2.5, 0.5 * len(agents) + 1.2))
    height = 0.8 / len(files)
    for k, f in enumerate(files):
        by_agent = {r["agent"]: r for r in f.ratings}
        ys, mus, errs = [], [], []
        for i, agent in enumerate(agents):
            if agent in by_agent:
                r = by_agent[agent]
                ys.append(i + (k - (len(files) - 1) / 2) * height)
                mus.append(r["mu"])
                errs.append(Z95 * r["sigma"])
        ax.errorbar(mus, ys, xerr=errs, fmt="o", capsize=4, color=COLORS[k % len(COLORS)],
                    label=f.label)
    ax.set_yticks(range(len(agents)), agents)
    ax.invert_yaxis()
    ax.set_xlabel("openskill rating μ (95% interval)")
    ax.set_title("Agent ratings")
    ax.legend()
    return _save(fig, folder, "ratings.png")


# ----- the page and the summaries --------------------------------------------------------------

def _difference(a: SeatFigures, na: int, b: SeatFigures, nb: int) -> tuple[float, float, float]:
    """B - A of a seat's win rate, with a 95% normal interval."""
    pa, pb = a.win_rate, b.win_rate
    se = math.sqrt(max(pa * (1 - pa), 0.0) / na + max(pb * (1 - pb), 0.0) / nb)
    d = pb - pa
    return d, d - Z95 * se, d + Z95 * se


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _page(files: list[FileFigures], plots: dict[str, str | None]) -> str:
    first = files[0]
    parts = [f"<h1>{html.escape(first.title)}: {first.num_players} players, "
             f"{html.escape(first.variant)}</h1>"]
    parts.append("<h2>Files</h2>" + _table(
        ["Label", "File", "Matches", "Finished", "Faults", "Edition", "Won by no seat"],
        [[f.label, f.path, f.matches, f.finished,
          ", ".join(f"{k}: {v}" for k, v in f.faults.items()) or "none", f.edition,
          f.ghost_wins] for f in files]))
    rows = []
    for f in files:
        for s in f.seats:
            rows.append([f.label, s.seat, s.agent, f"{s.win_rate:.3f}",
                         f"{s.low:.3f} – {s.high:.3f}", f"{f.fair_share:.3f}",
                         "above" if s.low > f.fair_share else "below"
                         if s.high < f.fair_share else "not separated",
                         "" if math.isnan(s.mean_score) else f"{s.mean_score:.2f}"])
    # Only where the first decision moves between seats: otherwise the turn-order table
    # would be the seat table again.
    varied = [f for f in files if sum(1 for s in f.seats if s.first_to_act) > 1]
    advantage = ("The first player moves from match to match here: see the turn order "
                 "below for a first-player advantage." if varied else
                 "A first seat clearly above it is a first-player advantage.")
    parts.append("<h2>Win rate by seat</h2><p>Each seat's share of the wins (a shared win "
                 "counts fractionally) with its 95% Wilson interval, against the equal "
                 f"share. {advantage}</p>"
                 + _table(["File", "Seat", "Agent", "Win rate", "95% interval",
                           "Equal share", "vs equal", "Mean score"], rows))
    if varied:
        rows = [[f.label, place + 1, f"{s.win_rate:.3f}", f"{s.low:.3f} – {s.high:.3f}",
                 f"{f.fair_share:.3f}", "above" if s.low > f.fair_share else "below"
                 if s.high < f.fair_share else "not separated",
                 "" if math.isnan(s.mean_score) else f"{s.mean_score:.2f}"]
                for f in varied for place, s in enumerate(f.turn_order)]
        opened = "; ".join(f"{html.escape(f.label)}: " + ", ".join(
            f"seat {s.seat} {s.first_to_act}" for s in f.seats) for f in varied)
        parts.append("<h2>Win rate by turn order</h2><p>The seat that made the first "
                     "decision of a match (dealt by chance in this game) is place 1, the "
                     "next seat in the first round's order place 2, and so on. A place 1 "
                     "clearly above the equal share is a first-player advantage. Matches "
                     "opened by each "
                     f"seat: {opened}.</p>"
                     + _table(["File", "Place", "Win rate", "95% interval", "Equal share",
                               "vs equal", "Mean score"], rows))
    if len(files) == 2:
        a, b = files
        diff_rows = []
        for sa, sb in zip(a.seats, b.seats, strict=True):
            d, lo, hi = _difference(sa, a.matches, sb, b.matches)
            diff_rows.append([sa.seat, f"{sa.win_rate:.3f}", f"{sb.win_rate:.3f}",
                              f"{d:+.3f}", f"{lo:+.3f} – {hi:+.3f}",
                              "changed" if lo > 0 or hi < 0 else "no clear change"])
        parts.append(f"<h2>{html.escape(b.label)} against {html.escape(a.label)}</h2>"
                     "<p>Difference of each seat's win rate with its 95% interval.</p>"
                     + _table(["Seat", a.label, b.label, "Difference", "95% interval",
                               "Verdict"], diff_rows))
    captions = {
        "win_rate_by_seat.png": "",
        "scores.png": "Boxes span the middle half of the final scores, whiskers 1.5 box "
                      "lengths.",
        "margins.png": "The best side's score minus the next side's.",
        "length.png": "Decisions per match (chance outcomes not counted).",
        "actions.png": "Share of all decisions by the type of action.",
        "ratings.png": "Openskill (Plackett-Luce) ratings; partners rated as a team.",
    }
    for name in plots.values():
        if name:
            parts.append(f'<figure><img src="{name}" alt="{name}"><figcaption>'
                         f"{html.escape(captions.get(name, ''))}</figcaption></figure>")
    lengths = [[f.label, f"{_mean(f.lengths):.1f}", min(f.lengths), max(f.lengths),
                f"{_mean(f.decisions):.1f}" if f.decisions else "not counted",
                f"{_mean(f.margins):.2f}" if f.margins else ""] for f in files]
    parts.append("<h2>Match length and margin</h2>" + _table(
        ["File", "Mean actions", "Min", "Max", "Mean decisions", "Mean margin"], lengths))
    if any(f.actions for f in files):
        kinds: list[str] = []
        for f in files:
            kinds += [k for k in f.actions if k not in kinds]
        rows = [[kind] + [f"{f.actions.get(kind, 0) / max(1, sum(f.actions.values())):.3f}"
                          for f in files] for kind in kinds]
        parts.append("<h2>Kinds of action</h2>" + _table(
            ["Type"] + [f"{f.label} share" for f in files], rows))
    for f in files:
        if f.ratings:
            parts.append(f"<h2>Ratings: {html.escape(f.label)}</h2>" + _table(
                ["Agent", "μ", "95% interval", "σ", "Matches", "Win share", "Equal share"],
                [[r["agent"], f"{r['mu']:.2f}", f"{r['low']:.2f} – {r['high']:.2f}",
                  f"{r['sigma']:.2f}", r["matches"], f"{r['share']:.3f}",
                  f"{r['fair_share']:.3f}"] for r in f.ratings]))
            pairs = [h for h in f.head_to_head if h["agent"] < h["opponent"]]
            if pairs:
                parts.append("<p>Head to head: share of meetings the first agent came out "
                             "ahead (0.5 is parity).</p>" + _table(
                                 ["Agent", "Opponent", "Matches", "Score", "95% interval"],
                                 [[h["agent"], h["opponent"], h["matches"],
                                   f"{h['score']:.3f}", f"{h['low']:.3f} – {h['high']:.3f}"]
                                  for h in pairs]))
    parts.append('<p class="note">Summaries: <a href="summary.json">summary.json</a>, '
                 '<a href="summary.csv">summary.csv</a>.</p>')
    style = ("body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;"
             "padding:0 1em;color:#222}table{border-collapse:collapse;margin:1em 0}"
             "td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}"
             "th{background:#f3f3f3}td:first-child{text-align:left}"
             "img{max-width:100%}figure{margin:1.5em 0}figcaption{color:#555}")
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            f"{html.escape(first.title)} report</title><style>{style}</style></head><body>"
            + "\n".join(parts) + "</body></html>\n")


def _csv_rows(files: list[FileFigures]) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for f in files:
        rows += [[f.label, "file", "", "matches", f.matches],
                 [f.label, "file", "", "finished", f.finished],
                 [f.label, "file", "", "fair_share", f.fair_share],
                 [f.label, "file", "", "mean_length", _mean(f.lengths)],
                 [f.label, "file", "", "mean_decisions", _mean(f.decisions)],
                 [f.label, "file", "", "mean_margin", _mean(f.margins)],
                 [f.label, "file", "", "won_by_no_seat", f.ghost_wins]]
        rows += [[f.label, "faults", kind, "count", count] for kind, count in f.faults.items()]
        for s in f.seats:
            for metric in ("win_rate", "low", "high", "wins", "mean_score"):
                rows.append([f.label, "seat", s.seat, metric, getattr(s, metric)])
        for place, s in enumerate(f.turn_order):
            for metric in ("win_rate", "low", "high", "wins", "mean_score"):
                rows.append([f.label, "turn_order", place + 1, metric, getattr(s, metric)])
        total = sum(f.actions.values()) or 1
        for kind, count in f.actions.items():
            rows += [[f.label, "action", kind, "count", count],
                     [f.label, "action", kind, "share", count / total]]
        for r in f.ratings:
            for metric in ("mu", "sigma", "low", "high", "matches", "share", "fair_share"):
                rows.append([f.label, "rating", r["agent"], metric, r[metric]])
        for h in f.head_to_head:
            for metric in ("score", "low", "high", "matches"):
                rows.append([f.label, "head_to_head", f"{h['agent']} vs {h['opponent']}",
                             metric, h[metric]])
    return rows


def write_report(paths: Sequence[str | Path], folder: str | Path,
                 labels: Sequence[str] | None = None, count_actions: bool = True) -> Path:
    """Writes the report of one or two result files into ``folder``; returns index.html."""
    if not 1 <= len(paths) <= 2:
        raise ReportError("give one result file, or two to compare")
    folder = Path(folder)
    files = [figures(p, labels[i] if labels else None, count_actions)
             for i, p in enumerate(paths)]
    if len(files) == 2:
        a, b = files
        if (a.game, a.num_players, a.variant) != (b.game, b.num_players, b.variant):
            raise ReportError(f"the files hold different set-ups ({a.game} {a.num_players}p "
                              f"{a.variant}, {b.game} {b.num_players}p {b.variant})")
        if a.label == b.label:
            a.label, b.label = f"A: {a.label}", f"B: {b.label}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ReportError(f"cannot create the folder {folder}: {err.strerror}") from None
    plots = {
        "seats": plot_win_rates(files, folder),
        "scores": plot_scores(files, folder),
        "margins": _histogram(files, [f.margins for f in files], folder, "margins.png",
                              "Margin between the best side and the next",
                              "margin (points)"),
        "length": _histogram(files, [[float(d) for d in f.decisions] for f in files], folder,
                             "length.png", "Match length", "decisions per match"),
        "actions": plot_actions(files, folder),
        "ratings": plot_ratings(files, folder),
    }
    (folder / "summary.json").write_text(
        json.dumps(_clean({"files": [f.to_json() for f in files],
                           "plots": {k: v for k, v in plots.items() if v}}), indent=1),
        encoding="utf-8")
    with open(folder / "summary.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["file", "section", "key", "metric", "value"])
        writer.writerows(_csv_rows(files))
    index = folder / "index.html"
    index.write_text(_page(files, plots), encoding="utf-8")
    return index


def _clean(value: Any) -> Any:
    """JSON without NaN (strict readers refuse it): NaN becomes null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    return value
