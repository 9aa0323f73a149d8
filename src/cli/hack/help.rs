//! `hack --help`'s reference, below the options: the games, how a run is measured, confirmed and
//! shrunk, a timeout's growth and a memory limit's, the files, the processes and signals, the
//! interactive version and the exit status. One constant a topic, each replaced whole when its
//! part of hack changes; `hack -h` shows none of it. Lines are at most 100 columns.

/// The reference, in the order a reader meets the topics.
pub(super) fn reference() -> String {
    [
        EXAMPLES,
        SCHEDULE,
        GAMES,
        MEASUREMENT,
        CONFIRMATION,
        SHRINKING,
        GROWTH,
        FILES,
        PROCESSES,
        INTERACTIVE,
        EXIT,
    ]
    .join("\n\n")
}

/// What `hack -h` shows below the options instead.
pub(super) const SHORT: &str = "\
example: constrained-nim hack --save failures -- python3 my_solution.py
(--help: the games, the limits, shrinking, the files, --interactive, the exit status)";

const EXAMPLES: &str = "\
Examples:
  constrained-nim hack -- ./a.out                       a compiled solution in this folder
  constrained-nim hack -- python3 sol.py                a script: its interpreter first
  constrained-nim hack --save failures -- ./a.out       keep each failure, replay them first
  constrained-nim hack --seed 42 --max-n 300 -- ./a.out small games, the same run every time
  constrained-nim hack --tests 0 --save max -- ./a.out  only the samples and the games in max/

  CMD is run as it is given, without a shell: a program in the current folder is `./a.out`,
  a script not executable (or without a `#!` line) goes after its interpreter.";

const SCHEDULE: &str = "\
The run and the report:
  hack runs CMD on the statement's two samples (a failure there is reported as the sample, then
  shrunk), then on the games of --save DIR, then on --tests generated games (1000), --jobs at a
  time. The judge's max tests come early (game 10 is the first), so a fixed array, a timeout or
  a memory limit shows within the first minute or two. A correct C++ solution passes all 1000
  games in about 40 s, a Python one takes minutes (on a busy 2-core machine). hack's own
  resident memory stays far below the solution's: 51 to 85 MiB at its peak on the full-size
  games (up to about 130 MiB has been seen at the default sizes).

  One failure does not hide another: after the first failing game the search goes on for 200 games
  more, or 10 s (--look-further SECS; 0 stops at the first failure), for failures of other kinds,
  where they show in milliseconds: in turn the next game and the next of the run's later parts
  (from game 501 of 1000, N <= 6 and M <= 60; from game 851, N and M up to 1000), each reported
  by its own number; past a timeout, games of more than 1000 piles or moves are skipped. A wrong
  answer on small games is reported beside a Python solution's timeout too. Each kind found is
  confirmed and named at once on a first line, then shrunk and reported in its own block as soon
  as it is shrunk, and kept in --save DIR; --out has the first found. They share --shrink-time:
  the quick kinds first, timeouts last, each with the time left divided by the failures left. A
  failure on a sample or a saved game is reported alone. When
  standard error is not a terminal, a line `hack [T s]: ...` every 5 s says what hack is doing (on a
  terminal, a progress bar).

  A timeout is reported quickly: samples and saved games run alone, so a timeout's first run
  there is its verdict; a timeout still running at 1.25 times the limit (its wait for a CPU not
  counted) is confirmed by one more such run, and an endless loop's other games (sample 2, the
  two smallest games) run --jobs at a time, each judged as alone (wall time less the wait for a
  CPU), the game of one pile and one move for the long look that tells an endless loop (below).
  A timeout is shrunk by its size (its first moves, then its first piles, halved while it
  fails) and, in a game of at most 64 piles and moves, by its values (piles, X's and Y's scaled
  down together, probing up from 1 and 2^10), each to within a factor of 2, for at most half its
  share of --shrink-time; its growth takes the rest, and never less than 10 limits (with
  --shrink-time 0 too): a timeout's report may end that long past --shrink-time.

  Each failure, once confirmed, is shrunk and reported on standard error: the verdict and
  where it was found (`wrong answer on game 44 of 1000 (seed 42)`), how the shrinking went and
  whether the game is 1-minimal, the game (or, too large to print, in words: `100,001 piles of 1
  stone; 1 forbidden move: 1 1`, written to --out, or, with neither --out nor --save, to a
  file in $TMPDIR that the report names), the expected and actual output or what the
  run did (the end of its standard error, escaped), each pile's Grundy value, the breakpoints
  and a winning move (`why:`; not for the right answer printed with more beside it, where it
  says so instead), and the game as found as a `gen` command line. The whole standard output is
  compared, trimmed, however long.";

