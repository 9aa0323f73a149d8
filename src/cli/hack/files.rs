//! What `hack` keeps on disk, and the checks before the search that make keeping it safe:
//! `--out FILE` (one game) and `--save DIR` (oj's layout, replayed first on the next run).
//!
//! Every file is written whole or not at all: to a temporary file in the same folder, synced,
//! then renamed into place, so that a full disk or a killed hack never leaves a truncated game
//! where a game was, nor a truncated `hack-*.in` that later runs would replay. A file that is
//! not a game is never overwritten, and a saved "game" that does not read as one, or one past
//! the statement's limits without `--beyond`, is skipped with a warning, never taken for a
//! failure.

use crate::Game;
use crate::cli::game::{Failure, ShownPath, load};
use crate::cli::strict;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// How many links `--out` may go through before it is taken for a loop, as the kernel's own
/// bound on path resolution.
const MOST_LINKS: usize = 40;

/// Where `--out` really writes: `out` itself, or the file at the end of its symbolic links
/// (a link is followed, as the shell's `>` follows it, and never replaced by the game).
fn resolve(out: &Path) -> Result<PathBuf, String> {
    let mut path = out.to_owned();
    for _ in 0..MOST_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&path).map_err(|e| e.to_string())?;
                let folder = path.parent().unwrap_or(Path::new("."));
                path = folder.join(target);
            }
            _ => return Ok(path),
        }
    }
    Err("too many levels of symbolic links".to_owned())
}

/// The folder a file at `path` lives in.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Checks `--out` before any game runs, and returns the path to write the game to.
///
/// Refused: a file CMD names (its program found through `PATH` too), an executable, a
/// directory, anything that is not a regular file (a FIFO would block hack, a device is no
/// place for a game), an existing file that does not read as a game (only a game, such as an
/// earlier `--out`, is ever overwritten), and a folder hack cannot write in (the game is
/// renamed into place, which needs the folder).
pub(super) fn check_out(out: &Path, command: &[OsString]) -> Result<PathBuf, Failure> {
    let shown = ShownPath(out);
    let refuse = |why: String| Failure::Usage(format!("--out {shown}: {why}"));
    let target = resolve(out).map_err(refuse)?;
    if let Ok(meta) = fs::metadata(&target) {
        let program = command.first().and_then(on_path);
        let named = command.iter().flat_map(words_of).chain(program);
        for path in named {
            let same =
                fs::metadata(&path).is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino());
            if same {
                return Err(refuse(
                    "CMD names this file; hack will not overwrite it".to_owned(),
                ));
            }
        }
        let kind = meta.file_type();
        if kind.is_dir() {
            return Err(refuse("is a directory; name a file".to_owned()));
        }
        if kind.is_fifo() || kind.is_socket() || kind.is_char_device() || kind.is_block_device() {
            return Err(refuse(
                "is not a regular file (a FIFO, a socket or a device); name a file".to_owned(),
            ));
        }
        // A game is never meant to replace a program, whoever runs it.
        if meta.permissions().mode() & 0o111 != 0 {
            return Err(refuse(
                "is an executable file; hack will not overwrite it".to_owned(),
            ));
        }
        if let Err(e) = load(Some(&target)) {
            let why = match e {
                Failure::Input(_, e) => e.to_string(),
                other => other.to_string(),
            };
            return Err(refuse(format!(
                "exists and is not a game ({why}); hack overwrites only a game, such as an \
                 earlier --out: name a new file, or remove this one"
            )));
        }
    }
    probe_folder(folder_of(&target)).map_err(|e| refuse(format!("cannot write there: {e}")))?;
    Ok(target)
}

/// Checks `--save` before any game runs: a folder (made if missing) that hack can write in.
pub(super) fn check_save(dir: &Path) -> Result<(), Failure> {
    let shown = ShownPath(dir);
    if let Ok(meta) = fs::metadata(dir)
        && !meta.is_dir()
    {
        return Err(Failure::Usage(format!(
            "--save {shown}: is a file, not a folder; name a folder (it is made if missing)"
        )));
    }
    fs::create_dir_all(dir)
        .and_then(|()| probe_folder(dir))
        .map_err(|e| Failure::Usage(format!("--save {shown}: cannot write there: {e}")))
}

/// Whether a file can be made in `folder`: one is made and removed.
fn probe_folder(folder: &Path) -> io::Result<()> {
    let (probe, _) = create_beside(&folder.join("probe"))?;
    fs::remove_file(&probe)
}

