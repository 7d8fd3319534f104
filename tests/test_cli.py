"""The ``ludoteca`` command, driven as a user would drive it, with scripted input.

Every command is tried on the toy game of the core tests; the ones that do not need a
game-specific script also run on every real game that is installed and loads.
"""

import itertools
import json
import re

import pytest
from typer.testing import CliRunner

from ludoteca import MatchRecord, load_game, replay
from ludoteca.cli import app
from tests.core.toygame import EDITION, GAME_ID, install

install()
runner = CliRunner()


def loads(game_id: str) -> bool:
    try:
        load_game(game_id)
    except Exception:
        return False
    return True


REAL_GAMES = [g for g in ("desperados", "douro1872") if loads(g)]


def run(*args: str, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def assert_usage_error(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# ----- help and games -------------------------------------------------------------------


COMMANDS = ["games", "play", "replay", "simulate", "tournament", "report", "serve"]


def test_no_command_shows_help():
    result = run()
    for command in ("games", "play", "replay", "simulate"):
        assert command in result.output
    assert "Usage" in result.output
    listed = re.findall(r"^│ (\w+) ", result.output.split("Commands")[1], re.MULTILINE)
    assert listed == COMMANDS, listed  # a newcomer's first steps first


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.output and len(result.output.splitlines()) > 5


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_reads_cleanly_at_80_columns(command):
    """No type tags (``<int>``, ``<list[str]>``, ``{GAME}``, ``[[GAME]]``), words a person
    knows for what an option takes, and prose wrapped at the width, not at the source's."""
    out = run(*command.split(), "-h").output
    assert not re.search(r"<\w+(\[\w+\])?>|\{[A-Z]|\[\[|list\[", out), out
    assert max(map(len, out.splitlines())) <= 80
    usage = next(line for line in out.splitlines() if "Usage:" in line)
    assert "[OPTIONS]" in usage
    prose = out[out.index("Usage:"):].split("╭")[0].splitlines()[1:]
    for line, after in itertools.pairwise(prose):  # within a paragraph, lines run to the width
        if line.strip() and after.strip():
            assert len(line.rstrip()) > 60, (line, after)
    words = {"play": ["INTEGER", "SPEC", "KEY=VALUE", "FILE"],
             "simulate": ["INTEGER", "SPEC", "FILE", "SECONDS"],
             "report": ["FOLDER", "FILE [FILE2]"], "replay": ["INTEGER", "FILE"],
             "games": ["[GAME]"], "serve": ["ADDRESS", "INTEGER", "URL"]}
    for word in words.get(command, []):
        assert word in out, word
    if command in ("play", "replay", "games"):
        assert re.search(r"Usage: ludoteca \w+ \[OPTIONS\] (\[GAME\]|FILE) *\n", out), usage


def test_mistakes_in_the_command_line_itself_exit_with_2_and_no_traceback():
    for args in (["play", "desperados", "-p", "x"], ["simulate", "desperados"], ["plya"]):
        result = run(*args)
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        assert "-h' for help" in result.output


def test_games_lists_every_game_with_variants_and_player_counts():
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "highcard" in result.output and "High Card" in result.output
    assert "standard (2, 3)" in result.output and "lowball (2)" in result.output
    for game_id in REAL_GAMES:
        assert game_id in result.output


# ----- play -----------------------------------------------------------------------------


def test_play_a_whole_match_through_bad_input(tmp_path):
    save = tmp_path / "match.json"
    script = "abc\n0\n9999\n\n?\n2\n"
    result = run("play", GAME_ID, "--players", 3, "--seed", 4, "--save", save, input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'abc' is not a choice; type 1 to 2 (or q, ?)." in out
    assert "0 is not on the list; type 1 to 2." in out
    assert "9999 is not on the list; type 1 to 2." in out
    assert "Please type the number of a choice, 1-2" in out
    assert "q quits" in out and "in short\n" not in out  # the help (the toy has no summary)
    assert "Your card: 2" in out and "1  fold" in out and "2  bet" in out
    assert "· you bet" in out and "· seat 1 bets" in out and "· seat 2 bets" in out
    assert "Game over" in out and "final scores" in out
    said = " ".join(out.split())  # the console wraps the sentence at 80 columns
    assert ("You lost: easy bot B won. Places: easy bot B 1st (6 points); you tied 2nd "
            "(−3 points); easy bot A tied 2nd (−3 points).") in said  # once, in words
    # Seats numbered from 1 where a person reads them (--seat and the record keep the index).
    # The bots are called by the names the banner gives them, told apart by a letter.
    assert "You are seat 1. seat 2: easy bot A, seat 3: easy bot B." in said
    assert re.search(r"┃ Seat ┃ Played by ┃ Points ┃.*│ 1 +│ you +│ +-3 │", said), said
    # The final table by the same names: two bots of one kind told apart.
    assert re.search(r"│ 2 +│ easy bot A +│ +-3 │ │ 3 +│ easy bot B +│ +6 │", said), said
    record = MatchRecord.from_json(save.read_text())
    assert record.finished and record.seed == 4
    assert record.agents == ["human", "random", "random"]
    assert record.actions[3] == 1  # the human's "2" was "bet"
    assert replay(record).scores() == record.scores


def test_play_shows_events_only_as_the_humans_seat_learns_them():
    result = run("play", GAME_ID, "--players", 2, "--seat", 1, "--seed", 1, input="1\n")
    assert result.exit_code == 0, result.output
    assert "seat 0 is dealt a card" in result.output
    assert "you are dealt a" in result.output
    assert "deal a" not in result.output  # the full label of a deal names the card
    # The cards are shown only after the last decision.
    out = result.output
    last_decision = max(out.rfind("bets"), out.rfind("folds"), out.rfind("you bet"),
                        out.rfind("you fold"))
    assert "shows" not in out[:last_decision]


def test_same_seed_and_choices_give_the_same_match(tmp_path):
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        run("play", GAME_ID, "-p", 3, "--seed", 9, "--seat", 2, "--save", path, input="2\n")
    assert paths[0].read_text() == paths[1].read_text()


def test_play_with_variant_option_and_edition(tmp_path):
    edition = tmp_path / "deck.toml"
    edition.write_text(EDITION.read_text().replace("[2, 3, 5, 7, 11]", "[1, 2, 3, 4]"))
    save = tmp_path / "m.json"
    result = run("play", GAME_ID, "-p", 2, "--variant", "lowball", "-o", "stakes=3",
                 "--edition", edition, "--bots", "random", "--save", save, input="2\n")
    assert result.exit_code == 0, result.output
    record = MatchRecord.from_json(save.read_text())
    assert record.variant == "lowball" and record.options == {"stakes": 3}
    assert record.edition == edition.read_text()


def _failing_disk(monkeypatch, tmp_path, refuse):
    """``--save`` writes to paths in ``refuse`` fail as on a full disk."""
    import tempfile

    import ludoteca.cli.play as play

    real = play.save_records

    def save_records(path, records):
        if str(path) in refuse or "*" in refuse:
            raise OSError(28, "No space left on device")
        real(path, records)

    monkeypatch.setattr(play, "save_records", save_records)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))


def test_a_failed_save_keeps_the_finished_match_elsewhere(tmp_path, monkeypatch):
    save = tmp_path / "match.json"  # the disk fills up during the match
    _failing_disk(monkeypatch, tmp_path, {str(save)})
    result = run("play", GAME_ID, "-p", 2, "--seed", 4, "--save", save, input="2\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    out = "".join(result.output.split())  # rich wraps long paths
    assert f"Couldnotwrite{save}:Nospaceleftondevice." in out
    kept = list(tmp_path.glob(f"ludoteca-{GAME_ID}-4-*.json"))
    assert len(kept) == 1 and f"Savedto{kept[0]}instead." in out
    record = MatchRecord.from_json(kept[0].read_text())
    assert record.finished and replay(record).scores() == record.scores


def test_a_save_that_fails_everywhere_prints_the_record(tmp_path, monkeypatch):
    save = tmp_path / "match.json"
    _failing_disk(monkeypatch, tmp_path, {"*"})
    result = run("play", GAME_ID, "-p", 2, "--seed", 4, "--save", save, input="q\ny\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    line = next(x for x in result.output.splitlines() if x.startswith('{"game"'))
    record = MatchRecord.from_json(line)
    assert not record.finished and len(record.actions) == 2


def test_quit_offers_to_save_the_unfinished_match(tmp_path):
    save = tmp_path / "left.json"
    result = run("play", GAME_ID, "-p", 2, "--seed", 1, "--save", save, input="q\ny\n")
    assert result.exit_code == 0, result.output
    assert "You left the match" in result.output
    record = MatchRecord.from_json(save.read_text())
    assert not record.finished and len(record.actions) == 2  # the deal, nothing more
    assert replay(record).current_player() == 0


def test_quit_without_saving(tmp_path):
    save = tmp_path / "left.json"
    result = run("play", GAME_ID, "-p", 2, "--save", save, input="q\nn\n")
    assert result.exit_code == 0 and not save.exists()


def test_input_ending_abandons_the_match():
    result = run("play", GAME_ID, "-p", 2, input="abc\n")
    assert result.exit_code == 1
    assert "Input ended" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope", "-p", "2"], "unknown game 'nope'"),
        (["play", GAME_ID, "-p", "5"], "High Card is for 2, 3 players, not 5"),
        (["play", GAME_ID, "-p", "3", "--variant", "lowball"], "is for 2 players, not 3"),
        (["play", GAME_ID, "-p", "2", "--variant", "poker"], "has no variant 'poker'"),
        (["play", GAME_ID, "-p", "2", "--seat", "2"], "--seat must be 0 to 1, not 2"),
        (["play", GAME_ID, "-p", "2", "-o", "stakes=99"],
         "--option stakes=99: stakes must be a whole number from 1 to 10 (default 1)"),
        (["play", GAME_ID, "-p", "2", "-o", "jokers=1"],
         "High Card has no option 'jokers'. Its options: stakes (a whole number from 1 to 10, "
         "default 1)"),
        (["play", GAME_ID, "-p", "2", "-o", "stakes"], "--option expects key=value"),
        (["play", GAME_ID, "-p", "2", "--bots", "oracle"], "unknown agent 'oracle'"),
        (["play", GAME_ID, "-p", "2", "--bots", "random:x"], "expected key=value"),
        (["play", GAME_ID, "-p", "2", "--bots", "random:x=1"], "takes no options"),
        (["play", GAME_ID, "-p", "2", "--edition", "missing.toml"], "cannot read the edition"),
        (["simulate", GAME_ID, "-p", "3", "--bot", "random", "--bot", "random"],
         "2 agents given for 3 players"),
        (["simulate", GAME_ID, "-p", "2", "--bots", "random", "--bot", "random"], "not both"),
        (["simulate", GAME_ID, "-p", "2", "--workers", "0"], "--workers must be 1 or more"),
        (["simulate", GAME_ID, "-p", "2", "-n", "-3"], "-n must be 0 or more"),
        (["replay", "missing.json"], "cannot read"),
    ],
)
def test_bad_set_ups_are_one_line_errors_with_exit_code_2(args, message):
    assert_usage_error(run(*args), message)


def test_a_malformed_edition_is_reported_with_its_key(tmp_path):
    edition = tmp_path / "bad.toml"
    edition.write_text(EDITION.read_text().replace("ante = {", "# ante = {"))
    result = run("play", GAME_ID, "-p", 2, "--edition", edition)
    assert_usage_error(result, f"{edition}: betting.ante: missing")


# ----- replay ---------------------------------------------------------------------------


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "match.json"
    run("play", GAME_ID, "-p", 3, "--seed", 4, "--save", path, input="2\n")
    return path


def test_replay_as_a_spectator(saved):
    result = run("replay", saved)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "watching as spectator" in out
    assert out.count("is dealt a card") == 3 and "deal a" not in out
    assert "seat 0 bets" in out and "seat 1 bets" in out and "seat 2 bets" in out
    assert "final scores" in out and "human" in out
    # The bots are called by their names, as the match called them (the record keeps
    # their specs), letters telling two of one name apart; the person's seat by number.
    assert "Easy bot B won. Places: easy bot B 1st (6 points); seat 1 tied 2nd" in " ".join(
        out.split())
    assert re.search(r"│ 2 +│ easy bot +│", out), out


def test_replay_from_a_seat_step_by_step(saved):
    result = run("replay", saved, "--seat", 0, "--step", input="\n\nb\nx\ng 6\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your card: 2" in out
    assert "you are dealt a 2" in out and "seat 1 is dealt a card" in out
    # Forward twice, back once, a bad command, then straight to the last move.
    shown = [int(n) for n in re.findall(r"move (\d+) of 6", out)]
    assert shown == [1, 2, 3, 2, 6], shown  # a bad command does not redraw the move
    assert "'x' is not a command" in out


def test_replay_can_reveal_everything(saved):
    result = run("replay", saved, "--reveal")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "everything revealed" in out
    # Every event in full, each secret in its owner's form: which seat got which card.
    assert "seat 0 are dealt a 2" in out and "seat 1 are dealt a 7" in out
    assert "is dealt a card" not in out


def test_replay_picks_a_record_from_json_lines(tmp_path, saved):
    lines = tmp_path / "matches.jsonl"
    first = saved.read_text().strip()
    other = json.loads(first) | {"actions": [], "finished": False, "scores": [], "returns": []}
    lines.write_text(first + "\n" + json.dumps(other) + "\n")
    listed = run("replay", lines).output
    assert "final scores" in listed
    assert re.search(r"0 highcard, 3 players, \d+ actions, won by easy bot B with 6 points",
                     " ".join(listed.split())), listed
    result = run("replay", lines, "--index", 1)
    assert result.exit_code == 0 and "unfinished" in result.output
    assert_usage_error(run("replay", lines, "--index", 2), "--index must be 0 to 1")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda text: text[:-5], "bad JSON"),
        (lambda text: text.replace('"seed"', '"colour"'), "unknown keys: colour"),
        (lambda text: text.replace('"actions":[', '"actions":[9,'), "does not replay"),
        (lambda text: text.replace('"game":"highcard"', '"game":"nope"'), "unknown game"),
    ],
)
def test_replay_rejects_a_bad_or_tampered_record(saved, edit, message):
    saved.write_text(edit(saved.read_text()))
    assert_usage_error(run("replay", saved), message)


