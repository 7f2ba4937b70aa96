// The malloc interposer.
//
// Defining malloc and friends in a target that is linked into the executable
// makes every library in the process call these definitions (the executable
// comes first in symbol lookup), so no linker flags or LD_PRELOAD are needed.
// Each entry point forwards to glibc's __libc_* implementation, which never
// calls back into us, so there is no recursion and no dlsym bootstrap.
//
// Invariant: nothing in this file allocates. Thread-local counters use the
// initial-exec TLS model so their first touch does not call malloc either.
#define _GNU_SOURCE
#include "CMeasure.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

#define THREAD_LOCAL __thread __attribute__((tls_model("initial-exec")))

static THREAD_LOCAL cmeasure_alloc_counters thread_counters;

static struct {
    _Atomic uint64_t calls[CMEASURE_ENTRY_POINT_COUNT];
    _Atomic uint64_t allocations;
    _Atomic uint64_t deallocations;
    _Atomic uint64_t bytes_requested;
    _Atomic int64_t live_bytes;
    _Atomic int64_t peak_live_bytes;
} process_counters;

static _Atomic int process_enable_count;

static inline bool process_counting(void) {
    return atomic_load_explicit(&process_enable_count, memory_order_relaxed) > 0;
}

static inline void add_relaxed(_Atomic uint64_t *counter, uint64_t amount) {
    atomic_fetch_add_explicit(counter, amount, memory_order_relaxed);
}

/// Records one call and its effect on the live byte count. `born` is the
/// usable size of a block handed out, `died` the usable size of one taken back.
static inline void record(cmeasure_entry_point entry, size_t requested,
                          size_t born, size_t died,
                          uint64_t allocations, uint64_t deallocations) {
    cmeasure_alloc_counters *t = &thread_counters;
    t->calls[entry] += 1;
    t->allocations += allocations;
    t->deallocations += deallocations;
    t->bytes_requested += requested;
    t->live_bytes += (int64_t)born - (int64_t)died;
    if (t->live_bytes > t->peak_live_bytes) t->peak_live_bytes = t->live_bytes;

    if (!process_counting()) return;
    add_relaxed(&process_counters.calls[entry], 1);
    if (allocations) add_relaxed(&process_counters.allocations, allocations);
    if (deallocations) add_relaxed(&process_counters.deallocations, deallocations);
    if (requested) add_relaxed(&process_counters.bytes_requested, requested);
    int64_t delta = (int64_t)born - (int64_t)died;
    if (delta == 0) return;
    int64_t live = atomic_fetch_add_explicit(&process_counters.live_bytes, delta,
                                             memory_order_relaxed) + delta;
    int64_t peak = atomic_load_explicit(&process_counters.peak_live_bytes, memory_order_relaxed);
    while (live > peak &&
           !atomic_compare_exchange_weak_explicit(&process_counters.peak_live_bytes, &peak, live,
                                                  memory_order_relaxed, memory_order_relaxed)) {
    }
}

static inline size_t usable(void *pointer) {
    return pointer ? malloc_usable_size(pointer) : 0;
}

void *malloc(size_t size) {
    void *result = __libc_malloc(size);
    record(CMEASURE_MALLOC, size, usable(result), 0, result != NULL, 0);
    return result;
}

void *calloc(size_t count, size_t size) {
    void *result = __libc_calloc(count, size);
    size_t requested = 0;
    if (__builtin_mul_overflow(count, size, &requested)) requested = 0;
    record(CMEASURE_CALLOC, requested, usable(result), 0, result != NULL, 0);
    return result;
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) {
        void *result = __libc_realloc(NULL, size);
        record(CMEASURE_REALLOC, size, usable(result), 0, result != NULL, 0);
        return result;
    }
    size_t before = malloc_usable_size(pointer);
    void *result = __libc_realloc(pointer, size);
    if (size == 0) {
        // glibc frees the block and returns NULL.
        record(CMEASURE_REALLOC, 0, 0, before, 0, 1);
    } else if (result == NULL) {
        // Failed: the old block is untouched.
        record(CMEASURE_REALLOC, size, 0, 0, 0, 0);
    } else {
        record(CMEASURE_REALLOC, size, malloc_usable_size(result), before, 0, 0);
    }
    return result;
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void free(void *pointer) {
    size_t died = usable(pointer);
    __libc_free(pointer);
    record(CMEASURE_FREE, 0, 0, died, 0, pointer != NULL);
}

