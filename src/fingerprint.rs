//! A stable digest of a declaration, which table and certificate files carry
//! so that a file built for other rules is refused, whatever its name says.

use crate::primitives::{
    Apart, AtMaxLaps, BeforeSowing, CaptureAt, CaptureRule, CaptureScope, ChainAgainst, ChildPlaces,
    Children, Counts, Direction, EnPassant, EnPassantLast, ExtraTurn, GrandSlam, Lap, LapCapture,
    LapCaptureGoesOn, MoveRestriction, Opposite, Pick, RelayContinues, RelayFrom, RelayRule, RowHalves,
    SlamJudged, Sowing, SowingTurn, StorePass, StorePlace, Stores, Sweep,
};
use crate::{
    Cleared, Eliminate, Ending, Feeding, FewSeeds, HistoryRules, Leftover, Playable, Player, Repetition,
    RoundFill, RoundStarter, Rounds, Rules, SlamsOnly, Stuck,
};

/// The version of the encoding, its first byte: changing the encoding means
/// changing this, and every table and certificate file is then refused.
const ENCODING: u8 = 1;

/// FNV-1a, 64 bits: offset basis and prime.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The canonical encoding, hashed as it is written (FNV-1a 64 over its
/// bytes).
struct Encoder(u64);

impl Encoder {
    fn byte(&mut self, byte: u8) {
        self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
    }

    fn flag(&mut self, flag: bool) {
        self.byte(u8::from(flag));
    }

