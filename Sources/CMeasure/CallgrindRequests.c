// Callgrind client requests. They are inline-assembly macros, so Swift needs
// them wrapped in functions; without valgrind's headers they become no-ops
// and cmeasure_callgrind_available() says so.
#include "CMeasure.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define CMEASURE_HAVE_CALLGRIND 1
#endif

int cmeasure_callgrind_available(void) {
#ifdef CMEASURE_HAVE_CALLGRIND
    return 1;
#else
    return 0;
#endif
}

int cmeasure_running_on_valgrind(void) {
#ifdef CMEASURE_HAVE_CALLGRIND
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

void cmeasure_callgrind_zero_stats(void) {
#ifdef CMEASURE_HAVE_CALLGRIND
    CALLGRIND_ZERO_STATS;
#endif
}

void cmeasure_callgrind_toggle_collect(void) {
#ifdef CMEASURE_HAVE_CALLGRIND
    CALLGRIND_TOGGLE_COLLECT;
#endif
}

void cmeasure_callgrind_dump_stats_at(const char *name) {
#ifdef CMEASURE_HAVE_CALLGRIND
    CALLGRIND_DUMP_STATS_AT(name);
#else
    (void)name;
#endif
}
