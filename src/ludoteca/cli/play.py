"""`ludoteca play`: a match in the terminal, the human at one seat.

The human is one more agent (:class:`HumanAgent`), handed a determinized view like every
bot: the board shown is ``observation(seat)``, the choices are the seat's legal actions.
What the other seats do reaches the screen only as the events the human's seat may see.
Long lists of choices are folded by kind (all "pass a card" choices behind one entry), so
the choices that matter stay on an 80x24 screen.
"""

from __future__ import annotations

import os
import re
import secrets
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.prompt import Confirm, Prompt
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ludoteca.agents import Agent, heuristic_for, make_agent
from ludoteca.agents.strengths import bot_name
from ludoteca.cli.app import Command, app, console, usage_errors
from ludoteca.cli.replay import read_record
from ludoteca.cli.setup import _check_setup, _load, check_output_path, parse_options
from ludoteca.cli.show import (
    ChapterCounter,
    page,
    render,
    render_hook,
    results_table,
    rules_summary,
    table_seats,
)
from ludoteca.core.match import MatchRecord, record_of, replay, run_match, save_records
from ludoteca.core.state import CHANCE, ConfigError, Game, State
from ludoteca.core.words import joined, result_sentence, seat_name


class QuitMatch(Exception):  # a signal, not an error
    """The human asked to stop (``q``) or their input ended."""

    def __init__(self, input_ended: bool = False) -> None:
        super().__init__("input ended" if input_ended else "quit")
        self.input_ended = input_ended


HELP_TEXT = (
    "Type the number (or key) of a choice, or its words as listed, then Enter. A\n"
    "choice marked … opens a list of its own (b comes back). Where there is only one\n"
    "move, Enter alone takes it. q quits: you may save the match and resume it with\n"
    "`ludoteca play --resume FILE`. ? shows this help and the rules in short, then\n"
    "the board and your choices again. What the other seats did is above the board\n"
    "(scroll up for more)."
)
MENU_LIMIT = 8
"""The most entries a list of choices shows: beyond it the kinds of move with the most
choices are folded, each behind one entry, until it fits (an 80x24 screen keeps the board
and the choices that matter, such as joining a fight, in view). Under a tall board the
list is folded further, down to :data:`MENU_MIN` entries."""
MENU_MIN = 4
NEWS_ROWS = 5
"""The most rows of news (what the other seats did since the human's last decision) a
decision screen tries to keep in view above its rule, drawing the compact board if need
be, before it gives them up to show the full board."""


def menu(view: State, legal: Sequence[int], groups: Mapping[str, str] | None = None,
         limit: int = MENU_LIMIT) -> list[tuple[str, list[int]]]:
    """The numbered entries for ``legal``: (label, actions); one action, or a folded group.

    Lists longer than ``limit`` fold their biggest kinds of move first (never the only
    kind: folding ten "play" choices into one entry helps nobody); a group is named by
    ``groups`` (the render module's ``MENU_GROUPS``) and sits where its first choice was.
    """
    entries = [(view.action_to_string(a), [a]) for a in legal]
    if len(entries) <= limit:
        return entries
    kinds: dict[str, list[int]] = {}
    for a in legal:
        kinds.setdefault(view.action_to_json(a)["type"], []).append(a)
    if len(kinds) < 2:
        return entries
    folded: set[str] = set()
    count = len(entries)
    for kind, group in sorted(kinds.items(), key=lambda item: -len(item[1])):
        if count <= limit or len(group) < 2:
            break
        folded.add(kind)
        count -= len(group) - 1
    names = groups or {}
    out: list[tuple[str, list[int]]] = []
    for label, (a,) in entries:
        kind = view.action_to_json(a)["type"]
        if kind not in folded:
            out.append((label, [a]))
        elif kinds[kind][0] == a:
            name = names.get(kind) or kind.replace("_", " ").capitalize()
            out.append((f"{name} … ({len(kinds[kind])} choices)", kinds[kind]))
    return out


Entry = tuple[str, str, list[int]]
"""A line of the list of choices: what to type, its label, its actions (one, or a group)."""


