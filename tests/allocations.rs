//! Legal-move generation, move application, perft and (warmed-up) random
//! playouts allocate nothing on the heap: counted through a global
//! allocator wrapper. One test function, so no other test thread allocates
//! while counting.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::oware::Oware;
use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{perft, AgreementPolicy, Game, Ruleset};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Heap allocations made while running `work`.
fn allocations_in(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    work();
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

/// Positions along a few random games (prepared before counting).
fn sample_positions<R: Ruleset + Default>() -> Vec<R::Position> {
    let mut rng = SplitMix64::new(3);
    let mut positions = Vec::new();
    for _ in 0..20 {
        let mut game = Game::<R>::default();
        while let Some(mv) = rng.choose(game.legal_moves()) {
            positions.push(*game.position());
            game.play(mv).expect("listed moves are legal");
            game.apply_policy(AgreementPolicy::default());
        }
    }
    positions
}

fn check_game<R: Ruleset + Default>(perft_depth: u32) {
    let rules = R::default();
    let positions = sample_positions::<R>();
    let mut moves_seen = 0usize;
    let allocations = allocations_in(|| {
        for pos in &positions {
            for mv in rules.legal_moves(pos) {
                let mut next = *pos;
                rules.apply(&mut next, mv);
                moves_seen += 1;
            }
            let _ = rules.status(pos);
        }
    });
    assert!(moves_seen > 200, "{}: too few moves sampled", rules.name());
    assert_eq!(
        allocations,
        0,
        "{}: legal moves and apply allocated",
        rules.name()
    );

    let start = rules.start();
    let mut nodes = 0;
    let allocations = allocations_in(|| nodes = perft(&rules, &start, perft_depth));
    assert!(nodes > 0);
    assert_eq!(allocations, 0, "{}: perft allocated", rules.name());

    let mut playouts = Playouts::new(rules, AgreementPolicy::default());
    let mut rng = SplitMix64::new(11);
    for _ in 0..200 {
        playouts.play(&start, &mut rng); // warm-up: the history buffer grows
    }
    let allocations = allocations_in(|| {
        for _ in 0..200 {
            playouts.play(&start, &mut rng);
        }
    });
    assert_eq!(allocations, 0, "{}: warmed-up playouts allocated", rules.name());
}

#[test]
fn move_generation_application_perft_and_playouts_do_not_allocate() {
    check_game::<Bohnenspiel>(5);
    check_game::<DjenonAboure>(5);
    check_game::<Tihbat>(12);
    check_game::<AlManqala>(4);
    check_game::<Oware>(5);
    // The counter does see allocations.
    assert!(allocations_in(|| drop(std::hint::black_box(vec![1u8; 64]))) > 0);
}
