"""What a viewer is shown, built only from what that viewer may see.

Every function here that builds something for a viewer reads the state through the public,
per-viewer API only: ``observation(viewer)``, ``prompt(viewer)``, the events
``viewer`` saw (described by ``describe_event``), the legal actions when it is the
viewer's turn, and at the end the scores and winners (public by then). The board templates
are handed the observation, never the state, so a template cannot leak what the seat may
not know. The leak scan in the tests checks that what one seat is sent does not change
when every card it cannot see is resampled.
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    TemplateNotFound,
    meta,
    nodes,
    select_autoescape,
)
from markupsafe import escape

from ludoteca.core.events import Event
from ludoteca.core.registry import game_resource, load_game
from ludoteca.core.state import CHANCE, TERMINAL, ConfigError, Game, State
from ludoteca.core.words import naming, number, result_sentence, score_unit
from ludoteca.core.words import seat_names as names_in_force
from ludoteca.core.words import standings as core_standings

TEMPLATES = Path(__file__).with_name("templates")
STATIC = Path(__file__).with_name("static")


def json_text(value: Any) -> str:
    """``value`` as compact JSON text, as ``json.dumps(value, separators=(",", ":"))``
    reads back (non-ASCII characters are written as themselves, not ``\\u`` escapes).
    Every live message goes through it, several per move, so it is orjson's encoder, which
    costs a fraction of the standard library's. Raises TypeError for a value JSON has no
    form for (orjson's JSONEncodeError is one)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(frozen=True)
class SeatInfo:
    """A seat as everyone may know it: who sits there (never its token)."""

    seat: int
    kind: str  # "human" or "bot"
    agent: str | None
    name: str

    def label(self) -> str:
        """"Seat 1 · Ana": seats are numbered from 1 wherever a person reads them."""
        return f"Seat {self.seat + 1} · {self.name}"


def seat_names(seats: Sequence[SeatInfo]) -> tuple[str, ...]:
    """The name of each seat in sentences ("Ana draws a card"): its lobby name, with the
    seat number (from 1) added where two seats share a name ("Guest (seat 2)"). Within a
    :func:`ludoteca.core.words.naming` block for as many seats: the names in force."""
    in_force = names_in_force()
    if in_force is not None and len(in_force) == len(seats):
        return in_force
    names = [s.name.strip() or f"seat {s.seat + 1}" for s in seats]
    counts: dict[str, int] = {}
    for name in names:
        counts[name.casefold()] = counts.get(name.casefold(), 0) + 1
    return tuple(name if counts[name.casefold()] == 1 else f"{name} (seat {s.seat + 1})"
                 for name, s in zip(names, seats, strict=True))


def humanize(key: Any) -> str:
    text = str(key).replace("_", " ")
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
    return text[:1].upper() + text[1:]


def _common(env: Environment) -> Environment:
    env.filters["humanize"] = humanize
    env.filters["num"] = lambda x: f"{x:g}" if isinstance(x, float) else str(x)
    env.globals["pick"] = pick_attr
    env.filters["pick"] = pick_filter
    env.filters["first_word"] = lambda text: text.split(" ", 1)[0]
    env.filters["ends_with"] = lambda text, end: text.endswith(end)
    return env


def make_environment() -> Environment:
    """The pages' templates (autoescaped)."""
    return _common(Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    ))


