//! Table and certificate files cannot give a silent wrong answer (issue 18,
//! items 2, 3, 7 and `Table::best_moves` of item 8): the rules' fingerprint
//! decides who reads a file, a checksum and range checks refuse a corrupt
//! one, old formats are refused with the way to rebuild them, and every
//! error names the file, says what was expected and shows the file's text
//! escaped.

use mancala_rules::games::{Bohnenspiel, DjenonAboure, Oware, Tihbat};
use mancala_rules::primitives::{
    AtMaxLaps, CaptureRule, CaptureScope, Counts, Direction, ExtraTurn, GrandSlam, Lap, LapCapture,
    LapCaptureGoesOn, Opposite, RelayContinues, RelayFrom, RelayRule, SlamJudged, Sowing, SowingTurn,
    StorePass, Stores,
};
use mancala_rules::solve::proof::{self, Certificate, CheckedTable, Prover};
use mancala_rules::solve::{
    reseal, BuildOptions, DiskTable, FileKind, Solvable, SolveError, Table, FORMAT_MAGIC,
};
use mancala_rules::{
    declare, Declared, Ending, Feeding, FewSeeds, GameKind, HistoryRules, Leftover, Playable, Position,
    Repetition, Rules, Ruleset, SlamsOnly, Stuck,
};

fn bytes_of<R: Solvable>(table: &Table<R>) -> Vec<u8> {
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    bytes
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("mancala-files-{name}-{}.tbl", std::process::id()))
}

/// The error inside a [`SolveError::File`], checking that it names `path`.
fn in_file<'a>(err: &'a SolveError, path: &std::path::Path) -> &'a SolveError {
    match err {
        SolveError::File { path: named, source } => {
            assert_eq!(named, path);
            assert!(err.to_string().contains(&*path.to_string_lossy()), "{err}");
            source
        }
        other => panic!("no path: {other}"),
    }
}

// ---------------------------------------------------------------- fingerprints

#[test]
fn each_shipped_game_has_its_own_fingerprint() {
    let mut seen = std::collections::HashMap::new();
    for kind in GameKind::ALL {
        let pits = kind.new_game().pits().len();
        let fingerprint = kind.rules().fingerprint(pits);
        if let Some(other) = seen.insert(fingerprint, kind) {
            panic!("{kind:?} and {other:?} share {fingerprint:016x}");
        }
    }
    assert_eq!(Tihbat.fingerprint(), Tihbat.rules().fingerprint(4));
    assert_eq!(
        DjenonAboure.fingerprint(),
        GameKind::DjenonAboure.rules().fingerprint(12)
    );
}

/// Pinned: the encoding of `Rules::fingerprint` must not change by accident.
/// Changing this value means changing the encoding, which makes every table
/// and certificate file ever written unreadable (say so in the changelog).
#[test]
fn the_fingerprint_of_tihbat_is_pinned() {
    assert_eq!(Tihbat.fingerprint(), 0x4f18_2bad_2d20_77ab);
}

#[test]
fn the_name_is_not_in_the_fingerprint() {
    let rules = *DjenonAboure.rules();
    let renamed = Rules {
        name: "anything else",
        ..rules
    };
    assert_eq!(renamed.fingerprint(12), rules.fingerprint(12));
}

