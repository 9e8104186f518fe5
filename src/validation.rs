//! What the one check of a declaration ([`Rules::problems`](crate::Rules::problems))
//! finds: every combination of fields the engine cannot play exactly, named
//! by field.

use std::fmt;

use crate::primitives::Stores;

/// The most seeds a game may hold: pit counts and captures are bytes.
pub const MAX_TOTAL_SEEDS: u32 = 255;

/// The board sizes the engine plays: an even number of pits in all, from
/// 2 to 30 (a [`PitSet`](crate::PitSet) is a 32-bit mask).
pub const MAX_PITS: usize = 30;

/// One thing wrong with a declaration: a combination the engine could not
/// play exactly. Its message starts with the field it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum RulesProblem {
    /// The board is not two equal rows of 1 to 15 pits.
    #[error("pits: a board has an even number of pits from 2 to {MAX_PITS}, not {pits}")]
    PitCount {
        /// Pits in all, as declared.
        pits: usize,
    },
    /// More seeds than a pit count or a capture total holds (a byte):
    /// sowing or capturing would wrap round and give a wrong board or
    /// score.
    #[error(
        "seeds: {seeds} seeds in each of {pits} pits make {total}; pit counts and captures are bytes, \
         so a game holds at most {MAX_TOTAL_SEEDS}"
    )]
    TooManySeeds {
        /// Seeds a pit at the opening.
        seeds: u8,
        /// Pits in all.
        pits: usize,
        /// Seeds in the game.
        total: u32,
    },
    /// Seeds are sown into stores the game does not have.
    #[error("turn.stores: the turn sows stores ({sown:?}) but the game has none (has_stores: false)")]
    SownStoresWithoutStores {
        /// The stores the turn sows.
        sown: Stores,
    },
    /// An extra turn for a last seed in the mover's store, in a game that
    /// sows no store: the rule could never apply.
    #[error(
        "turn.extra_turn.in_own_store: an extra turn for the last seed in the mover's store, \
         but the turn sows no store (turn.stores: None)"
    )]
    ExtraTurnWithoutStore,
    /// An extra turn for a last seed in the opponent's store
    /// ([`ExtraTurn::in_opponent_store`](crate::primitives::ExtraTurn::in_opponent_store))
    /// in a game that does not sow it: the rule could never apply.
    #[error(
        "turn.extra_turn.in_opponent_store: an extra turn for the last seed in the opponent's store, \
         but the turn does not sow it (turn.stores: {sown:?}, not Both)"
    )]
    ExtraTurnWithoutOpponentStore {
        /// The stores the turn sows.
        sown: Stores,
    },
    /// The capture of the opponent's store by the last seed
    /// ([`SowingTurn::takes_opponent_store`](crate::primitives::SowingTurn::takes_opponent_store))
    /// in a game that does not sow it: the rule could never apply.
    #[error(
        "turn.takes_opponent_store: a last seed in the opponent's store takes it, \
         but the turn does not sow it (turn.stores: {sown:?}, not Both)"
    )]
    TakesOpponentStoreNotSown {
        /// The stores the turn sows.
        sown: Stores,
    },
    /// A relay whose lap cap is 0: no lap could be sown.
    #[error(
        "turn.lap.max_laps: a relay counts as endless after max_laps laps, so it needs at least 1, not 0"
    )]
    RelayWithoutLaps,
    /// A relay that ends the game at its lap cap with the seeds left to
    /// nobody. No longer found: the cap now reads [`Leftover::Nobody`](crate::Leftover::Nobody)
    /// as a split that changes nobody's standing (see
    /// [`AtMaxLaps`](crate::primitives::AtMaxLaps)); kept so that code
    /// naming it still compiles.
    #[error(
        "turn.lap.at_max_laps: a relay ending the game at its cap settles the board into the stores, \
         so its leftover cannot be nobody"
    )]
    RelayLimitToNobody,
    /// Feeding judged after the capture in a game without the feeding rule.
    #[error("play.feeding: feeding is judged after the capture, but the game has no feeding rule (play.must_feed: false)")]
    FeedingWithoutMustFeed,
    /// The grand slam judged before the move in a game whose grand slams
    /// capture like any other capture: the reading could never apply.
    #[error(
        "turn.grand_slam_judged: the grand slam is judged before the move, but a grand slam \
         captures like any other (turn.grand_slam: Captures)"
    )]
    SlamJudgedWithoutRule,
    /// No move left when every move is a grand slam
    /// ([`SlamsOnly::NoMove`](crate::SlamsOnly::NoMove)) in a game whose
    /// grand slams are not illegal: the reading could never apply.
    #[error(
        "play.slams_only: a player whose every move is a grand slam has no move, but grand slams \
         are not illegal (turn.grand_slam is not Illegal)"
    )]
    SlamsOnlyWithoutIllegalSlam,
    /// A few-seeds end that never applies (fewer than 0 seeds) or always
    /// does (more than the game's seeds).
    #[error(
        "end.few_seeds.fewer_than: the game ends with fewer than {fewer_than} seeds on the board; \
         it needs 1 to the game's {total} seeds"
    )]
    FewSeedsOutOfRange {
        /// The figure declared.
        fewer_than: u8,
        /// Seeds in the game.
        total: u32,
    },
    /// Out-of-play pits past the board.
    #[error("turn.out_of_play: pits out of play must be on the board of {pits} pits")]
    OutOfPlayOffBoard {
        /// Pits in all.
        pits: usize,
    },
    /// Out-of-play pits (or rounds that make them) with a relay from the
    /// next pit or a chained capture: the pit after the last one, or the
    /// next of a chain, would have to skip them (not played).
    #[error(
        "turn.out_of_play: pits out of play with a relay from the next pit or a chained capture \
         (which would have to skip them) are not played"
    )]
    OutOfPlayWithNextPit,
    /// Pits out of play combined with a reading that looks at a pit beside
    /// another or at a row's end (`with` names it): checked on full boards
    /// only.
    #[error("turn.out_of_play: pits out of play cannot be combined with {with}")]
    OutOfPlayCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// A majority threshold without the majority end, or not below the
    /// game's seeds.
    #[error(
        "end.majority_above: a threshold needs the majority end and must be below the game's {total} seeds"
    )]
    MajorityAboveOutOfRange {
        /// Seeds in the game.
        total: u32,
    },
    /// A game in rounds without stores (the seeds a filled row leaves over
    /// are kept there), or whose row cannot hold its `min_pits`.
    #[error("rounds: a game in rounds needs stores (has_stores: true) and min_pits at most the {row} pits of a row")]
    RoundsNotPlayable {
        /// Pits a row.
        row: usize,
    },
    /// A single seed that captures nothing, in a relay game: whether a
    /// relay lap of one seed captures, or stops the relay, is not said.
    #[error(
        "turn.no_single_seed_capture: a move of a single seed captures nothing, but the turn \
         sows relay laps (turn.lap: relay), which the reading does not cover"
    )]
    SingleSeedCaptureInRelay,
    /// A sweep of the opponent's row combined with an item it does not
    /// cover (`with` names it).
    #[error("turn.sweep: a sweep of the opponent's row cannot be combined with {with}")]
    SweepCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// A capture before the sowing combined with an item it does not cover
    /// (`with` names it).
    #[error("turn.before_sowing: a capture before the sowing cannot be combined with {with}")]
    BeforeSowingCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// A move restriction that looks at the pit where a lap ends, or at the
    /// next pit, in a game that sows stores (the pit could be a store).
    #[error(
        "play.restriction: the restriction looks at the pit where the sowing ends or at the next pit, \
         but the turn sows stores (turn.stores)"
    )]
    RestrictionWithSownStores,
    /// A capture across the gap ([`CaptureAt::AcrossGap`](crate::primitives::CaptureAt::AcrossGap))
    /// with what the engine does not play with it: stores sown (the gap
    /// would be a store), a chain backward (it runs forward only), or a
    /// relay stopped by a capture (which looks at the last pit's count).
    #[error(
        "turn.capture.at: a capture across the gap needs no store sown, a forward chain if any          (turn.capture.forward: true) and no relay stopped by a capture"
    )]
    AcrossGapUnsupported,
    /// Captures during the sowing ([`EnPassant`](crate::primitives::EnPassant))
    /// in a turn that sows stores: the engine sows them on the pits alone.
    #[error(
        "turn.en_passant: captures during the sowing need a turn that sows no store (turn.stores: None)"
    )]
    EnPassantWithStores,
    /// Captures during the sowing combined with a capture reading their
    /// path does not play (`with` names it).
    #[error("turn.en_passant: captures during the sowing cannot be combined with {with}")]
    EnPassantCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// A place whose direction is chosen lies beyond the row
    /// ([`SowingTurn::chosen_direction`](crate::primitives::SowingTurn::chosen_direction)
    /// counts places from 1 to the row's pits).
    #[error("turn.chosen_direction: place {place} is beyond a row of {row} pits")]
    ChosenDirectionOffRow {
        /// The first place beyond the row (from 1).
        place: u8,
        /// Pits in a row.
        row: u8,
    },
    /// A direction chosen by the player, with a rule that judges a pit's
    /// move before it is played (a relay's end, feeding, an illegal grand
    /// slam): those are judged by pit, and a chosen pit has two moves.
    #[error(
        "turn.chosen_direction: a direction chosen by the player cannot be combined with {rule} \
         (judged by pit, and a chosen pit has two moves)"
    )]
    ChosenDirectionWith {
        /// The rule, as the declaration spells it.
        rule: &'static str,
    },
    /// A chain's direction after a move sown against the turn's direction,
    /// in a game where every move sows in it: the reading could never
    /// apply.
    #[error(
        "turn.chain_against: a chain after a move sown the other way, but every move sows in \
         turn.direction (no turn.halves, no turn.chosen_direction)"
    )]
    ChainAgainstWithoutChoice,
    /// Halves of a row sowing their own ways on a row of an odd number of
    /// pits whose centre pit, in neither half, has no chosen direction.
    #[error(
        "turn.halves: the centre pit (place {centre}) of an odd row is in neither half, \
         so its direction must be chosen (turn.chosen_direction)"
    )]
    CentreWithoutDirection {
        /// The centre's place in the row (from 1).
        centre: u8,
    },
    /// A declared start board ([`StartBoard`](crate::StartBoard)) that is
    /// not one count a pit of the board, or holds no seed, or more than a
    /// byte's worth in all.
    #[error(
        "start: {len} counts holding {total} seeds, but the board has {pits} pits and a game \
         holds 1 to {MAX_TOTAL_SEEDS} seeds"
    )]
    StartBoard {
        /// Counts given.
        len: usize,
        /// Pits in all.
        pits: usize,
        /// Seeds the counts hold.
        total: u32,
    },
    /// A declared start board in a game of rounds, whose rounds refill the
    /// board from the seeds won.
    #[error("start: a declared start board in a game of rounds (rounds) is not played")]
    StartWithRounds,
    /// A dealt opening ([`Deal`](crate::Deal)) whose floor does not fit:
    /// `at_least` in every pit takes more than the game's seeds.
    #[error("deal: at least {at_least} seeds in each of {pits} pits, but the game has {total}")]
    DealTooLarge {
        /// The floor declared.
        at_least: u8,
        /// Pits in all.
        pits: usize,
        /// The game's seeds.
        total: u32,
    },
    /// A dealt opening in a game of rounds, whose rounds refill the board
    /// from the seeds won.
    #[error("deal: a dealt opening in a game of rounds (rounds) is not played")]
    DealWithRounds,
    /// A prescribed first move ([`Rules::first_move`](crate::Rules::first_move))
    /// that the engine cannot be sure to play: `why` says.
    #[error("first_move: pit {pit} cannot be prescribed: {why}")]
    FirstMove {
        /// The pit declared.
        pit: u8,
        /// Why not: the pit, or the rule beside it.
        why: &'static str,
    },
    /// An opening ([`Opening`](crate::Opening)) of no move: declare no
    /// opening instead.
    #[error("opening: no_captures_for is 0; declare no opening instead")]
    OpeningWithoutMoves,
    /// An opening longer than a position holds
    /// ([`Position::MAX_OPENING_LEFT`](crate::Position::MAX_OPENING_LEFT)).
    #[error("opening: no_captures_for is {moves}; a position holds at most 31 moves of an opening")]
    OpeningTooLong {
        /// The moves declared.
        moves: u8,
    },
    /// A barred return ([`Playable::barred_return`](crate::Playable::barred_return))
    /// with a rule it was not read with (`with` names it): it is read for
    /// a game whose halves sow outward, singletons moving, in single laps
    /// from the next pit, no store sown.
    #[error("play.barred_return: a barred return cannot be combined with {with}")]
    BarredReturnCombination {
        /// The rule at fault, as the declaration spells it.
        with: &'static str,
    },
    /// An opening that bars captures with a rule its reading does not
    /// cover (`with` names it).
    #[error("opening: captures barred in the opening cannot be combined with {with}")]
    OpeningCombination {
        /// The rule at fault, as the declaration spells it.
        with: &'static str,
    },
    /// A cap on a chain's length ([`CaptureRule::max_chain`](crate::primitives::CaptureRule::max_chain))
    /// without a chain from the last pit to cap (no `chain`, a capture
    /// across the gap, or a sweep).
    #[error("turn.capture.max_chain: a cap on a chain needs a chain from the last pit (chain, at the last pit, no sweep)")]
    ChainCapWithoutChain,
    /// A game won by eliminating the opponent ([`Eliminate`](crate::Eliminate))
    /// combined with a rule it does not cover (`with` names it).
    #[error("end.eliminate: a game won by eliminating the opponent cannot be combined with {with}")]
    EliminateCombination {
        /// The rule at fault, as the declaration spells it.
        with: &'static str,
    },
    /// The pull across ([`SowingTurn::pull_across`](crate::primitives::SowingTurn::pull_across))
    /// with an item its single-lap reading does not play (`with` names it).
    #[error("turn.pull_across: the pull across cannot be combined with {with}")]
    PullAcrossCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// An end judged on the last mover
    /// ([`Cleared::judges_the_mover`](crate::Cleared::judges_the_mover)) in a
    /// game of rounds, whose round ends are read on positions.
    #[error("end.cleared: an end judged on the last mover cannot be played in rounds")]
    ClearedByMoverInRounds,
    /// A territory ([`SowingTurn::territory`](crate::primitives::SowingTurn::territory),
    /// or rounds for territory, [`RoundFill::is_territory`](crate::RoundFill::is_territory))
    /// combined with an item whose reading of the players' rows was not
    /// written for pits that change owners (`with` names it), or rounds for
    /// territory that also put pits out of play, or win with no pit or
    /// more pits than the board's.
    #[error("turn.territory: pits that change owners cannot be combined with {with}")]
    TerritoryCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// An extra pick after the capture ([`Pick`](crate::primitives::Pick))
    /// combined with a reading it was not written for (`with` names it).
    #[error("turn.pick: an extra pick after the capture cannot be combined with {with}")]
    PickCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// Children ([`SowingTurn::children`](crate::primitives::SowingTurn::children))
    /// beside a reading their turn does not play (`with` names it): the
    /// children are made and kept out of captures on one lap, sown into
    /// the pits only, captured by count.
    #[error("turn.children: children cannot be combined with {with}")]
    ChildrenCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// The sowing from the origin first but a single seed on
    /// ([`Sowing::OriginFirstOrNext`](crate::primitives::Sowing::OriginFirstOrNext))
    /// beside a reading that does not sow it (`with` names it).
    #[error("turn.lap: origin-first-or-next cannot be combined with {with}")]
    OriginFirstOrNextCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// Captures at the end of each relay lap
    /// ([`RelayRule::lap_capture`](crate::primitives::RelayRule::lap_capture))
    /// with a reading the laps do not play (`with` names it): they are sown
    /// on the pits alone and capture by count only, every grand slam made.
    #[error("turn.lap.relay.lap_capture: captures at the end of each lap cannot be combined with {with}")]
    LapCaptureCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// The capture of the facing pit from either row
    /// ([`Opposite::from_either_row`](crate::primitives::Opposite::from_either_row))
    /// with a reading it was not checked with (`with` names it): it is
    /// played on the pits alone, in single laps or a relay from the last
    /// pit without stops or lap captures, with no other capture, no
    /// grand slam rule, no feeding, no chosen direction, no children and no
    /// rounds.
    #[error("turn.opposite.from_either_row: the capture of the facing pit from either row cannot be combined with {with}")]
    OppositeEitherRowCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// The stores at the rows' counterclockwise ends for every move
    /// ([`StorePlace::CounterclockwiseEnds`](crate::primitives::StorePlace::CounterclockwiseEnds))
    /// where the reading could change nothing (`why` says): no store is
    /// sown, no move sows clockwise, or the direction by parity puts them
    /// there already. Declare the default instead: a game has one
    /// declaration, and one fingerprint.
    #[error("turn.store_place: the stores at the counterclockwise ends change nothing here: {why}")]
    StorePlaceWithoutEffect {
        /// Why the reading could never apply.
        why: &'static str,
    },
    /// A relay's continuation
    /// ([`RelayRule::continues`](crate::primitives::RelayRule::continues))
    /// with a reading it was not written for (`with` names it): from the
    /// own row, not with captures on each lap; through the mover's store,
    /// only a relay from the next pit sown from the next pit, the mover's
    /// store alone sown, one fixed direction, every pit in play.
    #[error("turn.lap.relay.continues: this continuation of the relay cannot be combined with {with}")]
    RelayContinuesCombination {
        /// The item at fault.
        with: &'static str,
    },
    /// A relay stopped by the facing capture, which takes the landing seed
    /// even when the facing pit is empty
    /// ([`Opposite::when_facing_empty`](crate::primitives::Opposite::when_facing_empty)):
    /// whether such a last pit ends the relay is not said.
    #[error(
        "turn.lap.relay.stop_on_capture: a relay stopped by the facing capture, which takes the landing \
         seed when the facing pit is empty (turn.opposite.when_facing_empty): whether that stops the relay \
         is not said"
    )]
    StopOnFacingEmpty,
    /// The store pass ([`StorePass`](crate::primitives::StorePass)) with a
    /// reading it was not written for (`with` names it): it is the turn's
    /// only capture, with no grand slam rule, no extra turn for a capture,
    /// no opening and the usual rows.
    #[error("turn.store_pass: the store handed to the opponent cannot be combined with {with}")]
    StorePassCombination {
        /// The item at fault.
        with: &'static str,
    },
}

