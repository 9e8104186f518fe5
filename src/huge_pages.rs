//! Large arrays on huge pages, where the system gives them.
//!
//! The solver's largest arrays (the endgame table's values, the prover's
//! transposition table and its certificate index) are read at random. On
//! 4 KiB pages nearly every such read also misses the TLB, and the page
//! walk costs as much as the read. Linux backs memory with 2 MiB pages when
//! asked (`madvise(MADV_HUGEPAGE)`, honoured unless transparent huge pages
//! are off): this module asks, for every large allocation the crate makes
//! through its fallible helpers (`crate::error`). It is advice only: the
//! contents, the size and the safety of the memory are unchanged, and a
//! refusal leaves the memory as it was. Elsewhere than Linux it does
//! nothing.
//!
//! The crate's second and last `unsafe` (after `kernel`'s SSE2): the system
//! call, on a range inside an allocation the caller holds.

use std::collections::TryReserveError;

/// The huge page: an allocation holding one whole (aligned) is advised.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Below this many bytes a vector grows in place (a reallocation); from
/// it, into a new allocation (see [`grow`]).
const MOVE_FROM: usize = 4 << 20;

/// Makes `vec`'s capacity at least `capacity` (exactly that when it
/// grows), its large allocations on huge pages: a new allocation is
/// advised ([`advise`]) before it is written. A large vector that holds
/// values grows into a fresh allocation, its values moved over, rather
/// than by reallocation: the system moves a reallocated block's pages as
/// they are, and a block written before it was advised, or moved to an
/// address of another alignment, keeps small pages (measured: a vector of
/// 800 MB grown by doubling kept 288 MB on huge pages by reallocation,
/// all 800 by moving). The move costs one copy a doubling, amortised one
/// more write of each value, and holds the old block and the new at once.
pub(crate) fn grow<T>(vec: &mut Vec<T>, capacity: usize) -> Result<(), TryReserveError> {
    if capacity <= vec.capacity() {
        return Ok(());
    }
    let bytes = capacity.saturating_mul(std::mem::size_of::<T>());
    if cfg!(target_os = "linux") && bytes >= MOVE_FROM && !vec.is_empty() {
        let mut fresh = Vec::new();
        fresh.try_reserve_exact(capacity)?;
        advise(&fresh);
        fresh.append(vec);
        *vec = fresh;
    } else {
        vec.try_reserve_exact(capacity - vec.len())?;
        advise(vec);
    }
    Ok(())
}

/// Asks the system to back the aligned 2 MiB pages inside `vec`'s
/// allocation (its whole capacity) with huge pages. To be called before
/// the memory is first written, so that the pages are huge from their
/// first fault (memory written already is merged later, or never).
#[allow(unsafe_code)]
fn advise<T>(vec: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        let start = vec.as_ptr() as usize;
        let bytes = vec.capacity().saturating_mul(std::mem::size_of::<T>());
        let Some(end) = start.checked_add(bytes) else {
            return;
        };
        let Some(first) = start.checked_next_multiple_of(HUGE_PAGE) else {
            return;
        };
        let last = end & !(HUGE_PAGE - 1);
        if last > first {
            let range = vec.as_ptr().cast::<u8>().wrapping_add(first - start);
            // SAFETY: `first..last` lies inside `vec`'s allocation, mapped
            // memory this process owns; MADV_HUGEPAGE changes only how the
            // kernel backs those pages, never their contents or mapping.
            // A failure (THP off, an old kernel) is advice refused: ignored.
            unsafe {
                libc::madvise(range as *mut libc::c_void, last - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = vec;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kilobytes on huge pages in the mapping that holds `addr`
    /// (`/proc/self/smaps`).
    #[cfg(target_os = "linux")]
    fn huge_kb_at(addr: usize) -> Option<u64> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        for line in smaps.lines() {
            let range = line.split_whitespace().next().and_then(|r| r.split_once('-'));
            if let Some((start, end)) = range.filter(|_| !line.ends_with(" kB")) {
                let start = usize::from_str_radix(start, 16).ok()?;
                let end = usize::from_str_radix(end, 16).ok()?;
                inside = (start..end).contains(&addr);
            } else if inside && line.starts_with("AnonHugePages:") {
                return line.split_whitespace().nth(1)?.parse().ok();
            }
        }
        None
    }

    #[test]
    fn a_vector_grown_by_doubling_keeps_its_values_and_its_huge_pages() {
        const LEN: u64 = 8 << 20;
        let mut vec: Vec<u64> = Vec::new();
        for i in 0..LEN {
            if vec.len() == vec.capacity() {
                let doubled = (vec.capacity() * 2).max(16);
                grow(&mut vec, doubled).unwrap();
            }
            vec.push(i);
        }
        assert!(vec.iter().copied().eq(0..LEN));
        grow(&mut vec, 10).unwrap();
        assert_eq!(vec.capacity(), LEN as usize);
        #[cfg(target_os = "linux")]
        {
            // The control: an allocation advised before it is written.
            // Where the system gives it no huge page (transparent huge
            // pages off, memory fragmented), there is nothing to compare.
            let mut control: Vec<u64> = Vec::new();
            grow(&mut control, LEN as usize).unwrap();
            control.resize(LEN as usize, 1);
            // A vector's middle: its first bytes share a page with the
            // allocator's header, outside the advice.
            let middle = |v: &Vec<u64>| v.as_ptr() as usize + v.len() * 4;
            let Some(given) = huge_kb_at(middle(&control)).filter(|&kb| kb > 0) else {
                return;
            };
            // Grown by reallocation, about half of it stayed on huge pages.
            let grown = huge_kb_at(middle(&vec)).unwrap_or(0);
            assert!(
                grown * 10 >= given * 9,
                "grown: {grown} kB on huge pages; allocated at once: {given} kB"
            );
        }
    }
}