/// A variant of the base for every field (and every variant of every enum
/// it holds): all fingerprints distinct.
#[test]
fn changing_any_field_changes_the_fingerprint() {
    let base = Rules::DEFAULT;
    let turn = SowingTurn::DEFAULT;
    let relay = RelayRule {
        sowing: Sowing::OriginFirst,
        relay_on: Counts::of(&[2]),
        from: RelayFrom::LastPit,
        stop_on_capture: false,
        max_laps: 4096,
        at_max_laps: AtMaxLaps::Refused,
        lap_capture: None,
        continues: RelayContinues::Anywhere,
    };
    let with_turn = |turn: SowingTurn| Rules { turn, ..base };
    let with_play = |play: Playable| Rules { play, ..base };
    let with_end = |end: Ending| Rules { end, ..base };
    let with_history = |history: HistoryRules| Rules { history, ..base };
    let mut variants = vec![
        ("base", base, 12),
        ("pits", base, 14),
        ("seeds", Rules { seeds: 5, ..base }, 12),
        (
            "stores",
            Rules {
                has_stores: !base.has_stores,
                ..base
            },
            12,
        ),
        (
            "min_seeds",
            with_play(Playable {
                min_seeds: 2,
                ..base.play
            }),
            12,
        ),
        (
            "must_feed",
            with_play(Playable {
                must_feed: !base.play.must_feed,
                ..base.play
            }),
            12,
        ),
        (
            "feeding",
            with_play(Playable {
                feeding: Feeding::AfterCapture,
                ..base.play
            }),
            12,
        ),
        (
            "slams_only",
            with_play(Playable {
                slams_only: SlamsOnly::NoMove,
                ..base.play
            }),
            12,
        ),
        (
            "few_seeds 1",
            with_end(Ending {
                few_seeds: Some(FewSeeds {
                    fewer_than: 1,
                    leftover: Leftover::Owners,
                }),
                ..base.end
            }),
            12,
        ),
        (
            "few_seeds 2",
            with_end(Ending {
                few_seeds: Some(FewSeeds {
                    fewer_than: 2,
                    leftover: Leftover::Owners,
                }),
                ..base.end
            }),
            12,
        ),
        (
            "few_seeds split",
            with_end(Ending {
                few_seeds: Some(FewSeeds {
                    fewer_than: 2,
                    leftover: Leftover::Split,
                }),
                ..base.end
            }),
            12,
        ),
        (
            "grand_slam_judged",
            with_turn(SowingTurn {
                grand_slam_judged: SlamJudged::BeforeMove,
                ..turn
            }),
            12,
        ),
    ];
    for leftover in [
        Leftover::Owners,
        Leftover::PlayerToMove,
        Leftover::Opponent,
        Leftover::Nobody,
        Leftover::Split,
    ] {
        for (stuck, label) in [
            (Stuck::Ends(leftover), "ends"),
            (Stuck::Passes(leftover), "passes"),
        ] {
            if stuck != base.end.stuck {
                variants.push((label, with_end(Ending { stuck, ..base.end }), 12));
            }
        }
        variants.push((
            "majority",
            with_end(Ending {
                majority: Some(leftover),
                ..base.end
            }),
            12,
        ));
        variants.push((
            "row_empty",
            with_end(Ending {
                row_empty: Some(leftover),
                ..base.end
            }),
            12,
        ));
        if leftover != base.end.starvation {
            variants.push((
                "starvation",
                with_end(Ending {
                    starvation: leftover,
                    ..base.end
                }),
                12,
            ));
        }
    }
    for sowing in [
        Sowing::NextPit,
        Sowing::NextPitSkippingOrigin,
        Sowing::OriginFirst,
    ] {
        let single = Lap::Single(sowing);
        if single != turn.lap {
            variants.push(("lap single", with_turn(SowingTurn { lap: single, ..turn }), 12));
        }
        let lap = Lap::RelayWith(RelayRule { sowing, ..relay });
        variants.push(("lap relay-with", with_turn(SowingTurn { lap, ..turn }), 12));
    }
    let relay_variants = [
        RelayRule {
            relay_on: Counts::at_least(3),
            ..relay
        },
        RelayRule {
            from: RelayFrom::NextPit,
            ..relay
        },
        RelayRule {
            stop_on_capture: true,
            ..relay
        },
        relay.with_max_laps(4095),
        RelayRule {
            at_max_laps: AtMaxLaps::EndsGame(Leftover::Split),
            ..relay
        },
        RelayRule {
            at_max_laps: AtMaxLaps::EndsGame(Leftover::Owners),
            ..relay
        },
        RelayRule {
            lap_capture: Some(LapCapture {
                goes_on: LapCaptureGoesOn::NextPit,
                opponent_takes_at_most: 0,
            }),
            ..relay
        },
        RelayRule {
            lap_capture: Some(LapCapture {
                goes_on: LapCaptureGoesOn::AsRelay,
                opponent_takes_at_most: 0,
            }),
            ..relay
        },
        RelayRule {
            lap_capture: Some(LapCapture {
                goes_on: LapCaptureGoesOn::NextPit,
                opponent_takes_at_most: 8,
            }),
            ..relay
        },
        RelayRule {
            continues: RelayContinues::FromOwnRow,
            ..relay
        },
        RelayRule {
            continues: RelayContinues::ThroughOwnStore,
            ..relay
        },
    ];
    for rule in relay_variants {
        variants.push((
            "relay rule",
            with_turn(SowingTurn {
                lap: Lap::RelayWith(rule),
                ..turn
            }),
            12,
        ));
    }
    // Counts of 64 and more sit in the second word of the mask, of 128 and
    // more in the third and fourth.
    variants.push((
        "relay on 100",
        with_turn(SowingTurn {
            lap: Lap::RelayWith(RelayRule::new(Sowing::OriginFirst, Counts::of(&[100]))),
            ..turn
        }),
        12,
    ));
    variants.push((
        "relay on 200",
        with_turn(SowingTurn {
            lap: Lap::RelayWith(RelayRule::new(Sowing::OriginFirst, Counts::of(&[200]))),
            ..turn
        }),
        12,
    ));
    // A relay stopped by a capture, with the facing capture (which stops it
    // too), and the same without the stop.
    for stop_on_capture in [false, true] {
        variants.push((
            "relay stopped by the facing capture",
            with_turn(SowingTurn {
                lap: Lap::RelayWith(RelayRule {
                    stop_on_capture,
                    ..relay
                }),
                opposite: Some(Opposite::KALAH),
                ..turn
            }),
            12,
        ));
    }
    variants.push((
        "store pass",
        with_turn(SowingTurn {
            store_pass: StorePass::OnEmptyOpponentPit,
            ..turn
        }),
        12,
    ));
    variants.push((
        "direction",
        with_turn(SowingTurn {
            direction: Direction::Clockwise,
            ..turn
        }),
        12,
    ));
    for stores in [Stores::Own, Stores::Both] {
        variants.push(("stores", with_turn(SowingTurn { stores, ..turn }), 12));
    }
    let capture = CaptureRule::single(Counts::of(&[2, 3]));
    variants.push(("capture counts", with_turn(SowingTurn { capture, ..turn }), 12));
    variants.push((
        "capture chain",
        with_turn(SowingTurn {
            capture: CaptureRule {
                chain: true,
                ..capture
            },
            ..turn
        }),
        12,
    ));
    variants.push((
        "capture forward",
        with_turn(SowingTurn {
            capture: CaptureRule {
                forward: true,
                ..capture
            },
            ..turn
        }),
        12,
    ));
    for scope in [
        CaptureScope::Anywhere,
        CaptureScope::OwnRow,
        CaptureScope::OpponentRow,
    ] {
        if scope != turn.scope {
            variants.push(("scope", with_turn(SowingTurn { scope, ..turn }), 12));
        }
    }
    for (with_landing_seed, when_facing_empty) in [(false, false), (true, false), (false, true), (true, true)]
    {
        for from_either_row in [false, true] {
            let opposite = Some(Opposite {
                with_landing_seed,
                when_facing_empty,
                from_either_row,
            });
            variants.push(("opposite", with_turn(SowingTurn { opposite, ..turn }), 12));
        }
    }
    for grand_slam in [
        GrandSlam::Captures,
        GrandSlam::CapturesNothing,
        GrandSlam::Illegal,
    ] {
        if grand_slam != turn.grand_slam {
            variants.push(("grand slam", with_turn(SowingTurn { grand_slam, ..turn }), 12));
        }
    }
    variants.push((
        "extra in store",
        with_turn(SowingTurn {
            extra_turn: ExtraTurn {
                in_own_store: true,
                ..turn.extra_turn
            },
            ..turn
        }),
        12,
    ));
    variants.push((
        "extra after capture",
        with_turn(SowingTurn {
            extra_turn: ExtraTurn {
                after_capture: true,
                ..turn.extra_turn
            },
            ..turn
        }),
        12,
    ));
    for repetition in [Repetition::EndsWithSplit, Repetition::EndsKeepingRows] {
        variants.push((
            "repetition",
            with_history(HistoryRules {
                repetition,
                ..base.history
            }),
            12,
        ));
    }
    variants.push((
        "agreement",
        with_history(HistoryRules {
            agreement: true,
            ..base.history
        }),
        12,
    ));
    let mut seen = std::collections::HashMap::new();
    for (what, rules, pits) in &variants {
        if let Some(other) = seen.insert(rules.fingerprint(*pits), what) {
            panic!("{what} and {other} share a fingerprint");
        }
    }
    assert!(variants.len() > 40, "{}", variants.len());
}