class BoardEnvironment(Environment):
    """Jinja for boards: ``obs.hand`` on an observation (:class:`Obs`) is a dict lookup,
    and ``cached(macro, ...)`` renders a part of a board once for given arguments.

    Jinja's ``getattr`` tries the attribute first, which for an :class:`Obs` key goes
    through a failed lookup (an exception) before ``__getattr__``; boards read hundreds of
    keys per render. The answer is the same: a key that is not one of Obs's own methods.

    ``{{ cached(display, d, names) }}`` is ``{{ display(d, names) }}``, the output kept
    for those argument values (by value: every viewer, every match, every render share
    it), so that a board renders again only the parts whose arguments changed (a table's
    displays that nobody touched cost a look-up). Only a macro that reads nothing but its
    arguments is kept (the template's source is checked once: a macro that reads another
    variable of the template, or of the context, is simply called every time); filters
    and the board globals are pure functions.
    """

    FRAGMENTS = 20_000
    """Parts kept (then the store starts again)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fragments: dict[Any, str] = {}
        self._pure: dict[tuple[str, str], bool] = {}  # (template, macro) -> cacheable
        self.globals["cached"] = self.cached

    def cached(self, macro: Any, *args: Any) -> Any:
        func = getattr(macro, "_func", None)
        template = func.__globals__.get("name") if func is not None else None
        if template is None or not self._is_pure(template, macro.name):
            return macro(*args)
        try:
            key = (template, macro.name, _frozen(args))
        except TypeError:  # an argument of a kind that has no value to key on
            return macro(*args)
        out = self.fragments.get(key)
        if out is None:
            if len(self.fragments) >= self.FRAGMENTS:
                self.fragments.clear()
            out = self.fragments[key] = macro(*args)
        return out

    def _is_pure(self, template: str, macro: str) -> bool:
        found = self._pure.get((template, macro))
        if found is None:
            found = False
            try:
                source = self.loader.get_source(self, template)[0]  # type: ignore[union-attr]
                tree = self.parse(source)
            except Exception:
                tree = None
            if tree is not None:
                stores = [n for n in tree.find_all(nodes.Name) if n.ctx == "store"]
                for node in tree.find_all(nodes.Macro):
                    inside = {id(n) for n in node.find_all(nodes.Name)}
                    outer = {n.name for n in stores if id(n) not in inside}
                    self._pure[(template, node.name)] = _reads_only_its_arguments(
                        node, outer, set(self.globals) - {"lipsum"})  # (random text)
                found = self._pure.get((template, macro), False)
            self._pure[(template, macro)] = found
        return found

    def getattr(self, obj: Any, attribute: str) -> Any:
        kind = type(obj)
        if (kind is Obs or kind is _Tracked) and attribute not in _OBS_OWN:
            data = obj._data
            if attribute in data:
                if kind is _Tracked:
                    obj._reads.add(attribute)
                return escaped(data[attribute])
        return super().getattr(obj, attribute)


def _reads_only_its_arguments(macro: Any, outer: set[str], globals_: set[str]) -> bool:
    """Whether a macro's body names nothing but its arguments, its own variables (loop
    targets, sets; none that the template sets outside it too) and the globals."""
    args = {a.name for a in macro.args}
    mine = {n.name for n in macro.find_all(nodes.Name) if n.ctx in ("store", "param")}
    own = args | (mine - outer) | {"loop", "varargs", "kwargs"}
    reads = {n.name for n in macro.find_all(nodes.Name) if n.ctx == "load"}
    return not any(True for _ in macro.find_all((nodes.CallBlock, nodes.Include,
                                                  nodes.Import, nodes.FromImport))) and \
        reads <= own | globals_


def _frozen(args: tuple[Any, ...]) -> bytes:
    """A macro's arguments as a key, equal only for arguments that render alike: their
    JSON (orjson's, in C: a table's displays are keyed on every move), which tells 1,
    1.0 and true apart (a tuple and a list alike: a board is handed lists); an
    :class:`Obs` (which escapes its strings) is its raw data under a key no template
    writes, so it differs from a plain dict. TypeError for a value JSON
    has no form for, or a dict with keys that are not strings (1 and "1" would meet)."""
    parts = []
    for value in args:
        kind = type(value)
        if kind is Obs or kind is _Tracked:
            if kind is _Tracked:
                value._all = True  # read whole: a board memo must compare all of it
            value = {"\x00obs": value._data}
        parts.append(value)
    return orjson.dumps(parts)


class GameWebLoader(BaseLoader):
    """Board templates from the games' own packages: ``boards/<id>.html`` is the
    ``web/board.html`` of game ``<id>``, ``boards/<id>.table.html`` its ``web/table.html``
    (:func:`ludoteca.core.registry.game_resource`). Any other name, an unknown game or a
    game without that file is :class:`~jinja2.TemplateNotFound` (the next loader's turn:
    the server's generic board)."""

    _NAME = re.compile(r"boards/([^/]+?)(\.table)?\.html")

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Any]:
        found = self._NAME.fullmatch(template)
        if found is None:
            raise TemplateNotFound(template)
        game_id, table = found.groups()
        try:
            game = load_game(game_id)
        except ConfigError:
            raise TemplateNotFound(template) from None
        resource = game_resource(game, "web", "table.html" if table else "board.html")
        if resource is None:
            raise TemplateNotFound(template)
        # A package's files do not change under a running server (and Boards keeps each
        # template it loaded), so a template is never reloaded.
        filename = str(resource) if isinstance(resource, Path) else None
        return resource.read_text(encoding="utf-8"), filename, lambda: True