def test_replay_seat_must_exist(saved):
    assert_usage_error(run("replay", saved, "--seat", 3), "--seat must be 0 to 2")
    assert_usage_error(run("replay", saved, "--seat", 0, "--spectator"), "not both")


# ----- simulate -------------------------------------------------------------------------


def test_simulate_is_reproducible_across_worker_counts(tmp_path):
    outs = [tmp_path / "one.jsonl", tmp_path / "two.jsonl"]
    results = [
        run("simulate", GAME_ID, "-p", 3, "-n", 30, "--seed", 5, "--workers", workers,
            "--out", out)
        for workers, out in zip((1, 2), outs, strict=True)
    ]
    for result in results:
        assert result.exit_code == 0, result.output
        for text in ("Win rate", "95% interval", "Mean score", "Match length (actions)"):
            assert text in result.output
    assert outs[0].read_text() == outs[1].read_text()
    assert len(outs[0].read_text().splitlines()) == 30


def test_simulate_takes_one_spec_per_seat_with_commas_inside(monkeypatch, tmp_path):
    from ludoteca import agents

    monkeypatch.setattr(agents, "_AGENTS", dict(agents._AGENTS))

    @agents.register_agent("nth")
    class Nth(agents.Agent):
        def __init__(self, k: int = 0, m: int = 0) -> None:
            super().__init__()
            self.k = k

        def act(self, view, player, rng):
            legal = view.legal_actions()
            return legal[min(self.k, len(legal) - 1)]

    out = tmp_path / "o.jsonl"
    result = run("simulate", GAME_ID, "-p", 2, "-n", 4, "--workers", 1, "--out", out,
                 "--bot", "nth:k=1,m=2", "--bot", "random")
    assert result.exit_code == 0, result.output
    records = [MatchRecord.from_json(line) for line in out.read_text().splitlines()]
    assert all(r.agents == ["nth:k=1,m=2", "random"] for r in records)
    assert all(r.actions[2] == 1 for r in records)  # seat 0 always bets