// ---------------------------------------------------------------- tables

/// Issue 18, item 2: a Tihbat table with one level overwritten gave
/// `value -129` for a board of 6 seeds. Now refused, by `read_from` and by
/// `DiskTable::open`; and an unverified disk table refuses the value at
/// lookup.
#[test]
fn a_table_with_a_level_overwritten_is_refused() {
    let table = Table::build(Tihbat, 28).unwrap();
    let mut bytes = bytes_of(&table);
    let header = 8 + 8 + 1 + "tihbat".len() + 2;
    // Level 6 starts after levels 0 to 5: 2·C(s+3, 3) each.
    let level_six = header
        + (0..6u64)
            .map(|s| 2 * (s + 1) * (s + 2) * (s + 3) / 6)
            .sum::<u64>() as usize;
    let len = (2 * 7 * 8 * 9 / 6) as usize;
    bytes[level_six..level_six + len].fill(0x80); // -128 everywhere
    let err = Table::read_from(Tihbat, bytes.as_slice()).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::Corrupt {
                kind: FileKind::Table,
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().contains("-128") && err.to_string().contains("6 seeds"),
        "{err}"
    );
    let path = temp("overwritten");
    std::fs::write(&path, &bytes).unwrap();
    let err = DiskTable::open(Tihbat, &path).unwrap_err();
    assert!(
        matches!(in_file(&err, &path), SolveError::Corrupt { .. }),
        "{err}"
    );
    // Without the checksum's pass, each lookup checks its value.
    let disk = DiskTable::open_unverified(Tihbat, &path).unwrap();
    let pos = "1 2 | 3 0 10-12 N".parse().unwrap();
    assert!(matches!(disk.value(&pos), Err(SolveError::Corrupt { .. })));
    assert_eq!(mancala_rules::search::Oracle::value(&disk, &pos), None);
    // With the checksum made to match, the range check still refuses it.
    reseal(&mut bytes);
    let err = Table::read_from(Tihbat, bytes.as_slice()).unwrap_err();
    assert!(matches!(err, SolveError::Corrupt { .. }), "{err}");
    std::fs::write(&path, &bytes).unwrap();
    assert!(DiskTable::open(Tihbat, &path).is_err());
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_changed_byte_in_range_is_refused_by_the_checksum() {
    let table = Table::build(Tihbat, 8).unwrap();
    let mut bytes = bytes_of(&table);
    let last_value = bytes.len() - 9;
    bytes[last_value] = if bytes[last_value] == 0 { 1 } else { 0 };
    let err = Table::read_from(Tihbat, bytes.as_slice()).unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
}

declare!(
    CustomA,
    4,
    Rules {
        seeds: 2,
        ..Rules::DEFAULT
    }
);
declare!(
    CustomB,
    4,
    Rules {
        seeds: 2,
        play: Playable {
            min_seeds: 2,
            ..Playable::DEFAULT
        },
        ..Rules::DEFAULT
    }
);
declare!(
    CustomARenamed,
    4,
    Rules {
        name: "renamed",
        seeds: 2,
        ..Rules::DEFAULT
    }
);
declare!(
    FakeDjenon,
    12,
    Rules {
        name: "djenon-aboure",
        ..Rules::DEFAULT
    }
);

/// Issue 18, item 3: two declarations named "custom" read each other's
/// tables, and a user's "djenon-aboure" the shipped game's.
#[test]
fn a_table_is_read_only_by_the_rules_it_was_built_for() {
    assert_eq!(CustomA.name(), CustomB.name());
    let bytes = bytes_of(&Table::build(CustomA, 6).unwrap());
    let err = Table::read_from(CustomB, bytes.as_slice()).unwrap_err();
    let SolveError::WrongRules {
        file_game,
        rules_game,
        ..
    } = &err
    else {
        panic!("{err}")
    };
    assert_eq!((file_game.as_str(), rules_game.as_str()), ("custom", "custom"));
    assert!(err.to_string().contains("the declarations differ"), "{err}");
    // The same rules under another name play alike: the table serves.
    let read = Table::read_from(CustomARenamed, bytes.as_slice()).unwrap();
    assert_eq!(read.len(), Table::build(CustomA, 6).unwrap().len());
    let shipped = bytes_of(&Table::build(DjenonAboure, 3).unwrap());
    assert!(matches!(
        Table::read_from(FakeDjenon, shipped.as_slice()),
        Err(SolveError::WrongRules { .. })
    ));
    let path = temp("fake-djenon");
    std::fs::write(&path, &shipped).unwrap();
    let err = DiskTable::open(FakeDjenon, &path).unwrap_err();
    assert!(
        matches!(in_file(&err, &path), SolveError::WrongRules { .. }),
        "{err}"
    );
    std::fs::remove_file(&path).ok();
}

/// A header of format 2 with the name given, for `fingerprint`.
fn header(fingerprint: u64, name: &[u8], len: u8) -> Vec<u8> {
    let mut file = FORMAT_MAGIC.to_vec();
    file.extend_from_slice(&fingerprint.to_le_bytes());
    file.push(len);
    file.extend_from_slice(name);
    file.extend_from_slice(&[4, 2]);
    file
}

/// Issue 18, item 7: names from files go to messages escaped, bounded and
/// UTF-8.
#[test]
fn names_from_files_are_escaped_bounded_and_utf8() {
    let hostile = b"tihbat\x1b[2J\x1b[H";
    let err = Table::read_from(Tihbat, &header(1, hostile, hostile.len() as u8)[..]).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, SolveError::WrongRules { .. }), "{message}");
    assert!(
        !message.contains('\u{1b}') && message.contains("\\u{1b}[2J"),
        "{message}"
    );
    // A flipped length byte: refused before the name is read.
    let mut file = header(Tihbat.fingerprint(), b"tihbat", 255);
    file.extend(std::iter::repeat(0xff).take(300));
    let err = Table::read_from(Tihbat, file.as_slice()).unwrap_err();
    assert!(err.to_string().contains("at most 64"), "{err}");
    assert!(err.to_string().len() < 200, "{err}");
    let err = Table::read_from(Tihbat, &header(Tihbat.fingerprint(), b"tih\xffbat", 7)[..]).unwrap_err();
    assert!(err.to_string().contains("not UTF-8"), "{err}");
    // A long name is cut when written, and the file still reads.
    declare!(
        Long,
        4,
        Rules {
            name: "a game whose name is much longer than sixty-four bytes, for the test",
            seeds: 1,
            ..Rules::DEFAULT
        }
    );
    let bytes = bytes_of(&Table::build(Long, 4).unwrap());
    assert_eq!(bytes[16], 64);
    assert!(Table::read_from(Long, bytes.as_slice()).is_ok());
}