const GAMES: &str = "\
The games:
  Every game is inside the statement's limits (1 <= N, M <= 2*10^5, values up to 10^18,
  distinct pairs): mostly small and growing, with tiny games at and around 2^31, 2^32, 2^53 and
  at and below 10^18 from the start, and some large ones, answering Aoki as often as Takahashi.
  From game 10 on, every other game up to game 34 is one of the judge's max tests at the largest
  size (--max-n, 200000), one of each shape a problem setter writes (`gen --shape NAME` prints
  it): all X distinct (random), the anti-hash game for a table growing to 2*10^5 keys
  (gcc-growth), all moves on one X (onex), the anti-hash game for a Python dict keyed by X
  (pydict), a long chain of consecutive special points (chain), every (x, y) for small x
  (triangle), the anti-hash game for a table reserved (gcc-reserve), many drops to one value
  (zeros), every pile on a special point (onspecial), all piles equal (equal), values at 10^18
  (top), N = 1 with M at most (onepile), M = 1 with N at most (onemove); later they come again
  with new seeds. Whatever the seed, games 4 to 11 hold the edges: a pile of exactly 10^18 with
  no move from it forbidden (game 4) and with one (game 7), each the only such pile of a game that
  answers Aoki (its nim-sum 0, so that a value wrong at that pile alone turns the answer), and
  tiny games near 2^31 (game 5), 2^32 (game 9) and 2^53 (game 11); with --beyond also values
  across 2^63 - 1 and 2^63 (game 3) and up to 2^64 - 1 (game 8).

  The anti-hash games are against g++'s std::unordered_map and unordered_set (whose hash of an
  integer is itself, and whose bucket is the key modulo a prime of libstdc++'s list) keyed by X,
  by a target X - Y or by a Grundy value: every such key is a multiple of 85229 and 172933, the
  bucket counts a table passes through on its way to 2*10^5 keys, or of 107897 and 202409, those
  of reserve(100000) and reserve(200000), so every key falls in one bucket. CPython's dict of
  ints probes h & mask, then 5 i + (h >> 5t) + 1: once h >> 5t is 0 every key follows one cycle,
  and pydict's X, in input order, first take a run of that cycle, then each one's first probes
  land on taken slots and its 12th inside the run, which it walks (80 s in CPython 3.11 to fill
  a dict of its 2*10^5 X, 0.1 s for uniform ones).

  Only the max tests: write them with gen and give their folder as --save, with --tests 0 (about
  45 s for a correct C++ solution on a busy 2-core machine):
    mkdir max; for s in random gcc-growth onex pydict chain triangle gcc-reserve zeros \\
      onspecial equal top onepile onemove; do constrained-nim gen --shape $s > max/$s.in; done
    constrained-nim hack --tests 0 --save max -- ./a.out

  --beyond also makes games past the statement, as `gen --beyond` does (N = 0, empty piles,
  repeated moves, values up to 2^64 - 1), and allows --max-n up to 2000000.";

