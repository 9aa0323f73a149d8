//! Every sample in samples/ through the built binary, and the --explain reports of the two
//! official samples against their committed expected output.

mod common;

use std::fs;
use std::path::Path;

#[test]
fn every_sample_gives_its_expected_output() {
    let mut checked = 0;
    let mut inputs: Vec<_> = fs::read_dir("samples")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    for input in inputs {
        let expected = fs::read_to_string(input.with_extension("out"))
            .unwrap_or_else(|e| panic!("{}: no .out beside it: {e}", input.display()));
        let run = common::run(&[], &fs::read(&input).unwrap());
        assert_eq!(run.assert_ok(), expected, "{}", input.display());
        checked += 1;
    }
    assert!(checked >= 2, "samples/ holds the official samples");
}

#[test]
fn explain_reports_of_the_official_samples() {
    for name in ["sample-1", "sample-2"] {
        let input = Path::new("samples").join(format!("{name}.in"));
        let expected = fs::read_to_string(format!("tests/expected/{name}.explain")).unwrap();
        let run = common::run(&["--explain", input.to_str().unwrap()], b"");
        assert_eq!(run.assert_ok(), expected, "{name}");
    }
}