/// A name for a temporary file in the folder of `path`, hidden and unique to this run, that
/// `--save`'s replay (which reads `*.in`) never takes for a game.
fn temporary_beside(path: &Path) -> PathBuf {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(OsString::new, |n| n.to_owned());
    let mut hidden = OsString::from(".");
    hidden.push(name);
    hidden.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    folder_of(path).join(hidden)
}

/// Makes a new temporary file beside `path`: a name already taken (by anyone) is passed over,
/// never opened nor removed.
fn create_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    let mut tries = 0;
    loop {
        let temporary = temporary_beside(path);
        match File::create_new(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 100 => tries += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: what was at `path` stays as it was when any
/// step fails (a full disk, a size limit), and no partial file is left behind. A file replaced
/// keeps its permissions.
pub(in crate::cli) fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (temporary, mut file) = create_beside(path)?;
    let written = (|| {
        if let Ok(meta) = fs::metadata(path) {
            file.set_permissions(meta.permissions())?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    // hack's own write is no run's doing (see `run::watch`).
    super::run::settle();
    written
}

/// Writes `case` as DIR/NAME.in with its answer in NAME.out, NAME from the game's bytes (the
/// same game saved twice is one file); returns DIR/NAME. The answer is written first, so that
/// a `NAME.in` (what the replay reads) never stands without it.
fn save(dir: &Path, case: &Game, input: &[u8]) -> io::Result<Saved> {
    let game = case.clone();
    let answer = crate::winner(game).map_err(|e| io::Error::other(e.to_string()))?;
    let answer = format!("{answer}\n");
    // A saved game that failed as it is (not shrunk) is there already, under whatever name:
    // a second copy of a max test is megabytes, and replays twice.
    if let Some(name) = same_game(dir, input, answer.as_bytes()) {
        return Ok(Saved {
            name,
            already: true,
        });
    }
    let name = dir.join(format!("hack-{:016x}", fnv(input)));
    let (game_file, answer_file) = (name.with_extension("in"), name.with_extension("out"));
    // Only files are replaced: a folder or a link at either name is someone else's.
    for path in [&game_file, &answer_file] {
        if fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(io::Error::other(format!(
                "{} is there and is not a file",
                ShownPath(path)
            )));
        }
    }
    let answer_was_there = answer_file.exists();
    write_whole(&answer_file, answer.as_bytes())?;
    if let Err(e) = write_whole(&game_file, input) {
        // No answer without its game: the pair is kept whole or not at all.
        if !answer_was_there {
            let _ = fs::remove_file(&answer_file);
        }
        return Err(e);
    }
    Ok(Saved {
        name,
        already: false,
    })
}

/// FNV-1a of `bytes`: a stable name for the same game on every machine.
fn fnv(bytes: &[u8]) -> u64 {
    (bytes.iter()).fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// A game kept in `--save` DIR: `DIR/NAME`, and whether it was there already.
struct Saved {
    name: PathBuf,
    already: bool,
}

/// `DIR/NAME` where `DIR/NAME.in` holds exactly `input` and `DIR/NAME.out` exactly `answer`
/// (files, not links), if some saved game does.
fn same_game(dir: &Path, input: &[u8], answer: &[u8]) -> Option<PathBuf> {
    let same = |path: &Path, bytes: &[u8]| {
        fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
            && fs::read(path).is_ok_and(|held| held == bytes)
    };
    saved_games(dir)
        .into_iter()
        .find(|game| same(game, input) && same(&game.with_extension("out"), answer))
        .map(|game| game.with_extension(""))
}

/// Where a failing game was kept, and what could not be kept.
pub(super) struct Kept {
    /// The places the game went: `--out` as given, `DIR/NAME.in`.
    pub(super) places: Vec<PathBuf>,
    /// `DIR/NAME` when it was saved in `--save DIR`, or found there already.
    saved: Option<Saved>,
    /// An `error:` line for each place it could not go.
    pub(super) trouble: Vec<String>,
}

impl Kept {
    /// The places the game went, as JSON strings: each path as it is, where it is UTF-8; else
    /// shown escaped (as the text report shows every one).
    pub(super) fn json_places(&self) -> Vec<String> {
        (self.places.iter())
            .map(|p| {
                p.to_str()
                    .map_or_else(|| ShownPath(p).to_string(), str::to_owned)
            })
            .collect()
    }

    /// The report's last lines: where the game was saved, and what could not be kept.
    fn tell(&self, text: &mut String) {
        use std::fmt::Write as _;
        if let Some(Saved { name, already }) = &self.saved {
            let already = if *already { "already " } else { "" };
            let name = ShownPath(name);
            let _ = writeln!(text, "{already}saved as {name}.in and {name}.out");
        }
        for line in &self.trouble {
            let _ = writeln!(text, "{line}");
        }
    }

    /// Ends the report `text` with [`Kept::tell`], writes it to standard error but for its
    /// first `told` bytes (written already); whether the game was kept everywhere asked.
    pub(super) fn finish(&self, text: &mut String, told: usize) -> bool {
        self.tell(text);
        let _ = io::stderr().lock().write_all(&text.as_bytes()[told..]);
        self.trouble.is_empty()
    }
}

/// Keeps the failing `case` (its `input`) at `--out` (`out`: the file written, links
/// followed, and the path as given) and in `--save` DIR. A failed write leaves the file that
/// was there as it was ([`write_whole`]), and says so.
pub(super) fn keep(
    out: Option<(&Path, &Path)>,
    save: Option<&Path>,
    case: &Game,
    input: &[u8],
) -> Kept {
    let mut kept = Kept {
        places: Vec::new(),
        saved: None,
        trouble: Vec::new(),
    };
    if let Some((target, given)) = out {
        match write_whole(target, input) {
            Ok(()) => kept.places.push(given.to_path_buf()),
            Err(e) => kept.trouble.push(format!(
                "error: --out {}: cannot write the game: {e}; the file was left as it was",
                ShownPath(given)
            )),
        }
    }
    // A game too large to print, kept nowhere asked, is kept all the same: the report names
    // the file, so that the game is not lost with the report (no write, no word: nothing
    // was asked).
    if out.is_none() && save.is_none() && case.size() > super::report::PRINTED_UP_TO {
        let path =
            std::env::temp_dir().join(format!("constrained-nim-hack-{:016x}.in", fnv(input)));
        if write_whole(&path, input).is_ok() {
            kept.places.push(path);
        }
    }
    if let Some(dir) = save {
        match self::save(dir, case, input) {
            Ok(saved) => {
                let mut game_file = saved.name.clone().into_os_string();
                game_file.push(".in");
                kept.places.push(game_file.into());
                kept.saved = Some(saved);
            }
            Err(e) => kept.trouble.push(format!(
                "error: --save {}: cannot save the game: {e}; nothing was kept there",
                ShownPath(dir)
            )),
        }
    }
    kept
}

/// The games saved in `dir`: its `*.in` files, by name.
pub(super) fn saved_games(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut inputs: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
}

/// The saved game at `path`; what is not a game (a folder named `x.in`, a file that does not
/// read as a game, one that cannot be read) is skipped with a warning on standard error, and so
/// is a game past the statement's limits unless `beyond`: a right solution may assert them, and
/// would be reported as a crash on a game the judge never gives.
pub(super) fn read_saved(path: &Path, beyond: bool) -> Option<Game> {
    let why = if fs::metadata(path).is_ok_and(|m| m.is_file()) {
        match load(Some(path)) {
            Ok(game) => match strict::violation(&game).filter(|_| !beyond) {
                None => {
                    return Some(Game {
                        piles: game.piles,
                        forbidden: game.forbidden,
                    });
                }
                Some(broken) => format!("past the statement's limits ({broken}); add --beyond"),
            },
            Err(Failure::Input(_, e)) => format!("not a game ({e})"),
            Err(e) => e.to_string(),
        }
    } else {
        "not a file".to_owned()
    };
    let _ = writeln!(
        io::stderr().lock(),
        "hack: warning: skipped {}: {why}",
        ShownPath(path)
    );
    None
}

/// The paths an argument of CMD may name: the argument itself, and each word of it, split at
/// white space, quotes, `=`, `;`, `<`, `>`, `|`, `&`, parentheses and backquotes (a script for
/// `sh -c`, an option `--input=FILE`).
fn words_of(arg: &OsString) -> Vec<PathBuf> {
    let bytes = arg.as_encoded_bytes();
    let separator = |b: &u8| b.is_ascii_whitespace() || b"'\"=;<>|&()`".contains(b);
    let words = bytes
        .split(separator)
        .filter(|w| !w.is_empty() && w.len() < bytes.len());
    std::iter::once(PathBuf::from(arg))
        .chain(words.map(|w| PathBuf::from(OsStr::from_bytes(w))))
        .collect()
}

/// Where the shell would find `program` on `PATH`, when it is a bare name (no `/`).
fn on_path(program: &OsString) -> Option<PathBuf> {
    if Path::new(program).components().count() != 1 || program.as_encoded_bytes().contains(&b'/') {
        return None;
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| {
            fs::metadata(candidate)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}
