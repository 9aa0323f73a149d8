//! A solution's answer as a run keeps it: read whole, kept small.

/// How many bytes of the answer are kept: the verdict needs 9, the report a line.
const ANSWER_KEPT: usize = 200;

/// A solution's standard output, read whole but kept small: its trimmed start and the length
/// of the trimmed output, which is all that comparing it with a verdict needs.
#[derive(Clone, Debug, Default)]
pub(super) struct Answer {
    /// The first bytes after leading white space.
    head: Vec<u8>,
    /// Whether a byte other than white space has come.
    begun: bool,
    /// Bytes since the first that is not white space.
    length: u64,
    /// Bytes from the first to the last that is not white space: the trimmed output's length.
    trimmed: u64,
}

impl Answer {
    pub(super) fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let blank = b.is_ascii_whitespace();
            if !self.begun {
                if blank {
                    continue;
                }
                self.begun = true;
            }
            if self.head.len() < ANSWER_KEPT {
                self.head.push(b);
            }
            self.length += 1;
            if !blank {
                self.trimmed = self.length;
            }
        }
    }

    /// Whether the trimmed output is exactly `expected`.
    pub(super) fn is(&self, expected: &str) -> bool {
        self.trimmed == expected.len() as u64 && self.head.starts_with(expected.as_bytes())
    }

    /// Whether the output holds `expected` on a line of its own (blanks around it aside) and
    /// more lines beside it: the right answer with a debug line, which a judge rejects for its
    /// format, not its verdict.
    pub(super) fn holds(&self, expected: &str) -> bool {
        let kept = self.head.len().min(self.trimmed as usize);
        let text = String::from_utf8_lossy(&self.head[..kept]);
        !self.is(expected) && text.lines().any(|line| line.trim() == expected)
    }

    /// The trimmed output as a report shows it: quoted (control characters escaped) when
    /// empty or odd, cut with its length when long.
    pub(super) fn shown(&self) -> String {
        let kept = self.head.len().min(self.trimmed as usize);
        let text = String::from_utf8_lossy(&self.head[..kept]);
        let odd = text.is_empty() || text.contains(|c: char| c.is_control());
        let mut shown = if odd {
            format!("{text:?}")
        } else {
            text.into_owned()
        };
        if self.trimmed > kept as u64 {
            shown += &format!("... ({} bytes in all)", self.trimmed);
        }
        shown
    }
}