#[test]
fn empty_truncated_and_missing_files_say_so() {
    let err = Table::read_from(Tihbat, &[][..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the file ends after 0 bytes; a table header is at least 19 bytes"
    );
    let bytes = bytes_of(&Table::build(Tihbat, 8).unwrap());
    let err = Table::read_from(Tihbat, &bytes[..100]).unwrap_err();
    assert!(matches!(err, SolveError::Truncated { len: 100, .. }), "{err}");
    assert!(
        err.to_string()
            .contains(&format!("the table's header promises {} bytes", bytes.len())),
        "{err}"
    );
    let path = temp("missing");
    let err = Table::read_file(Tihbat, &path).unwrap_err();
    assert!(matches!(in_file(&err, &path), SolveError::Io(_)), "{err}");
    let err = DiskTable::open(Tihbat, &path).unwrap_err();
    assert!(matches!(in_file(&err, &path), SolveError::Io(_)), "{err}");
    std::fs::write(&path, &bytes[..10]).unwrap();
    let err = DiskTable::open(Tihbat, &path).unwrap_err();
    assert!(
        in_file(&err, &path)
            .to_string()
            .contains("the file ends after 10 bytes"),
        "{err}"
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn old_table_files_are_refused_with_the_way_to_rebuild_them() {
    let mut old = b"MNCLSOL1".to_vec();
    old.push(6);
    old.extend_from_slice(b"tihbat");
    old.extend_from_slice(&[4, 0, 0, 0]);
    let err = Table::read_from(Tihbat, old.as_slice()).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::OldFormat {
                kind: FileKind::Table,
                version: 1
            }
        ),
        "{err}"
    );
    let message = err.to_string();
    assert!(
        message.contains("format 1") && message.contains("--out FILE"),
        "{message}"
    );
    let path = temp("old");
    std::fs::write(&path, &old).unwrap();
    let err = DiskTable::open(Tihbat, &path).unwrap_err();
    assert!(
        matches!(in_file(&err, &path), SolveError::OldFormat { .. }),
        "{err}"
    );
    std::fs::remove_file(&path).ok();
    let err = Table::read_from(Tihbat, &b"PK\x03\x04 not a table at all"[..]).unwrap_err();
    assert!(err.to_string().starts_with("not a table file"), "{err}");
}

/// Issue 18, item 8: a finished position has no best move.
#[test]
fn a_finished_position_has_no_best_moves() {
    let table = Table::build(Tihbat, 8).unwrap();
    let over: Position<4> = "0 0 | 0 0 14-14 S".parse().unwrap();
    assert!(Tihbat.status(&over).outcome().is_some());
    assert_eq!(table.best_moves(&over), None);
    assert_eq!(table.move_values(&over), Some(Vec::new()));
    assert_eq!(table.value(&over), Some(0));
    let bohnenspiel = Table::build(Bohnenspiel, 2).unwrap();
    let over = "0 0 0 0 0 0 | 1 0 0 0 0 0 30-41 S".parse().unwrap();
    assert!(Bohnenspiel.status(&over).outcome().is_some());
    assert_eq!(bohnenspiel.best_moves(&over), None);
}

#[test]
fn unsolvable_rules_are_refused_before_the_file_is_read() {
    let err = DiskTable::open(Oware, temp("none")).unwrap_err();
    assert!(matches!(err, SolveError::Rules(_)), "{err}");
}

// ---------------------------------------------------------------- certificates

fn small_certificate() -> (Table<DjenonAboure>, Certificate<Position<12>>) {
    let options = BuildOptions {
        threads: 2,
        progress: true,
    };
    let table = Table::build_with(DjenonAboure, 4, options, |_| {}).unwrap();
    let start: Position<12> = "1 0 0 1 0 0 | 0 1 0 0 1 0 0-0 S".parse().unwrap();
    let certificate = Prover::new(&table, |_| {}).certificate(&start).unwrap();
    (table, certificate)
}

#[test]
fn certificate_errors_say_certificate() {
    let err = Certificate::<Position<12>>::read_from(&DjenonAboure, &[][..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the file ends after 0 bytes; a certificate header is at least 19 bytes"
    );
    let (table, certificate) = small_certificate();
    let mut bytes = Vec::new();
    certificate.write_to(&mut bytes).unwrap();
    assert!(Certificate::read_from(&DjenonAboure, bytes.as_slice()).unwrap() == certificate);
    // A table is not a certificate, and the message says which was expected.
    let err = Certificate::<Position<12>>::read_from(&DjenonAboure, bytes_of(&table).as_slice()).unwrap_err();
    let message = err.to_string();
    assert!(
        message.starts_with("not a certificate file") && !message.contains("table file"),
        "{message}"
    );
    let err = Certificate::<Position<12>>::read_from(&FakeDjenon, bytes.as_slice()).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::WrongRules {
                kind: FileKind::Certificate,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().starts_with("this certificate is for"), "{err}");
    let path = temp("missing-certificate");
    let err = Certificate::<Position<12>>::read_file(&DjenonAboure, &path).unwrap_err();
    assert!(matches!(in_file(&err, &path), SolveError::Io(_)), "{err}");
}

#[test]
fn a_corrupted_certificate_is_refused() {
    let (_, certificate) = small_certificate();
    let mut bytes = Vec::new();
    certificate.write_to(&mut bytes).unwrap();
    for at in [20, bytes.len() / 2, bytes.len() - 9, bytes.len() - 1] {
        let mut changed = bytes.clone();
        changed[at] ^= 0x10;
        let err = Certificate::<Position<12>>::read_from(&DjenonAboure, changed.as_slice()).unwrap_err();
        assert!(err.to_string().contains("certificate"), "byte {at}: {err}");
    }
    // A bound no position can have, checksum made to match: out of range.
    let mut out_of_range = certificate.clone();
    out_of_range.nodes[0].bound = 1000;
    let mut changed = Vec::new();
    out_of_range.write_to(&mut changed).unwrap();
    let err = Certificate::<Position<12>>::read_from(&DjenonAboure, changed.as_slice()).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::Corrupt {
                kind: FileKind::Certificate,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("1000"), "{err}");
}

#[test]
fn old_certificates_and_checked_tables_are_refused() {
    let mut old = b"MNCLPRF1".to_vec();
    old.push(13);
    old.extend_from_slice(b"djenon-aboure");
    let err = Certificate::<Position<12>>::read_from(&DjenonAboure, old.as_slice()).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::OldFormat {
                kind: FileKind::Certificate,
                version: 1
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().contains("this certificate file is in format 1")
            && err.to_string().contains("--proof FILE"),
        "{err}"
    );
    old[..8].copy_from_slice(b"MNCLTBO1");
    let err = CheckedTable::read_from(DjenonAboure, old.as_slice()).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::OldFormat {
                kind: FileKind::CheckedTable,
                version: 1
            }
        ),
        "{err}"
    );
}