# ----- real games -----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_real_game_plays_replays_and_simulates(game_id, tmp_path):
    players = load_game(game_id).info.player_counts[0]
    save = tmp_path / "m.json"
    result = run("play", game_id, "-p", players, "--seed", 1, "--save", save,
                 input="1\n" * 5000)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert run("replay", save).exit_code == 0
    result = run("simulate", game_id, "-p", players, "-n", 3, "--workers", 1)
    assert result.exit_code == 0, result.output


def test_simulate_reports_wins_that_went_to_the_ghost_player():
    result = run("simulate", "douro1872", "-p", "2", "-n", "40", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "Won by no seat (a ghost player" in result.output
    result = run("simulate", "douro1872", "-p", "3", "-n", "5", "--workers", "1")
    assert "Won by no seat" not in result.output


# ----- a newcomer's first hour (issue #10) ----------------------------------------------

NESTED = re.compile(r"\([^()\n]*\(")  # "mine 1 (your partnership's display (seats 0 and 2))"
PY_LIST = re.compile(r"\[\s*-?\d+\s*,\s*-?\d+")  # "Totals: [0, 14]", "played [8, 0, 10]"


def test_version_and_short_help():
    from ludoteca import __version__

    assert run("--version").output.strip() == f"ludoteca {__version__}"
    for args in (["-h"], *([command, "-h"] for command in COMMANDS)):
        result = run(*args)
        assert result.exit_code == 0 and "Usage" in result.output


def test_the_ghost_who_wins_is_named_with_his_score(tmp_path):
    """`yes 1 | ludoteca play douro1872 --players 2 --seed 3`: D. Sebastião wins."""
    save = tmp_path / "m.json"
    result = run("play", "douro1872", "-p", 2, "--seed", 3, "--save", save, input="1\n" * 60)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Winner: \n" not in out and "Played by" in out
    assert re.search(r"D\. Sebastião +│ the game +│ +12 │", out), out[-1500:]
    said = " ".join(out.split())  # the console wraps the sentence at 80 columns
    assert re.search(r"You lost: D\. Sebastião won\. Places: D\. Sebastião 1st \(12 points\); "
                     r"(you|normal bot) 2nd \(\d+ points\); (you|normal bot) 3rd \(\d+ points\)\. ",
                     said), said[-400:]
    assert out.count("D. Sebastião wins") == 1  # once, as it happens; then the result
    spectator = run("replay", save).output
    assert "D. Sebastião won. Places: D. Sebastião 1st (12 points);" in " ".join(
        spectator.split())
    assert re.search(r"D\. Sebastião +│ the game +│ +12 │", spectator)


@pytest.mark.parametrize(("game_id", "players"), [("desperados", 4), ("desperados", 3),
                                                  ("douro1872", 4)])
def test_a_whole_match_reads_in_words(game_id, players):
    """Results once, in words; seats named "seat"; no Python lists, no "card(s)", no
    nested brackets; the choices never printed as raw ids."""
    result = run("play", game_id, "-p", players, "--seed", 5, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.output
    for bad in ("Player", "card(s)", "Winner:", "Winners:"):
        assert bad not in out, bad
    assert not PY_LIST.search(out), PY_LIST.search(out)
    assert not NESTED.search(out), NESTED.search(out)
    tail = out[out.rindex("Game over"):]
    assert re.search(r"\n(Your partnership|You) (won|lost|shared the win)[.:].* Places: ",
                     tail, re.S), tail
    assert "final scores" in tail and "Played by" in tail


def test_question_mark_shows_the_rules_in_short_and_the_decision_again():
    result = run("play", "douro1872", "-p", 3, "--seed", 1, input="?\n" + "1\n" * 60)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "q quits" in out and "Douro 1872 in short" in out
    assert "LEVEL" in out and "ORDER" in out
    help_at = out.index("Douro 1872 in short")
    assert "Choose a barrel card to lay face down" in out[help_at:]  # the decision, again


def test_douro_cards_are_typed_by_their_value_at_a_terminal(monkeypatch):
    from ludoteca.cli import play

    monkeypatch.setattr(play, "typed_by_hand", lambda: True)
    result = run("play", "douro1872", "-p", 3, "--seed", 1, input="5\n7\nq\nn\n")
    out = result.output
    assert "5 is not on the list; type one of 0, 1, 2, 3, 4, 6, 7, 8, 9, 10." in out
    assert "Your move [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, q, ?]" in out
    assert "You lay your 7 face down." in out


def test_a_long_list_of_choices_is_folded_into_kinds():
    result = run("play", "desperados", "-p", 4, "--seed", 7, "--bots", "random",
                 input="1\n" * 400)
    out = result.output
    assert "Pass a card to your partner … (" in out
    lists = re.findall(r"Your move \[1-(\d+), q", out)
    assert lists and max(map(int, lists)) <= 8
    # Opened, a group shows what its choices share once, and the rest several to a line.
    assert "Pass a … to your partner:" in out
    assert re.search(r"\n +1  [\w ]+ +2  [\w ]+ +3  ", out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "desperados", "-p", "4", "-o", "nonsense=1"],
         "--option nonsense=1: Desperados has no option 'nonsense'. Its options: "
         "opponent_displays (any or close_or_fight, default any); fight_joiners (all or "
         "owner, default all); passes_in_a_row (a whole number from 0 to 12, default none)"),
        (["play", "desperados", "-p", "4", "-o", "pass_limit=abc"],
         "--option pass_limit=abc: pass_limit must be a whole number from 0 to 30"),
        (["play", "douro1872", "-p", "3", "-o", "charity_all_equal=x"],
         "charity_all_equal must be literal or nothing (default literal)"),
        (["play", "desperados", "-p", "4", "--bots", "ismcts:iterations=abc"],
         "iterations must be a whole number >= 1 (iterations >= 1, rollout >= 0 and c >= 0), "
         "not 'abc'"),
        (["play", "desperados", "-p", "4", "--bots", "ismcts:foo=1"],
         "unknown option 'foo' (options: iterations, time, calls, rollout, policy, c, trees"),
        (["play", "desperados", "-p", "4", "--save", "no/such/folder/m.json"],
         "the folder no/such/folder does not exist"),
    ],
)
def test_bad_options_name_what_fits_in_one_line(args, message):
    result = run(*args)
    assert_usage_error(result, message)
    assert "Input should be" not in result.output and "Extra inputs" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_many_edition_problems_are_listed_one_per_line(tmp_path):
    edition = tmp_path / "bad.toml"
    edition.write_text(EDITION.read_text()
                       .replace("ante = { value = 1, source = \"rulebook\" }", "ante = 1")
                       .replace("bet = { value = 2,", "bet = { value = \"two\","))
    result = run("play", GAME_ID, "-p", 2, "--edition", edition)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines[0] == f"Error: {edition}: 2 problems:", lines
    assert lines[1].startswith("  betting.ante: write it with its source")
    assert lines[2].startswith("  betting.bet.value:")
    assert result.output.count(str(edition)) == 1