const MEASUREMENT: &str = "\
Limits and verdicts:
  CMD gets the game on standard input as a judge gives it: a regular file (`fstat` gives its size,
  `mmap` maps it, as fast-input templates need), kept in memory, never on disk; with --interactive,
  a pipe from the referee. Its standard output and error are pipes to hack, and no other file is
  open in it (those hack has, its own or from its shell, are closed). The limits are the judge's,
  ABC255 G's by default (4 s, 1024 MiB). The verdicts:
  - wrong answer, however long the output: hack reads it as fast as `cat` would, keeping its start
    and its length (a gigabyte written within the limit is a wrong answer, as on the judge); an
    output that never ends is a timeout;
  - crash: a failure status or a signal (the end of its standard error shown, escaped);
  - stack overflow: a crash by a signal that goes away with a larger stack, every run, with the
    --stack it needs (the main thread's stack, set before exec, is as large as --memory by
    default, as AtCoder and DOMjudge give);
  - memory limit exceeded: a memory peak over --memory MiB, every process of the run together
    (a child never waited for too). Reserved, untouched memory is free (a thread's stack, a
    JVM's heap reservation): there is no address-space cap of hack's own, and a runaway is
    stopped at 4 times the limit (or the limit and 2 GiB) of memory really used. Over the
    memory limit before the time limit, in the run's own time (as a timeout counts it, read
    every tenth of a second or so), it is memory limit exceeded, however long it ran after;
  - timeout: a run over --timeout in wall time when run alone (no other job of hack running): a
    solution that waits is out of time too, and threads side by side are judged by the clock,
    not by their CPU time. The time it waited for a CPU that other work held is not counted: an
    idle judge has none, and a busy machine must not make a timeout. The report gives its CPU
    time beside, of every process and thread: `run alone it ran 4.21 s (4.19 s of CPU time);
    the limit is 4 s`. hack ends a run alone at 1.25 times the limit. A run that a machine too
    busy to judge held past 8 times the limit, within the limit less its wait, ends hack with
    status 2, never a timeout.

  How it is measured, over every process and every thread of a run, as a judge's sandbox does:
  where hack can make a control group, each run gets a new one (one is reused only when its run
  left nearly nothing charged to it): CPU time from cpu.stat, the memory peak from a v1 memory
  group or v2's memory.peak (which, as a judge's control group, also counts the page cache of
  the files the run writes or reads, and its files in /dev/shm), and cgroup.kill to end it. hack
  can make one as root, or as a user in its own group where that is delegated to the user:
  systemd delegates a user's own subtree of cgroup v2, whose memory controller hack has only
  where it is alone in its group, as when started by
    systemd-run --user --scope -p Delegate=yes constrained-nim hack -- ./a.out
  and where memory is a cgroup v1 controller, the user needs a v1 memory group of its own (one an
  administrator chowned to it). Elsewhere it counts from /proc, a few times a second: the memory
  the run's processes map, each page counted once (their proportional sets: memory shared after
  a fork or mapped by several counts once; not the page cache, nor files in /dev/shm not mapped),
  found through its process group, its descendants, and the orphans handed to hack that are in
  its IPC namespace or its process group, or, where runs have no namespaces, were born since it
  started (counted in every run then going, until a run alone
  confirms whose it is). The timeout and
  memory reports name the way used and what it does not count (`measured by ...`).

  Either way, the wait for a CPU that is not counted is the wait other work caused, from each
  thread's CPU time and wait a few times a second (and cpu.pressure's time when every thread
  waited at once): threads waiting behind the run's own threads, more of them than cores, count
  as the run's time. From /proc, a process that starts and ends between two looks (a version
  manager's python3 shim starts some forty) is taken to have waited as the run's others did,
  never longer than the time no process seen was ready to run, and only while other work kept
  every CPU hack may use busy (a CPU idle, or held by the run alone, would have run it at once). A run ends what is provably its own and nothing else: its control group,
  its process group while its main process is unreaped, each of its processes by a pidfd; an
  orphan left to hack ends once its run has (in its namespace, or, without namespaces, born after
  every run still going had started). Two hacks side by side never touch each other's runs.

  The box: each run is private, as in a judge's box. It may write only in places of its own, gone
  with it: its working directory and /tmp, each an overlay (it reads the machine's files, its
  writes land in a tmpfs of the run's), and its own /dev/shm. Everything else, your tests, --save,
  --out and your home among it, is read-only to it: Landlock refuses writes (Linux 5.13 on, no
  root needed), and the machine's mounts are read-only in its mount namespace, which refuses a
  change of mode, owner or times too. Its SysV shared memory, queues and semaphores live in an
  IPC namespace of its own and die with it. It holds no capability and can gain none
  (no_new_privs, an empty bounding set), so run as root it can neither leave its control group
  nor write /proc/sys; Landlock also keeps it from signalling processes outside its box (Linux
  6.12 on). Its standard input is a plain file opened for reading, its environment holds nothing
  of hack's (no TMPDIR: /tmp is its own), its control group namespace names no folder of hack's.
  It has a PID namespace of its own: it sees its own processes alone, as pid 2, the child of an
  init that names nothing of hack's, and what it leaves running ends with it. It has no network
  (a network namespace of its own), and may not make a socket of the file system's kind (a
  machine's path socket, a session bus or a daemon's, is within reach of any namespace; a
  socket pair between its own processes stays) nor touch the kernel's key rings (seccomp). The
  machine's control group trees are hidden from it. Under the working directory or /tmp, --save
  and --out are its own copies in its overlays: it may change them, never yours.
  The namespaces are made as root, or else in a user namespace of the run's own, where the
  machine allows them to users (the run keeps its user and group; other users' files show as
  nobody's). Mounts beneath the working directory or /tmp are carried onto the overlay,
  read-only; in a user namespace the kernel refuses an overlay over them, and such a working
  directory is read-only to the run (the report says so). A working directory of / is too. Where a wall cannot be had, the report says what that means: without namespaces
  (user namespaces refused), /tmp and the working directory are read-only to the run, TMPDIR is
  a scratch folder of its own removed after it, the SysV memory its processes made is removed
  after it (its queues and semaphores are not), /dev/shm is the machine's (`/dev/shm not private`),
  it sees hack's processes and yours (as where the kernel refuses it a /proc of its own) and
  reaches the network; without Landlock or without
  namespaces, your test folder, --save and --out are checked after each run, and a change ends
  hack with status 2, naming the file. Every report, a pass too, has the line `(measured
  by ...; a private box: ...)`; --json's measured_by, and audit --solutions, say the same.

  CMD runs without the variables that change what a program does (its buffering, start-up,
  asserts, hash order, memory's contents, threads' stacks, time or memory) and that a judge does
  not set: PYTHONUNBUFFERED, PYTHONINSPECT, PYTHONSTARTUP, PYTHONDEVMODE, PYTHONMALLOC,
  PYTHONWARNINGS, PYTHONBREAKPOINT, PYTHONOPTIMIZE, PYTHONHASHSEED, PYTHONINTMAXSTRDIGITS,
  PYTHONTRACEMALLOC, MALLOC_PERTURB_, MALLOC_CHECK_, GLIBC_TUNABLES, _STDBUF_I/O/E,
  RUST_MIN_STACK, GOGC, GOMEMLIMIT, NODE_OPTIONS, JAVA_TOOL_OPTIONS, _JAVA_OPTIONS,
  JDK_JAVA_OPTIONS, PERL5OPT (so a bot that never flushes is idle and a failing assert crashes,
  as on the judge, also where the shell sets PYTHONUNBUFFERED or PYTHONOPTIMIZE).";

const CONFIRMATION: &str = "\
Confirmation:
  Every failure is run again, alone, before it counts: the failure found must fail 4 runs of 4 (a
  solution that crashes one run in five passes that by chance once in 125; a timeout far over the
  limit, 2 of 2, see above). One that does not is flaky: it is run 8 times in all and reported with
  how often it failed (`it failed 2 of 8 runs`), not shrunk. A stack overflow is held to both
  halves of its claim, as many runs each: with the stack it names every run ends well, and with
  --stack every run crashes; a crash that comes back with the larger stack is a crash, confirmed
  as any crash is (a null pointer written on half the runs is a flaky crash, whatever the stack).
  The shrinker keeps a smaller game only when it fails a rerun too. \"Fails on every game\" is said
  only when the solution fails sample 1 every time, sample 2 and the two smallest games. A --memory
  too small for CMD's runtime to start at all (it ends well on the smallest games, with a peak of
  at most 64 MiB over the limit, as with --memory 1 for Python) is a usage error; a solution over a
  larger limit on every game is memory limit exceeded.";

