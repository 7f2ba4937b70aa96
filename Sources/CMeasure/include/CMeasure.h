// CMeasure: the C half of the measurement library.
//
// Everything Swift cannot reach directly on Linux lives here: the malloc
// interposer, PAPI loaded at run time, perf_event_open, callgrind client
// requests and a few libc calls Glibc does not export. Swift reads C state
// only through these functions, never through C globals (Swift 6 rejects
// mutable globals and cannot import _Atomic ones).
#ifndef CMEASURE_H
#define CMEASURE_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Allocation counting

/// The allocation entry points the interposer counts, in a fixed order.
typedef enum {
    CMEASURE_MALLOC = 0,
    CMEASURE_CALLOC,
    CMEASURE_REALLOC,
    CMEASURE_FREE,
    CMEASURE_MEMALIGN,
    CMEASURE_ALIGNED_ALLOC,
    CMEASURE_POSIX_MEMALIGN,
    CMEASURE_VALLOC,
    CMEASURE_ENTRY_POINT_COUNT
} cmeasure_entry_point;

/// Cumulative counters since process start (or since counting was enabled
/// for the process-wide set). Differences of two snapshots describe a region.
typedef struct {
    uint64_t calls[CMEASURE_ENTRY_POINT_COUNT];
    /// Blocks handed out: malloc, calloc, the memalign family, realloc(NULL, n).
    uint64_t allocations;
    /// Blocks taken back: free of non-NULL, realloc(p, 0).
    uint64_t deallocations;
    /// Bytes asked for by callers (not the allocator's rounded sizes).
    uint64_t bytes_requested;
    /// Usable bytes currently held, from malloc_usable_size. For a thread this
    /// is what it allocated minus what it freed, so it can go negative.
    int64_t live_bytes;
    /// Highest live_bytes since the last peak reset.
    int64_t peak_live_bytes;
} cmeasure_alloc_counters;

/// Counters of the calling thread. Always on; exact for work that stays on
/// one thread, whatever other threads do.
void cmeasure_alloc_thread_snapshot(cmeasure_alloc_counters *out);

/// Sets the thread's peak to its current live bytes and returns the old peak,
/// so nested regions can restore it with cmeasure_alloc_thread_restore_peak.
int64_t cmeasure_alloc_thread_reset_peak(void);
void cmeasure_alloc_thread_restore_peak(int64_t previous_peak);

/// Process-wide counters use atomics and cost about four times the
/// thread-local ones, so they run only while at least one caller asked for
/// them. Enabling is counted: each enable needs one disable.
void cmeasure_alloc_process_enable(void);
void cmeasure_alloc_process_disable(void);
void cmeasure_alloc_process_snapshot(cmeasure_alloc_counters *out);
int64_t cmeasure_alloc_process_reset_peak(void);
void cmeasure_alloc_process_restore_peak(int64_t previous_peak);

/// Interposed like the rest, but missing from Glibc's Swift module.
void *memalign(size_t alignment, size_t size);

/// 1 when this binary's malloc is the interposer (always, once linked); lets
/// callers detect a run under valgrind's memcheck, which replaces malloc.
int cmeasure_alloc_interposer_active(void);

// MARK: - Optimizer barriers

/// Consumes a pointer so the optimizer must materialize what it points to.
void cmeasure_black_hole(const void *value);

// MARK: - PAPI (loaded with dlopen; the package builds without it)

/// Loads and initializes PAPI once. Returns 1 on success; on failure writes
/// PAPI's or the loader's reason into reason.
int cmeasure_papi_load(char *reason, size_t reason_capacity);

/// Creates an empty event set; returns PAPI's code (0 is PAPI_OK).
int cmeasure_papi_create_eventset(int *eventset);
int cmeasure_papi_add_named_event(int eventset, const char *name);
int cmeasure_papi_start(int eventset);
int cmeasure_papi_stop(int eventset, long long *values);
int cmeasure_papi_destroy_eventset(int eventset);
/// PAPI's own text for an error code, or "" when PAPI is not loaded.
const char *cmeasure_papi_strerror(int code);
/// Number of components and, per component, its name and why it is disabled
/// (empty when enabled). Returns 0 when the information is unavailable.
int cmeasure_papi_component_count(void);
int cmeasure_papi_component_info(int index, char *name, size_t name_capacity,
                                 char *disabled_reason, size_t reason_capacity);