def keyed(entries: list[tuple[str, list[int]]], view: State,
          key: Callable[[dict[str, Any]], str | None] | None,
          stable: Mapping[str, str] | None = None) -> list[Entry]:
    """The entries with what to type for each: the game's own key where it gives one to
    every single choice (Douro's card values: type 7 to play the 7), else 1, 2, 3, ...,
    except that an entry of a kind of move in ``stable`` (the render module's
    ``MENU_KEYS``, ``{action type: letter}``) is typed by its letter."""
    if key is not None and all(len(acts) == 1 for _, acts in entries):
        keys = [key(view.action_to_json(acts[0])) for _, acts in entries]
        if all(keys) and len(set(keys)) == len(keys):
            return [(str(k), label, acts) for k, (label, acts) in zip(keys, entries,
                                                                       strict=True)]
    if stable:
        # A kind of move with a letter of its own keeps it on every list, so that a key
        # typed from habit ("e": end the turn) never picks what a number now stands for.
        letters = [stable.get(kinds[0]) if len(kinds := list({
            view.action_to_json(a)["type"] for a in acts})) == 1 else None
            for _, acts in entries]
        given = [letter for letter in letters if letter]
        if given and len(set(given)) == len(given):
            out: list[Entry] = []
            n = 0
            for letter, (label, acts) in zip(letters, entries, strict=True):
                if letter is None:
                    n += 1
                out.append((letter or str(n), label, acts))
            return out
    return [(str(n), label, acts) for n, (label, acts) in enumerate(entries, start=1)]


def shortened(entries: list[tuple[str, list[int]]]) -> tuple[str, list[tuple[str, list[int]]]]:
    """A folded group's choices without the words they share: "Pass a … to your partner"
    over "gold mine", "Desperado 9", ... (short enough to sit several to a line)."""
    words = [label.split() for label, _ in entries]
    if len(words) < 5:
        return "", entries
    front = 0
    while all(len(w) > front + 1 and w[front] == words[0][front] for w in words):
        front += 1
    back = 0
    while all(len(w) > front + back + 1 and w[-1 - back] == words[0][-1 - back]
              for w in words):
        back += 1
    if not front and not back:
        return "", entries
    middles = [" ".join(w[front:len(w) - back]) for w in words]
    if len(set(middles)) < len(middles) or max(map(len, middles)) > 18:
        return "", entries  # nothing gained: the full labels read better
    head = " ".join([*words[0][:front], "…", *words[0][len(words[0]) - back:]])
    return head + ":", [(m, acts) for m, (_, acts) in zip(middles, entries, strict=True)]


def typed_by_hand() -> bool:
    """Whether the answers come from a person at a terminal (not a pipe or a script)."""
    import sys

    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