def board_stylesheet(game: Game) -> str | None:
    """The address of the game's board CSS (``web/board.css`` in its package, served by
    the app at ``/games/<id>/web/board.css``), or None if it ships none."""
    if game_resource(game, "web", "board.css") is None:
        return None
    return f"/games/{game.id}/web/board.css"


def make_board_environment() -> Environment:
    """The boards' templates: rendered several times per move, so they skip Jinja's
    per-output escaping; instead *every* string of their context is escaped before they
    see it (:func:`escaped`), so nothing a game or a player wrote reaches a page raw.

    A game's board comes from its package (:class:`GameWebLoader`); the generic board,
    for games that ship none, from the server's templates."""
    return _common(BoardEnvironment(
        loader=ChoiceLoader([GameWebLoader(), FileSystemLoader(str(TEMPLATES))]),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
    ))


def pick_attr(**fields: Any) -> str:
    """``data-pick`` attribute of a board element that stands for action fields: clicking
    it narrows the legal actions to those with these field values (see match.js). String
    values arrive escaped (a board's context is) and are unescaped for the JSON."""
    try:
        return _pick(tuple(fields.items()))
    except TypeError:  # an unhashable value
        return _pick_uncached(fields)


def pick_filter(fields: dict[str, Any]) -> str:
    """``{{ {"mine": m.mine}|pick }}``: :func:`pick_attr` as a filter (templates call
    filters directly, functions through Jinja's slower call protocol)."""
    try:
        return _pick(tuple(fields.items()))
    except TypeError:
        return _pick_uncached(fields)


@functools.lru_cache(maxsize=4096)
def _pick(items: tuple[tuple[str, Any], ...]) -> str:
    return _pick_uncached(dict(items))


def _pick_uncached(fields: dict[str, Any]) -> str:
    plain = {k: html.unescape(v) if isinstance(v, str) else v for k, v in fields.items()}
    text = json.dumps(plain, separators=(",", ":"))
    return f' data-pick="{escape(text)}"'