    fn word(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.byte(byte);
        }
    }

    /// A field tag before each field: two fields swapped, or one moved to
    /// another struct, encode differently.
    fn tag(&mut self, tag: u8) -> &mut Self {
        self.byte(tag);
        self
    }

    fn counts(&mut self, counts: Counts) {
        for word in counts.words() {
            self.word(word);
        }
    }

    fn leftover(&mut self, leftover: Leftover) {
        self.byte(match leftover {
            Leftover::Owners => 0,
            Leftover::PlayerToMove => 1,
            Leftover::Opponent => 2,
            Leftover::Nobody => 3,
            Leftover::Split => 4,
            Leftover::SplitOddToBehind => 5,
        });
    }

    fn playable(&mut self, playable: Playable) {
        let Playable {
            min_seeds,
            must_feed,
            feeding,
            restriction,
            barred_return,
            slams_only,
        } = playable;
        self.tag(1).byte(min_seeds);
        self.tag(2).flag(must_feed);
        // Fields added after the first encoding are written only when they
        // are not their default: every earlier declaration encodes as it did.
        match feeding {
            Feeding::AfterSowing => {}
            Feeding::AfterCapture => self.tag(3).byte(1),
        }
        match restriction {
            MoveRestriction::Free => {}
            MoveRestriction::EndsInOpponentRowOrEmpty => self.tag(4).byte(1),
            MoveRestriction::SingletonToEmptyNext => self.tag(4).byte(2),
            MoveRestriction::SingletonsOnlyWhenAll => self.tag(4).byte(3),
        }
        // A barred return: tag 120, only when declared.
        if barred_return {
            self.tag(120).byte(1);
        }
        // No move left when every move is an illegal grand slam: tag 130.
        match slams_only {
            SlamsOnly::Played => {}
            SlamsOnly::NoMove => self.tag(130).byte(1),
        }
    }

    fn stuck(&mut self, stuck: Stuck) {
        match stuck {
            Stuck::Ends(leftover) => {
                self.byte(0);
                self.leftover(leftover);
            }
            Stuck::Passes(leftover) => {
                self.byte(1);
                self.leftover(leftover);
            }
        }
    }

    fn sowing(&mut self, sowing: Sowing) {
        self.byte(match sowing {
            Sowing::NextPit => 0,
            Sowing::NextPitSkippingOrigin => 1,
            Sowing::OriginFirst => 2,
            Sowing::OriginFirstOrNext => 3,
        });
    }

    fn lap(&mut self, lap: Lap) {
        match lap {
            Lap::Single(sowing) => {
                self.byte(0);
                self.sowing(sowing);
            }
            Lap::RelayWith(rule) => {
                let RelayRule {
                    sowing,
                    relay_on,
                    from,
                    stop_on_capture,
                    max_laps,
                    at_max_laps,
                    lap_capture,
                    continues,
                } = rule;
                self.byte(2);
                self.tag(1).sowing(sowing);
                self.tag(2).counts(relay_on);
                self.tag(3).byte(match from {
                    RelayFrom::LastPit => 0,
                    RelayFrom::NextPit => 1,
                });
                self.tag(4).flag(stop_on_capture);
                self.tag(5).word(u64::from(max_laps));
                match at_max_laps {
                    AtMaxLaps::Refused => {}
                    AtMaxLaps::EndsGame(leftover) => {
                        self.tag(6).byte(1);
                        self.leftover(leftover);
                    }
                }
                // Written only when set: every other game's fingerprint
                // stays as it was.
                if let Some(LapCapture {
                    goes_on,
                    opponent_takes_at_most,
                }) = lap_capture
                {
                    self.tag(70).byte(match goes_on {
                        LapCaptureGoesOn::NextPit => 0,
                        LapCaptureGoesOn::AsRelay => 1,
                    });
                    if opponent_takes_at_most > 0 {
                        self.tag(71).byte(opponent_takes_at_most);
                    }
                }
                // Where the relay goes on from: tag 115, only when not from
                // anywhere.
                match continues {
                    RelayContinues::Anywhere => {}
                    RelayContinues::FromOwnRow => self.tag(115).byte(1),
                    RelayContinues::ThroughOwnStore => self.tag(115).byte(2),
                }
            }
        }
    }

    fn turn(&mut self, turn: SowingTurn) {
        let SowingTurn {
            lap,
            direction,
            stores,
            store_place,
            capture,
            scope,
            opposite,
            grand_slam,
            grand_slam_judged,
            extra_turn,
            out_of_play,
            no_single_seed_capture,
            sweep,
            before_sowing,
            en_passant,
            halves,
            chosen_direction,
            chain_against,
            pull_across,
            takes_opponent_store,
            territory,
            pick,
            round_starter,
            children,
            store_pass,
        } = turn;
        self.tag(1).lap(lap);
        self.tag(2).byte(match direction {
            Direction::CounterClockwise => 0,
            Direction::Clockwise => 1,
            Direction::ByParity => 2,
        });
        self.tag(3).byte(match stores {
            Stores::None => 0,
            Stores::Own => 1,
            Stores::Both => 2,
        });
        let CaptureRule {
            counts,
            chain,
            forward,
            at,
            max_chain,
        } = capture;
        self.tag(4).counts(counts);
        self.flag(chain);
        self.flag(forward);
        match at {
            CaptureAt::LastPit => {}
            // A tag of its own, out of the way of the turn's next fields.
            CaptureAt::AcrossGap => self.tag(22).byte(1),
        }
        // A cap on the chain: tag 91, only when declared.
        if max_chain > 0 {
            self.tag(91).byte(max_chain);
        }
        self.tag(5).byte(match scope {
            CaptureScope::Anywhere => 0,
            CaptureScope::OwnRow => 1,
            CaptureScope::OpponentRow => 2,
            CaptureScope::StartsInOpponentRow => 3,
        });
        self.tag(6);
        match opposite {
            None => self.byte(0),
            Some(Opposite {
                with_landing_seed,
                when_facing_empty,
                from_either_row,
            }) => {
                self.byte(1);
                self.flag(with_landing_seed);
                self.flag(when_facing_empty);
                // Written only when set: every other game's fingerprint
                // stays as it was.
                if from_either_row {
                    self.tag(80).byte(1);
                }
            }
        }
        // A relay stopped by a capture stops for the facing capture too (a
        // reading added with tag 116): such a declaration is told apart
        // from one read before it.
        if matches!(
            lap,
            Lap::RelayWith(RelayRule {
                stop_on_capture: true,
                ..
            })
        ) && opposite.is_some()
        {
            self.tag(116).byte(1);
        }
        self.tag(7).byte(match grand_slam {
            GrandSlam::Captures => 0,
            GrandSlam::CapturesNothing => 1,
            GrandSlam::Illegal => 2,
            GrandSlam::LeavesRightmost => 3,
            GrandSlam::LeavesLeftmost => 4,
            GrandSlam::CapturesAndPlaysAgain => 5,
        });
        let ExtraTurn {
            in_own_store,
            after_capture,
            in_opponent_store,
        } = extra_turn;
        self.tag(8).flag(in_own_store);
        self.flag(after_capture);
        // An extra turn in the opponent's store: tag 111, only when
        // declared (every other game's fingerprint stays as it was).
        if in_opponent_store {
            self.tag(111).byte(1);
        }
        match grand_slam_judged {
            SlamJudged::AfterSowing => {}
            SlamJudged::BeforeMove => self.tag(9).byte(1),
        }
        if no_single_seed_capture {
            self.tag(10).byte(1);
        }
        match sweep {
            Sweep::Never => {}
            Sweep::OpponentRowOrLastOwnPit => self.tag(11).byte(1),
        }
        match before_sowing {
            BeforeSowing::Nothing => {}
            BeforeSowing::SingletonTakesFacing => self.tag(12).byte(1),
            BeforeSowing::FirstSeedToStore => self.tag(12).byte(2),
        }
        // A round's out-of-play pits (the rounds vocabulary): tag 20.
        if !out_of_play.is_empty() {
            self.tag(20).word(u64::from(out_of_play.bits()));
        }
        if let Some(EnPassant { counts, last_seed }) = en_passant {
            // A tag of its own, out of the way of the turn's next fields.
            self.tag(23).counts(counts);
            self.byte(match last_seed {
                EnPassantLast::ToOwner => 0,
                EnPassantLast::LeftToCapture => 1,
            });
        }
        // Directions that are not fixed: only when not the defaults, so
        // that every fingerprint before them is unchanged.
        match halves {
            RowHalves::Together => {}
            RowHalves::Outward => self.tag(24).byte(1),
            RowHalves::Inward => self.tag(24).byte(2),
        }
        if !chosen_direction.is_empty() {
            self.tag(25).word(u64::from(chosen_direction.bits()));
        }
        // Children (tags 45-49): only when the game has them.
        if let Some(Children {
            made_on,
            one_each,
            not_last_pit,
            apart,
            places,
        }) = children
        {
            self.tag(45).byte(made_on);
            self.flag(one_each);
            self.flag(not_last_pit);
            self.byte(match apart {
                Apart::Any => 0,
                Apart::SameNumber => 1,
                Apart::Facing => 2,
            });
            // Children made by place: tag 121, the own and the opponent's
            // places, only when declared.
            if let Some(ChildPlaces { own, opponent }) = places {
                self.tag(121).word(u64::from(own.bits()));
                self.word(u64::from(opponent.bits()));
            }
        }
        match chain_against {
            ChainAgainst::AgainstSowing => {}
            ChainAgainst::AgainstTurnDirection => self.tag(26).byte(1),
        }
        // The pull across: tag 61.
        if pull_across {
            self.tag(61).byte(1);
        }
        // The opponent's store taken by the last seed: tag 112.
        if takes_opponent_store {
            self.tag(112).byte(1);
        }
        // A round's territory (the territory vocabulary): tag 51.
        if !territory.is_empty() {
            self.tag(51).word(u64::from(territory.bits()));
        }
        // The pick after the capture: tag 40, only when there is one.
        match pick {
            Pick::Nothing => {}
            Pick::LastSeeds(at_most) => {
                self.tag(40).byte(1);
                self.byte(at_most);
            }
            Pick::Facing => self.tag(40).byte(2),
            // The pick by the round's starter (the territory's owner
            // vocabulary): tag 62.
            Pick::LastSeedsToStarter(at_most) => {
                self.tag(62).byte(at_most);
            }
        }
        // A round North started, for a pick by the round's starter: tag 63.
        if round_starter == Player::North {
            self.tag(63).byte(1);
        }
        // The stores at the counterclockwise ends for every move (the
        // store placement): tag 110, only when declared, so that every
        // other game's fingerprint (the parity games' too, whose default
        // reading puts them there) stays as it was.
        match store_place {
            StorePlace::ByDirection => {}
            StorePlace::CounterclockwiseEnds => self.tag(110).byte(1),
        }
        // The store handed to the opponent: tag 117.
        match store_pass {
            StorePass::Never => {}
            StorePass::OnEmptyOpponentPit => self.tag(117).byte(1),
        }
    }

    fn rounds(&mut self, rounds: Rounds) {
        let Rounds {
            fill,
            starter,
            min_pits,
            out_of_play,
        } = rounds;
        match fill {
            RoundFill::Left => self.tag(1).byte(0),
            RoundFill::Right => self.tag(1).byte(1),
            // The territory fills (the territory vocabulary): tag 50.
            RoundFill::Territory => self.tag(50).byte(0),
            RoundFill::TerritoryToLoser => self.tag(50).byte(1),
            RoundFill::TerritoryEmptied => self.tag(50).byte(2),
        };
        self.tag(2).byte(match starter {
            RoundStarter::Alternate => 0,
            RoundStarter::Loser => 1,
            RoundStarter::Winner => 2,
            RoundStarter::LastMover => 3,
        });
        self.tag(3).byte(min_pits);
        self.tag(4).flag(out_of_play);
    }

    fn optional_leftover(&mut self, leftover: Option<Leftover>) {
        match leftover {
            None => self.byte(0),
            Some(leftover) => {
                self.byte(1);
                self.leftover(leftover);
            }
        }
    }

    fn ending(&mut self, ending: Ending) {
        let Ending {
            stuck,
            majority,
            row_empty,
            starvation,
            few_seeds,
            cleared,
            majority_above,
            eliminate,
        } = ending;
        self.tag(4).stuck(stuck);
        self.tag(1).optional_leftover(majority);
        self.tag(2).optional_leftover(row_empty);
        self.tag(3).leftover(starvation);
        if let Some(FewSeeds { fewer_than, leftover }) = few_seeds {
            self.tag(5).byte(fewer_than);
            self.leftover(leftover);
        }
        match cleared {
            // The end judged on the last mover: tag 60.
            Some(Cleared::MoverTakesTheRest) => {
                self.tag(60).byte(0);
            }
            Some(Cleared::OpponentRowToOwners) => {
                self.tag(60).byte(1);
            }
            Some(cleared) => {
                self.tag(6).byte(u8::from(cleared == Cleared::Wins));
            }
            None => {}
        }
        // The rounds vocabulary's threshold: tag 20.
        if let Some(above) = majority_above {
            self.tag(20).byte(above);
        }
        // The eliminating goals (the goals vocabulary): tag 56.
        if let Some(eliminate) = eliminate {
            self.tag(56).byte(match eliminate {
                Eliminate::Deprive => 0,
                Eliminate::Immobilize => 1,
            });
        }
    }

    fn history(&mut self, history: HistoryRules) {
        let HistoryRules {
            repetition,
            agreement,
        } = history;
        self.tag(1).byte(match repetition {
            Repetition::Continues => 0,
            Repetition::EndsWithSplit => 1,
            Repetition::EndsKeepingRows => 2,
        });
        self.tag(2).flag(agreement);
    }
}

