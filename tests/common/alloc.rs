//! A global allocator that tracks each thread's live heap bytes and their
//! peak, for the suites that bound memory. It is not installed here (every
//! suite includes this module): a suite that measures installs it with
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: common::alloc::Tracking = common::alloc::Tracking;
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting each thread's live bytes.
pub struct Tracking;

thread_local! {
    /// This thread's live heap bytes and their peak since the last reset.
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grew(bytes: usize) {
    // `try_with`: never panic inside the allocator, even while a thread ends.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn shrank(bytes: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(bytes)));
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            // Counted as both blocks at once: the worst case of a move.
            grew(new_size);
            shrank(layout.size());
        }
        new
    }
}

/// The most heap bytes `work` held at once on this thread beyond what was
/// live before it, with what `work` returned.
pub fn peak_bytes_in<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let out = work();
    (out, PEAK.with(Cell::get) - before)
}
