//! A solution's answer as a run keeps it: read whole, kept small.

/// How many bytes of the answer are kept: the verdict needs 9, the report a line.
const ANSWER_KEPT: usize = 200;

/// A solution's standard output, read whole but kept small: its trimmed start and the length
/// of the trimmed output, which is all that comparing it with a verdict needs.
#[derive(Clone, Debug, Default)]
pub(in crate::cli) struct Answer {
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
    /// Takes the next bytes of the output. At the speed of memory (a gigabyte of output is
    /// read within a judge's time limit): each chunk is searched, not walked byte by byte, for
    /// its first byte that is not white space (until one has come) and its last.
    pub(in crate::cli) fn push(&mut self, mut bytes: &[u8]) {
        if !self.begun {
            match bytes.iter().position(|b| !b.is_ascii_whitespace()) {
                Some(first) => bytes = &bytes[first..],
                None => return,
            }
            self.begun = true;
        }
        let room = ANSWER_KEPT.saturating_sub(self.head.len()).min(bytes.len());
        self.head.extend_from_slice(&bytes[..room]);
        if let Some(last) = bytes.iter().rposition(|b| !b.is_ascii_whitespace()) {
            self.trimmed = self.length + last as u64 + 1;
        }
        self.length += bytes.len() as u64;
    }

    /// Whether the trimmed output is exactly `expected`.
    pub(in crate::cli) fn is(&self, expected: &str) -> bool {
        self.trimmed == expected.len() as u64 && self.head.starts_with(expected.as_bytes())
    }

    /// Whether the output holds `expected` on a line of its own (blanks around it aside) and
    /// more lines beside it: the right answer with a debug line, which a judge rejects for its
    /// format, not its verdict.
    pub(in crate::cli) fn holds(&self, expected: &str) -> bool {
        let kept = self.head.len().min(self.trimmed as usize);
        let text = String::from_utf8_lossy(&self.head[..kept]);
        !self.is(expected) && text.lines().any(|line| line.trim() == expected)
    }

    /// The trimmed output as a report shows it: quoted (control characters escaped) when
    /// empty or odd, cut with its length when long.
    pub(in crate::cli) fn shown(&self) -> String {
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

#[cfg(test)]
mod tests {
    use super::{ANSWER_KEPT, Answer};

    /// The answer of `output` pushed in chunks of `size` bytes.
    fn pushed(output: &[u8], size: usize) -> Answer {
        let mut answer = Answer::default();
        for chunk in output.chunks(size) {
            answer.push(chunk);
        }
        answer
    }

    #[test]
    fn chunks_of_any_size_keep_the_trimmed_start_and_length() {
        let long = format!("{}Takahashi", "x".repeat(300));
        let outputs: [&[u8]; 7] = [
            b"",
            b" \n\t ",
            b"Takahashi\n",
            b"\n\n  Aoki \r\n\n",
            b"  Take hashi\n  ",
            b"\nx\n",
            long.as_bytes(),
        ];
        for output in outputs {
            let text = String::from_utf8_lossy(output);
            let trimmed = text.trim_ascii();
            for size in [1, 2, 3, 7, 64, 1 << 20] {
                let answer = pushed(output, size);
                assert_eq!(answer.trimmed, trimmed.len() as u64, "{text:?} by {size}");
                let kept = answer.head.len().min(trimmed.len());
                assert_eq!(kept, trimmed.len().min(ANSWER_KEPT), "{text:?} by {size}");
                assert!(
                    trimmed.as_bytes().starts_with(&answer.head[..kept]),
                    "{text:?}"
                );
                // Only what the head holds whole can be compared.
                let whole = trimmed.len() <= ANSWER_KEPT;
                assert_eq!(answer.is(trimmed), whole, "{text:?} by {size}");
            }
        }
    }
}