class HumanAgent(Agent):
    """The person at the keyboard, as an agent: sees only what their seat may see.

    ``act`` receives a determinized view like every agent; its observation for the seat
    is, by the State contract, the true one, and its legal actions are the true ones.
    """

    name = "human"

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.groups = render_hook(game, "MENU_GROUPS")
        self.key = render_hook(game, "menu_key")
        self.fold = render_hook(game, "menu_fold")
        self.letters: Mapping[str, str] | None = render_hook(game, "MENU_KEYS")
        self.details: Callable[[dict[str, Any], int | None], str] | None = render_hook(
            game, "seat_details")
        self.about: Callable[[dict[str, Any]], str] | None = render_hook(game, "help_lines")
        self.before_turn: Callable[[], None] = lambda: None  # the news held so far
        self.news: Callable[[], int] = lambda: 0  # rows of news since the last decision

    def screen(self, view: State, player: int) -> list[Entry]:
        """Draws a decision: a rule, the seat's view of the table, the choices; everything
        but the prompt line, which :meth:`act` asks. Returns the choices.

        It is laid out to fit the console (80x24 at least): the list of choices is folded
        to the room the board leaves; on a crowded table the board is drawn in its compact
        form (the render module's ``compact``) and, as a last resort, the list is folded
        below :data:`MENU_MIN` entries.
        """
        head, entries, board = self.layout(view, player, self.news())
        self._draw(player, board, head, entries)
        return entries

    def layout(self, view: State, player: int, news: int = 0) -> tuple[str, list[Entry], Any]:
        """The screen of a decision, not drawn: the words over the choices (or ""), the
        choices, the board; the most that fits :attr:`console.height` rows, leaving room
        above it, where it can, for ``news`` rows (up to :data:`NEWS_ROWS`) of what the
        other seats just did."""
        observation = view.observation(player)
        legal = view.legal_actions()
        # Keys for a person at a terminal; numbers for piped input (`yes 1 | ludoteca play`
        # must keep working: a key such as "1" stops being valid once that card is played).
        hand = typed_by_hand()
        key = self.key if hand else None
        letters = self.letters if hand else None
        room = console.height - 2  # a rule over the board, the prompt under the choices
        keep = min(news, NEWS_ROWS)
        layout: tuple[str, list[Entry], Any] = ("", [], None)
        # The full board with the news in view; the compact board with them; the full
        # board, then the compact one, without them; at last the list folded hardest.
        tries = [(False, False, keep), (True, False, keep)] if keep else []
        for compact, squeeze, kept in (*tries, (False, False, 0), (True, False, 0),
                                       (True, True, 0)):
            board = render(self.game, observation, compact=compact)
            left = room - kept - _rows(board)
            head, entries = self._fit(view, legal, key, left, squeeze, letters)
            layout = (head, entries, board)
            if len(self._lines(head, entries, back=False)) <= left:
                break
        return layout

    def _fit(self, view: State, legal: Sequence[int], key: Any, rows: int,
             squeeze: bool, letters: Mapping[str, str] | None = None
             ) -> tuple[str, list[Entry]]:
        """The list of choices for ``rows`` rows, as well as it can: folded down to
        :data:`MENU_MIN` entries (with ``squeeze``, down to one entry per kind of move),
        or, when every choice is of one kind, written without the words they share, several
        to a line ("Pass a … to your partner:" over "gold chest", "Desperado 9", ...)."""
        low = 1 if squeeze else MENU_MIN
        # Entries, not rows, are counted by the folding: a long label wraps to two rows,
        # so the list is folded further (down to ``low`` entries) until its rows fit.
        limit = min(MENU_LIMIT, max(low, rows))
        while True:
            entries = menu(view, legal, self.groups, limit)
            choices = keyed(entries, view, key, letters)
            if len(self._lines("", choices, back=False)) <= rows:
                return "", choices
            if limit <= low or len(entries) <= low:
                break
            limit = min(limit, len(entries)) - 1
        head, short = shortened(entries)
        if head and len(self._lines(head, keyed(short, view, None), back=False)) <= rows:
            return head, keyed(short, view, None)
        return "", choices

    def _draw(self, player: int, board: Any, head: str, entries: list[Entry],
              back: bool = False) -> None:
        console.print(Rule(f"{seat_name(player, capital=True)} (you)"))
        console.print(board)
        for line in self._lines(head, entries, back):
            console.print(line)

    def act(self, view: State, player: int, rng: Any) -> int:
        self.before_turn()
        head, entries, board = self.layout(view, player, self.news())
        self._draw(player, board, head, entries)
        # The lists chosen so far, the first at the bottom: a folded entry opens its own
        # list, drawn with the board as a screen of its own; "back" goes down one.
        screens = [(head, entries, board)]
        while True:
            head, entries, board = screens[-1]
            back = len(screens) > 1
            chosen = self._choose(view, player, entries, lambda h=head, e=entries, b=board,
                                  k=back: self._draw(player, b, h, e, back=k), back=back)
            if len(chosen) == 1:
                return chosen[0]
            if chosen:
                screens.append(self.sub_layout(view, player, chosen))
            else:
                screens.pop()
            head, entries, board = screens[-1]
            self._draw(player, board, head, entries, back=len(screens) > 1)

    def sub_layout(self, view: State, player: int,
                   chosen: list[int]) -> tuple[str, list[Entry], Any]:
        """The screen of a folded entry's choices, as :meth:`layout` gives a decision's:
        the words they share, the choices, the board; the full board if they fit under
        it, else the compact one. Too many for the room left, they are folded again by
        the render module's ``menu_fold`` ("a worker from (1,3) … (6 choices)")."""
        observation = view.observation(player)
        room = console.height - 2
        out: tuple[str, list[Entry], Any] = ("", [], None)
        for compact in (False, True):
            board = render(self.game, observation, compact=compact)
            left = room - _rows(board)
            head, entries = self._sub_list(view, chosen, left)
            out = (head, entries, board)
            if len(self._lines(head, entries, back=True)) <= left:
                break
        return out

    def _sub_list(self, view: State, chosen: list[int], rows: int) -> tuple[str, list[Entry]]:
        head, sub = shortened([(view.action_to_string(a), [a]) for a in chosen])
        choices = keyed(sub, view, None)
        if self.fold is None or len(self._lines(head, choices, back=True)) <= rows:
            return head, choices
        groups: dict[str, list[int]] = {}
        for a in chosen:
            name = self.fold(view.action_to_json(a)) or view.action_to_string(a)
            groups.setdefault(name, []).append(a)
        if not 1 < len(groups) < len(chosen):
            return head, choices
        return "", keyed([(view.action_to_string(acts[0]), acts) if len(acts) == 1
                          else (f"{name} … ({len(acts)} choices)", acts)
                          for name, acts in groups.items()], view, None)

    def _choose(self, view: State, player: int, entries: list[Entry],
                redraw: Callable[[], None], back: bool = False) -> list[int]:
        """Asks for one of ``entries`` (already on the screen) until the answer names one;
        returns its actions, or [] for "back". ``redraw`` puts the screen back after the
        help."""
        keys = [k for k, _, _ in entries]
        numbered = keys == [str(n) for n in range(1, len(keys) + 1)]
        if numbered:
            shown = "1" if len(keys) == 1 else f"1-{len(keys)}"
            told = "1" if len(keys) == 1 else f"1 to {len(keys)}"
        elif all(k.isdigit() or k.isalpha() for k in keys) and any(k.isalpha() for k in keys):
            # numbers and the letters of the kinds of move that keep theirs: "1-5, e"
            count = sum(k.isdigit() for k in keys)
            letters = [k for k in keys if k.isalpha()]
            numbers = [] if not count else ["1" if count == 1 else f"1-{count}"]
            shown = ", ".join(numbers + letters)
            told = joined([("1" if count == 1 else f"1 to {count}")] * bool(count) + letters,
                          "or")
        else:
            shown = ", ".join(keys)
            told = "one of " + ", ".join(keys)
        extra = (", s" if self.details else "") + (", b back" if back else "")
        # The messages for a wrong answer name every key the prompt lists.
        more = ["s"] * bool(self.details) + ["b"] * back
        spelt = (["s for the seats' cards"] if self.details else []) + \
            (["b to go back"] if back else []) + ["q to quit", "? for help"]
        # A forced move is still shown and waits for the person, who takes it with Enter
        # alone (its key still works: piped answers keep their meaning).
        forced = len(entries) == 1 and len(entries[0][2]) == 1
        ask = f"Your move [{shown}{extra}, q, ?]"
        if forced:
            # On the prompt's one row, the label cut between words if need be (it is
            # written in full on the list above).
            keys = f" - Your move [Enter, {shown}{extra}, q, ?]"
            room = max(10, console.width - 2 - len("Only one move: ") - len(keys))
            label = textwrap.shorten(entries[0][1], room, placeholder=" …")
            ask = f"Only one move: {label}{keys}"
        while True:
            try:
                answer = Prompt.ask(escape(ask), console=console)
            except EOFError:
                raise QuitMatch(input_ended=True) from None
            answer = " ".join(answer.strip().lower().split())
            if forced and not answer:
                return entries[0][2]
            if answer in ("q", "quit", "exit"):
                raise QuitMatch()
            if back and answer in ("b", "back"):
                return []
            if answer in ("?", "h", "help"):
                self._help(view.observation(player) if view is not None else None)
                redraw()
                continue
            if not answer:
                console.print(f"[red]Please type the number of a choice, {shown} "
                              f"(or {', '.join(spelt)}).[/]")
                continue
            for key, label, acts in entries:
                if answer in (key.lower(), label.lower().rstrip(".")):
                    return acts
            # "s" (every seat) or "s2" (seat 2): the public cards in full, where the
            # board only has room for a count; a choice's own key comes first.
            seat = re.fullmatch(r"s ?(\d*)", answer)
            if self.details and seat and view is not None:
                observation = view.observation(player)
                number = int(seat.group(1)) if seat.group(1) else None
                if number is not None and not 1 <= number <= len(observation["seats"]):
                    console.print(f"[red]There is no seat {number}; type s for every "
                                  f"seat, s1 to s{len(observation['seats'])} for one.[/]")
                    continue
                page(self.details(observation, None if number is None else number - 1))
                if console.is_terminal:  # read before the board is drawn over it
                    try:
                        console.input("[dim]-- Enter to go back to your move --[/] ")
                    except EOFError:
                        raise QuitMatch(input_ended=True) from None
                redraw()
                continue
            if answer.lstrip("-").isdigit():
                console.print(f"[red]{escape(answer)} is not on the list; type {told}.[/]")
            else:
                console.print(f"[red]{escape(repr(answer))} is not a choice; type {told} "
                              f"(or {', '.join([*more, 'q', '?'])}).[/]")

    def _help(self, observation: dict[str, Any] | None = None) -> None:
        console.print(Rule("Help"))
        summary = rules_summary(self.game)
        key = render_hook(self.game, "MAP_KEY")  # how to read the game's board, if it says
        # This match's own words (its options, the key of the full public lists).
        about = self.about(observation) if self.about and observation is not None else ""
        page(HELP_TEXT + ("\n\n" + about if about else "")
             + ("\n\n" + summary.strip() if summary else "")
             + ("\n\n" + key if key else ""), pause_at_end=True)

    @staticmethod
    def _lines(head: str, entries: list[Entry], back: bool) -> list[Text]:
        """The list of choices as the rows it takes on the console: ``head`` (the words
        the choices share, if any) over the entries, short labels several to a row."""
        rows = [Text(head)] if head else []
        labels = [label for _, label, _ in entries]
        width = max(map(len, labels), default=0) + 7
        across = max(1, min(len(labels), (console.width - 1) // width))
        if len(labels) > 4 and across > 1 and max(map(len, labels)) <= 18:
            # Short labels (Douro's "play 7"), several to a line.
            for row in range(0, len(entries), across):
                rows.append(Text.from_markup("".join(
                    f"  [bold]{key:>3}[/]  {escape(label):<{width - 7}}"
                    for key, label, _ in entries[row:row + across]
                ).rstrip()))
        else:
            rows += [row for key, label, _ in entries for row in _entry(key, label)]
        if back:
            rows.append(Text.from_markup("    [bold]b[/]  back"))
        # A label wider than the console takes more than one row.
        return [line for text in rows for line in _wrapped(text)]


def _rows(renderable: Any) -> int:
    """How many console rows ``renderable`` takes."""
    return len(console.render_lines(renderable, console.options, pad=False))


def _entry(key: str, label: str) -> list[Text]:
    """A choice's rows: its key, then its label, a label too wide for the console going
    on under the label's first word (not at column 0, where it would read as a choice
    of its own)."""
    front = f"  {key:>3}  "
    body = Text(label).wrap(console, max(10, console.width - len(front)))
    rows = []
    for k, line in enumerate(body):
        line.rstrip()
        row = Text.from_markup(f"  [bold]{escape(f'{key:>3}')}[/]  ") if k == 0 \
            else Text(" " * len(front))
        rows.append(row.append_text(line))
    return rows or [Text.from_markup(f"  [bold]{escape(f'{key:>3}')}[/]  ")]


def _wrapped(text: Text) -> list[Text]:
    """``text`` cut into the rows the console shows it in."""
    return list(text.wrap(console, console.width)) or [Text("")]


def _runs(moves: list[list[str]]) -> list[tuple[str, int]]:
    """The lines of a run of chance moves, each said once with how many times. Where
    every move says one line (a deal around the table) a line is counted wherever it
    comes back; where a move says more (a card drawn, then what it does), only a line
    repeated at once is counted, so that nothing is told before what came first."""
    out: list[tuple[str, int]] = []
    if all(len(lines) == 1 for lines in moves):
        counts: dict[str, int] = {}
        for (text,) in moves:
            counts[text] = counts.get(text, 0) + 1
        return list(counts.items())
    for text in (text for lines in moves for text in lines):
        if out and out[-1][0] == text:
            out[-1] = (text, out[-1][1] + 1)
        else:
            out.append((text, 1))
    return out


class News:
    """What the human's seat is told, one line per event, wrapped under its words.

    The lines of a run of chance moves (a deal: "Seat 1 is dealt a card" six times over)
    are held until the run ends and each said once, with how many times ("Seat 1 is dealt
    a card (6 times)"), so that a deal does not scroll the table away.
    """

    def __init__(self) -> None:
        self.held: list[list[str]] = []  # the lines of each chance move held
        self.rows = 0  # printed since :meth:`read` last asked

    def say(self, text: str, chance: bool = False) -> None:
        if chance:
            self.hold([text])
            return
        self.flush()
        self._print(text)

    def rule(self, title: str) -> None:
        """A rule opening a chapter ("Round 2")."""
        self.flush()
        console.print(Rule(title, style="cyan"))
        self.rows += 1

    def read(self) -> int:
        """The rows of news printed since the last call (the human's last decision)."""
        rows, self.rows = self.rows, 0
        return rows

    def hold(self, lines: list[str]) -> None:
        """The lines of one chance move, held until the run of chance moves ends."""
        if lines:
            self.held.append(lines)

    def flush(self) -> None:
        held, self.held = self.held, []
        for text, times in _runs(held):
            if times > 1:  # "... to the Douro Valley (2 times)."
                stop = "." if text.endswith(".") else ""
                text = f"{text.removesuffix('.')} ({times} times){stop}"
            self._print(text)

    def _print(self, text: str) -> None:
        grid = Table.grid()
        grid.add_column(width=2, no_wrap=True)
        grid.add_column()
        grid.add_row("·", Text(text))
        console.print(grid)
        self.rows += _rows(grid)


class Thinking(Agent):
    """A bot wrapped so the screen says it is thinking while it does."""

    def __init__(self, agent: Agent, seat: int) -> None:
        self.agent, self.seat, self.spec = agent, seat, agent.spec
        self.reads_view = agent.reads_view  # type: ignore[misc]
        self.before_turn: Callable[[], None] = lambda: None

    def check(self, game: Game) -> None:
        self.agent.check(game)

    def act(self, view: State, player: int, rng: Any) -> int:
        self.before_turn()
        name = seat_name(player, capital=True)
        with console.status(escape(f"{name} is thinking…")):
            return self.agent.act(view, player, rng)

    def act_blind(self, legal_actions: list[int], player: int, rng: Any) -> int:
        self.before_turn()
        return self.agent.act_blind(legal_actions, player, rng)


def default_bot(game: Game) -> str:
    """The game's own heuristic bot where it has one, else random."""
    return "heuristic" if heuristic_for(game) is not None else "random"


def seat_agents(game: Game, players: int, seat: int, bots: str | None,
                bot: list[str] | None) -> list[Agent]:
    """The agents of every seat: the human at ``seat``, bots elsewhere, in seat order."""
    if bots is not None and bot:
        raise ConfigError("give --bots (every other seat) or --bot (once per other seat), "
                          "not both")
    if bot:
        if len(bot) != players - 1:
            raise ConfigError(f"--bot names one agent per other seat: {players - 1} for "
                              f"{players} players, not {len(bot)}")
        specs = list(bot)
    else:
        specs = [bots or default_bot(game)] * (players - 1)
    specs.insert(seat, "human")
    agents: list[Agent] = []
    for p, spec in enumerate(specs):
        agent = HumanAgent(game) if p == seat else Thinking(make_agent(spec), p)
        agent.check(game)
        agents.append(agent)
    return agents


@app.command("play", cls=Command)
def play_command(
    game_id: Annotated[
        str | None, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.")
    ] = None,
    variant: Annotated[
        str | None, typer.Option(metavar="NAME",
                                 help="Variant id; default: the first that fits --players.")
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat's index, 0 to players-1 (0 is the "
                                           "table's seat 1).")] = 0,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the shuffles and the bots (default: a fresh one, shown at "
                          "the start); the same seed and the same choices give the same match."),
    ] = None,
    bots: Annotated[
        str | None, typer.Option(metavar="SPEC",
                                 help="One agent spec for every other seat (default: the "
                                      "game's heuristic bot, or random), e.g. ismcts:"
                                      "iterations=400.")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", metavar="SPEC", help="Agent spec of one other seat, repeated "
                                                   "once per other seat in seat order."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE",
                     help="A rule option (repeatable; see `ludoteca games GAME`)."),
    ] = None,
    edition: Annotated[
        Path | None,
        typer.Option(metavar="FILE",
                     help="An edition TOML file to play with instead of the shipped one."),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE",
                                  help="Write the match record (JSON) to this file at the end "
                                       "(or when you quit).")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(metavar="FILE",
                                  help="Continue an unfinished match saved with --save (or "
                                       "offered when you quit).")
    ] = None,
) -> None:
    """Play a match in the terminal against bots.

    Before each of your decisions you see your seat's view of the table and
    your choices; type the number of one (in Douro 1872, the card's value),
    q to quit (and save), ? for help and the rules in short. What the bots do
    is shown as your seat sees it.

    Example: `ludoteca play desperados --players 4 --save match.json`
    """
    with usage_errors():
        check_output_path(save, "--save")
        done: list[int] = []
        if resume is not None:
            record = read_record(resume, None)
            if record.finished:
                raise ConfigError(f"{resume}: this match is finished; watch it with "
                                  f"`ludoteca replay {resume}`")
            if "human" not in record.agents:
                raise ConfigError(f"{resume}: no seat of this match was played by a person")
            game = record.game_object()
            players, variant, options = record.num_players, record.variant, record.options
            seat = record.agents.index("human")
            seed = record.seed
            specs = [s for p, s in enumerate(record.agents) if p != seat]
            seats = seat_agents(game, players, seat, None, specs)
            replay(record, verify=False)  # checks every action before play resumes
            done = record.actions
            save = save or resume
        else:
            if game_id is None or players is None:
                raise ConfigError("give a GAME and --players (or --resume FILE)")
            game = _load(game_id, edition)
            options = parse_options(option)
            variant = _check_setup(game, players, variant, options)
            if not 0 <= seat < players:
                raise ConfigError(f"--seat must be 0 to {players - 1}, not {seat}")
            seats = seat_agents(game, players, seat, bots, bot)

    # Seats are numbered from 1 wherever a person reads them ("seat 1" is --seat 0: the
    # option and the record keep the index).
    # A bot's seat is called by the bot's name in every sentence, as in the banner.
    with table_seats(players, [None if p == seat else bot_name(a.spec, game)
                               for p, a in enumerate(seats)]):
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        others = ", ".join(f"seat {p + 1}: {seat_name(p)}"
                           for p, a in enumerate(seats) if p != seat)
        console.print(Rule(f"{game.info.title} · {players} players · {variant}"))
        console.print(escape(f"You are seat {seat + 1}. {others}. Seed: {seed}. "
                             "Type ? for help."))
        chapter = ChapterCounter(game)
        if done:
            console.print(f"Resuming after {len(done)} actions.")
            before = replay(MatchRecord(game.id, players, variant,
                                        game.options_dict(game.parse_options(options)),
                                        game.edition_text, list(done)), verify=False)
            for _, event in before.event_log(seat):
                chapter(event)  # the chapters so far keep their numbers
        live: list[State] = []
        news = News()
        for agent in seats:
            agent.before_turn = news.flush  # type: ignore[attr-defined]
            agent.news = news.read  # type: ignore[attr-defined]

        def on_action(state: State, player: int, action: int) -> None:
            if not live:
                live.append(state)  # run_match's own state, mutated in place as it advances
            # Only what the human's seat learns: a deal or a face-down card is private.
            held: list[str] = []  # a chance move's lines, told together
            for event in state.events_for(seat):
                opened = chapter(event)
                if opened:
                    news.hold(held)
                    held = []
                    news.rule(f"{opened[0].capitalize()} {opened[1]}")
                if player == CHANCE:
                    held.append(state.describe_event(event, seat))
                else:
                    news.say(state.describe_event(event, seat))
            news.hold(held)

        agents = [a.spec for a in seats]
        try:
            record = run_match(game, seats, seed, variant=variant, options=options,
                               on_action=on_action, resume=done)
        except QuitMatch as stop:
            news.flush()
            state = live[0] if live else replay(MatchRecord(
                game.id, players, variant, game.options_dict(game.parse_options(options)),
                game.edition_text, list(done)), verify=False)
            partial = record_of(state, seed=seed, agents=agents)
            _leave(stop, partial, save, game, seed)
            raise typer.Exit(1 if stop.input_ended else 0) from None

        news.flush()
        final = replay(record)
        console.print(Rule("Game over"))
        console.print(render(game, final.observation(seat)))
        # A bot by the table's whole name for it ("normal bot A"): two bots of one kind
        # stay told apart.
        console.print(results_table(final, lambda p: "you" if p == seat else seat_name(p)))
        won = final.returns()[seat] > 0
        console.print(f"[bold {'green' if won else 'red'}]"
                      f"{escape(result_sentence(final, seat) or '')}[/]")
        if save is not None:
            _save(save, record, game, seed, finished=True)


