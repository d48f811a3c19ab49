//! The wasm build's allocator: dlmalloc (what std uses on wasm32) over a system allocator that
//! grows wasm memory geometrically.
//!
//! std's dlmalloc asks for exactly the pages it needs, so a call that builds 200 MB of results
//! grows memory thousands of times, and every `memory.grow` costs the JS engine close to a
//! millisecond (a new `ArrayBuffer`, the old one detached): a PodConfig SET of 50,000 pods spent
//! most of its 5 s there. Here memory grows by at least a quarter of its size (1 MiB to 64 MiB
//! at a time), so the same work takes a few dozen grows. Memory is never returned to the engine
//! (wasm cannot shrink); freed blocks are reused, so memory stays flat under repeated work.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::UnsafeCell;
use core::ptr;

use dlmalloc::{Allocator, Dlmalloc};

const PAGE: usize = 64 * 1024;
/// Smallest and largest growth step, in pages (1 MiB and 64 MiB).
const MIN_STEP: usize = 16;
const MAX_STEP: usize = 1024;

struct GrowInSteps;

// SAFETY: `alloc` hands out fresh pages from `memory.grow`, which nobody else uses; every other
// method declines (nothing is ever returned to the engine), as std's wasm allocator does.
unsafe impl Allocator for GrowInSteps {
    fn alloc(&self, size: usize) -> (*mut u8, usize, u32) {
        let needed = size.div_ceil(PAGE);
        let current = wasm32::memory_size(0);
        let step = needed.max((current / 4).clamp(MIN_STEP, MAX_STEP));
        for pages in [step, needed] {
            let prev = wasm32::memory_grow(0, pages);
            if prev != usize::MAX {
                return ((prev * PAGE) as *mut u8, pages * PAGE, 0);
            }
        }
        (ptr::null_mut(), 0, 0)
    }

    fn remap(&self, _ptr: *mut u8, _old: usize, _new: usize, _can_move: bool) -> *mut u8 {
        ptr::null_mut()
    }

    fn free_part(&self, _ptr: *mut u8, _old: usize, _new: usize) -> bool {
        false
    }

    fn free(&self, _ptr: *mut u8, _size: usize) -> bool {
        false
    }

    fn can_release_part(&self, _flags: u32) -> bool {
        false
    }

    fn allocates_zeros(&self) -> bool {
        true
    }

    fn page_size(&self) -> usize {
        PAGE
    }
}

struct Global(UnsafeCell<Dlmalloc<GrowInSteps>>);

// SAFETY: the wasm build is single-threaded (no atomics, no shared memory), so the allocator is
// never entered from two threads; re-entry cannot happen either (dlmalloc does not allocate).
unsafe impl Sync for Global {}

// SAFETY: forwards to dlmalloc, which upholds the GlobalAlloc contract for each call.
unsafe impl GlobalAlloc for Global {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).malloc(layout.size(), layout.align())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).calloc(layout.size(), layout.align())
    }

    // dlmalloc's layout-carrying `free` and `realloc` first re-check the block's size against the
    // layout with `assert!` (kept in release builds): about a tenth of a 50,000-pod merge's time
    // in wasm, and a trap if it ever fired. Rust's allocator contract already guarantees the
    // layout, so the C-shaped entries, which take any pointer this allocator gave, are called
    // directly.
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        (*self.0.get()).c_free(ptr)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let a = &mut *self.0.get();
        // `c_realloc` keeps only dlmalloc's natural alignment (two words).
        if layout.align() <= 2 * core::mem::size_of::<usize>() {
            a.c_realloc(ptr, new_size)
        } else {
            a.realloc(ptr, layout.size(), layout.align(), new_size)
        }
    }
}

/// Makes room in the heap, before a bulk call decodes its input, for what the call allocates
/// (about four bytes per byte of input). However large the growth steps, a call that builds
/// hundreds of megabytes grows memory many times as it goes, and each grow costs the engine far
/// more than the allocations it makes room for; one reservation, freed at once, grows memory
/// once and leaves one free block that the call's allocations are carved from. A heap already
/// that large (an earlier call grew it, and what it freed is reused) is left as it is: reserving
/// anyway would walk dlmalloc's free lists for nothing. Failing to reserve only means the call
/// grows memory as it goes.
#[cfg(all(feature = "api", any(feature = "pod-config", feature = "node-status")))]
pub(crate) fn reserve_heap(input_len: usize) {
    let want = input_len.saturating_mul(4);
    if wasm32::memory_size(0).saturating_mul(PAGE) >= want {
        return;
    }
    let mut room: Vec<u8> = Vec::new();
    // Dropped at once: the block goes back to the allocator as free space.
    let _ = room.try_reserve_exact(want);
}

#[global_allocator]
static ALLOCATOR: Global = Global(UnsafeCell::new(Dlmalloc::new_with_allocator(GrowInSteps)));
