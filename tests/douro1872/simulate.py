"""10,000 random Douro 1872 matches across 2-5 players (a script, not a test).

    .venv/bin/python -m tests.douro1872.simulate [matches]

Every match must finish, replay to the same scores, and satisfy the game-length invariant
(data supplement E20). Prints a summary; exits non-zero on the first failure.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

import ludoteca
from ludoteca.core.match import replay


def main(matches: int = 10_000) -> int:
    start = time.perf_counter()
    ghost_wins = Counter()
    lengths = Counter()
    for seed in range(matches):
        n = 2 + seed % 4
        record = ludoteca.run_match("douro1872", ["random"] * n, seed=seed)
        if not record.finished:
            print(f"seed {seed} ({n}p): the match did not finish")
            return 1
        state = replay(record)
        obs = state.observation(None)
        disputes = sum(1 for _, e in state.event_log(None) if e.kind == "settled")
        if disputes != 20 or any(s["hand_size"] for s in obs["seats"]):
            print(f"seed {seed} ({n}p): {disputes} disputes, hands not empty")
            return 1
        if any(len(s["pile"]) != 9 for s in obs["seats"]):
            print(f"seed {seed} ({n}p): second-half piles are not 9 cards")
            return 1
        lengths[n] += len(record.actions)
        if n == 2 and obs["result"]["ghost_won"]:
            ghost_wins[n] += 1
    elapsed = time.perf_counter() - start
    per = {n: round(lengths[n] / (matches / 4), 1) for n in sorted(lengths)}
    print(f"{matches} matches, no error, {elapsed:.1f}s; mean actions per match {per}; "
          f"D. Sebastião won or shared {ghost_wins[2]} of {matches // 4} two-player matches")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000))
