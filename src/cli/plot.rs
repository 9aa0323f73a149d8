//! `plot`: an SVG picture of g(n).
use super::game::Failure;
use std::io::Write;
use std::path::PathBuf;
/// Draw g(n) as an SVG picture on standard output
#[derive(Debug, clap::Args)]
pub(super) struct Args {
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}
pub(super) fn run(_args: &Args, _out: &mut impl Write) -> Result<(), Failure> { Ok(()) }