def test_games_describes_options_with_their_values_and_the_default_bot():
    def words(output: str) -> str:  # a table's cells read across their lines
        return " ".join(re.sub("[│┃]", " ", output).split())

    out = words(run("games", "desperados").output)
    assert "Takes any or close_or_fight." in out and "Takes a whole number from 1 to 50." in out
    assert "Who may add a Desperado to a fight in the individual game" in out
    assert "heuristic (default)" in out and "Desperados in short" in out
    out = words(run("games", "douro1872").output)
    assert "What the charity does when every gift is equal" in out
    assert "Takes literal or nothing." in out
    assert "heuristic (default)" in out and "LEVEL" in out
    assert "iterations=unset" in out and "None" not in out  # a budget not set is said so


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_option_of_a_real_game_says_what_it_does(game_id):
    """A description in the options model itself: the command line and the browser's
    lobby (which reads the model's JSON schema) both show it."""
    fields = load_game(game_id).Options.model_fields
    assert fields and all(len(f.description or "") > 30 for f in fields.values()), fields
    assert all(name not in f.description for name, f in fields.items())


@pytest.mark.parametrize("args", [
    ["simulate", "desperados", "-p", 4, "-n", 3],
    ["tournament", "desperados", "-p", 4, "-a", "random", "heuristic", "-n", 2],
])
def test_a_bad_out_path_stops_simulate_and_tournament_before_any_match(monkeypatch, args):
    def no_match(*args, **kwargs):
        raise AssertionError("a match was started")

    monkeypatch.setattr("ludoteca.cli.study.run_simulation", no_match)
    monkeypatch.setattr("ludoteca.cli.study.tournament", no_match)
    for out, message in (("/no/such/dir/x.jsonl", "the folder /no/such/dir does not exist"),
                         (".", "--out .: is a directory; give a file name")):
        result = run(*args, "--out", out)
        assert_usage_error(result, message)
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_a_bad_report_folder_is_refused_before_the_files_are_read(monkeypatch, tmp_path):
    monkeypatch.setattr("ludoteca.sim.report.write_report",
                        lambda *a, **k: pytest.fail("the report was started"))
    results = tmp_path / "r.jsonl"
    results.write_text("")
    result = run("report", results, "--out", tmp_path / "no" / "such" / "report")
    assert_usage_error(result, f"the folder {tmp_path / 'no' / 'such'} does not exist")
    result = run("report", results, "--out", results)
    assert_usage_error(result, "is a file; give a folder name")


