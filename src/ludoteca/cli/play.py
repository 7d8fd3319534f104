"""`ludoteca play`: a match in the terminal, the human at one seat."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.prompt import Confirm, Prompt
from rich.rule import Rule

from ludoteca.agents import Agent, make_agent
from ludoteca.cli.common import (
    _check_setup,
    _load,
    _results_table,
    _winners,
    app,
    console,
    parse_options,
    print_events,
    render,
    usage_errors,
)
from ludoteca.core.match import record_of, replay, run_match, save_records
from ludoteca.core.state import ConfigError, Game, State

# ----- play ---------------------------------------------------------------------------------


class QuitMatch(Exception):  # a signal, not an error
    """The human asked to stop (``q``) or their input ended."""

    def __init__(self, input_ended: bool = False) -> None:
        super().__init__("input ended" if input_ended else "quit")
        self.input_ended = input_ended


HELP_TEXT = (
    "Type the number of an action and press Enter. "
    "[bold]q[/] quits, [bold]?[/] or [bold]help[/] shows this help and the board again."
)


class HumanAgent(Agent):
    """The person at the keyboard, as an agent: sees only what their seat may see.

    ``act`` receives a determinized view like every agent; its observation for the seat
    is, by the State contract, the true one, and its legal actions are the true ones.
    """

    name = "human"

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def show(self, view: State, player: int) -> None:
        console.print(Rule(f"Seat {player} (you)"))
        console.print(render(self.game, view.observation(player)))

    def act(self, view: State, player: int, rng: Any) -> int:
        legal = view.legal_actions()
        self.show(view, player)
        self._list(view, legal)
        while True:
            try:
                answer = Prompt.ask(escape(f"Your move [1-{len(legal)}, q, ?]"), console=console)
            except EOFError:
                raise QuitMatch(input_ended=True) from None
            answer = answer.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise QuitMatch()
            if answer in ("?", "h", "help"):
                console.print(HELP_TEXT)
                self.show(view, player)
                self._list(view, legal)
                continue
            if not answer:
                console.print("[red]Please type the number of an action (or q, ?).[/]")
                continue
            try:
                choice = int(answer)
            except ValueError:
                console.print(f"[red]{escape(repr(answer))} is not a number; "
                              f"type 1 to {len(legal)}.[/]")
                continue
            if not 1 <= choice <= len(legal):
                console.print(f"[red]{choice} is not on the list; type 1 to {len(legal)}.[/]")
                continue
            return legal[choice - 1]

    @staticmethod
    def _list(view: State, legal: list[int]) -> None:
        for number, action in enumerate(legal, start=1):
            console.print(f"  [bold]{number:>3}[/]  {escape(view.action_to_string(action))}")


@app.command("play")
def play_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")],
    variant: Annotated[
        str | None, typer.Option(help="Variant id; default: the first that fits --players.")
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0 to players-1.")] = 0,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the shuffles and the bots (default: a fresh one, shown at "
                          "the start); the same seed and the same choices give the same match."),
    ] = None,
    bots: Annotated[
        str, typer.Option(help="Agent spec for every other seat, e.g. random or "
                               "ismcts:iterations=400,c=2.")
    ] = "random",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A rule option key=value (repeatable)."),
    ] = None,
    edition: Annotated[
        Path | None,
        typer.Option(help="An edition TOML file to play with instead of the shipped one."),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the match record (JSON) to this file at the end.")
    ] = None,
) -> None:
    """Play a match in the terminal against bots.

    Before each of your decisions you see your seat's view of the table and your legal
    actions, numbered; type a number to choose, [bold]q[/] to quit, [bold]?[/] for help.
    The bots' moves are shown as they happen.
    """
    with usage_errors():
        game = _load(game_id, edition)
        options = parse_options(option)
        variant = _check_setup(game, players, variant, options)
        if not 0 <= seat < players:
            raise ConfigError(f"--seat must be 0 to {players - 1}, not {seat}")
        human = HumanAgent(game)
        seats: list[Agent] = [human if p == seat else make_agent(bots) for p in range(players)]
        for agent in seats:
            agent.check(game)

    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console.print(Rule(f"{game.info.title} · {players} players · {variant}"))
    console.print(escape(f"You are seat {seat}. Bots: {bots}. Seed: {seed}. Type ? for help."))
    live: list[State] = []

    def on_action(state: State, player: int, action: int) -> None:
        if not live:
            live.append(state)  # run_match's own state, mutated in place as it advances
        # Only what the human's seat learns: a deal or a face-down card is private.
        print_events(state, seat, "· ")

    try:
        record = run_match(game, seats, seed, variant=variant, options=options,
                           on_action=on_action)
    except QuitMatch as stop:
        state = live[0] if live else game.new_initial_state(players, variant, options)
        partial = record_of(state, seed=seed, agents=[a.spec for a in seats])
        if stop.input_ended:
            console.print("\nInput ended; the match is abandoned.")
            keep = save is not None
        else:
            console.print("You left the match.")
            keep = save is not None and _confirm(f"Save the unfinished match to {save}?")
        if keep and save is not None:
            save_records(save, [partial])
            console.print(f"Saved to {save}.")
        raise typer.Exit(1 if stop.input_ended else 0) from None

    final = replay(record)
    console.print(Rule("Game over"))
    console.print(render(game, final.observation(seat)))
    console.print(_results_table(final, lambda p: "you" if p == seat else seats[p].spec))
    winners = _winners(record.returns)
    if seat in winners:
        # A whole share is a win (alone, or with partners); less is a tie for the top.
        console.print("[bold green]You win![/]" if record.returns[seat] >= 1.0 else
                      "[bold green]You share the win.[/]")
    else:
        console.print(f"Winner{'s' if len(winners) > 1 else ''}: "
                      + ", ".join(f"seat {p}" for p in winners))
    if save is not None:
        save_records(save, [record])
        console.print(f"Saved to {save}.")


def _confirm(question: str) -> bool:
    try:
        return Confirm.ask(question, console=console, default=True)
    except EOFError:
        return True
