//! The design in full, for the engineer who changes it: how the solver works, what an adversary
//! can do and what is guaranteed, how it is tested and measured. The README is the user's
//! document and points here; `cargo doc --document-private-items --open` shows this page and
//! the item docs it names (the proof of the sweep is on [`crate::sweep`]).
//!
//! This module holds no code: it exists only for the documentation (`cfg(doc)`), and the judge
//! never compiles it.
//!
//! # How it works
//!
//! The game is a sum of one-pile games, so by Sprague–Grundy the first player wins iff
//! g(A_1) ⊕ … ⊕ g(A_N) ≠ 0, where g(n) = mex{ g(n − y) : 1 ≤ y ≤ n, (n, y) not forbidden }.
//!
//! **Key lemma.** Let H(n) be the number of distinct values among g(0), …, g(n − 1). Those values
//! are exactly 0 … H(n) − 1 (by induction: a mex never skips a value). So at a position n that is
//! not a forbidden X, every smaller value is reachable and g(n) = H(n): g rises with slope 1. At a
//! *special point* x (some X_i = x) a value w is unreachable iff every position below x holding w
//! is a forbidden target x − Y. Each value is held once on the rising runs plus once per earlier
//! special point that *dropped* to it (`extra[w]`, the duplicate-count table), so
//!
//! > g(x) = the smallest target value w with #(forbidden targets of value w) = 1 + `extra[w]`,
//! > or H(x) if there is none (no drop).
//!
//! **Reading.** `Stream` (in `src/main.rs`) is a proconio `Source` that streams: it holds one
//! 64 KiB chunk and the token being read, never a copy of the input. Tokens are found and digits
//! checked eight bytes at a time (a word-wide test for bytes outside `'0'..='9'`), and numbers are
//! parsed eight digits at a time (three multiplies per eight digits): a token of up to 19 digits,
//! which cannot overflow, straight from three words of the buffer, whatever bytes follow it. `input!` can read from it like
//! from `OnceSource`.
//!
//! The solver groups the forbidden moves by X (sorted, duplicates removed), then sweeps the special
//! points in increasing order. Every Grundy value it needs, those of the forbidden targets and of
//! the piles, is a query at a known position, so all of them are sorted once and answered as the
//! sweep passes them: a position t at or past the previous special point reads g(t) off the two
//! newest breakpoints, with no search. The sweep keeps `extra` in an `FxHashMap`, and only for the
//! values a later target can still hold: after a drop to w, w is held by the special point and by
//! the targets holding it, and a later special point reads `extra[w]` only through one of those
//! positions, so the count is kept only if one of them is targeted again. A key also leaves the
//! table once no target is left to read it: when the targets holding w are shared with no other
//! move, the only targets still to read `extra[w]` are those at the special point itself (and, after
//! each later drop to w, those at the new holder), so the sweep counts them down as their special
//! points read w and removes the key at zero. Where a target holding w is shared, the count would
//! need the other moves' special points, so such a key stays to the end. On the hash-flooding game,
//! where every drop is read exactly once more, the table never holds more than one key. Debug builds
//! assert that a removed key is never read again, and the tests run them on every game they sweep.
//! The `extra` keys are scrambled per run (see "Worst case").
//!
//! The three sorts (moves by X, targets by position, piles) use both cores. The moves and the
//! targets each split once around the median of 255 keys sampled at random places (so that no
//! order of the input can make the split uneven on purpose), and the two sides sort at once
//! on two threads; they need no merge afterwards. A split that comes out uneven costs one pass: the
//! larger side still sorts alone. For the verdict, the piles are sorted on the second thread while
//! the forbidden moves are still being read. Where a thread cannot be started, the same work runs
//! on the calling thread.
//!
//! The targets are sorted as 12-byte records: the position and a 32-bit place in the grouped moves
//! (a 64-bit place past 2^32 − 1 moves, which no smaller game pays for). As the sweep passes a
//! target it writes the target's value over its position in the grouped moves, a scattered write
//! that is fetched into the cache 16 targets ahead (the one `unsafe` besides the digits' `&str`: a
//! prefetch, which never faults). The verdict leaves the values so, and only the tool's modes, which
//! look moves up again, put the positions back (one scattered write per move).
//!
//! The sweep hands out the breakpoints of g in increasing position: between breakpoints p < q,
//! g(n) = g(p) + n − p. The verdict and `--grundy` need no more than the sweep's answers; `--move`,
//! `--explain`, `table`, `judge` and `play` collect the breakpoints into a `BTreeMap`, the map of
//! g, to find where a value is held.
//!
//! A winning move: with nim-sum s ≠ 0, take the first pile whose value has the highest set bit of
//! s; the wanted value t = g(A) ⊕ s is below g(A), so some allowed move reaches it. The positions
//! below A holding t are the one on the rising runs and the special points that dropped to t; the
//! map's segments below A give them in one pass, and at most (#forbidden moves from A) of them are
//! forbidden, so trying them in order finds the move.
//!
//! `play` answers many moves, so it indexes the map once: inside a segment that starts below the
//! rising line (g(p) < H(p)), the first H(p) − g(p) positions are drops, each closing the gap by
//! one, and the rest lie on the line. So the drops d_0 < d_1 < … and their values come from one
//! pass, g(n) = n − #(drops below n) off them, and the line reaches a value v at
//! v + #{i : d_i − i ≤ v}; a reply is two binary searches and a walk beside the forbidden targets
//! from the pile, never a new sweep.
//!
//! **Complexity.** O((N + M) log(N + M)) time (the sorts), O(N + M) memory; the winning move adds
//! one pass over the map, a `play` reply O(log M + #forbidden moves from the pile).
//!
//! # Worst case
//!
//! What an adversary can do, and what the tests show:
//!
//! | attack | guarantee | shown by |
//! | --- | --- | --- |
//! | hash flooding: dropped values chosen so that plain FxHash puts them all in one bucket (the `antihash` shape: N = 1, M = 2·10^5, values < 10^18; 40 s with plain FxHash) | expected O(1) per table operation for every input: each run draws two random odd multipliers, and `Keys::key(w)` is built so that FxHash of the key is a multiply-shift hash of `w` (top bits of `b · v`, `v` a bijection of `w`) | `hash_flooding_values_spread_over_the_table` (the colliding values reach 1 bucket of 2^18 under plain FxHash, about 83,000 through the keys), `fx_hash_of_a_key_is_the_hash_keys_chose` (pins rustc-hash's multiplier and rotation), `hash_flooding_game_answers_right` (the whole game through the binary) |
//! | slow shapes: one group of 2·10^5 moves, 2·10^5 drops to one value, 20-digit and 1-digit numbers, `--move` and `--explain` on the largest maps | O((N + M) log(N + M)) time | the benchmark's shapes (below) |
//! | bytes cut anywhere: a long token, junk or a Unicode space across a read's end | the same game, or the same one-line message, however the bytes arrive; never a panic | `stream_agrees_with_the_plain_reader_on_corrupted_games` (proptest: 400 corrupted games against a plain whole-input reader, in pieces of 1 byte to past 64 KiB, the corrupted token at a read's end; its regression file keeps the two cases it found in the earlier reader), `long_tokens_with_junk_are_refused_wherever_they_end`, and `.ci/judge-check` for the judge build; 50,000 cases: `cargo test --release -- --ignored stream_agrees` |
//! | a thread that cannot start (process limit, `RUST_MIN_STACK` too large, no memory for a stack) | the same answer, exit 0: the work runs on the calling thread; a second thread starts only when its stack and 32 MiB more can be had first, so its start-up cannot fail after `spawn` (which hung with `RUST_BACKTRACE=1`) | `threads_that_cannot_start_give_the_same_answer`, and `.ci/judge-check` for the judge build (also under `ulimit -v` 8750 to 16500 KiB) |
//! | a memory limit (`ulimit -v`), with `RUST_BACKTRACE=1` | every mode (the verdict, `--grundy`, `--check`, `--move`, `--explain`, `table`, `judge`, `play --machine`) answers, or prints `error: out of memory while ...` and exits 1, without hanging: the judge file's lists grow with `try_reserve`; in the tool, an allocation that fails anywhere (the breakpoint map, play's tables) ends the run with that line | `memory_limits_give_every_mode_the_answer_or_one_error_line` (a max-size game, every mode at 8 MiB and at a limit near where it used to fail), `a_memory_limit_gives_the_answer_or_one_error_line` (8 to 200 MiB); every mode at every 512 KiB from 8 to 64 MiB: `cargo test --release --test hostile -- --ignored` |
//! | endless or huge invalid input | exit 1 with one error line, after reading at most one chunk past the bad byte | `tests/streaming.rs` |
//! | standard output closed (`>&-`) or full | exit 1 with one error line (a closed pipe, `\| head`, is still 0); `play --machine` exits 1 when its output breaks mid-game | `a_closed_standard_output_is_an_error_and_a_closed_pipe_is_not`, `play_machine_exits_1_when_its_output_breaks_mid_game`, `.ci/judge-check` |
//! | standard error that cannot be written (`2>/dev/full`) | the exit status is still 1 (input) or 2 (command line) | `an_unwritable_standard_error_keeps_the_exit_status` |
//! | a file name with a newline | escaped: one error line | `file_names_cannot_forge_a_second_error_line` |
//!
//! Not covered: `hack`, which runs other programs, is not part of the memory-limit test; and
//! standard output opened read-write on `/dev/null` (`1<>/dev/null`) is taken for a closed one.
//!
//! # Tests
//!
//! `cargo test` runs, in about a minute and a half on two cores:
//!
//! - a brute-force oracle (`tests/common/oracle.rs`: the mex over every allowed move) against the
//!   map at **every** position, on 10,200 seeded random games in six shapes (dense and sparse
//!   forbidden sets, drops to 0, values dropped to several times, runs of consecutive special
//!   points, plain Nim; piles on special points, equal and empty piles, duplicated moves);
//! - all 1,024 forbidden sets with X ≤ 4, g(0..=6) against the oracle;
//! - 300 games of up to 3,000 moves with values near 10^18 and near 2^64 − 1, many targets shared,
//!   against the algorithm written plainly (`src/tests/reference.rs`: a `BTreeMap` searched for
//!   every target, a count for every drop), itself checked against the oracle on the small games;
//! - six games of 16,385 to 65,536 moves, one special point among them with more than 16,384
//!   moves, against the same plain algorithm: every sort there splits over two threads; and
//!   `sort_on_two` itself on equal, sorted, reversed, few-valued and extreme-sampled keys;
//! - in every sweep the tests run (debug builds), assertions that no count of targets left to read
//!   a duplicate-count key goes below zero and that a removed key is never read again;
//! - hand-made edge cases, each with a comment saying what it pins down; every `samples/` case
//!   through the binary, after checking that samples/ holds only `.in`/`.out` pairs, each inside
//!   the statement's limits and small enough for the oracle, which must agree with its `.out`; the
//!   cases only this tool accepts (2^64 − 1, N = 0, repeated moves) in `tests/samples.rs`;
//! - `--grundy` and `--move` through the binary against the oracle on 2,400 seeded games, and on
//!   games of the maximum size (N = M = 2·10^5, values near 10^18 and near 2^64 − 1) for
//!   legality and consistency;
//! - `table` (3,000 games, every position and the breakpoints), `judge` (1,500 games, every
//!   possible move line, accepted exactly when the oracle says it wins) and `play`'s replies
//!   (3,000 games, one pile at every size) against the oracle; `table` and `judge` through the
//!   binary;
//! - `gen`: a seed's exact bytes pinned, default games inside the statement's limits and biased
//!   toward special points, `--beyond` reaching N = 0, empty piles, repeats and 2^64 − 1;
//! - `hack` on solutions with one bug each (`tests/solutions/nim.py`: plain Nim, a pile on a
//!   special point not dropped, Y = X ignored, drops only to the smallest target's value, a crash,
//!   an exponential brute force): each found and shrunk to at most 3 piles and 5 moves, the test
//!   checking that the game fails and that dropping any one pile or move passes; nothing found in
//!   the right solution;
//! - `play --machine` through the binary on 4,000 small games against an opponent playing random
//!   moves and one playing the oracle's winning moves: the program takes the winning side, moves
//!   legally, and wins every game; every protocol breach gets `-1 -1` and exit 1; a scripted person
//!   session through a pipe;
//! - every kind of refused input and command line, and 3,000 random byte strings and mutations of
//!   valid games, each of which must end in a verdict or one error line, never a panic or a hang;
//! - hostile input and machines (`tests/hostile.rs`, `tests/streaming.rs`, see "Worst case").
//!
//! A failing random test prints its seed and the game. `.ci/run` also runs online-judge-tools
//! itself (`.ci/oj-check`: `oj t` on samples/, plain and through `judge`, from a virtual
//! environment under `target/`).
//!
//! # Measuring
//!
//! ```sh
//! cargo bench --bench speed                  # the shape, scaling and play tables
//! cargo bench --bench speed -- --runs 21 --shapes random,hits --no-scaling --no-play
//! constrained-nim gen --shape random --seed 1 > random.in   # one of its inputs (N = M = 200000)
//! ```
//!
//! The benchmark (`tests/perf/speed.rs`) writes its inputs with `gen --shape` (`src/cli/shapes.rs`) in nine
//! shapes, each aimed at a part of the solver: `random` (X, Y, A uniform up to 10^18), `onex` (all
//! moves from one X: one group to sort), `triangle` (every (X, Y) with small X), `zeros` (Y = X on a
//! run of consecutive X: 0 held 2·10^5 times), `hits` (X clustered below 10^18, targets among 10^6
//! positions: many drops and counts), `consecutive` (runs of consecutive special points), `u64max`
//! (values within 4N of 2^64 − 1: 20-digit numbers), `short` (values up to 10^5: 1 to 6 digits,
//! where solving weighs as much as reading) and `antihash` (N = 1: the hash-flooding game of "Worst
//! case"). It runs, alternating round by round from a file in the page cache:
//!
//! - `OnceSource read`: a fixed yardstick, the benchmark's own binary reading the game the way the
//!   tool did before it streamed (read everything, check UTF-8, copy into proconio's `OnceSource`,
//!   parse every token), and nothing else;
//! - `parse only`: `constrained-nim --check`, the tool's own reading and checks, no solving;
//! - the tool in each mode;
//! - `C++`: `tests/perf/compare.cpp`, a plain C++ solution (fread, a hand-written parser, one sort,
//!   binary search in a sorted vector of breakpoints, a `std::map` of counts), compiled with
//!   `c++ -O2` when a compiler is there.
//!
//! A ratio is the median over rounds of (time ÷ the yardstick's time in the same round), so that a
//! slow stretch of the machine weighs on both sides. Peak memory is the solver's `ru_maxrss`.
//!
//! A run on a 2-core Intel Xeon virtual machine (rustc 1.95.0), N = M = 2·10^5 (antihash: N = 1),
//! `cargo bench --bench speed -- --runs 7` (about ten minutes), medians of 7 rounds, times in ms:
//!
//! | shape | input MB | OnceSource read | parse only | solver | x once | x parse | --grundy | x parse | --move | x parse | --explain | x parse | C++ | C++ / solver | peak MB | peak / input |
//! | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
//! | random | 11.3 | 49.7 | 17.2 | 40.4 | 0.80 | 2.29 | 55.9 | 3.18 | 64.6 | 3.75 | 64.2 | 3.82 | 419.8 | 10.33 | 10.9 | 0.96 |
//! | onex | 11.6 | 64.7 | 18.2 | 31.1 | 0.55 | 1.69 | 46.8 | 2.35 | 46.3 | 1.97 | 37.4 | 2.03 | 73.0 | 2.29 | 12.6 | 1.08 |
//! | triangle | 5.3 | 30.3 | 18.4 | 25.4 | 0.84 | 1.57 | 48.3 | 2.60 | 35.4 | 2.14 | 38.2 | 2.09 | 44.9 | 1.69 | 10.8 | 2.03 |
//! | zeros | 11.4 | 62.5 | 23.0 | 32.4 | 0.53 | 1.57 | 50.1 | 2.34 | 49.1 | 2.00 | 50.7 | 2.12 | 58.5 | 1.80 | 10.8 | 0.95 |
//! | hits | 11.4 | 62.0 | 23.7 | 53.6 | 0.85 | 2.39 | 69.1 | 3.28 | 81.1 | 3.48 | 83.3 | 3.59 | 325.6 | 6.07 | 12.2 | 1.07 |
//! | consecutive | 11.3 | 66.3 | 20.6 | 43.7 | 0.77 | 2.05 | 71.7 | 3.26 | 70.9 | 3.12 | 70.8 | 3.62 | 264.3 | 5.36 | 10.8 | 0.96 |
//! | u64max | 12.5 | 71.4 | 28.7 | 52.5 | 0.74 | 1.84 | 71.3 | 2.61 | 81.4 | 2.84 | 86.2 | 3.25 | 338.2 | 6.83 | 10.9 | 0.87 |
//! | short | 3.5 | 28.8 | 21.6 | 61.8 | 2.13 | 2.85 | 82.3 | 3.85 | 78.0 | 3.62 | 77.7 | 3.61 | 208.8 | 3.35 | 13.3 | 3.83 |
//! | antihash | 5.9 | 42.2 | 18.4 | 39.3 | 0.94 | 2.16 | 41.8 | 2.30 | 53.1 | 2.89 | 53.1 | 2.91 | 116.8 | 2.90 | 9.4 | 1.59 |
//!
//! Where that run stands against the targets:
//!
//! - The verdict against `OnceSource read`: 0.53–0.85 on seven shapes, 0.94 on antihash and 2.13
//!   on short. This run met a slow stretch of the machine (short's yardstick took 1.7 × its time
//!   in the run before); the per-round ratios move less: antihash was 0.94 in both full runs of
//!   the day.
//!   - Antihash (1.00–1.21 before): its duplicate-count table now holds one key at a time instead
//!     of 10^5, since every key there is read once more and then removed (see "How it works").
//!   - Short is not met. Reading alone (parse only) takes two thirds to three quarters of the
//!     yardstick's time, and what is left does not hold three sorts of 2·10^5 items and the
//!     sweep's 1.8·10^5 table lookups on this machine, where sorting 10^5 pairs takes about 3.5 ms
//!     and every fresh 4 KiB page of memory 2–3.7 µs. Even a solver for small values with dense
//!     arrays in place of the table and the sorts (a prototype, not kept) took 1.2 × the yardstick.
//! - The C++ program is slower on every shape (`C++ / solver` 1.69–10.33).
//! - Peak memory: 0.96 × the input on random (10.9 MB), 0.87–1.08 on the shapes with long
//!   numbers. About 1.3 MB of it is the command-line tool itself (its larger binary's pages:
//!   3.3 MB on a one-pile game, against 2.0 MB for the judge build). On short, 13.3 MB for 3.5 MB
//!   of input, about 22 bytes per number, its table's keys included.
//!
//! Scaling (solver medians of 7 rounds in ms; growth = the time ratio for 10 × the input):
//!
//! | shape | 2·10^4 | 2·10^5 | 2·10^6 | growth 2·10^4→2·10^5 | growth 2·10^5→2·10^6 | parse-only growth 2·10^5→2·10^6 | peak / input at 2·10^6 |
//! | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
//! | random | 5.8 | 55.5 | 541.0 | 9.53 | 9.75 | 9.03 | 0.67 |
//! | onex | 7.8 | 41.0 | 421.4 | 5.22 | 10.28 | 9.51 | 0.79 |
//! | triangle | 5.4 | 33.3 | 213.5 | 6.21 | 6.41 | 5.36 | 1.37 |
//! | zeros | 3.8 | 28.2 | 329.9 | 7.51 | 11.68 | 10.85 | 0.67 |
//! | hits | 7.2 | 48.1 | 596.8 | 6.70 | 12.41 | 8.58 | 1.01 |
//! | consecutive | 5.5 | 38.6 | 502.6 | 7.06 | 13.01 | 13.19 | 0.67 |
//! | u64max | 6.9 | 52.2 | 579.5 | 7.58 | 11.11 | 10.53 | 0.61 |
//! | short | 8.2 | 59.5 | 324.5 | 7.23 | 5.45 | 5.10 | 2.25 |
//! | antihash | 4.1 | 30.3 | 289.3 | 7.34 | 9.54 | 7.55 | 1.02 |
//!
//! Every shape grows about tenfold for ten times the input (5–13 × here; reading alone grows as
//! much, 5–13 ×, on this shared machine): no input shape makes the solver super-linear beyond its
//! sorts.
//!
//! `play --machine` against a second `play --machine` on the other side (which then plays from
//! lost positions), 300 replies timed on each shape; load = from start to its first line,
//! reply = from a move sent to the reply read back, through two pipes, in ms:
//!
//! ```text
//! shape            load  replies     median        p90        max
//! random           80.4      300      0.027      0.038      0.164
//! onex             44.7      300      0.022      0.033      0.100
//! triangle         29.7      300      0.024      0.036      0.151
//! zeros            34.9      300      0.022      0.027      0.056
//! hits             70.1      300      0.025      0.033      0.123
//! consecutive      56.8      300      0.022      0.025      0.113
//! u64max           66.5      300      0.022      0.026      0.119
//! short            53.5      300      0.027      0.034      0.100
//! antihash         43.4        0        NaN        NaN        NaN
//! ```
//!
//! The median reply takes about 0.02–0.03 ms, thirty times under the 1 ms target, nine in ten
//! replies take under 0.04 ms, and the slowest single reply of a shape here 0.16 ms (an earlier run
//! saw up to 2 ms once, most likely the shared machine's scheduling: the search is
//! O(log M + #forbidden moves from the pile), and no pile of these shapes has more than a few
//! forbidden moves, but onex's). On antihash
//! (one pile) the program's first move already leaves no move, so there is no reply to time.
//!
//! The machine is shared, and a single median moves by ±20 % from run to run (this run was slower
//! than the one before it everywhere, yardsticks included); the per-round ratios move much less.
