//! Embeds the catalogue: every `src/games/*.json` data file, in name order,
//! so that a game added as a file is served with no Rust change.

use std::env;
use std::fs;
use std::path::Path;

fn main() {
    let dir = Path::new("src/games");
    println!("cargo:rerun-if-changed=src/games");
    let mut files: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|entry| entry.file_name().into_string().ok())
                .filter(|name| name.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code = String::from("/// The catalogue's data files: (file stem, contents).\npub(crate) const CATALOGUE: &[(&str, &str)] = &[\n");
    for file in &files {
        println!("cargo:rerun-if-changed=src/games/{file}");
        let stem = file.trim_end_matches(".json");
        code.push_str(&format!(
            "    ({stem:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/src/games/{file}\"))),\n"
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("catalogue.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