impl RulesProblem {
    /// The field the problem is about, as the declaration spells it
    /// (`seeds`, `turn.stores`).
    #[must_use]
    pub const fn field(&self) -> &'static str {
        match self {
            RulesProblem::PitCount { .. } => "pits",
            RulesProblem::TooManySeeds { .. } => "seeds",
            RulesProblem::SownStoresWithoutStores { .. } => "turn.stores",
            RulesProblem::ExtraTurnWithoutStore => "turn.extra_turn.in_own_store",
            RulesProblem::ExtraTurnWithoutOpponentStore { .. } => "turn.extra_turn.in_opponent_store",
            RulesProblem::TakesOpponentStoreNotSown { .. } => "turn.takes_opponent_store",
            RulesProblem::RelayWithoutLaps => "turn.lap.max_laps",
            RulesProblem::RelayLimitToNobody => "turn.lap.at_max_laps",
            RulesProblem::FeedingWithoutMustFeed => "play.feeding",
            RulesProblem::SlamJudgedWithoutRule => "turn.grand_slam_judged",
            RulesProblem::SlamsOnlyWithoutIllegalSlam => "play.slams_only",
            RulesProblem::FewSeedsOutOfRange { .. } => "end.few_seeds.fewer_than",
            RulesProblem::OutOfPlayOffBoard { .. }
            | RulesProblem::OutOfPlayWithNextPit
            | RulesProblem::OutOfPlayCombination { .. } => "turn.out_of_play",
            RulesProblem::MajorityAboveOutOfRange { .. } => "end.majority_above",
            RulesProblem::RoundsNotPlayable { .. } => "rounds",
            RulesProblem::SingleSeedCaptureInRelay => "turn.no_single_seed_capture",
            RulesProblem::SweepCombination { .. } => "turn.sweep",
            RulesProblem::BeforeSowingCombination { .. } => "turn.before_sowing",
            RulesProblem::RestrictionWithSownStores => "play.restriction",
            RulesProblem::AcrossGapUnsupported => "turn.capture.at",
            RulesProblem::EnPassantWithStores | RulesProblem::EnPassantCombination { .. } => {
                "turn.en_passant"
            }
            RulesProblem::ChosenDirectionOffRow { .. } | RulesProblem::ChosenDirectionWith { .. } => {
                "turn.chosen_direction"
            }
            RulesProblem::CentreWithoutDirection { .. } => "turn.halves",
            RulesProblem::ChainAgainstWithoutChoice => "turn.chain_against",
            RulesProblem::StartBoard { .. } | RulesProblem::StartWithRounds => "start",
            RulesProblem::DealTooLarge { .. } | RulesProblem::DealWithRounds => "deal",
            RulesProblem::FirstMove { .. } => "first_move",
            RulesProblem::OpeningWithoutMoves
            | RulesProblem::OpeningTooLong { .. }
            | RulesProblem::OpeningCombination { .. } => "opening",
            RulesProblem::BarredReturnCombination { .. } => "play.barred_return",
            RulesProblem::ChainCapWithoutChain => "turn.capture.max_chain",
            RulesProblem::EliminateCombination { .. } => "end.eliminate",
            RulesProblem::PullAcrossCombination { .. } => "turn.pull_across",
            RulesProblem::ClearedByMoverInRounds => "end.cleared",
            RulesProblem::TerritoryCombination { .. } => "turn.territory",
            RulesProblem::PickCombination { .. } => "turn.pick",
            RulesProblem::ChildrenCombination { .. } => "turn.children",
            RulesProblem::OriginFirstOrNextCombination { .. } => "turn.lap",
            RulesProblem::LapCaptureCombination { .. } => "turn.lap.relay.lap_capture",
            RulesProblem::OppositeEitherRowCombination { .. } => "turn.opposite.from_either_row",
            RulesProblem::StorePlaceWithoutEffect { .. } => "turn.store_place",
            RulesProblem::RelayContinuesCombination { .. } => "turn.lap.relay.continues",
            RulesProblem::StopOnFacingEmpty => "turn.lap.relay.stop_on_capture",
            RulesProblem::StorePassCombination { .. } => "turn.store_pass",
        }
    }

    /// The problem in a sentence without its figures: what a compile-time
    /// refusal ([`declare!`](crate::declare)) can say.
    #[must_use]
    pub const fn summary(&self) -> &'static str {
        match self {
            RulesProblem::PitCount { .. } => "pits: a board has an even number of pits from 2 to 30",
            RulesProblem::TooManySeeds { .. } => {
                "seeds: more than 255 seeds in the game (pit counts and captures are bytes)"
            }
            RulesProblem::SownStoresWithoutStores { .. } => {
                "turn.stores: the turn sows stores but the game has none (has_stores: false)"
            }
            RulesProblem::ExtraTurnWithoutStore => {
                "turn.extra_turn.in_own_store: an extra turn in the mover's store, but no store is sown"
            }
            RulesProblem::ExtraTurnWithoutOpponentStore { .. } => {
                "turn.extra_turn.in_opponent_store: an extra turn in the opponent's store, but it is not sown"
            }
            RulesProblem::TakesOpponentStoreNotSown { .. } => {
                "turn.takes_opponent_store: the opponent's store taken, but it is not sown"
            }
            RulesProblem::RelayWithoutLaps => "turn.lap.max_laps: a relay needs at least 1 lap",
            RulesProblem::RelayLimitToNobody => {
                "turn.lap.at_max_laps: a relay ending the game settles the board into the stores, not to nobody"
            }
            RulesProblem::FeedingWithoutMustFeed => {
                "play.feeding: feeding judged after the capture, but no feeding rule"
            }
            RulesProblem::SlamJudgedWithoutRule => {
                "turn.grand_slam_judged: judged before the move, but grand slams capture like any other"
            }
            RulesProblem::SlamsOnlyWithoutIllegalSlam => {
                "play.slams_only: no move when all are grand slams, but grand slams are not illegal"
            }
            RulesProblem::FewSeedsOutOfRange { .. } => {
                "end.few_seeds.fewer_than: from 1 to the game's seeds"
            }
            RulesProblem::OutOfPlayOffBoard { .. } => "turn.out_of_play: pits out of play must be on the board",
            RulesProblem::OutOfPlayCombination { .. } => {
                "turn.out_of_play: not with readings that look beside a pit or at a row's end"
            }
            RulesProblem::OutOfPlayWithNextPit => {
                "turn.out_of_play: pits out of play with a relay from the next pit or a chained capture"
            }
            RulesProblem::MajorityAboveOutOfRange { .. } => {
                "end.majority_above: needs the majority end, below the game's seeds"
            }
            RulesProblem::RoundsNotPlayable { .. } => "rounds: needs stores and min_pits at most a row's pits",
            RulesProblem::SingleSeedCaptureInRelay => {
                "turn.no_single_seed_capture: not with relay laps"
            }
            RulesProblem::SweepCombination { .. } => {
                "turn.sweep: only with a capture by count on the opponent's row, single laps, counterclockwise"
            }
            RulesProblem::BeforeSowingCombination { .. } => {
                "turn.before_sowing: not with this lap, relay, seed minimum or feeding"
            }
            RulesProblem::RestrictionWithSownStores => "play.restriction: not with stores sown",
            RulesProblem::AcrossGapUnsupported => {
                "turn.capture.at: across the gap, no store sown, a forward chain, no relay stopped by a capture"
            }
            RulesProblem::EnPassantWithStores => "turn.en_passant: captures during the sowing, but stores are sown",
            RulesProblem::EnPassantCombination { .. } => {
                "turn.en_passant: not with a single seed's rule, a sweep or a capture before the sowing"
            }
            RulesProblem::ChosenDirectionOffRow { .. } => "turn.chosen_direction: a place beyond the row",
            RulesProblem::ChosenDirectionWith { .. } => {
                "turn.chosen_direction: not with relays, feeding or illegal grand slams (judged by pit)"
            }
            RulesProblem::CentreWithoutDirection { .. } => {
                "turn.halves: the centre pit of an odd row needs a chosen direction"
            }
            RulesProblem::ChainAgainstWithoutChoice => {
                "turn.chain_against: every move sows in turn.direction, so it could never apply"
            }
            RulesProblem::StartBoard { .. } => "start: one count a pit, 1 to 255 seeds in all",
            RulesProblem::StartWithRounds => "start: not with rounds",
            RulesProblem::DealTooLarge { .. } => "deal: at most the game's seeds over its pits",
            RulesProblem::DealWithRounds => "deal: not with rounds",
            RulesProblem::FirstMove { .. } => {
                "first_move: a pit of South's row it can move, without a deal, rounds, restrictions or choices"
            }
            RulesProblem::OpeningWithoutMoves => "opening: at least 1 move",
            RulesProblem::OpeningTooLong { .. } => "opening: at most 31 moves",
            RulesProblem::BarredReturnCombination { .. } => {
                "play.barred_return: halves sowing outward, no end place chosen, single seeds moving, single laps from the next pit, no stores, feeding, illegal grand slam, restriction, capture before the sowing, captures during the sowing, pull across, territory or rounds"
            }
            RulesProblem::OpeningCombination { .. } => {
                "opening: not with children, captures on each lap, a capture before the sowing or the pull across"
            }
            RulesProblem::ChainCapWithoutChain => "turn.capture.max_chain: only on a chain from the last pit",
            RulesProblem::EliminateCombination { .. } => {
                "end.eliminate: not with feeding, a cleared row or rounds"
            }
            RulesProblem::PullAcrossCombination { .. } => {
                "turn.pull_across: single laps only, with no other capture and no pit out of play"
            }
            RulesProblem::ClearedByMoverInRounds => {
                "end.cleared: an end judged on the last mover cannot be played in rounds"
            }
            RulesProblem::TerritoryCombination { .. } => {
                "turn.territory: pits that change owners, not with readings of the rows written for fixed rows"
            }
            RulesProblem::PickCombination { .. } => {
                "turn.pick: not with stores sown, pits out of play, or (facing) another capture than from the last pit"
            }
            RulesProblem::ChildrenCombination { .. } => {
                "turn.children: only a single lap into the pits, a capture by count, one fixed direction or halves (not_last_pit with one fixed direction only), places no two players share"
            }
            RulesProblem::OriginFirstOrNextCombination { .. } => {
                "turn.lap: origin-first-or-next only as a single lap without stores sown"
            }
            RulesProblem::LapCaptureCombination { .. } => {
                "turn.lap.relay.lap_capture: laps capture by count only, on the pits alone, every grand slam made"
            }
            RulesProblem::OppositeEitherRowCombination { .. } => {
                "turn.opposite.from_either_row: single laps or a plain relay from the last pit, on the pits alone, no other capture, no feeding, children or rounds"
            }
            RulesProblem::StorePlaceWithoutEffect { .. } => {
                "turn.store_place: the stores at the counterclockwise ends need a clockwise move through a store"
            }
            RulesProblem::RelayContinuesCombination { .. } => {
                "turn.lap.relay.continues: from the own row without lap captures; through the store only from the next pit, own store, fixed direction"
            }
            RulesProblem::StopOnFacingEmpty => {
                "turn.lap.relay.stop_on_capture: not with a facing capture that takes the landing seed when the facing pit is empty"
            }
            RulesProblem::StorePassCombination { .. } => {
                "turn.store_pass: the only capture, no grand slam rule, extra turn for a capture, opening or rounds"
            }
        }
    }
}