class Obs(Mapping):  # type: ignore[type-arg]
    """A read-only view of a dict for board templates: its strings (keys too) come out
    HTML-escaped, and only the parts a template reads are escaped (lazily). Templates
    read keys as attributes (``obs.hand``) as Jinja does for plain dicts, without Jinja's
    failed-getattr detour."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[Any, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return escaped(self._data[name])
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key: Any) -> Any:
        data = self._data
        if key not in data and isinstance(key, str):
            key = html.unescape(key)  # a key as iteration showed it (escaped)
        return escaped(data[key])

    def __iter__(self) -> Any:
        return (_esc(k) if type(k) is str else k for k in self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data or (isinstance(key, str) and html.unescape(key) in self._data)

    def items(self) -> Any:  # type: ignore[override]
        return [(_esc(k) if type(k) is str else k, escaped(v)) for k, v in self._data.items()]

    def values(self) -> Any:  # type: ignore[override]
        return [escaped(v) for v in self._data.values()]


class _Tracked(Obs):
    """An :class:`Obs` that notes which of its keys a template read (for :class:`Memo`):
    ``_reads`` the raw keys, ``_all`` whether it was walked whole (iterated, counted)."""

    __slots__ = ("_all", "_reads")

    def __init__(self, data: dict[Any, Any]) -> None:
        super().__init__(data)
        self._reads: set[Any] = set()
        self._all = False

    def _raw(self, key: Any) -> Any:
        if key not in self._data and isinstance(key, str):
            return html.unescape(key)
        return key

    def __getattr__(self, name: str) -> Any:
        self._reads.add(name)
        return super().__getattr__(name)

    def __getitem__(self, key: Any) -> Any:
        self._reads.add(self._raw(key))
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self._reads.add(self._raw(key))
        return super().__contains__(key)

    def __iter__(self) -> Any:
        self._all = True
        return super().__iter__()

    def __len__(self) -> int:
        self._all = True
        return super().__len__()

    def items(self) -> Any:  # type: ignore[override]
        self._all = True
        return super().items()

    def values(self) -> Any:  # type: ignore[override]
        self._all = True
        return super().values()


_OBS_OWN = frozenset(name for name in dir(_Tracked) if not name.startswith("__"))
_ABSENT = object()


def _snapshot(value: Any) -> Any:
    """A copy of a JSON-like value that later changes to the original cannot reach."""
    kind = type(value)
    if kind is dict:
        return {k: _snapshot(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return kind(_snapshot(v) for v in value)
    return value


class Memo:
    """The last board rendered for one viewer of one match, and what it was made of.

    A board template is a pure function of its context, so when the context values it
    uses are unchanged, so is the board. :meth:`Boards.render` records what a render used:
    the context variables the template names (Jinja lists them when it loads it) and the
    keys of ``obs`` it read; the next render for the same viewer is skipped when they are
    all equal. A seat's private part of a board (its hand) changes on few moves while the
    shared table changes on most; the caller splices the table in (``table`` is a fixed
    marker then), so another seat's move costs this viewer no render.
    """

    __slots__ = ("html", "key", "keys", "reads")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.reads: dict[Any, Any] = {}  # key of obs -> its value when rendered
        self.keys: tuple[Any, ...] | None = None  # obs's keys, if it was walked whole
        self.html = ""

    def hit(self, key: tuple[Any, ...], obs: dict[str, Any]) -> bool:
        if self.key != key or (self.keys is not None and tuple(obs) != self.keys):
            return False
        return all(obs.get(k, _ABSENT) == v for k, v in self.reads.items())

    def store(self, key: tuple[Any, ...], tracked: _Tracked, html_text: str) -> None:
        data = tracked._data
        walked = tracked._all
        self.reads = {k: _snapshot(data.get(k, _ABSENT))
                      for k in (data.keys() if walked else tracked._reads)}
        self.keys = tuple(data) if walked else None
        self.key = key
        self.html = html_text


_ESCAPED: dict[str, str] = {}


def _esc(text: str) -> str:
    out = _ESCAPED.get(text)
    if out is None:
        out = html.escape(text, quote=True)
        if len(_ESCAPED) < 100_000:  # card names, metals, ... repeat on every board
            _ESCAPED[text] = out
    return out


def escaped(value: Any) -> Any:
    """``value`` with every string HTML-escaped: strings now, dicts as they are read
    (:class:`Obs`), lists element by element."""
    kind = type(value)
    if kind is str:
        return _esc(value)
    if value is None or kind is int or kind is float or kind is bool:
        return value
    if kind is dict:
        return Obs(value)
    if kind is list or kind is tuple:
        return [escaped(v) for v in value]
    if kind is Obs:
        return value
    return _esc(str(value))


# ----- words ---------------------------------------------------------------------------


def table_marks(game: Any) -> tuple[Any, Any]:
    """The game's ``moment(event)`` and ``chapter(event)`` for the table, or functions
    that say None when it has none.

    ``moment`` (in the game's ``web`` module): the title of something an event settles (a
    dispute revealed, a fight, a round scored, the end), which the table shows in a panel
    that stays until the player moves on. ``chapter``: the part of the match an event
    opens, ``(kind, number or None)`` ("round", 2), for a replay to jump to: the parts
    the terminal marks (``render.chapter``) and any more the ``web`` module names
    (``chapter(event) -> kind``: a fight, say).
    """
    cached = _MARKS.get(game.id)
    if cached is None:
        from ludoteca.core.registry import game_module

        web = game_module(game, "web")
        render = game_module(game, "render")
        parts = getattr(render, "chapter", None)
        # (a game written as one module is its own render and web: its chapter is render's)
        extra = getattr(web, "chapter", None) if web is not render else None

        def chapter(event: Event) -> tuple[str, int | None] | None:
            found = parts(event) if parts is not None else None
            if found:
                return str(found[0]), found[1]
            kind = extra(event) if extra is not None else None
            return (kind, None) if kind else None

        cached = (getattr(web, "moment", None) or _nothing, chapter)
        _MARKS[game.id] = cached
    return cached


def _nothing(_event: Event) -> None:
    return None


def table_asides(game: Any) -> Any:
    """The game's ``aside(event) -> bool`` (in its ``web`` module), or one that says
    False: an event the log tells but a moment's panel leaves out, since the moment's own
    words already say it (Vintage's new face-up cards under the end of a round)."""
    found = _ASIDES.get(game.id)
    if found is None:
        from ludoteca.core.registry import game_module

        found = getattr(game_module(game, "web"), "aside", None) or _nothing
        _ASIDES[game.id] = found
    return found


_ASIDES: dict[str, Any] = {}


def table_continues(game: Any) -> Any:
    """The game's ``continues(event) -> bool`` (in its ``web`` module), or one that says
    False: the first event of a move that goes on with the moment the same seat's move
    before opened (Vintage's next lot of a sale, aged in the order its seller chose), so
    that the table shows the two moves in one panel."""
    found = _CONTINUES.get(game.id)
    if found is None:
        from ludoteca.core.registry import game_module

        found = getattr(game_module(game, "web"), "continues", None) or _nothing
        _CONTINUES[game.id] = found
    return found


_CONTINUES: dict[str, Any] = {}


_MARKS: dict[str, tuple[Any, Any]] = {}
_ARTICLES = frozenset(("a", "an", "the"))
# The words a sentence may open with that are no name: lower case after a semicolon.
_LOWER_AFTER_SEMICOLON = frozenset(("A", "An", "The", "You", "Your"))


def fold_texts(texts: Sequence[str]) -> str:
    """Several lines of one kind (a deal) as one: "You are dealt a 3 of hearts, a queen
    ×2; Bo is dealt a card ×6.", "Laid face up: Harvest, Enologist ×2." Lines are
    grouped by their words before the first article or up to a colon (who and what
    happens), and a repeated remainder is counted."""
    groups: dict[str, list[str]] = {}
    for text in texts:
        words = text.rstrip(".").split(" ")
        cut = next((i for i, w in enumerate(words) if i > 0 and (
            w.lower() in _ARTICLES or words[i - 1].endswith(":"))), len(words))
        groups.setdefault(" ".join(words[:cut]), []).append(" ".join(words[cut:]))
    parts = []
    for head, tails in groups.items():
        counted: dict[str, int] = {}
        for tail in tails:
            counted[tail] = counted.get(tail, 0) + 1
        rest = ", ".join(f"{t} ×{n}" if n > 1 else t for t, n in counted.items() if t)
        part = (f"{head} {rest}".strip() if rest else
                (f"{head} ×{len(tails)}" if len(tails) > 1 else head))
        if parts and part.split(" ", 1)[0] in _LOWER_AFTER_SEMICOLON:
            part = part[:1].lower() + part[1:]  # "...; the Forest card is drawn"
        parts.append(part)
    return "; ".join(parts) + "."


class LogBook:
    """One viewer's move log in words, grown as the match goes on.

    Each entry is ``{"n", "move", "step", "text"}`` with ``"moment"`` and ``"chapter"``
    when the game marks its event (:func:`table_marks`), ``"aside": True`` when a panel
    leaves it out (:func:`table_asides`): ``n`` numbers the entries
    (1, 2, ...: never twice the same), ``move`` counts the seats' moves up to it (chance
    outcomes belong to the move they follow; 0 before the first; a move that goes on
    with the moment just told, :func:`table_continues`, counts with the move that
    opened it: a table's panel shows a move's lines together), ``step`` is the number
    of actions applied when it happened (a replay's position). Consecutive chance
    outcomes that tell the viewer one kind of thing (the cards of a deal) make one entry.
    """

    __slots__ = ("_mover", "_run", "entries", "moves", "steps")

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self.steps = 0  # actions read so far
        self.moves = 0  # seats' moves among them
        self._run: tuple[str, list[str]] | None = None  # the foldable entry being grown
        self._mover = CHANCE  # the seat of the last seat's move read

    def extend(self, state: State, viewer: int | None,
               played: Sequence[tuple[int, Sequence[Event]]]) -> None:
        """Adds the entries of ``played``: ``(seat, events)`` per action after those
        read so far, the seat being CHANCE for a chance outcome. Seats are named as the
        enclosing :func:`ludoteca.core.words.naming` says."""
        moment, chapter = table_marks(state.game)
        aside = table_asides(state.game)
        continues = table_continues(state.game)
        entries = self.entries
        # A fold grown here is worded once, when it ends or this call does (a deal of n
        # cards would otherwise be worded n times over, at a cost growing with n * n).
        owed = False
        for seat, events in played:
            self.steps += 1
            seen = [e for e in events if e.visible_to(viewer)]
            if seat != CHANCE:
                goes_on = (seat == self._mover and seen and entries
                           and "moment" in entries[-1] and continues(seen[0]))
                if not goes_on:
                    self.moves += 1
                self._mover = seat
                if owed:
                    entries[-1]["text"] = fold_texts(self._run[1])  # type: ignore[index]
                    owed = False
                self._run = None
            if not seen:
                continue
            kinds = {e.kind for e in seen}
            marks = [(moment(e), (chapter(e) or (None,))[0]) for e in seen]
            foldable = seat == CHANCE and len(kinds) == 1 and not any(
                m or c for m, c in marks)
            texts = [state.describe_event(e, viewer) for e in seen]
            run = self._run
            if foldable and run is not None and run[0] == next(iter(kinds)):
                run[1].extend(texts)
                entries[-1]["step"] = self.steps
                owed = True
                continue
            if owed:  # the fold (the last entry) ends here
                entries[-1]["text"] = fold_texts(run[1])  # type: ignore[index]
                owed = False
            self._run = (next(iter(kinds)), list(texts)) if foldable else None
            if foldable and len(texts) > 1:
                texts = [fold_texts(texts)]
                marks = [(None, None)]
            for text, (title, part) in zip(texts, marks, strict=True):
                entry = {"n": len(entries) + 1, "move": self.moves, "step": self.steps,
                         "text": text}
                if title:
                    entry["moment"] = title
                if part:
                    entry["chapter"] = part
                if all(aside(e) for e in seen):
                    entry["aside"] = True
                entries.append(entry)
        if owed:
            entries[-1]["text"] = fold_texts(self._run[1])  # type: ignore[index]

    def note(self, text: str, kind: str) -> dict[str, Any]:
        """Adds a line that is no event of the game (a take-back, say), numbered like the
        others and marked ``"note": kind``; it ends a fold (a deal) in progress."""
        entry = {"n": len(self.entries) + 1, "move": self.moves, "step": self.steps,
                 "text": text, "note": kind}
        self.entries.append(entry)
        self._run = None
        return entry


def log_entries(state: State, viewer: int | None,
                played: Sequence[tuple[int, Sequence[Event]]]) -> list[dict[str, Any]]:
    """The move log of ``viewer`` over ``played`` (``(seat, events)`` per action, from the
    start of the match): see :class:`LogBook`."""
    book = LogBook()
    book.extend(state, viewer, played)
    return book.entries


def standings(state: State, viewer: int | None, seats: Sequence[SeatInfo]
              ) -> list[dict[str, Any]]:
    """Every side's standing at the end, best first: ``{"place", "names", "score",
    "won", "tied", "you"}``, the places of :func:`ludoteca.core.words.standings` (partners
    as one side, ghosts too; the winners 1st, equal points sharing a place). ``names``
    are the seats' names (never "you": ``you`` says which side is the viewer's);
    ``score`` is in words ("12", "−3"), ``unit`` what it counts ("points", "VP",
    "buildings": :func:`ludoteca.core.words.score_unit`), ``detail`` the game's words for
    a standing a tie-break decided ("0 buildings, 0 irrigated, 500 cash", shown in place
    of the score), present only then. [] before the end."""
    if not state.is_terminal():
        return []  # (every live message asks, so before the end it costs no naming)
    with naming(seat_names(seats)):
        sides = core_standings(state, None)
    one, many = score_unit(state)
    return [{"place": side.place, "names": side.name, "score": number(side.score),
             "unit": one if side.score == 1 else many,
             "won": side.won, "tied": side.tied, "you": viewer in side.seats,
             **({"detail": side.figure} if side.figure else {})}
            for side in sides]


def outcome_of(state: State, viewer: int | None) -> str | None:
    """"won", "shared" or "lost" for a seat at the end (None: a spectator, or not over)."""
    if viewer is None or not state.is_terminal():
        return None
    winners = set(state.winners())
    mine = {s for s in range(state.num_players) if state.team_of(s) == state.team_of(viewer)}
    if not winners & mine:
        return "lost"
    return "won" if winners <= mine else "shared"


def prompt_text(state: State, viewer: int | None) -> str:
    """What ``viewer`` is asked to do; "" once the game is over, where the turn line
    ("Game over") and the result say it already."""
    return "" if state.current_player() == TERMINAL else state.prompt(viewer)


def turn_text(state: State, viewer: int | None, seats: Sequence[SeatInfo]) -> str:
    player = state.current_player()
    if player == TERMINAL:
        return "Game over"
    if player == CHANCE:
        return "Chance is being resolved"
    if player == viewer:
        return "Your turn"
    name = seat_names(seats)[player]
    return f"{name[:1].upper()}{name[1:]} to play"


def result_text(state: State, viewer: int | None, seats: Sequence[SeatInfo]) -> str | None:
    """The end in words for ``viewer`` (None while the match goes on): the sentence the
    terminal prints too, :func:`ludoteca.core.words.result_sentence`, with the seats'
    names ("You lost: Ana won. Places: Ana 1st (45 points); you 2nd (30 points).")."""
    if not state.is_terminal():
        return None
    with naming(seat_names(seats)):
        return result_sentence(state, viewer)


def legal_for(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """The viewer's legal actions with labels and fields, or [] when it is not to act."""
    if viewer is None or state.current_player() != viewer:
        return []
    return [state.action_to_json(a) for a in state.legal_actions()]


# ----- boards --------------------------------------------------------------------------


class Boards:
    """Renders a game's board for a viewer: ``boards/<game id>.html`` (the ``web/board.html``
    of the game's package, see :class:`GameWebLoader`) or the generic one.

    A board's context: ``obs`` (the viewer's observation), ``viewer`` (a seat, or None for a
    spectator), ``names`` ("you" or each seat's name), ``seats`` (seat, kind, name),
    ``title``, ``num_players``, ``variant``, ``to_act``; every string already escaped.

    A game may split off the part every viewer sees alike as ``boards/<game id>.table.html``
    (its ``web/table.html``):
    it is rendered once per change from the *spectator's* observation (``viewer`` None,
    ``names`` without "you") and handed to each viewer's board as ``table``, so a change
    costs one table and a small private part per viewer, and the shared part cannot show
    anything private by construction.
    """

    def __init__(self, env: Environment | None = None) -> None:
        self.env = env or make_board_environment()
        self._templates: dict[str, Any] = {}
        self._globals: dict[str, Any] = dict(self.env.globals)
        self._uses: dict[str, frozenset[str] | None] = {}

    def uses(self, template: Any) -> frozenset[str] | None:
        """The context variables ``template`` names (None: it includes or imports other
        templates, so any of them)."""
        name = template.name
        if name not in self._uses:
            source = self.env.loader.get_source(self.env, name)[0]  # type: ignore[union-attr]
            tree = self.env.parse(source)
            self._uses[name] = (None if any(True for _ in meta.find_referenced_templates(tree))
                                else frozenset(meta.find_undeclared_variables(tree)))
        return self._uses[name]

    def _key(self, template: Any, viewer: int | None, seats: Sequence[SeatInfo], title: str,
             num_players: int, variant: str, to_act: int, table: str | None
             ) -> tuple[Any, ...]:
        """What a render of ``template`` depends on besides ``obs`` (for :class:`Memo`)."""
        uses = self.uses(template)
        every = uses is None
        parts: list[Any] = [template.name]
        if every or "viewer" in uses or "names" in uses:  # type: ignore[operator]
            parts.append(("viewer", viewer))
        if every or "names" in uses:  # type: ignore[operator]
            parts.append(("names", seat_names(seats)))
        if every or "seats" in uses:  # type: ignore[operator]
            parts.append(("seats", tuple((s.seat, s.kind, s.name) for s in seats)))
        for name, value in (("title", title), ("num_players", num_players),
                            ("variant", variant), ("to_act", to_act), ("table", table)):
            if every or name in uses:  # type: ignore[operator]
                parts.append((name, value))
        return tuple(parts)

    def _render(self, template: Any, context: dict[str, Any]) -> str:
        """``template.render(context)`` without re-merging Jinja's globals (a ChainMap
        walked on every render): they are merged into the context once, here."""
        ctx = template.new_context({**self._globals, **context}, shared=True)
        try:
            return self.env.concat(template.root_render_func(ctx))  # type: ignore[attr-defined]
        except Exception:
            self.env.handle_exception()
            raise  # handle_exception always raises (Jinja's rewritten traceback)
        finally:
            # A template's macros and sets live in the context, and each macro's closure
            # holds the context: a reference cycle per render, left to the garbage
            # collector (with the observation it reads). Emptied, it is freed at once.
            ctx.vars.clear()
            ctx.exported_vars.clear()

    def _get(self, name: str, fallback: str | None) -> Any:
        if name not in self._templates:
            try:
                self._templates[name] = self.env.get_template(name)
            except TemplateNotFound:
                self._templates[name] = (None if fallback is None
                                         else self.env.get_template(fallback))
        return self._templates[name]

    def template(self, game_id: str) -> Any:
        return self._get(f"boards/{game_id}.html", "boards/generic.html")

    def table_template(self, game_id: str) -> Any:
        return self._get(f"boards/{game_id}.table.html", None)

    @staticmethod
    def _context(obs: dict[str, Any], viewer: int | None, seats: Sequence[SeatInfo],
                 title: str, num_players: int, variant: str, to_act: int) -> dict[str, Any]:
        names, people = _people(tuple(seats), seat_names(seats), viewer)
        return {
            "obs": escaped(obs), "viewer": viewer, "names": list(names),
            "seats": list(people), "title": escaped(title), "num_players": num_players,
            "variant": escaped(variant), "to_act": to_act,
        }

    def render(self, game_id: str, *, obs: dict[str, Any], viewer: int | None,
               seats: Sequence[SeatInfo], title: str, num_players: int, variant: str,
               to_act: int, table: str | None = None, memo: Memo | None = None) -> str:
        """The board of ``viewer``: a function of its observation and public facts only
        (the legal moves are not an input: match.js marks which elements can be picked).

        ``memo``: the last render for this viewer (of this match), reused when nothing
        the template uses has changed, else replaced by this one.
        """
        template = self.template(game_id)
        key: tuple[Any, ...] = ()
        if memo is not None:
            key = self._key(template, viewer, seats, title, num_players, variant, to_act,
                            table)
            if memo.hit(key, obs):
                return memo.html
        context = self._context(obs, viewer, seats, title, num_players, variant, to_act)
        context["table"] = table or ""
        if memo is None:
            return self._render(template, context)
        tracked = context["obs"] = _Tracked(obs)
        html_text = self._render(template, context)
        memo.store(key, tracked, html_text)
        return html_text

    def render_table(self, game_id: str, *, public: dict[str, Any],
                     seats: Sequence[SeatInfo], title: str, num_players: int, variant: str,
                     to_act: int) -> str | None:
        template = self.table_template(game_id)
        if template is None:
            return None
        return self._render(template, self._context(public, None, seats, title, num_players,
                                                    variant, to_act))


@functools.lru_cache(maxsize=4096)
def _people(seats: tuple[SeatInfo, ...], names: tuple[str, ...], viewer: int | None
            ) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """A board's ``names`` ("you" for the viewer) and ``seats``, escaped: the same for every
    render of a match for one viewer, so made once (each render is handed copies)."""
    you = tuple("you" if s.seat == viewer else name for s, name in zip(seats, names,
                                                                        strict=True))
    return (tuple(escaped(list(you))),
            tuple(escaped([{"seat": s.seat, "kind": s.kind, "name": s.name} for s in seats])))


def table_for(boards: Boards, state: State, seats: Sequence[SeatInfo],
              public: dict[str, Any] | None = None) -> str | None:
    """The shared part of the board (None if the game's board has none), rendered from
    ``public``, the spectator's observation of ``state`` (made here when not given)."""
    if boards.table_template(state.game.id) is None:
        return None
    return boards.render_table(
        state.game.id, public=state.observation(None) if public is None else public,
        seats=seats, title=state.title, num_players=state.num_players,
        variant=state.variant, to_act=state.current_player())


def board_for(boards: Boards, state: State, viewer: int | None,
              seats: Sequence[SeatInfo], table: str | None = None,
              memo: Memo | None = None, public: dict[str, Any] | None = None,
              obs: dict[str, Any] | None = None) -> str:
    """``viewer``'s board. ``obs``: the viewer's observation of ``state`` when it was made
    already; else made from ``public``, the spectator's observation of ``state``, when
    that is given (:meth:`State.seat_observation
    <ludoteca.core.state.State.seat_observation>`, equal to ``observation(viewer)``)."""
    if table is None:
        table = table_for(boards, state, seats, public)
    if obs is None:
        obs = (state.observation(viewer) if public is None
               else state.seat_observation(viewer, public))
    return boards.render(
        state.game.id,
        obs=obs,
        viewer=viewer,
        seats=seats,
        title=state.title,
        num_players=state.num_players,
        variant=state.variant,
        to_act=state.current_player(),
        table=table,
        memo=memo,
    )
