//! The example programs of this build (`target/<profile>/examples`), for the
//! suites that run them as a user would.
//!
//! `cargo test` from the root builds the examples (a default member of the
//! workspace) before it runs the tests; with `--test NAME` alone it does
//! not, so they are (re)built here with the test's own profile and target
//! directory (a no-op when up to date).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the examples `which` selects (`["--examples"]`, or `["--example",
/// NAME]`) with the profile and target directory of this test, and returns
/// the folder of the example binaries and whether the build succeeded (the
/// caller decides whether the binaries already there will do).
pub fn build(which: &[&str]) -> (PathBuf, bool) {
    let exe = std::env::current_exe().expect("the test executable");
    let deps = exe.parent().expect("target/<profile>/deps");
    let profile_dir = deps.parent().expect("target/<profile>");
    let dir = profile_dir.join("examples");
    let profile = profile_dir
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("debug");
    let mut target_dir = profile_dir.parent().expect("target").to_path_buf();
    let mut cargo = Command::new(env!("CARGO"));
    // The examples are the package `examples/` (mancala-examples).
    cargo
        .args(["build", "--quiet"])
        .args(which)
        .arg("--manifest-path");
    cargo.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/Cargo.toml"));
    // A cross build lives in target/<triple>/<profile>.
    if !target_dir.join("CACHEDIR.TAG").exists() {
        if let (Some(triple), Some(parent)) = (target_dir.file_name(), target_dir.parent()) {
            cargo.arg("--target").arg(triple);
            target_dir = parent.to_path_buf();
        }
    }
    cargo.arg("--target-dir").arg(&target_dir);
    match profile {
        "debug" => {}
        "release" => {
            cargo.arg("--release");
        }
        other => {
            cargo.args(["--profile", other]);
        }
    }
    let built = cargo.status().map(|s| s.success()).unwrap_or(false);
    (dir, built)
}

/// The example `name` in the folder `dir`.
pub fn binary_in(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}
