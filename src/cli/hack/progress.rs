//! What hack is doing while it works, when standard error is not a terminal (a log, a CI
//! job): a line every few seconds, where a terminal has indicatif's bar, which draws nothing
//! elsewhere. Without it a run of minutes is silent until its report.

use indicatif::ProgressBar;
use std::io::{self, IsTerminal, Write};
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How often the line is written.
pub(super) const EVERY: Duration = Duration::from_secs(5);

/// Runs `work` while a line `hack [T s]: ` and `say(bar)` goes to standard error every
/// [`EVERY`], when standard error is not a terminal, T the seconds since `started`; its
/// result. The bracket tells these lines from the report's, which start with `hack: `.
pub(super) fn lines<T>(
    bar: &ProgressBar,
    started: Instant,
    say: &(dyn Fn(&ProgressBar) -> String + Sync),
    work: impl FnOnce() -> T,
) -> T {
    if io::stderr().is_terminal() {
        return work();
    }
    let done = (Mutex::new(false), Condvar::new());
    thread::scope(|scope| {
        let tell = || {
            let (lock, wake) = &done;
            let mut finished = lock.lock().unwrap_or_else(|p| p.into_inner());
            let mut next = Instant::now() + EVERY;
            while !*finished {
                let wait = next.saturating_duration_since(Instant::now());
                finished = match wake.wait_timeout(finished, wait) {
                    Ok((guard, _)) => guard,
                    Err(poisoned) => poisoned.into_inner().0,
                };
                if !*finished && Instant::now() >= next {
                    let secs = started.elapsed().as_secs();
                    let _ = writeln!(io::stderr().lock(), "hack [{secs} s]: {}", say(bar));
                    next += EVERY;
                }
            }
        };
        // No thread to be had: the work goes on, silent.
        let _ = thread::Builder::new().spawn_scoped(scope, tell);
        // The lines end when the work does, also by a panic: the scope waits for them before
        // it passes the panic on, and would wait forever.
        let _finished = Finished(&done);
        work()
    })
}

/// Tells the progress lines to end, when dropped.
struct Finished<'a>(&'a (Mutex<bool>, Condvar));

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        let (lock, wake) = self.0;
        *lock.lock().unwrap_or_else(|p| p.into_inner()) = true;
        wake.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::lines;
    use indicatif::ProgressBar;
    use std::time::{Duration, Instant};

    #[test]
    fn a_panic_in_the_work_passes_on_and_does_not_hang() {
        // Where standard error is not a terminal (CI), the lines run in a thread of their own:
        // a work that panicked left it waiting forever, and hack hung, deaf to SIGTERM.
        let (sent, got) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(|| {
                let bar = ProgressBar::hidden();
                lines(&bar, Instant::now(), &|_| String::new(), || {
                    panic!("the work")
                })
            });
            let _ = sent.send(result.is_err());
        });
        assert_eq!(got.recv_timeout(Duration::from_secs(20)), Ok(true));
    }
}
