//! How a run of the tool ends, and the one table of exit statuses: below the dispatcher and
//! every subcommand, which all name their endings here and never each other's.

/// How a run of the tool ended, each subcommand's way: [`status`] turns it into the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The work done: an answer, a table, a picture printed; a game played to its end; an
    /// audit that passed.
    Done,
    /// The tool failed: not a game, a file that cannot be read or written, memory run out.
    Failed,
    /// A wrong command line.
    Usage,
    /// How `hack` ended.
    Hack(Ended),
    /// `judge`'s verdict on an output, or its own failure.
    Judged(Judged),
    /// `play --machine`: the other side broke the protocol, or left mid-game.
    Refused,
    /// `audit`: something is missing or wrong.
    Missing,
}

/// The exit statuses, the one table of them (the README's "Exit status", each subcommand's
/// --help): the tool's own (0 done, 1 failed, 2 a wrong command line, as clap's); hack's as
/// grep's (0 nothing found, 1 found, 2 trouble; a signal's as a shell's); judge's as testlib's.
pub(crate) fn status(exit: Exit) -> i32 {
    match exit {
        Exit::Done => 0,
        Exit::Failed | Exit::Refused | Exit::Missing => 1,
        Exit::Usage => 2,
        Exit::Hack(Ended::Passed) => 0,
        Exit::Hack(Ended::Found) => 1,
        Exit::Hack(Ended::Trouble) => 2,
        Exit::Hack(Ended::Interrupted(signal)) => 128 + signal,
        Exit::Judged(Judged::Accepted) => 0,
        Exit::Judged(Judged::Wrong) => 1,
        Exit::Judged(Judged::Format) => 2,
        // testlib's `_fail`: the checker could not judge (its command line, its memory, the
        // game), which is never a verdict on the output.
        Exit::Judged(Judged::Fail) => 3,
    }
}

/// How a run of hack ended; [`status`] turns it into the exit status (grep's: 0 nothing
/// found, 1 found, 2 trouble). The later variant wins where a run ends two ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Ended {
    /// Every game passed.
    Passed,
    /// A failure was found, flaky ones too.
    Found,
    /// hack could not do its work: a game it could not keep where asked, a machine too busy to
    /// judge (a CMD it cannot start is a usage error, `Failure::Usage`).
    Trouble,
    /// A signal stopped it with nothing found: the signal's number.
    Interrupted(i32),
}

/// judge's verdict, as testlib gives it (its exit statuses are [`status`]'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Judged {
    /// A right answer (testlib's `_ok`).
    Accepted,
    /// A winner's name or a move, but not a right one (`_wa`).
    Wrong,
    /// Not in the answer's format (`_pe`).
    Format,
    /// The checker could not judge (`_fail`): never a verdict on the output.
    Fail,
}