/// Every problem of a declaration, in field order: empty when the engine
/// plays it exactly. A small `Copy` value (each check finds at most one
/// problem), made by a `const fn`, so that [`declare!`](crate::declare)
/// refuses a broken declaration at compile time.
///
/// ```
/// use mancala_rules::primitives::{Stores, SowingTurn};
/// use mancala_rules::{Rules, RulesProblem};
///
/// let rules = Rules {
///     seeds: 50,
///     turn: SowingTurn { stores: Stores::Own, ..SowingTurn::DEFAULT },
///     ..Rules::DEFAULT
/// };
/// let problems = rules.problems(12);
/// assert_eq!(problems.len(), 2);
/// assert!(matches!(problems.first(), Some(RulesProblem::TooManySeeds { total: 600, .. })));
/// let fields: Vec<_> = problems.iter().map(|p| p.field()).collect();
/// assert_eq!(fields, ["seeds", "turn.stores"]);
/// assert!(Rules::DEFAULT.problems(12).is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Problems {
    found: [Option<RulesProblem>; Problems::CAPACITY],
    len: usize,
}

// By hand: `Default` is derived for arrays of at most 32 only.
impl Default for Problems {
    fn default() -> Self {
        Problems::NONE
    }
}

impl Problems {
    /// One slot for each check.
    const CAPACITY: usize = 41;

