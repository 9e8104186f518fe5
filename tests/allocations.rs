//! Legal-move generation, move application, perft, random moves and
//! (warmed-up) random playouts allocate nothing on the heap: counted through a global
//! allocator wrapper that counts each thread's own allocations.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use mancala_rules::games::Oware;
use mancala_rules::games::{AlManqala, Bohnenspiel, DjenonAboure, Tihbat};
use mancala_rules::playout::{Playouts, SplitMix64};
use mancala_rules::{perft, AgreementPolicy, Game, Ruleset};

struct Counting;

thread_local! {
    /// Allocations made by this thread: the test harness's own threads may
    /// allocate at any moment, and must not count.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: never panic inside the allocator, even while a thread ends.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

fn allocations_so_far() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Heap allocations made while running `work`.
fn allocations_in(work: impl FnOnce()) -> usize {
    let before = allocations_so_far();
    work();
    allocations_so_far() - before
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
                rules.play_unchecked(&mut next, mv);
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
    // Warm-up: each lane's table grows to hold its longest capture-free stretch.
    playouts.play_many(&start, 2000, &mut rng, |_| {});
    let mut plies = 0;
    let allocations =
        allocations_in(|| playouts.play_many(&start, 200, &mut rng, |game| plies += game.plies));
    assert!(plies > 0);
    assert_eq!(
        allocations,
        0,
        "{}: warmed-up side-by-side playouts allocated",
        rules.name()
    );
    let mut pos = start;
    // At most 1000 plies: without the history rules some games never end.
    let allocations = allocations_in(|| {
        for _ in 0..1000 {
            if rules.play_random(&mut pos, &mut rng).is_err() {
                break;
            }
        }
    });
    assert_eq!(allocations, 0, "{}: play_random allocated", rules.name());
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