def _save(path: Path, record: MatchRecord, game: Game, seed: int | None, *,
          finished: bool) -> bool:
    """Writes ``record`` to ``path``; if that fails (a full disk, a folder that vanished,
    no permission), to a file in the temporary folder, or else prints it: the match is
    never lost to a failed write. True if it was written to ``path``."""
    try:
        save_records(path, [record])
    except OSError as err:
        console.print(f"[red]Could not write {escape(str(path))}: "
                      f"{escape(err.strerror or str(err))}.[/]")
    else:
        console.print(f"Saved to {path}." if finished else
                      f"Saved to {path}; continue with `ludoteca play --resume {path}`.")
        return True
    import tempfile

    fallback = Path(tempfile.gettempdir()) / f"ludoteca-{game.id}-{seed}-{os.getpid()}.json"
    try:
        save_records(fallback, [record])
    except OSError:
        console.print("The record, to keep as a file of one line:")
        print(record.to_json(), flush=True)  # plain print: no wrapping of the JSON
        return False
    console.print(f"Saved to {fallback} instead" + ("." if finished else
                  f"; continue with `ludoteca play --resume {fallback}`."))
    return False


def _leave(stop: QuitMatch, partial: MatchRecord, save: Path | None, game: Game,
           seed: int | None) -> None:
    """Quitting: nothing is lost unless the person says so."""
    if stop.input_ended:
        console.print("\nInput ended; the match is abandoned.")
        if save is not None:
            _save(save, partial, game, seed, finished=False)
        return
    console.print("You left the match.")
    target = save or Path(f"ludoteca-{game.id}-{seed}.json")
    if _confirm(f"Save the unfinished match to {target} to resume it later?"):
        _save(target, partial, game, seed, finished=False)
    else:
        console.print("The match was not saved.")


def _confirm(question: str) -> bool:
    try:
        return Confirm.ask(question, console=console, default=True)
    except EOFError:
        return True