    /// No problem.
    pub const NONE: Problems = Problems {
        found: [None; Problems::CAPACITY],
        len: 0,
    };

    pub(crate) const fn with(mut self, problem: RulesProblem) -> Problems {
        // Each check adds at most one problem: the slots suffice.
        if self.len < Problems::CAPACITY {
            self.found[self.len] = Some(problem);
            self.len += 1;
        }
        self
    }

    /// Whether the declaration has no problem.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many problems were found.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// The first problem, in field order.
    #[must_use]
    pub const fn first(&self) -> Option<RulesProblem> {
        self.found[0]
    }

    /// The problems, in field order.
    pub fn iter(&self) -> impl Iterator<Item = RulesProblem> + '_ {
        self.found.iter().flatten().copied()
    }

    /// `Ok` when there is no problem, else `Err` with them all.
    pub fn into_result(self) -> Result<(), Problems> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }

    /// The problems a board alone can have: its pit count and its total of
    /// seeds. What [`Ruleset::problems`](crate::Ruleset::problems) checks
    /// for a game that is not a [`Rules`](crate::Rules) declaration.
    #[must_use]
    pub const fn of_board(pits: usize, seeds: u8) -> Problems {
        let mut problems = Problems::NONE;
        if pits < 2 || pits > MAX_PITS || pits % 2 != 0 {
            problems = problems.with(RulesProblem::PitCount { pits });
        }
        // Saturating: an absurd pit count still gives a figure.
        let total = (seeds as u32).saturating_mul(if pits > u32::MAX as usize {
            u32::MAX
        } else {
            pits as u32
        });
        if total > MAX_TOTAL_SEEDS {
            problems = problems.with(RulesProblem::TooManySeeds { seeds, pits, total });
        }
        problems
    }
}

/// One problem a line.
impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

impl<'a> IntoIterator for &'a Problems {
    type Item = RulesProblem;
    type IntoIter = std::iter::Copied<std::iter::Flatten<std::slice::Iter<'a, Option<RulesProblem>>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.found.iter().flatten().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absurd_board_is_refused_without_overflow() {
        let problems = Problems::of_board(usize::MAX, 255);
        let found: Vec<_> = problems.iter().collect();
        assert_eq!(found.len(), 2);
        assert!(matches!(
            found[1],
            RulesProblem::TooManySeeds { total: u32::MAX, .. }
        ));
    }
}