const SHRINKING: &str = "\
Shrinking:
  Shrinking keeps the kind of failure and runs to a fixpoint, in rounds: the size bisected first
  (the fewest first forbidden moves, then the fewest first piles, that still fail: a probe 1, 2,
  4, ... then bisection, O(log N) runs); piles merged into one whose Grundy value is the xor of
  theirs (all into one, all but one, then pairs in games of up to 8 piles), which keeps the
  nim-sum, so that an overflow of the nim-sum ends at one or two piles; in a game of up to 64
  piles, its sub-games of one pile (each pile, each power of 2 below the largest: a 32-bit pile
  of 2^32 reads as 0) and of two (each pile beside one that keeps the nim-sum, each pair);
  every pile, every move, every value at once lowered; halves of the piles and of the moves dropped, then quarters, down to one (keeping an Aoki
  game's nim-sum at 0); pairs of equal piles; each pile, X and Y lowered toward 1 by a probe and
  bisection (O(log v) runs a value, never one step at a time). Candidates run --jobs at a time;
  the first that still fails wins and the others are killed; a game already tried is never run
  again. It stops at a 1-minimal game (no pile, pair of equal piles or forbidden move can go, no
  pile, X or Y can be 1 lower), or when --shrink-time (60 s) runs out, with the smallest failing
  game so far (a run still going is cut then); the report says which. --shrink-time is wall
  time, a busy machine's too: its runs' waits for a CPU do not make it longer. The games stay
  inside the statement.
  A wrong answer or a crash on a game of over 64 KiB of input has its size probed first, within
  half its share: games drawn afresh at its input's size and below (a few at each size, each
  share of piles, every number needed for the answer) are run and the size bisected; where all
  above fail the same way, confirmed, and all below pass, nothing is shrunk and the report says
  so (`it fails on every input over about 4.19 MB tried (16 games), and passes under: the
  input's size, not the game, is the cause`: a fixed input buffer), --json's `size_only` the
  two sizes in bytes. Any other mix shrinks the game; a probe cut short by its time says so.";

