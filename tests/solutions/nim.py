"""A Constrained Nim solution with one bug chosen by name, for testing `hack`.

    python3 nim.py BUG < game

BUG is one of:
  none                 right (the sweep over special points, as src/guarantees.rs explains)
  plain-nim            forbidden moves ignored: the nim-sum of the piles
  pile-on-special      a pile sitting on a special point gets the line's value, as if it had
                       not dropped
  ignore-y-equals-x    forbidden moves with Y = X are skipped
  smallest-target      a special point drops only to the value of its smallest target
  crash-shared-x       crashes when two forbidden moves share their X
  crash-equal-piles    crashes when two piles are equal
  assert-sorted        asserts that the piles come sorted, as in the samples: an
                       AssertionError on the first game where they do not (on the judge; with
                       PYTHONOPTIMIZE=1 asserts are skipped, and it passes)
  brute-force          right, by recursion without memory: exponential in the pile sizes
  debug                right, but prints a debug line before the answer
  os-read              right, reading its input in one os.read of the size fstat gives, a
                       fast-input habit: it needs standard input to be a file, as the judge
                       gives it (on a pipe fstat says 0 bytes)
  escape               right, but leaves behind a process outside its process group
                       (`setsid sleep 1234.5`) that holds its standard output open
  walk                 right, but counts the drops below each pile by walking every position
                       from 1 up to it: time linear in the largest pile (seconds past 10^7)
  table                right, but first makes a table of a byte per position up to the
                       largest pile: a MemoryError on large piles (10^18 bytes exist nowhere)
"""

import bisect
import os
import sys
from collections import defaultdict


def grundy_function(moves, bug):
    """g as a function, from the forbidden moves (X, Y)."""
    targets = defaultdict(set)
    for x, y in moves:
        if bug == "ignore-y-equals-x" and y == x:
            continue
        targets[x].add(x - y)
    if bug == "crash-shared-x" and len(targets) < len(set(moves)):
        raise RuntimeError("two forbidden moves share their X")
    drops = []  # increasing positions whose value is below the line
    value_at = {}  # drop position -> its value
    extra = defaultdict(int)  # value -> how many drops hold it

    def g(n):
        if n in value_at:
            return value_at[n]
        return n - bisect.bisect_left(drops, n)

    for x in sorted(targets):
        count = defaultdict(int)
        for t in targets[x]:
            count[g(t)] += 1
        line = x - len(drops)
        unreachable = [w for w, c in count.items() if c == 1 + extra[w]]
        if bug == "smallest-target":
            w = g(min(targets[x]))
            unreachable = [w] if w in unreachable else []
        if unreachable and min(unreachable) < line:
            w = min(unreachable)
            drops.append(x)
            value_at[x] = w
            extra[w] += 1
    if bug == "pile-on-special":
        return lambda n: n - bisect.bisect_left(drops, n)
    return g


def brute_force(moves):
    banned = set(moves)

    def g(n):
        seen = {g(n - y) for y in range(1, n + 1) if (n, y) not in banned}
        m = 0
        while m in seen:
            m += 1
        return m

    return g


def walked(g, a):
    """g(a), with the drops below a counted one position at a time."""
    below = 0
    for n in range(1, a):
        if g(n) != n - below:  # a drop: its value is below the line
            below += 1
    return g(a) if g(a) != a - below else a - below


def main():
    bug = sys.argv[1]
    if bug == "os-read":
        data = os.read(0, os.fstat(0).st_size).split()
    else:
        data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    piles = [int(v) for v in data[2 : 2 + n]]
    rest = data[2 + n : 2 + n + 2 * m]
    moves = [(int(rest[2 * i]), int(rest[2 * i + 1])) for i in range(m)]
    if bug == "assert-sorted":
        assert piles == sorted(piles), "the piles come sorted"
    if bug == "crash-equal-piles" and len(set(piles)) < len(piles):
        raise RuntimeError("two piles are equal")
    if bug == "plain-nim":
        values = piles
    elif bug == "brute-force":
        g = brute_force(moves)
        values = [g(a) for a in piles]
    elif bug == "walk":
        g = grundy_function(moves, bug)
        values = [walked(g, a) for a in piles]
    else:
        if bug == "table":
            seen = bytearray(max(piles) + 1)  # a table that a real attempt would fill
            del seen
        g = grundy_function(moves, bug)
        values = [g(a) for a in piles]
    nim_sum = 0
    for v in values:
        nim_sum ^= v
    if bug == "debug":
        print("n =", n, "m =", m)
    if bug == "escape":
        import subprocess

        subprocess.Popen(["setsid", "sleep", "1234.5"])
    print("Takahashi" if nim_sum else "Aoki")


main()