impl Rules {
    /// A digest of how these rules play on a board of `pits` pits: every
    /// field of the declaration but its [`name`](Rules::name) (two
    /// declarations that differ only in name play alike), and the pit count.
    /// Table and certificate files ([`solve`](crate::solve)) carry it, and a
    /// file whose fingerprint is not the rules' is refused.
    ///
    /// It is FNV-1a (64 bits) over a canonical encoding written by hand:
    /// an encoding version byte, the pit count (8 bytes, little-endian),
    /// then each field in declaration order, each preceded by a tag byte;
    /// an enum is its variant's number then its fields, an `Option` is 0 or
    /// 1 then the value, a [`Counts`] its 128-bit mask as two little-endian
    /// words. A field added to the vocabulary after the first encoding
    /// (`play.feeding`, `turn.grand_slam_judged`, a relay's `at_max_laps`,
    /// `end.few_seeds`, `end.cleared`, `end.majority_above`, `turn.out_of_play`, `rounds`,
    /// `turn.no_single_seed_capture`, `turn.sweep`, `turn.before_sowing`, `play.restriction`, `play.slams_only`,
    /// `end.eliminate`, `start`, `deal`, `first_move`, `opening`, `turn.capture.max_chain`,
    /// `turn.store_place`, `turn.extra_turn.in_opponent_store`, `turn.takes_opponent_store`,
    /// `play.barred_return`, `turn.children.places`, `turn.relay.continues`, `turn.store_pass`)
    /// is written, with its own tag, only when it is not
    /// its default: a declaration that leaves them at their defaults
    /// encodes byte for byte as before. So it is the same on every platform and every Rust version,
    /// and it changes only when the crate changes the encoding (which makes
    /// every saved file unreadable, and is said in the changelog).
    ///
    /// ```
    /// use mancala_rules::games::{DjenonAboure, Tihbat};
    /// use mancala_rules::{Declared, Rules};
    ///
    /// let tihbat = Tihbat.rules();
    /// assert_ne!(tihbat.fingerprint(4), DjenonAboure.rules().fingerprint(12));
    /// // The name is not part of it; the rules and the board are.
    /// let renamed = Rules { name: "my tihbat", ..*tihbat };
    /// assert_eq!(renamed.fingerprint(4), tihbat.fingerprint(4));
    /// assert_ne!(tihbat.fingerprint(6), tihbat.fingerprint(4));
    /// let more_seeds = Rules { seeds: 8, ..*tihbat };
    /// assert_ne!(more_seeds.fingerprint(4), tihbat.fingerprint(4));
    /// ```
    #[must_use]
    pub fn fingerprint(&self, pits: usize) -> u64 {
        // Every field, by name: a field added to `Rules` (or to a type it
        // holds) does not compile here until the fingerprint covers it.
        let Rules {
            name: _,
            seeds,
            has_stores: stores,
            play,
            turn,
            end,
            history,
            rounds,
            start,
            deal,
            first_move,
            opening,
        } = *self;
        let mut encoder = Encoder(FNV_OFFSET);
        encoder.byte(ENCODING);
        encoder.word(pits as u64);
        encoder.tag(1).byte(seeds);
        encoder.tag(2).flag(stores);
        encoder.tag(3).playable(play);
        encoder.tag(4).turn(turn);
        encoder.tag(5).ending(end);
        encoder.tag(6).history(history);
        // Games in rounds (added after the first encoding): tag 20.
        if let Some(rounds) = rounds {
            encoder.tag(20).rounds(rounds);
        }
        // A declared start board (the goals vocabulary): tag 55, its length
        // then its counts.
        if let Some(board) = start {
            encoder.tag(55).word(board.len() as u64);
            for &count in board.counts() {
                encoder.byte(count);
            }
        }
        // A dealt opening: tag 100, its floor.
        if let Some(deal) = deal {
            encoder.tag(100).byte(deal.at_least);
        }
        // A prescribed first move: tag 101, its pit.
        if let Some(pit) = first_move {
            encoder.tag(101).byte(pit);
        }
        // An opening without captures: tag 90, its moves.
        if let Some(opening) = opening {
            encoder.tag(90).byte(opening.no_captures_for);
        }
        encoder.0
    }
}
