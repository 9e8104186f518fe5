//! The command line of the `solve` example: its usage text and its parser
//! (a pure function of the argument list, which `tests/examples_cli.rs` runs
//! on arbitrary lists).

use std::ops::RangeInclusive;

use mancala_rules::GameKind;

use crate::common::{count, game_or_rules, small, solvable, solvable_games, threads_range, Spec};

pub fn usage() -> String {
    format!(
        "\
usage: solve [--game] GAME [--seeds K | --max-seeds K] [--out FILE | --in FILE]
             [--position POS]... [--stdin] [--threads N] [--chain] [--hemprich]

Solves Tihbat, builds endgame tables, answers positions.
  --game GAME       {}
  --rules FILE        a game declared as data (JSON, see mancala_rules::RulesData)
  --seeds K         Tihbat: the start with K counters a pit, 1 to 7
  --max-seeds K     the table's largest board: tihbat 1 to 28,
                    bohnenspiel and djenon-aboure 1 to 24, al-manqala 1 to 20
                    (default: tihbat 28, 4K with --seeds; 12, 12, 10)
  --out FILE        save the table (written as it is built, without keeping
                    it in memory, when no --position or --stdin follows)
  --in FILE         load a table instead of building one
  --position POS    a position to answer, in standard notation (repeatable)
  --stdin           answer positions from standard input, one a line
  --threads N       0 (every core, the default) up to this machine's cores
  --chain           tihbat: Tihbat's own-side chain variant (tihbat-chain)
  --hemprich        bohnenspiel: Hemprich's Bohnenspiel (bohnenspiel-hemprich)
  -h, --help        this text",
        solvable_games(20)
    )
}

/// The largest table `--max-seeds` may ask for: the library's figure for
/// the game ([`GameKind::table_seeds`]), what a 24 GB machine builds, written
/// to disk as it is built (every board for Tihbat; 24 seeds for the 12-pit
/// games; 20 for Al-manqala).
pub fn max_seeds_range(kind: GameKind) -> RangeInclusive<u64> {
    1..=kind.table_seeds().map_or(0, |seeds| u64::from(seeds.max))
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub game: Option<GameKind>,
    pub seeds: Option<u8>,
    pub max_seeds: Option<u32>,
    pub out: Option<String>,
    pub input: Option<String>,
    pub positions: Vec<String>,
    pub stdin: bool,
    pub threads: usize,
    pub chain: bool,
    pub hemprich: bool,
}

pub fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let spec = Spec {
        valued: &["game", "seeds", "max-seeds", "out", "in", "position", "threads"],
        switches: &["stdin", "chain", "hemprich"],
        positional: &["game"],
    };
    let Some(m) = spec.scan(args)? else {
        return Ok(None);
    };
    let mut kind = game_or_rules(&m, None)?;
    // --chain and --hemprich: the variants' names before they had names.
    let (chain, hemprich) = (m.switch("chain"), m.switch("hemprich"));
    if chain {
        kind = match kind {
            GameKind::Tihbat | GameKind::TihbatChain => GameKind::TihbatChain,
            _ => return Err("--chain is Tihbat's variant: use it with tihbat".into()),
        };
    }
    if hemprich {
        kind = match kind {
            GameKind::Bohnenspiel | GameKind::BohnenspielHemprich => GameKind::BohnenspielHemprich,
            _ => return Err("--hemprich is Bohnenspiel's variant: use it with bohnenspiel".into()),
        };
    }
    if !solvable(kind) {
        return Err(format!(
            "{kind} has no solver; solve takes {}",
            solvable_games(0).replace('\n', " ")
        ));
    }
    let seeds = m.number("seeds", 1..=7)?;
    if seeds.is_some() && !matches!(kind, GameKind::Tihbat | GameKind::TihbatChain) {
        return Err("--seeds is for tihbat".into());
    }
    Ok(Some(Options {
        game: Some(kind),
        seeds: seeds.and_then(|k| u8::try_from(k).ok()),
        max_seeds: m.number("max-seeds", max_seeds_range(kind))?.map(small),
        out: m.value("out")?.map(str::to_string),
        input: m.value("in")?.map(str::to_string),
        positions: m.values("position"),
        stdin: m.switch("stdin"),
        threads: count(m.number("threads", threads_range())?.unwrap_or(0)),
        chain: kind == GameKind::TihbatChain,
        hemprich: kind == GameKind::BohnenspielHemprich,
    }))
}