def test_quit_then_resume_finishes_the_match(tmp_path):
    save = tmp_path / "left.json"
    first = run("play", "douro1872", "-p", 3, "--seed", 2, "--save", save, input="1\nq\ny\n")
    assert first.exit_code == 0 and "play --resume" in first.output
    left = MatchRecord.from_json(save.read_text())
    assert not left.finished
    result = run("play", "--resume", save, input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert f"Resuming after {len(left.actions)} actions." in result.output
    assert "Game over" in result.output
    done = MatchRecord.from_json(save.read_text())
    assert done.finished and done.actions[:len(left.actions)] == left.actions


@pytest.fixture(scope="module")
def desperados_match(tmp_path_factory):
    save = tmp_path_factory.mktemp("m") / "desperados.json"
    result = run("play", "desperados", "-p", 4, "--seed", 7, "--save", save, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    return save


def test_replay_shows_round_breaks_where_a_round_begins(desperados_match):
    out = run("replay", desperados_match).output
    scored = out.index("Round 1 scored:")
    rule = out.index("Round 2 ──")
    assert scored < rule < out.index("Round 2: ")
    assert "Fight over" in out or "attacks" in out


def test_replay_steps_to_a_round_and_a_move(desperados_match):
    result = run("replay", desperados_match, "--step", input="r 2\nb\ng 5\nr 99\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    moves = [int(n) for n in re.findall(r"move (\d+) of \d+", out)]
    assert moves[0] == 1 and moves[-1] == 5 and moves[2] == moves[1] - 1
    assert re.search(r"move \d+ of \d+ · round 2", out)
    assert "There is no round 99 in this match (the last is round" in out


def test_a_revealed_replay_says_which_seat_got_each_card(desperados_match):
    out = run("replay", desperados_match, "--reveal").output
    assert re.search(r"   1\. Seat 1 is dealt an? \w", out), out[:400]  # seat index 0
    assert "is dealt a card" not in out and "Deal a" not in out


def test_a_spectator_sees_douro_cards_and_points_as_revealed(tmp_path):
    save = tmp_path / "d.json"
    run("play", "douro1872", "-p", 3, "--seed", 4, "--save", save, input="1\n" * 60)
    out = " ".join(run("replay", save).output.split())
    # the bots by their names, as the match called them; the person's seat by number
    assert re.search(r"The barrel cards are revealed: seat 1: \d+, normal bot A: \d+, "
                     r"normal bot B: \d+ — \d+ barrels in all\.", out)
    assert re.search(r"order \d+ (not )?reached with \d+ barrels", out)
    assert "Dispute 1 ─" in out and "Half 2 ─" in out
    result = run("replay", save, "--step", input="d 3\nq\n")
    assert re.search(r"Dispute 3 ─", result.output)


def test_a_file_of_several_records_asks_which_in_words(tmp_path, desperados_match):
    lines = tmp_path / "several.jsonl"
    record = json.loads(desperados_match.read_text())
    unfinished = record | {"actions": record["actions"][:30], "finished": False,
                           "scores": [], "returns": []}
    lines.write_text(json.dumps(record) + "\n" + json.dumps(unfinished) + "\n")
    result = run("replay", lines, input="1\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the console wraps at 80 columns
    who = r"(seat 1|normal bot [ABC])"
    assert re.search(rf"0 desperados, 4 players, \d+ actions, won by {who} and {who} with "
                     r"\d+ points", said), said[:300]
    assert "1  desperados, 4 players, 30 actions, unfinished" in result.output
    assert "End of the record (unfinished)" in result.output


def test_the_terminals_hooks_are_documented_for_game_authors():
    """Every optional piece of a game the terminal looks up is in docs/adding-a-game.md."""
    from pathlib import Path

    root = Path(__file__).parents[1]
    source = "".join(p.read_text() for p in (root / "src/ludoteca/cli").glob("*.py"))
    hooks = set(re.findall(r'render_hook\(\w+(?:\.\w+)?, "(\w+)"\)', source))
    assert {"MENU_GROUPS", "menu_key", "chapter"} <= hooks
    docs = (root / "docs/adding-a-game.md").read_text()
    for name in [*hooks, "render(observation, compact=False)", "summary.md",
                 "Field(description=...)"]:
        assert f"`{name}" in docs, name


def test_a_deal_is_told_in_a_few_lines_and_news_wraps_under_its_words():
    """A run of chance moves says each line once, with a count: the deal does not scroll
    the table away (24 lines of "Seat 1 is dealt a card" before)."""
    out = run("play", "desperados", "-p", 4, "--seed", 11, input="q\nn\n").output
    assert "· Normal bot A is dealt a card (6 times)\n" in out
    assert out.count("is dealt a card") == 3
    out = run("play", "douro1872", "-p", 2, "--seed", 3, input="7\nq\nn\n").output
    assert "regular Rabelo card is dealt to the Douro Valley (2 times).\n" in out
    wrapped = re.search(r"\n· The barrel cards are revealed: [^\n]*\n(.)", out)
    assert wrapped and wrapped.group(1) == " ", out  # a long line goes on under its words


@pytest.mark.parametrize("game_id", ["desperados", "douro1872", "vintage", "dosrios",
                                     "puertodiablo"])
def test_play_numbers_seats_from_1_where_a_person_reads_them(tmp_path, game_id):
    """--seat and the record keep the 0-based index; every line a person reads (the
    introduction, the rule over the board, the news, the boards) says seat 1 for index 0."""
    save = tmp_path / "m.json"
    out = run("play", game_id, "-p", 3, "--seat", 2, "--seed", 11, "--save", save,
              input="q\n").output
    said = " ".join(out.split())
    assert "You are seat 3. seat 1: " in said and "seat 2: " in said
    assert "Seat 3 (you)" in said
    assert not re.search(r"\b[Ss]eats? 0\b", out), out
    assert MatchRecord.from_json(save.read_text()).agents[2] == "human"


@pytest.mark.parametrize("game_id", [g for g in ("desperados", "douro1872", "vintage",
                                                 GAME_ID) if loads(g)])
def test_games_lists_every_named_strength_with_the_spec_it_plays(game_id):
    # The same table for every game, read from the core's strengths and the game's own
    # presets: a game's preset shows as what its strength plays, and is said to be its own.
    from ludoteca.agents import strength_names
    from ludoteca.agents.strengths import strength_spec

    game = load_game(game_id)
    result = run("games", game_id)
    assert result.exit_code == 0, result.output
    table = result.output.split("Named strengths")[1]
    rows: dict[str, list[str]] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) != 3:
            continue
        if cells[0]:
            rows[last := cells[0]] = cells[1:]
        else:  # a cell wrapped onto the next line
            spec, meaning = rows[last]
            rows[last] = [spec + cells[1], f"{meaning} {cells[2]}".strip()]  # a spec folds
    for name in strength_names():
        spec, meaning = rows[name]
        assert spec == strength_spec(name, game)
        assert (meaning == "this game's own preset") == (name in game.bot_presets)


def test_news_counts_a_deal_but_tells_draws_and_rides_in_their_order():
    """A deal around the table is said in a few lines with counts; a card drawn again
    after other draws and rides is told where it came, not counted into the first draw
    (once "The Bandits moreno card is drawn (2 times)" came before the first ride)."""
    import io
    from unittest import mock

    from rich.console import Console

    from ludoteca.cli import play

    def told(moves):
        console = Console(file=io.StringIO(), width=80, highlight=False)
        with mock.patch.object(play, "console", console):
            news = play.News()
            for lines in moves:
                news.hold(lines)
            news.flush()
        return [line.removeprefix("· ") for line in console.file.getvalue().splitlines()]

    assert told([["You are dealt a 7"], ["Bo is dealt a card"], ["You are dealt a 2"],
                 ["Bo is dealt a card"]]) == [
        "You are dealt a 7", "Bo is dealt a card (2 times)", "You are dealt a 2"]
    assert told([["Moreno is drawn", "Bandits ride at (1,2)"],
                 ["The stack is reshuffled", "Verde is drawn", "Bandits ride at (4,4)"],
                 ["Moreno is drawn", "Bandits ride at (2,2)"]]) == [
        "Moreno is drawn", "Bandits ride at (1,2)", "The stack is reshuffled",
        "Verde is drawn", "Bandits ride at (4,4)", "Moreno is drawn", "Bandits ride at (2,2)"]


def test_the_readme_gives_each_game_s_replay_keys():
    """`replay --step` goes to a part of the match by the first letter of the game's
    parts (Dos Rios: `t 10` to turn 10); the README once promised `r 3` for every game."""
    from pathlib import Path

    root = Path(__file__).parents[1]
    readme = " ".join((root / "README.md").read_text().split())
    for module in sorted((root / "src/ludoteca/games").glob("*/render.py")):
        for kind in re.findall(r'return "(\w+)", ', module.read_text()):
            assert re.search(rf"`{kind[0]} \d+` to (the \w+ )?{kind}", readme), (module, kind)


def test_the_help_pages_fit_an_80_by_24_terminal_with_paragraphs_filled_to_its_width(monkeypatch):
    # A rules summary wrapped at 90 columns (as the games' summary.md files are) shown on
    # an 80x24 terminal: each row within 80 columns, each screenful within 24 rows with
    # its question, and a paragraph filled anew rather than wrapped twice (no row of a
    # word or two left over in the middle of a paragraph).
    import io

    from rich.console import Console

    from ludoteca.cli import show
    from ludoteca.games.puertodiablo import PuertoDiablo

    out = io.StringIO()
    monkeypatch.setattr(show, "console", Console(file=out, width=80, height=24,
                                                 force_terminal=True, color_system=None))
    asked = []
    monkeypatch.setattr(show.console, "input", lambda prompt="": asked.append(prompt) or "")
    summary = show.rules_summary(PuertoDiablo())
    assert summary and max(len(line) for line in summary.splitlines()) > 80
    show.page(summary, pause_at_end=True)
    screens = out.getvalue().split("\n")
    assert all(len(row) <= 80 for row in screens)
    rows = [r for r in screens if r.strip()]
    assert len(asked) >= 2 and len(screens) <= len(asked) * 23 + 1
    # Filled paragraphs: every row of the goal's paragraph but its last is nearly full
    # (wrapped twice, every other row would be a stub of a word or two).
    flowed = show.reflow(summary, 80)
    start = next(k for k, r in enumerate(flowed) if r.startswith("Goal:"))
    paragraph = flowed[start:flowed.index("", start)]
    assert len(paragraph) >= 2 and all(len(r) > 65 for r in paragraph[:-1]), paragraph
    assert any(r.startswith("Goal:") for r in rows)


def test_a_long_choice_goes_on_under_its_label_not_at_column_0():
    # "2  play Fervent Prayer with Isabel de Ocaña, nurse (foreknowledge 1: needs" went
    # on with "4+)" at column 0, where it reads as a line of its own. The list is shared
    # by every game: short labels and the several-to-a-row lists keep their rows.
    import io
    from unittest import mock

    from rich.console import Console

    from ludoteca.cli import play

    label = "play Fervent Prayer with Isabel de Ocaña, nurse (foreknowledge 1: needs 4+)"
    console = Console(file=io.StringIO(), width=80, highlight=False)
    with mock.patch.object(play, "console", console):
        rows = [row.plain for row in play.HumanAgent._lines(
            "", [("1", "finish purchasing", [0]), ("2", label, [1])], back=True)]
        short = [row.plain for row in play.HumanAgent._lines(
            "", [(str(k), f"play {k}", [k]) for k in range(1, 7)], back=False)]
    assert rows[0] == "    1  finish purchasing"
    assert rows[1].startswith("    2  play Fervent Prayer") and len(rows[1]) <= 80
    assert rows[2] == "       " + label[len(rows[1]) - 7:].strip()
    assert rows[3] == "    b  back" and len(rows) == 4
    assert len(short) == 1 and short[0].split() == [w for k in range(1, 7)
                                                    for w in (str(k), "play", str(k))]


def test_the_only_move_is_shown_and_taken_with_enter_alone():
    """A decision with one legal move still waits for the person, the prompt naming the
    move; Enter alone takes it (its number still does). With two moves Enter alone is
    refused, as before."""
    import io
    from unittest import mock

    from rich.console import Console

    from ludoteca.cli import play

    def ask(entries, answers):
        console = Console(file=io.StringIO(), width=80, highlight=False)
        asked: list[str] = []

        def prompt(text, console=None):
            asked.append(str(text))
            return answers.pop(0)

        with mock.patch.object(play, "console", console), \
                mock.patch.object(play.Prompt, "ask", side_effect=prompt):
            agent = play.HumanAgent(load_game(GAME_ID))
            chosen = agent._choose(None, 0, entries, lambda: None)
        return chosen, asked, console.file.getvalue()

    chosen, asked, _ = ask([("1", "fold", [7])], [""])
    assert chosen == [7]
    assert asked == ["Only one move: fold - Your move [Enter, 1, q, ?]"]
    assert ask([("1", "fold", [7])], ["1"])[0] == [7]
    chosen, asked, out = ask([("1", "fold", [7]), ("2", "bet", [8])], ["", "2"])
    assert chosen == [8] and len(asked) == 2 and asked[0] == "Your move [1-2, q, ?]"
    assert "Please type the number of a choice" in out


def test_the_only_move_s_prompt_keeps_to_one_row():
    """A long label is cut between words on the prompt (the list above has it whole)."""
    import io
    from unittest import mock

    from rich.console import Console

    from ludoteca.cli import play

    label = "sell the second lot of Ruby wine to the port merchant at the best price"
    asked: list[str] = []
    console = Console(file=io.StringIO(), width=80, highlight=False)
    with mock.patch.object(play, "console", console), \
            mock.patch.object(play.Prompt, "ask",
                              side_effect=lambda text, **k: asked.append(str(text)) or ""):
        assert play.HumanAgent(load_game(GAME_ID))._choose(
            None, 0, [("1", label, [3])], lambda: None) == [3]
    assert len(asked[0]) + 2 <= 80, asked[0]  # and ": " after it
    assert asked[0].startswith("Only one move: sell the second lot")
    assert asked[0].endswith(" … - Your move [Enter, 1, q, ?]")


def test_a_wrong_answer_s_message_names_every_key_the_prompt_lists():
    """A game with seat details lists s on the prompt, a sub-list b: the messages for an
    empty or a wrong answer name them too (a trial found s missing)."""
    import io
    from unittest import mock

    from rich.console import Console

    from ludoteca.cli import play

    console = Console(file=io.StringIO(), width=200, highlight=False)
    answers = ["", "xyz", "2"]
    asked: list[str] = []

    def prompt(text, console=None):
        asked.append(str(text))
        return answers.pop(0)

    with mock.patch.object(play, "console", console), \
            mock.patch.object(play.Prompt, "ask", side_effect=prompt):
        agent = play.HumanAgent(load_game("puertodiablo"))
        assert agent.details is not None
        chosen = agent._choose(None, 0, [("1", "fold", [7]), ("2", "bet", [8])],
                               lambda: None, back=True)
    out = console.file.getvalue()
    assert chosen == [8] and asked[0] == "Your move [1-2, s, b back, q, ?]"
    assert ("Please type the number of a choice, 1-2 (or s for the seats' cards, "
            "b to go back, q to quit, ? for help).") in out
    assert "'xyz' is not a choice; type 1 to 2 (or s, b, q, ?)." in out
