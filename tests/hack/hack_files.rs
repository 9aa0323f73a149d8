//! What `hack` keeps on disk and how it takes its command line: `--out` and `--save` are
//! checked before the search, written whole or not at all (a full disk keeps the old file), a
//! file that is not a game is never overwritten nor replayed, and a forgotten `--` gets a tip.

use super::common;

use common::run;
use std::path::{Path, PathBuf};

const BINARY: &str = env!("CARGO_BIN_EXE_constrained-nim");
const SAMPLE_1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample-1.in");

/// A fresh folder of this test's own, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir =
            std::env::temp_dir().join(format!("constrained-nim-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names in the folder, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A solution that is right (this tool answers) on games of at most 50 piles and crashes with
/// status 7 on larger ones: its failing games are large, so writing one is many bytes.
const CRASH_OVER_50: &str =
    r#"g=$(cat); set -- $g; [ "$1" -gt 50 ] && exit 7; printf '%s\n' "$g" | "$0""#;

#[test]
fn out_never_overwrites_what_is_not_a_game() {
    let dir = Folder::new("out-guard");
    // The solution's source, run through a shell from its folder: no word of CMD names it
    // (a relative name in another folder), yet it is no game.
    let victim = dir.join("victim.py");
    std::fs::write(&victim, "print('Takahashi')\n").unwrap();
    let script = format!("cd '{}' && python3 victim.py", text(&dir.0));
    let refused = run(
        &["hack", "--out", text(&victim), "--", "sh", "-c", &script],
        b"",
    );
    assert_eq!(refused.status, 2, "{refused:?}");
    assert!(
        refused.stderr.contains("exists and is not a game"),
        "{refused:?}"
    );
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "print('Takahashi')\n"
    );
    // A FIFO would block hack before the search: refused at once.
    let fifo = dir.join("fifo.in");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let refused = run(&["hack", "--out", text(&fifo), "--", "true"], b"");
    assert_eq!(refused.status, 2, "{refused:?}");
    assert!(
        refused.stderr.contains("is not a regular file"),
        "{refused:?}"
    );
    // --save naming a regular file, said in words.
    let refused = run(&["hack", "--save", text(&victim), "--", "true"], b"");
    assert_eq!(refused.status, 2, "{refused:?}");
    assert!(
        refused.stderr.contains("is a file, not a folder"),
        "{refused:?}"
    );
}

/// A dangling symbolic link is followed, as the shell's `>` follows it: the game lands at its
/// target, and the link stays a link. An earlier game at --out is replaced by the new one.
#[test]
fn out_follows_a_link_and_replaces_an_earlier_game() {
    let dir = Folder::new("out-link");
    let target = dir.join("target.in");
    let link = dir.join("link.in");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    // `echo Takahashi` fails sample 2, whose first player has no move at all.
    let found = run(
        &["hack", "--out", text(&link), "--", "echo", "Takahashi"],
        b"",
    );
    assert_eq!(found.status, 1, "{found:?}");
    assert!(
        found.stderr.contains("Takahashi has no move at all"),
        "{found:?}"
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let game = std::fs::read_to_string(&target).unwrap();
    assert_eq!(run(&[text(&target)], b"").assert_ok(), "Aoki\n", "{game}");
    // The game is replaced by the next one; nothing else is left in the folder.
    std::fs::copy(SAMPLE_1, &target).unwrap();
    let again = run(
        &["hack", "--out", text(&link), "--", "echo", "Takahashi"],
        b"",
    );
    assert_eq!(again.status, 1, "{again:?}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), game);
    assert_eq!(dir.names(), ["link.in", "target.in"]);
}

/// How the test makes a mount namespace of its own: `unshare --mount` as root, else through a
/// user namespace; `None`, with a note, where neither can be had.
fn unshare() -> Option<&'static [&'static str]> {
    // SAFETY: geteuid cannot fail.
    let flags: &[&str] = if unsafe { libc::geteuid() } == 0 {
        &["--mount"]
    } else {
        &["--user", "--map-root-user", "--mount"]
    };
    let works = std::process::Command::new("unshare")
        .args(flags)
        .arg("true")
        .status()
        .is_ok_and(|status| status.success());
    if !works {
        common::skipped(&format!(
            "no mount namespace (unshare {flags:?}): the full-disk test"
        ));
    }
    works.then_some(flags)
}

/// A full disk keeps the file at --out whole, with its permissions, and leaves nothing in
/// --save DIR (not even a game's answer without its game); the report says so, and the next run
/// with that folder is not taken in. The disk is a tmpfs of 64 KiB filled up, mounted on the
/// test's folder in a mount namespace of its own (which a file-size limit, `ulimit -f`, cannot
/// stand for: it stops the games too, each a file in memory); the script prints what the
/// folder holds after hack, as the namespace ends with it.
#[test]
fn a_full_disk_keeps_the_old_game_and_leaves_no_partial_one() {
    let Some(flags) = unshare() else { return };
    let dir = Folder::new("full-disk");
    let script = r#"
        mount -t tmpfs -o size=64k full "$1" && cp "$2" "$1/minimal.in" &&
            chmod 600 "$1/minimal.in" && mkdir "$1/saved" || exit 99
        head -c 1048576 /dev/zero > "$1/filler" 2>/dev/null
        "$0" hack --seed 1 --tests 300 --max-n 300 --shrink-time 0 --out "$1/minimal.in" \
            --save "$1/saved" -- sh -c "$3" "$0"
        echo "status $?"
        "$0" hack --tests 3 --save "$1/saved" -- "$0" 2>/dev/null
        echo "replayed $?"
        echo "mode $(stat -c %a "$1/minimal.in")"
        echo "names" $(ls -A "$1")
        echo "saved" $(ls -A "$1/saved")
        cat "$1/minimal.in"
    "#;
    let output = std::process::Command::new("unshare")
        .args(flags)
        .args(["sh", "-c", script, BINARY])
        .args([text(&dir.0), SAMPLE_1, CRASH_OVER_50])
        .output()
        .unwrap();
    let full = common::Run::new(
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        &String::from_utf8_lossy(&output.stderr),
    );
    // A failure found, but hack could not keep it: its own trouble, status 2.
    assert!(full.stdout.starts_with("status 2\n"), "{full:?}");
    let no_space = "cannot write the game: No space left on device";
    assert!(full.stderr.contains(no_space), "{full:?}");
    assert!(full.stderr.contains("left as it was"), "{full:?}");
    assert!(
        full.stderr.contains("cannot save the game") && full.stderr.contains("nothing was kept"),
        "{full:?}"
    );
    assert!(
        full.stderr.contains("not kept (see the error below)"),
        "{full:?}"
    );
    let sample = std::fs::read_to_string(SAMPLE_1).unwrap();
    let held = "replayed 0\nmode 600\nnames filler minimal.in saved\nsaved\n";
    assert_eq!(full.stdout, format!("status 2\n{held}{sample}"), "{full:?}");
}

/// A file-size limit in the shell (`ulimit -f`) below a game's size stops hack, which gives
/// each game as a file, with status 2 and the limit named: not a failure of the solution.
#[test]
fn a_file_size_limit_below_a_game_is_named() {
    let script = "ulimit -f 1; exec \"$0\" hack --seed 1 --tests 20 -- \"$0\"";
    let run = common::run_shell(script, BINARY, b"");
    assert_eq!(run.status, 2, "{run:?}");
    assert!(
        run.stderr
            .starts_with("error: cannot go on testing: cannot make the game's file"),
        "{run:?}"
    );
    assert!(run.stderr.contains("(ulimit -f)"), "{run:?}");
}

/// What is in --save DIR but is not a game, a folder named `x.in` or a file that does not read
/// as a game, is skipped with a warning line: never a failure of the solution. The game that is
/// one is run, and the pass names it.
#[test]
fn saved_entries_that_are_not_games_are_skipped_with_a_warning() {
    let dir = Folder::new("save-junk");
    std::fs::write(dir.join("junk.in"), "this is no game\n").unwrap();
    std::fs::create_dir(dir.join("folder.in")).unwrap();
    std::fs::copy(SAMPLE_1, dir.join("sample.in")).unwrap();
    let right = run(
        &["hack", "--tests", "2", "--save", text(&dir.0), "--", BINARY],
        b"",
    );
    assert_eq!(right.status, 0, "{right:?}");
    let warnings: Vec<&str> = right
        .stderr
        .lines()
        .filter(|l| l.starts_with("hack: warning: skipped "))
        .collect();
    assert_eq!(warnings.len(), 2, "{right:?}");
    assert!(
        warnings[0].contains("folder.in: not a file"),
        "{warnings:?}"
    );
    assert!(
        warnings[1].contains("junk.in: not a game (line 1"),
        "{warnings:?}"
    );
    assert!(
        right
            .stderr
            .contains("the 2 samples, the saved game and all 2 generated games passed"),
        "{right:?}"
    );
    let none = run(&["hack", "--tests", "0", "--", BINARY], b"");
    assert_eq!(none.status, 0, "{none:?}");
    assert!(
        none.stderr
            .contains("the 2 samples passed; no game was generated (--tests 0)"),
        "{none:?}"
    );
}

/// A right solution that asserts the statement's limits (exit 3 past them),
/// as careful submissions do.
const ASSERTS_THE_LIMITS: &str = r#"g=$(cat); printf '%s\n' "$g" | "$0" --check --strict >/dev/null || exit 3; printf '%s\n' "$g" | "$0""#;

/// Games saved in --save DIR past the statement (one placed by hand with X = 10^18 + 1, one
/// with a repeated pair) are skipped with a warning without --beyond, never reported as the
/// crash of a right solution that asserts the limits; with --beyond they run.
#[test]
fn saved_games_past_the_statement_run_only_with_beyond() {
    let dir = Folder::new("save-beyond");
    std::fs::write(
        dir.join("big.in"),
        "1 1\n1000000000000000001\n1000000000000000001 1\n",
    )
    .unwrap();
    std::fs::write(dir.join("twice.in"), "1 2\n5\n3 1\n3 1\n").unwrap();
    let hack = |beyond: &[&str]| {
        let args = [&["hack", "--tests", "0", "--shrink-time", "0"], beyond].concat();
        let args = [
            &args[..],
            &[
                "--save",
                text(&dir.0),
                "--",
                "sh",
                "-c",
                ASSERTS_THE_LIMITS,
                BINARY,
            ],
        ]
        .concat();
        run(&args, b"")
    };
    let inside = hack(&[]);
    assert_eq!(inside.status, 0, "{inside:?}");
    let warnings: Vec<&str> = inside
        .stderr
        .lines()
        .filter(|l| l.starts_with("hack: warning: skipped "))
        .collect();
    assert_eq!(warnings.len(), 2, "{inside:?}");
    assert!(
        warnings[0]
            .contains("big.in: past the statement's limits (pile 1: A = 1000000000000000001")
            && warnings[0].ends_with("; add --beyond"),
        "{warnings:?}"
    );
    assert!(
        warnings[1].contains(
            "twice.in: past the statement's limits (forbidden move 2 repeats forbidden move 1"
        ),
        "{warnings:?}"
    );
    let beyond = hack(&["--beyond"]);
    assert_eq!(beyond.status, 1, "{beyond:?}");
    assert!(
        beyond.stderr.starts_with("hack: crash on the saved game ")
            && beyond.stderr.contains("big.in"),
        "{beyond:?}"
    );
}

/// A saved game that fails as it is (the smallest there is, so not shrunk) is named where it
/// is, with its answer beside it: not saved a second time under hack's own name, where a max
/// test's copy is megabytes and replays twice.
#[test]
fn a_saved_game_that_fails_as_it_is_is_not_saved_again() {
    let dir = Folder::new("save-again");
    std::fs::write(dir.join("mine.in"), "2 1\n1 1\n1 1\n").unwrap();
    std::fs::write(dir.join("mine.out"), "Aoki\n").unwrap();
    let args = [
        "hack",
        "--tests",
        "0",
        "--save",
        text(&dir.0),
        "--",
        common::python(),
        "tests/solutions/nim.py",
        "crash-equal-piles",
    ];
    let found = run(&args, b"");
    assert_eq!(found.status, 1, "{found:?}");
    assert!(
        found.stderr.starts_with("hack: crash on the saved game ")
            && found.stderr.contains("mine.in"),
        "{found:?}"
    );
    let mine = text(&dir.0).to_owned() + "/mine";
    let said = format!("already saved as {mine}.in and {mine}.out");
    assert!(found.stderr.contains(&said), "{found:?}");
    assert_eq!(dir.names(), ["mine.in", "mine.out"], "{found:?}");
}

/// The solution goes after `--`: forgetting it gets a tip with the command line that works,
/// and an option hack does not know is not to be handed to the solution as clap's tip says.
#[test]
fn a_forgotten_double_dash_gets_the_command_line_that_works() {
    let bare = run(&["hack", "--tests", "3", "python3", "sol.py"], b"");
    assert_eq!(bare.status, 2, "{bare:?}");
    assert!(
        bare.stderr.contains(
            "tip: the solution to test goes after '--': \
             constrained-nim hack --tests 3 -- python3 sol.py"
        ),
        "{bare:?}"
    );
    let option = run(&["hack", "-k", "2", "--", "true"], b"");
    assert_eq!(option.status, 2, "{option:?}");
    assert!(!option.stderr.contains("use '-- -k'"), "{option:?}");
    assert!(
        option
            .stderr
            .contains("an option of the solution goes after '--' and CMD"),
        "{option:?}"
    );
    // -j is --jobs, as in make and cargo.
    let jobs = run(&["hack", "-j", "1", "--tests", "1", "--", BINARY], b"");
    assert_eq!(jobs.status, 0, "{jobs:?}");
}

/// A temporary name that someone else holds is passed over, never removed; a game replacing an
/// earlier one keeps its permissions.
#[test]
fn temporary_names_taken_by_others_are_left_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Folder::new("taken-names");
    let out = dir.join("minimal.in");
    std::fs::copy(SAMPLE_1, &out).unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    // hack keeps the shell's pid (exec): the names its temporary files would take first.
    let script = format!(
        "cd '{}' && for i in 0 1 2 3; do echo precious > .minimal.in.$$-$i.tmp; done; \
         exec \"$0\" hack --out minimal.in -- echo Takahashi",
        text(&dir.0)
    );
    let found = common::run_shell(&script, BINARY, b"");
    assert_eq!(found.status, 1, "{found:?}");
    assert_eq!(run(&[text(&out)], b"").assert_ok(), "Aoki\n", "{found:?}");
    assert_eq!(
        std::fs::metadata(&out).unwrap().permissions().mode() & 0o777,
        0o640
    );
    let precious: Vec<String> = dir
        .names()
        .into_iter()
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert_eq!(precious.len(), 4, "{:?}", dir.names());
    for name in precious {
        assert_eq!(
            std::fs::read_to_string(dir.join(&name)).unwrap(),
            "precious\n"
        );
    }
}

/// A game that CMD reads, named inside a shell's script or an option (`--input=FILE`), is
/// CMD's file too: never overwritten.
#[test]
fn out_named_inside_cmds_words_is_refused() {
    let dir = Folder::new("named-inside");
    let data = dir.join("data.in");
    std::fs::copy(SAMPLE_1, &data).unwrap();
    let script = format!("python3 uses.py {}", text(&data));
    let option = format!("--input={}", text(&data));
    for cmd in [
        vec!["sh", "-c", script.as_str()],
        vec!["python3", "uses.py", option.as_str()],
    ] {
        let mut args = vec!["hack", "--tests", "3", "--out", text(&data), "--"];
        args.extend(&cmd);
        let refused = run(&args, b"");
        assert_eq!(refused.status, 2, "{cmd:?}: {refused:?}");
        assert!(
            refused.stderr.contains("CMD names this file"),
            "{cmd:?}: {refused:?}"
        );
    }
    assert_eq!(
        std::fs::read(&data).unwrap(),
        std::fs::read(SAMPLE_1).unwrap()
    );
}

/// `--help` goes through the same standard output as every answer: closed, it is an error
/// (status 1; judge's is testlib's FAIL, 3, as when its output is full).
#[test]
fn help_to_a_closed_or_full_output_is_an_error() {
    let closed = common::run_shell("exec \"$0\" --help >&-", BINARY, b"");
    assert_eq!(closed.status, 1, "{closed:?}");
    assert_eq!(
        closed.stderr,
        "error: writing the answer: standard output is closed\n"
    );
    let full = common::run_shell("exec \"$0\" judge --help >/dev/full", BINARY, b"");
    assert_eq!(full.status, 3, "{full:?}");
    assert!(
        full.stderr.starts_with("error: writing the answer: "),
        "{full:?}"
    );
}
