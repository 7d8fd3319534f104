"""Information-set Monte Carlo tree search (IS-MCTS), for any game.

Each iteration samples a world the searching seat cannot tell from the real one
(``view.determinize(player, rng)``), walks the search tree in it, expands one node, plays a
*short* rollout and judges the position it reaches by the game's ``evaluation()`` (exact at
the end of the game, a guess before it), then backs the result up. Chance outcomes are
sampled and do not branch the tree. Selection only considers the actions legal in the
sampled world and weighs them by how often they were available (Cowling, Powley &
Whitehouse's availability count). Search applies actions through ``State.apply_trusted``:
every action it applies comes from the legal list of the very state it is applied to.

Trees. By default every seat has its own tree (multiple-observer IS-MCTS): a seat's tree
is keyed by what that seat sees of each move - its own moves in full, another seat's move
as the events shown to it (``state.events()`` with their audiences). In a game of
face-down choices a single tree would let the opponents' replies depend on the card the
searching seat laid, as if they could see it; with a tree per seat they cannot.
``trees=single`` keeps one tree keyed by every action (single-observer IS-MCTS).

Options (spec ``ismcts:key=value,...``):

``iterations``
    stop after this many iterations;
``time``
    stop after this many seconds (wall clock) of thinking per decision;
``calls``
    stop after this many forward-model calls (actions applied in the tree and the rollouts,
    chance outcomes included, plus one per sampled world);
``rollout``
    actions (chance included) after leaving the tree before the position is judged
    (default 20; 0 judges the leaf itself);
``policy``
    who plays the rollouts: ``random`` (default) or ``heuristic``, the game's heuristic bot
    playing every seat of the sampled world; ``policy_<name>=value`` passes an option to it
    (``policy_samples=4``);
``opponents``
    ``search`` (default): the other seats' moves are searched too (each with its own
    tree); ``heuristic``: they move as the game's heuristic bot, a model of the opponents
    that the seat searches against;
``c``
    exploration constant of UCB (default 0.7);
``trees``
    ``multi`` (default) or ``single``;
``soft``
    above 0, judge a position before the end by a softmax of the points, ``soft`` points
    wide, instead of ``evaluation()``;
``final``
    above 0, judge a finished game by a softmax of its final points, ``final`` points wide,
    instead of its returns (default 0: the returns). Win or loss alone tells a search
    nothing once every line it tries ends the same way, so a seat sure to lose (or to win)
    would play any move; graded by the points, it still plays for the closer score;
``prior``
    above 0, lean the search towards the game's heuristic bot: at every node its move is
    tried first and its UCB value is raised by ``prior / (1 + visits)`` (progressive
    bias, Chaslot et al.), so a few hundred noisy iterations leave the bot's move only
    for one that did clearly better (default 0: no bias);
``reuse``
    keep the subtree of the chosen move for the next decision when it is sound (default
    true; see below).

Budgets combine: the search stops at the first one spent. With none given the budget is
``time=0.04`` (40 ms a decision, TAG's default). A time budget depends on the machine and
its load, so a seeded match is only reproducible with ``iterations`` or ``calls``.

Tree reuse. The statistics under the chosen move were gathered in worlds consistent with
what the seat knew then plus its own move. They stay valid for the next decision exactly
when nothing the seat did not choose has happened since: the seat acts again right after
its own move (a multi-part turn). The agent checks this by the move number (one action
since its last decision) and by its observation (equal to the one it predicted after its
move); otherwise it starts a fresh tree. After any other seat's move or a chance event the
seat's information set changes in ways the old tree did not branch on (hidden cards, a
draw), so reusing it would mix in worlds the seat now knows to be false.
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Callable
from typing import Any

from ludoteca.agents import Agent, register_agent
from ludoteca.core.state import CHANCE, ConfigError, State, sample_chance
from ludoteca.core.words import joined

DEFAULT_TIME = 0.04
"""Seconds a decision when no budget is given (TAG's default)."""


class _Node:
    __slots__ = ("avail", "children", "hint", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.hint = -1
        """The heuristic bot's move here (with ``prior``), -1 until first asked."""
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


@register_agent("ismcts")
class ISMCTSAgent(Agent):
    """IS-MCTS with depth-limited rollouts judged by ``evaluation()``; see the module."""

    def __init__(self, iterations: int | None = None, time: float | None = None,
                 calls: int | None = None, c: float = 0.7, rollout: int = 20,
                 reuse: bool = True, trees: str = "multi", soft: float = 0.0,
                 final: float = 0.0, prior: float = 0.0, policy: str = "random",
                 opponents: str = "search",
                 **policy_options: Any) -> None:
        def number(key: str, value: Any, kind: type, low: float, strict: bool) -> Any:
            good = (isinstance(value, int | float) and not isinstance(value, bool)
                    and (kind is float or isinstance(value, int))
                    and (value > low if strict else value >= low))
            if not good:
                what = "a whole number" if kind is int else "a number"
                bound = f"above {low:g}" if strict else f">= {low:g}"
                raise ConfigError(f"agent 'ismcts': {key} must be {what} {bound} "
                                  f"(iterations >= 1, rollout >= 0 and c >= 0), not {value!r}")
            return kind(value)

        if iterations is not None:
            iterations = number("iterations", iterations, int, 1, False)
        if time is not None:
            time = number("time", time, float, 0, True)
        if calls is not None:
            calls = number("calls", calls, int, 1, False)
        rollout = number("rollout", rollout, int, 0, False)
        c = number("c", c, float, 0, False)
        if not isinstance(reuse, bool):
            raise ConfigError(f"agent 'ismcts': reuse is true or false, not {reuse!r}")
        if trees not in ("single", "multi"):
            raise ConfigError(f"agent 'ismcts': trees is single or multi, not {trees!r}")
        self.trees = trees
        self.soft = number("soft", soft, float, 0, False)
        self.final = number("final", final, float, 0, False)
        self.prior = number("prior", prior, float, 0, False)
        if policy not in ("random", "heuristic"):
            raise ConfigError(f"agent 'ismcts': policy is random or heuristic, not {policy!r}")
        self.policy = policy
        if opponents not in ("search", "heuristic"):
            raise ConfigError(f"agent 'ismcts': opponents is search or heuristic, not "
                              f"{opponents!r}")
        self.opponents = opponents
        self._bot: Any = None
        unknown = [k for k in policy_options if not k.startswith("policy_")]
        if unknown:
            raise ConfigError(f"agent 'ismcts': unknown option {unknown[0]!r} (options: "
                              "iterations, time, calls, rollout, policy, c, trees, soft, "
                              "final, prior, reuse, and policy_<name> for the heuristic's "
                              "own options)")
        self.policy_options = {k[len("policy_"):]: v for k, v in policy_options.items()}
        if iterations is None and time is None and calls is None:
            time = DEFAULT_TIME
        self.iterations = int(iterations) if iterations is not None else None
        self.time = float(time) if time is not None else None
        self.calls = int(calls) if calls is not None else None
        self.c, self.rollout, self.reuse = float(c), int(rollout), bool(reuse)
        self.spec = self.name
        self._kept: tuple[int, int, Any, _Node] | None = None
        self.last_search: dict[str, float] = {}
        """Figures of the last search: iterations, calls, seconds, reused (for benchmarks)."""

    # ----- deciding ------------------------------------------------------------------

    def act(self, view: State, player: int, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            self._kept = None
            return legal[0]
        if "heuristic" in (self.policy, self.opponents) or self.prior > 0:
            from ludoteca.agents import heuristic_for

            self._bot = heuristic_for(view.game)
            if self._bot is None:
                raise ConfigError(f"agent 'ismcts': {view.title} has no heuristic bot for "
                                  "policy=heuristic, opponents=heuristic or prior")
        root = self._reusable_root(view, player)
        reused = root is not None
        if root is None:
            root = _Node(mover=-1)
        start = _time.perf_counter()
        deadline = start + self.time if self.time is not None else math.inf
        max_iter = self.iterations if self.iterations is not None else math.inf
        max_calls = self.calls if self.calls is not None else math.inf
        iterate: Callable[[_Node, State, random.Random], int] = self._iterate
        if self.trees == "multi" or self.opponents == "heuristic":
            roots = [_Node(mover=-1) for _ in range(view.num_players)]
            roots[player] = root

            def iterate_multi(root: _Node, world: State, rng: random.Random) -> int:
                return self._iterate_multi(roots, world, rng, player)

            iterate = iterate_multi

        determinize = view.determinize
        perf_counter = _time.perf_counter
        done = calls = 0
        while True:
            calls += 1 + iterate(root, determinize(player, rng), rng)
            done += 1
            if done >= max_iter or calls >= max_calls or perf_counter() >= deadline:
                break
        children = root.children
        best = max((a for a in legal if a in children),
                   key=lambda a: (children[a].visits, -a), default=legal[0])
        self.last_search = {"iterations": done, "calls": calls, "reused": float(reused),
                            "seconds": perf_counter() - start}
        self.last_root = root  # for analysis: children[action].visits / .total
        self._keep(view, player, best, children.get(best))
        return best

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> int:
        """One iteration in the sampled world ``state``; returns the actions applied."""
        node = root
        path = [root]
        apply = state.apply_trusted
        current = state.current_player
        legal_actions = state.legal_actions
        applied = 0
        while True:
            mover = current()
            if mover < 0:
                if mover != CHANCE:
                    break  # the end of the game
                apply(sample_chance(state.chance_outcomes(), rng))
                applied += 1
                continue
            best, expand = self._select(node, legal_actions(), state, mover, rng)
            if expand:
                child = node.children[best] = _Node(mover)
                apply(best)
                applied += 1
                path.append(child)
                break
            node = node.children[best]
            apply(best)
            applied += 1
            path.append(node)
        applied += self._rollout(state, rng)
        result = self._judge(state)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += result[visited.mover]
        return applied

    def _iterate_multi(self, roots: list[_Node], state: State, rng: random.Random,
                       searcher: int) -> int:
        """One iteration of multiple-observer IS-MCTS: a tree per seat, each keyed by what
        that seat sees of every move (its own moves in full; another seat's move as the
        events shown to it), so no seat's choices can depend on what it cannot see.

        With ``opponents=heuristic`` the other seats move as the game's heuristic bot (in
        the tree too: a model of the opponents, searched against), and only the
        searching seat's tree is kept."""
        modelled = self.opponents == "heuristic"
        nodes = list(roots)
        paths = [[r] for r in roots]
        seats: Any = (searcher,) if modelled else range(len(roots))
        bot, options = self._bot, self.policy_options
        apply = state.apply_trusted
        current = state.current_player
        legal_actions = state.legal_actions
        events = state.events
        key: Any  # an action (the mover's own tree) or the events a seat saw
        applied = 0
        while True:
            mover = current()
            if mover < 0:
                if mover != CHANCE:
                    break
                apply(sample_chance(state.chance_outcomes(), rng))
                applied += 1
                continue
            if modelled and mover != searcher:
                apply(bot(state, mover, rng, **options))
                applied += 1
                key = tuple(e.key() for e in events() if e.visible_to(searcher))
                if key:
                    kids = nodes[searcher].children
                    child = kids.get(key)
                    if child is None:
                        child = kids[key] = _Node(mover)
                    nodes[searcher] = child
                    paths[searcher].append(child)
                continue
            action, expand = self._select(nodes[mover], legal_actions(), state, mover, rng)
            apply(action)
            applied += 1
            # Each event's key once, not once per seat that sees it.
            shown = [(e, e.key()) for e in events()]
            for q in seats:
                if q == mover:
                    key = action
                else:
                    key = tuple(k for e, k in shown if e.visible_to(q))
                    if not key:
                        continue  # q saw nothing: its information set did not change
                kids = nodes[q].children
                child = kids.get(key)
                if child is None:
                    child = kids[key] = _Node(mover)
                nodes[q] = child
                paths[q].append(child)
            if expand:
                break
        applied += self._rollout(state, rng)
        result = self._judge(state)
        for path in paths:
            for visited in path:
                visited.visits += 1
                if visited.mover >= 0:
                    visited.total += result[visited.mover]
        return applied

    def _select(self, node: _Node, legal: list[int], state: State, mover: int,
                rng: random.Random) -> tuple[int, bool]:
        """The action to take at ``node`` and whether it expands the tree: an untried one
        (the heuristic bot's move first, with ``prior``) until every legal action has a
        child, then the best by UCB (availability-weighed), the bot's move raised by
        ``prior / (1 + visits)`` (progressive bias)."""
        children = node.children
        hint = -1
        if self.prior > 0:
            hint = node.hint
            if hint < 0:
                hint = node.hint = self._bot(state, mover, rng, **self.policy_options)
        untried = []
        best = -1
        best_value = -math.inf
        c, prior = self.c, self.prior
        log, sqrt = math.log, math.sqrt
        for a in legal:
            child = children.get(a)
            if child is None:
                untried.append(a)
                continue
            child.avail += 1
            if not untried:
                value = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                if a == hint:
                    value += prior / (1 + child.visits)
                if value > best_value:
                    best_value, best = value, a
        if untried:
            if hint in untried:
                return hint, True
            return (untried[0] if len(untried) == 1 else rng.choice(untried)), True
        return best, False

    def _rollout(self, state: State, rng: random.Random) -> int:
        """Up to ``rollout`` actions from ``state``: random, or the game's heuristic bot
        playing every seat in this sampled world (chance sampled by its odds)."""
        apply = state.apply_trusted
        current = state.current_player
        legal_actions = state.legal_actions
        choice = rng.choice
        bot = self._bot if self.policy == "heuristic" else None
        options = self.policy_options
        depth = self.rollout
        applied = 0
        while applied < depth:
            mover = current()
            if mover < 0:
                if mover != CHANCE:
                    break
                apply(sample_chance(state.chance_outcomes(), rng))
            elif bot is None:
                apply(choice(legal_actions()))
            else:
                apply(bot(state, mover, rng, **options))
            applied += 1
        return applied

    def _judge(self, state: State) -> list[float]:
        """Each seat's value of the position a rollout reached: the game's evaluation (the
        returns at the end); with ``soft`` > 0 before the end, or ``final`` > 0 at the
        end, a softmax of the points that many points wide."""
        width = self.final if state.is_terminal() else self.soft
        if width <= 0:
            return state.evaluation()
        scores = state.scores()
        top = max(scores)
        weights = [math.exp((x - top) / width) for x in scores]
        total = sum(weights)
        return [w / total for w in weights]

    # ----- tree reuse ----------------------------------------------------------------

    def _keep(self, view: State, player: int, action: int, child: _Node | None) -> None:
        """Remembers the subtree of ``action`` and what the seat will see right after it."""
        self._kept = None
        if not self.reuse or child is None or not child.children:
            return
        after = view.clone()
        after.apply_trusted(action)
        if after.current_player() != player:
            return  # someone else (or chance) acts next: the subtree will not be reusable
        self._kept = (player, view.move_number() + 1, after.observation(player), child)

    def _reusable_root(self, view: State, player: int) -> _Node | None:
        kept, self._kept = self._kept, None
        if kept is None or not self.reuse:
            return None
        seat, move, observation, child = kept
        if (seat != player or view.move_number() != move
                or view.observation(player) != observation):
            return None
        return child


def budget_text(agent: ISMCTSAgent) -> str:
    """The budget of an IS-MCTS agent in words (for docs and tables)."""
    parts = []
    if agent.iterations is not None:
        parts.append(f"{agent.iterations} iterations")
    if agent.time is not None:
        parts.append(f"{agent.time * 1000:g} ms")
    if agent.calls is not None:
        parts.append(f"{agent.calls} calls")
    return joined(parts, "or") + f", rollouts of {agent.rollout}"