#[test]
fn a_checked_table_with_a_value_out_of_range_is_refused() {
    let (table, _) = small_certificate();
    let mut bytes = Vec::new();
    proof::write_checked_table(&table, &mut bytes).unwrap();
    let header = 8 + 8 + 1 + "djenon-aboure".len() + 2;
    // The first value of level 1 (after level 0's two values and orders).
    let level_one = header + 5 * 2;
    bytes[level_one] = 5;
    reseal(&mut bytes);
    let err = CheckedTable::read_from(DjenonAboure, bytes.as_slice()).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::Corrupt {
                kind: FileKind::CheckedTable,
                ..
            }
        ),
        "{err}"
    );
}

// ---------------------------------------------------------------- flipped bytes

/// Every position of a table of Tihbat with up to `max_seeds` counters:
/// each board, either player to move, no captures.
fn every_position(max_seeds: u32) -> Vec<Position<4>> {
    let index = mancala_rules::solve::BoardIndex::new(4, max_seeds);
    let mut positions = Vec::new();
    let mut board = [0u8; 4];
    for seeds in 0..=max_seeds {
        for rank in 0..index.count(seeds).unwrap() {
            assert!(index.unrank(seeds, rank, &mut board));
            for mover in 0..2 {
                positions.push(Position::from_parts(&board, [0, 0], mover).unwrap());
            }
        }
    }
    positions
}