void *memalign(size_t alignment, size_t size) {
    void *result = __libc_memalign(alignment, size);
    record(CMEASURE_MEMALIGN, size, usable(result), 0, result != NULL, 0);
    return result;
}

void *aligned_alloc(size_t alignment, size_t size) {
    void *result = __libc_memalign(alignment, size);
    record(CMEASURE_ALIGNED_ALLOC, size, usable(result), 0, result != NULL, 0);
    return result;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    // glibc has no __libc_posix_memalign; do its argument check here.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        record(CMEASURE_POSIX_MEMALIGN, 0, 0, 0, 0, 0);
        return EINVAL;
    }
    void *result = __libc_memalign(alignment, size);
    record(CMEASURE_POSIX_MEMALIGN, size, usable(result), 0, result != NULL, 0);
    if (result == NULL) return ENOMEM;
    *out = result;
    return 0;
}

void *valloc(size_t size) {
    void *result = __libc_valloc(size);
    record(CMEASURE_VALLOC, size, usable(result), 0, result != NULL, 0);
    return result;
}

void *pvalloc(size_t size) {
    void *result = __libc_pvalloc(size);
    record(CMEASURE_VALLOC, size, usable(result), 0, result != NULL, 0);
    return result;
}

// MARK: - Reading the counters

void cmeasure_alloc_thread_snapshot(cmeasure_alloc_counters *out) {
    *out = thread_counters;
}

int64_t cmeasure_alloc_thread_reset_peak(void) {
    int64_t previous = thread_counters.peak_live_bytes;
    thread_counters.peak_live_bytes = thread_counters.live_bytes;
    return previous;
}

void cmeasure_alloc_thread_restore_peak(int64_t previous_peak) {
    if (previous_peak > thread_counters.peak_live_bytes) {
        thread_counters.peak_live_bytes = previous_peak;
    }
}

void cmeasure_alloc_process_enable(void) {
    atomic_fetch_add_explicit(&process_enable_count, 1, memory_order_seq_cst);
}

void cmeasure_alloc_process_disable(void) {
    atomic_fetch_sub_explicit(&process_enable_count, 1, memory_order_seq_cst);
}

void cmeasure_alloc_process_snapshot(cmeasure_alloc_counters *out) {
    for (int i = 0; i < CMEASURE_ENTRY_POINT_COUNT; i++) {
        out->calls[i] = atomic_load_explicit(&process_counters.calls[i], memory_order_relaxed);
    }
    out->allocations = atomic_load_explicit(&process_counters.allocations, memory_order_relaxed);
    out->deallocations = atomic_load_explicit(&process_counters.deallocations, memory_order_relaxed);
    out->bytes_requested = atomic_load_explicit(&process_counters.bytes_requested, memory_order_relaxed);
    out->live_bytes = atomic_load_explicit(&process_counters.live_bytes, memory_order_relaxed);
    out->peak_live_bytes = atomic_load_explicit(&process_counters.peak_live_bytes, memory_order_relaxed);
}

int64_t cmeasure_alloc_process_reset_peak(void) {
    int64_t live = atomic_load_explicit(&process_counters.live_bytes, memory_order_relaxed);
    return atomic_exchange_explicit(&process_counters.peak_live_bytes, live, memory_order_relaxed);
}

void cmeasure_alloc_process_restore_peak(int64_t previous_peak) {
    int64_t peak = atomic_load_explicit(&process_counters.peak_live_bytes, memory_order_relaxed);
    while (previous_peak > peak &&
           !atomic_compare_exchange_weak_explicit(&process_counters.peak_live_bytes, &peak, previous_peak,
                                                  memory_order_relaxed, memory_order_relaxed)) {
    }
}

int cmeasure_alloc_interposer_active(void) {
    // Under valgrind's memcheck or DHAT, valgrind's malloc replaces ours and
    // this thread's counters stay still across an allocation.
    uint64_t before = thread_counters.calls[CMEASURE_MALLOC];
    void *probe = malloc(1);
    cmeasure_black_hole(probe);
    free(probe);
    return thread_counters.calls[CMEASURE_MALLOC] != before;
}

__attribute__((noinline)) void cmeasure_black_hole(const void *value) {
    __asm__ volatile("" : : "r"(value) : "memory");
}