/// The hardware counter count PAPI reports (PAPI_MAX_HWCTRS), or -1.
int cmeasure_papi_hardware_counter_count(void);

// MARK: - perf_event_open

typedef enum {
    CMEASURE_PERF_TASK_CLOCK = 0,
    CMEASURE_PERF_PAGE_FAULTS,
    CMEASURE_PERF_CONTEXT_SWITCHES,
    CMEASURE_PERF_HW_INSTRUCTIONS,
    CMEASURE_PERF_HW_CYCLES,
    CMEASURE_PERF_EVENT_COUNT
} cmeasure_perf_event;

/// Opens one counter for the calling thread, disabled. Returns a file
/// descriptor, or -errno.
int cmeasure_perf_open(cmeasure_perf_event event);
int cmeasure_perf_enable(int fd);
int cmeasure_perf_disable(int fd);
int cmeasure_perf_reset(int fd);
/// Reads the counter; returns 0 on success, -errno otherwise.
int cmeasure_perf_read(int fd, uint64_t *value);
void cmeasure_perf_close(int fd);

// MARK: - Callgrind client requests (no-ops without valgrind's headers)

/// 1 when running under valgrind, 0 otherwise (or when headers were absent).
int cmeasure_running_on_valgrind(void);
/// 1 when the client requests were compiled in.
int cmeasure_callgrind_available(void);
void cmeasure_callgrind_zero_stats(void);
void cmeasure_callgrind_toggle_collect(void);
void cmeasure_callgrind_dump_stats_at(const char *name);

// MARK: - Memory and process facts

/// Asks the kernel to end this process with SIGKILL when its parent dies
/// (PR_SET_PDEATHSIG). Returns the parent's process ID, to check it did not
/// die before the request (then the ID is no longer the starter's), or
/// -errno.
int cmeasure_end_with_parent(void);
/// Writes 5 to /proc/self/clear_refs, which resets the VmHWM high-water mark.
/// Returns 0 on success, -errno otherwise.
int cmeasure_reset_peak_rss(void);
/// Peak resident set size in bytes since the last reset (VmHWM), or -1.
int64_t cmeasure_peak_rss_bytes(void);
/// Current resident set size in bytes (from /proc/self/statm), or -1.
int64_t cmeasure_current_rss_bytes(void);
/// Monotonic clock in nanoseconds.
uint64_t cmeasure_monotonic_nanoseconds(void);
/// Pins the calling thread to one CPU; returns 0 or -errno.
int cmeasure_pin_to_cpu(int cpu);

/// What the kernel has charged the whole process (every thread, live or
/// exited) since it started, from getrusage(RUSAGE_SELF).
typedef struct {
    int64_t total_microseconds;
    int64_t user_microseconds;
    int64_t system_microseconds;
    int64_t voluntary_switches;
    int64_t involuntary_switches;
} cmeasure_process_usage;
/// Fills `out`; returns 0 or -errno.
int cmeasure_read_process_usage(cmeasure_process_usage *out);
/// The process's read- and write-family system calls so far (syscr and
/// syscw of /proc/self/io), read with exactly one open, one read and one
/// close, so the caller can subtract the one read this call itself adds.
/// Returns 0 or -errno.
int cmeasure_read_process_io_calls(int64_t *reads, int64_t *writes);
/// The process's live threads (Threads: in /proc/self/status), or -errno.
int cmeasure_process_thread_count(void);

// MARK: - Clock estimate (no cycle counter needed)

/// Runs `rounds` rounds of 16 dependent one-cycle integer adds and returns
/// the result (so nothing is optimized away). Each add waits for the one
/// before, so the adds take one cycle each: adds per second is the core's
/// clock while it runs. On an architecture the assembly does not cover it
/// adds nothing and returns `rounds` (see the next function).
uint64_t cmeasure_dependent_adds(uint64_t rounds);
/// 16 when `cmeasure_dependent_adds` runs its chain here, else 0.
int cmeasure_dependent_adds_per_round(void);

#ifdef __cplusplus
}
#endif

#endif