const GROWTH: &str = "\
A timeout's growth:
  The shrunk game is run alone at smaller sizes, its piles and its moves each halved, quartered,
  ... with the other held at 1 (at full size only where one alone shows no growth), and the
  report names what the times show, the size over the limit kept as a bound:
    time grows about quadratically in M (M^2.0: 0.05 s at M = 25,000 -> 0.80 s at M = 100,000;
    over the limit at M = 200,000)
    time jumps between M = 37,500 (0.02 s) and M = 43,750 (2.59 s): a threshold or collisions
    in a hash table
    never ends: still running after 16 s even at N = 1, M = 1 (an endless loop or a wait for input)
  (said only after one look of 4 limits, at least 2 s, at one pile and one move; one that ends
  there is: over the limit even at N = 1, M = 1, where it took 0.76 s: its time does not come
  from the game (a fixed cost: ...)). Where one pile and one move take the limit, or neither N
  nor M shows growth, the game is also run with its values scaled down (every value 1, then from
  2^10 up, 4 times as large each time):
    time grows about linearly in the largest value V, pile or X (V^1.0: 0.40 s at V = 2^21 ->
    1.60 s at V = 2^23; over the limit at V = 2^24)
  and it never ends only if it does not at the smallest values either. It says what the shrunk
  game cannot: with one pile left, whether the time is quadratic in M. A time is the run's CPU
  time where one thread worked at a time (no wait for a CPU bends it), else the time a timeout
  counts (threads side by side, a run that sleeps). On a busy machine every size runs three
  times, the least time kept, and times that rise above the start-up (one pile, one move) by
  less than it claim no power: time grows with M, how fast these times cannot tell.
  A memory limit exceeded, once shrunk (for at most half its share of --shrink-time), has its
  resident peak measured so within the rest of its share, the peak of one pile and one move
  (the runtime's own: Python's is about 10 MiB) the base, a peak over --memory a bound, each
  size run once (no busy machine moves a peak):
    memory grows about linearly in M (M^1.0: 258 MiB at M = 32,161 -> 899 MiB at M = 112,563;
    over the limit at M = 128,644)
  None where it fails on every game: its memory does not come from the game.";

const FILES: &str = "\
Files:
  --out FILE is checked before the search: it must be a new file or a game (an earlier --out); a
  file that does not read as a game, a file CMD names (also inside a `sh -c` script or an option
  --input=FILE), an executable, a FIFO or a device is refused, and a symbolic link is followed.
  --save DIR keeps each failure as DIR/hack-HASH.in and .out (`oj t -d DIR` replays them) and runs
  them first next time, like proptest's regression files (a game of DIR that fails as it is, its
  answer beside it as NAME.out, stays NAME and is not copied); what in DIR is not a game is skipped with
  a warning, and so is a game past the statement's limits (a value over 10^18, a repeated pair)
  unless --beyond. Both are written whole or not at all (a temporary file renamed into place): on a
  full disk the old --out stays as it was, no partial game is left in DIR, and the report says so.";

const PROCESSES: &str = "\
Processes and signals:
  Every process a run starts ends with the run, however it detached (setsid, double forks, an
  emptied environment): with a control group by cgroup.kill, else through the process group,
  the descendants and the orphans hack receives as their subreaper, swept after every run. It
  ends with hack too, however hack ends: SIGINT, SIGTERM and SIGHUP kill every running solution
  first; SIGKILL to hack or to its whole process group (as `timeout -s KILL` sends) is met by a
  guard in a process group of its own, which kills and removes every run's group (without a
  control group: what hack had seen of the run by then, a few times a second). A process is
  signalled by a pidfd, never by a number another process may have been given since.";