mod flips {
    use super::*;
    use proptest::prelude::*;

    const MAX_SEEDS: u32 = 8;

    /// The file's bytes, and every position with its value.
    type Original = (Vec<u8>, Vec<(Position<4>, Option<i32>)>);

    fn original() -> &'static Original {
        static ORIGINAL: std::sync::OnceLock<Original> = std::sync::OnceLock::new();
        ORIGINAL.get_or_init(|| {
            let table = Table::build(Tihbat, MAX_SEEDS).unwrap();
            let values = every_position(MAX_SEEDS)
                .into_iter()
                .map(|pos| (pos, table.value(&pos)))
                .collect();
            (bytes_of(&table), values)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

        /// One to four bytes of a small table file changed anywhere (header,
        /// levels, checksum): refused by `read_from` and by
        /// `DiskTable::open`, or every value looked up is the original's.
        #[test]
        fn a_flipped_byte_is_refused_or_changes_no_value(
            flips in proptest::collection::vec((any::<prop::sample::Index>(), 1u8..=255), 1..=4),
        ) {
            let (bytes, values) = original();
            let mut changed = bytes.clone();
            for (at, xor) in &flips {
                changed[at.index(bytes.len())] ^= xor;
            }
            if let Ok(table) = Table::read_from(Tihbat, changed.as_slice()) {
                for (pos, value) in values {
                    prop_assert_eq!(table.value(pos), *value, "{}", pos);
                }
            }
            let path = temp(&format!("flip-{:?}", std::thread::current().id()).replace(['(', ')'], ""));
            std::fs::write(&path, &changed).unwrap();
            if let Ok(disk) = DiskTable::open(Tihbat, &path) {
                for (pos, value) in values {
                    if let Ok(found) = disk.value(pos) {
                        prop_assert_eq!(found, *value, "{}", pos);
                    }
                }
            }
            std::fs::remove_file(&path).ok();
        }
    }
}
