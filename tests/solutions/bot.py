"""A bot for the interactive Constrained Nim (ABC278 G's protocol) with one bug chosen by name,
for testing `hack --interactive`.

    python3 bot.py BUG

It reads the game (N M, the piles, the forbidden moves), prints First or Second, then plays:
`I K` on its turn, reading the other side's `I K`; `0 0` ends the game (`-1 -1`: refused).

BUG is one of:
  none        right: Grundy values by the mex over the allowed moves, a move back to nim-sum 0
  plain-nim   g(n) = n, as in plain Nim; it never makes a forbidden move (when plain Nim's move
              is forbidden it takes the first move allowed)
  forbidden   right values, but its move goes to the nearest position of the wanted value
              without asking whether that move is forbidden
  no-flush    right, but never flushes standard output
  print-only  right, but never flushes standard output, left as Python makes it: block-buffered
              on a pipe, unless PYTHONUNBUFFERED is set (as on the judge, it is not)
  debug       right, but prints a debug line to standard output after its side
  crash       right, but raises an exception at its second move
  no-exit     right, but sleeps instead of exiting at the end of the game
  slow        right, but computes forever at its second move
  sleep SECS  right, but sleeps SECS seconds before its first move (a pause on one move)
  think SECS  right, but computes for SECS seconds before its first move
  late-exit SECS
              right, but takes SECS seconds (asleep) to exit after the game
  plain-moves right side, but on its turn plain Nim's move (by the pile sizes) when that move is
              allowed, right or not; the right move otherwise
  plain-big   plain Nim's values when a pile has more than 5 stones (the samples have not)
  flaky FILE  right, but crashes at its start when FILE does not exist, creating it
  hog MIB     right, but on a game with a pile of more than 5 stones (the samples have none)
              first fills MIB MiB of memory, which it holds to the end
  tiny-crash  right, but exits 3 at once on a game whose piles hold at most 2 stones each (the
              samples have larger ones, and so do most games)
  two-ways    right, but exits 3 at once on a game of 2 piles and 2 forbidden moves or more,
              and prints a debug line on one of 1 pile and 2 to 4 forbidden moves (sample 2 has 5)
"""

import io
import os
import sys
import time


def read_game():
    tokens = []
    need = None
    while need is None or len(tokens) < need:
        line = sys.stdin.readline()
        if not line:
            break
        tokens += [int(t) for t in line.split()]
        if need is None and len(tokens) >= 2:
            need = 2 + tokens[0] + 2 * tokens[1]
    n, m = tokens[0], tokens[1]
    piles = tokens[2 : 2 + n]
    rest = tokens[2 + n :]
    forbidden = {(rest[2 * i], rest[2 * i + 1]) for i in range(m)}
    return piles, forbidden


def grundy_table(top, forbidden, bug):
    g = []
    for n in range(top + 1):
        if bug == "plain-nim":
            g.append(n)
            continue
        reach = {g[n - y] for y in range(1, n + 1) if (n, y) not in forbidden}
        v = 0
        while v in reach:
            v += 1
        g.append(v)
    return g


def allowed(stones, take, forbidden):
    return 1 <= take <= stones and (stones, take) not in forbidden


def choose(piles, forbidden, g, bug):
    """The bot's move (pile index, take), or None when it has none."""
    if bug == "plain-moves":
        plain = 0
        for p in piles:
            plain ^= p
        for i, p in enumerate(piles):
            if plain != 0 and p ^ plain < p and allowed(p, p - (p ^ plain), forbidden):
                return i, p - (p ^ plain)
    total = 0
    for p in piles:
        total ^= g[p]
    if total != 0:
        for i, p in enumerate(piles):
            wanted = g[p] ^ total
            if wanted >= g[p] and bug != "plain-nim":
                continue
            for target in range(p - 1, -1, -1):
                if g[target] != wanted:
                    continue
                take = p - target
                if bug == "forbidden" or allowed(p, take, forbidden):
                    return i, take
    for i, p in enumerate(piles):
        for take in range(1, p + 1):
            if allowed(p, take, forbidden):
                return i, take
    return None


def main():
    bug = sys.argv[1]
    out = sys.stdout
    if bug == "no-flush":
        # Block-buffered as a pipe makes it, whatever PYTHONUNBUFFERED says.
        raw = io.FileIO(sys.stdout.fileno(), "w", closefd=False)
        out = io.TextIOWrapper(io.BufferedWriter(raw, 1 << 16))

    def say(line):
        out.write(line + "\n")
        if bug not in ("no-flush", "print-only"):
            out.flush()

    piles, forbidden = read_game()
    if bug == "hog" and max(piles) > 5:
        held = bytearray(int(sys.argv[2]) << 20)
        for i in range(0, len(held), 4096):
            held[i] = 1
    if bug == "tiny-crash" and max(piles) <= 2:
        sys.exit(3)
    if bug == "two-ways":
        if len(piles) == 2 and len(forbidden) >= 2:
            sys.exit(3)
        one = len(piles) == 1 and 2 <= len(forbidden) <= 4
        bug = "debug" if one else "none"
    if bug == "plain-big" and max(piles) > 5:
        bug = "plain-nim"
    if bug == "flaky" and not os.path.exists(sys.argv[2]):
        open(sys.argv[2], "w").close()
        raise RuntimeError("the first run")
    g = grundy_table(max(piles), forbidden, bug)
    total = 0
    for p in piles:
        total ^= g[p]
    mine = total != 0
    say("First" if mine else "Second")
    if bug == "debug":
        say("debug: nim-sum %d" % total)
    moves = 0
    while True:
        if mine:
            move = choose(piles, forbidden, g, bug)
            if move is None:
                say("0 0")
                break
            moves += 1
            if bug == "sleep" and moves == 1:
                time.sleep(float(sys.argv[2]))
            if bug == "think" and moves == 1:
                until = time.monotonic() + float(sys.argv[2])
                while time.monotonic() < until:
                    pass
            if bug == "crash" and moves == 2:
                raise RuntimeError("the bot's second move")
            while bug == "slow" and moves == 2:
                pass
            i, take = move
            piles[i] -= take
            say("%d %d" % (i + 1, take))
        else:
            line = sys.stdin.readline().split()
            if line == ["0", "0"] or line == ["-1", "-1"] or not line:
                break
            i, take = int(line[0]) - 1, int(line[1])
            piles[i] -= take
        mine = not mine
    if bug == "no-exit":
        time.sleep(3600)
    out.flush()
    if bug == "late-exit":
        time.sleep(float(sys.argv[2]))


main()
