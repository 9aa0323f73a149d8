"""Calibration of audit's pydict mutant: CPU time of a CPython dict keyed by X.

    constrained-nim gen --shape pydict --seed 1 > pydict.in
    python3 tests/perf/calibrate.py pydict.in 100000    # the first 100000 X

The probes the same insertions make are counted by `dict_probes` (src/cli/audit/mutants.rs).
"""
import sys, time
data = open(sys.argv[1]).read().split()
n, m = int(data[0]), int(data[1])
rest = data[2 + n:]
xs = [int(rest[2 * i]) for i in range(m)]
k = int(sys.argv[2])
t = time.process_time()
d = {}
for x in xs[:k]:
    d.setdefault(x, []).append(0)
print(k, "keys", time.process_time() - t, "s cpu")