const INTERACTIVE: &str = "\
--interactive (the interactive version, as in AtCoder ABC278 G):
  CMD is a bot that plays the game against hack, a line a message. It receives the game on
  standard input (N M, the piles, the forbidden moves) and prints First or Second, the side it
  chooses. The sides alternate, First first; on its turn a side prints `I K` (take K stones from
  pile I, from 1), or `0 0` when it has no legal move, and then it has lost. After an illegal
  move by the bot (a pile out of range, K out of range, a forbidden move, a line that is not two
  integers, a `0 0` while it has a move, a line over 4096 bytes) hack prints `-1 -1` and the
  game ends. After hack's `0 0` the bot has won and must exit. On sample 1 (piles 1 2 4; from 2
  taking 1, from 3 taking 3 or 1, from 1 taking 1 are forbidden), > the bot's lines, < hack's:
    < 3 4            the game: N M, the piles, the forbidden moves
    < 1 2 4
    < 2 1
    < 3 3
    < 3 1
    < 1 1
    > First          nim-sum of the Grundy values 0 ^ 1 ^ 2 = 3: whoever moves first wins
    > 3 1            piles 1 2 3, values 0 1 1: nim-sum 0
    < 2 2            piles 1 0 3
    > 3 2            piles 1 0 1: from 1 taking 1 is forbidden, no move is left
    < 0 0            hack has no move: the bot has won, and exits

  It plays CMD on the statement's two samples and the games of --save DIR (up to 10,000 stones
  in all; past the statement's limits only with --beyond), one at a time, then on --tests
  generated games, small first and growing (up to 6 piles of 40 stones: every game ends within
  a few hundred moves), --jobs at a time. It takes the side CMD leaves
  and plays perfectly from a won position; from a lost one it plays, by the seed, the move that
  most often trips a bot: one after which plain Nim's answer (the xor of the piles) is forbidden
  or wrong, or only one move wins, or a pile sits on a special point. Verdicts:
  - lost: the bot chose the losing side, or let a won position go, and lost the game;
  - illegal move: the line, and why it is not a move (`from 2 stones, taking 1 is forbidden`);
  - protocol error: a line where a side or a move was due that is neither (a debug line on
    standard output), quoted, or no side at all;
  - idleness: the bot and hack each wait for the other: for 1 s the bot sleeps in a read of its
    standard input, nothing of it running, while hack waits for its line (from /proc: each
    thread's system call and its file). Its answer sits unflushed in its buffer (\"did you flush
    standard output?\"), or it reads more than it is sent (to the end of the input). A bot asleep
    otherwise (a sleep, a wait for a child) is spending its own time;
  - timeout: over --timeout seconds for the whole run, as the judge counts them: wall time from
    its start, asleep or not, less hack's turns and its waits for a CPU other work held. Within
    it a bot may think on one move as long as it likes;
  - memory limit exceeded: a memory peak over --memory MiB within the time limit, every process
    of the bot together, measured as a batch run's (a --memory too small for the runtime alone
    to run the bot is a usage error, as in batch);
  - crash: a failure status or a signal, mid-game or after it (its standard error shown);
  - did not exit: it won, but was still running at the time limit (its input is closed after the
    game, as a judge closes it).
  Every game is played with a seed of its own, and a failure is confirmed as in batch (see
  Confirmation), the game played again with the same seed: it must fail 4 runs of 4; one that
  does not is flaky, played 8 times in all and reported with how often it failed and its play,
  not shrunk, and kept as --out and --save say. A bot that fails sample 1, sample 2 and both of
  the smallest games (one pile of 1 or of 2 stones, taking 1 forbidden from 1) fails every game
  and is reported on the first of the smallest; any other failure is shrunk by hack's shrinker,
  each smaller game played with the same seed, and the smallest played once more. The report
  gives the game, the whole play, each move with the piles and nim-sum it leaves, where the bot
  went wrong in the game's terms (the Grundy values, the nim-sum, a winning move it could have
  made), the game as gen makes it, and --out/--save as above. The tool's own player is
  a bot that must pass: `constrained-nim hack --interactive -- constrained-nim play --machine -`.";

const EXIT: &str = "\
Exit status (grep's convention):
  0  every game passed
  1  a failure was found (flaky ones too)
  2  hack could not do its work: a bad command line, a CMD that cannot be started, a --memory
     too small for CMD's runtime to start at all, a game it cannot write or save, or give CMD as
     a file (a file-size limit, ulimit -f, below its size), the machine refusing a process or a
     pipe, or too busy to judge a run, memory run out
  129, 130, 143  stopped by SIGHUP, SIGINT (Ctrl-C), SIGTERM with nothing found (every running
     solution is killed first)";
