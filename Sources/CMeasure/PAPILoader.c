// PAPI, loaded at run time.
//
// Linking libpapi would make the package fail to build where libpapi-dev is
// absent, so the library is opened with dlopen and the few functions used
// are bound with dlsym. papi.h, when present, is used only for the layout of
// the component-info record (to report why a component is disabled).
#define _GNU_SOURCE
#include "CMeasure.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#if __has_include(<papi.h>)
#include <papi.h>
#define CMEASURE_HAVE_PAPI_HEADER 1
#endif

typedef int (*library_init_fn)(int);
typedef int (*create_eventset_fn)(int *);
typedef int (*add_named_event_fn)(int, const char *);
typedef int (*start_fn)(int);
typedef int (*stop_fn)(int, long long *);
typedef int (*cleanup_eventset_fn)(int);
typedef int (*destroy_eventset_fn)(int *);
typedef char *(*strerror_fn)(int);
typedef int (*num_components_fn)(void);
typedef const void *(*get_component_info_fn)(int);
typedef int (*get_opt_fn)(int, void *);

static struct {
    int loaded;
    library_init_fn library_init;
    create_eventset_fn create_eventset;
    add_named_event_fn add_named_event;
    start_fn start;
    stop_fn stop;
    cleanup_eventset_fn cleanup_eventset;
    destroy_eventset_fn destroy_eventset;
    strerror_fn strerror;
    num_components_fn num_components;
    get_component_info_fn get_component_info;
    char failure[512];
} papi;

static pthread_once_t papi_once = PTHREAD_ONCE_INIT;

// PAPI_library_init must be passed the loaded library's major.minor, packed
// as (major << 24) | (minor << 16); each soname tells which one it is.
static const struct { const char *soname; int version; } candidates[] = {
    {"libpapi.so.7.2", (7 << 24) | (2 << 16)},
    {"libpapi.so.7.1", (7 << 24) | (1 << 16)},
    {"libpapi.so.7.0", (7 << 24) | (0 << 16)},
    {"libpapi.so.6.0", (6 << 24) | (0 << 16)},
};

static void papi_load_once(void) {
    void *handle = NULL;
    int version = 0;
    char last_error[256] = "no libpapi found";
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        handle = dlopen(candidates[i].soname, RTLD_NOW | RTLD_LOCAL);
        if (handle) {
            version = candidates[i].version;
            break;
        }
        const char *error = dlerror();
        if (error) snprintf(last_error, sizeof last_error, "%s", error);
    }
    if (!handle) {
        snprintf(papi.failure, sizeof papi.failure,
                 "libpapi could not be loaded (%s); install libpapi-dev", last_error);
        return;
    }
#define BIND(field, symbol)                                                             \
    papi.field = (__typeof__(papi.field))dlsym(handle, symbol);                         \
    if (!papi.field) {                                                                  \
        snprintf(papi.failure, sizeof papi.failure, "libpapi lacks %s", symbol);         \
        return;                                                                         \
    }
    BIND(library_init, "PAPI_library_init")
    BIND(create_eventset, "PAPI_create_eventset")
    BIND(add_named_event, "PAPI_add_named_event")
    BIND(start, "PAPI_start")
    BIND(stop, "PAPI_stop")
    BIND(cleanup_eventset, "PAPI_cleanup_eventset")
    BIND(destroy_eventset, "PAPI_destroy_eventset")
    BIND(strerror, "PAPI_strerror")
    BIND(num_components, "PAPI_num_components")
    BIND(get_component_info, "PAPI_get_component_info")
#undef BIND
    int result = papi.library_init(version);
    if (result != version) {
        const char *text = papi.strerror(result);
        snprintf(papi.failure, sizeof papi.failure, "PAPI_library_init(0x%08x) returned %d: %s",
                 version, result, text ? text : "unknown error");
        return;
    }
    papi.loaded = 1;
}

int cmeasure_papi_load(char *reason, size_t reason_capacity) {
    pthread_once(&papi_once, papi_load_once);
    if (!papi.loaded && reason && reason_capacity) {
        snprintf(reason, reason_capacity, "%s", papi.failure);
    }
    return papi.loaded;
}

int cmeasure_papi_create_eventset(int *eventset) {
    if (!papi.loaded) return -1;
    *eventset = -1; // PAPI_NULL
    return papi.create_eventset(eventset);
}

int cmeasure_papi_add_named_event(int eventset, const char *name) {
    return papi.loaded ? papi.add_named_event(eventset, name) : -1;
}

int cmeasure_papi_start(int eventset) { return papi.loaded ? papi.start(eventset) : -1; }

int cmeasure_papi_stop(int eventset, long long *values) {
    return papi.loaded ? papi.stop(eventset, values) : -1;
}

int cmeasure_papi_destroy_eventset(int eventset) {
    if (!papi.loaded) return -1;
    int code = papi.cleanup_eventset(eventset);
    if (code != 0) return code;
    return papi.destroy_eventset(&eventset);
}

const char *cmeasure_papi_strerror(int code) {
    if (!papi.loaded) return "";
    const char *text = papi.strerror(code);
    return text ? text : "";
}

int cmeasure_papi_component_count(void) {
    return papi.loaded ? papi.num_components() : 0;
}

int cmeasure_papi_component_info(int index, char *name, size_t name_capacity,
                                 char *disabled_reason, size_t reason_capacity) {
#ifdef CMEASURE_HAVE_PAPI_HEADER
    if (!papi.loaded) return 0;
    const PAPI_component_info_t *info = papi.get_component_info(index);
    if (!info) return 0;
    snprintf(name, name_capacity, "%s", info->name);
    if (info->disabled) {
        snprintf(disabled_reason, reason_capacity, "%s", info->disabled_reason);
    } else if (reason_capacity) {
        disabled_reason[0] = 0;
    }
    return 1;
#else
    (void)index; (void)name; (void)name_capacity; (void)disabled_reason; (void)reason_capacity;
    return 0;
#endif
}

int cmeasure_papi_hardware_counter_count(void) {
#ifdef CMEASURE_HAVE_PAPI_HEADER
    if (!papi.loaded) return -1;
    // Component 0 is the CPU component; its num_cntrs is PAPI_MAX_HWCTRS.
    const PAPI_component_info_t *info = papi.get_component_info(0);
    return info ? info->num_cntrs : -1;
#else
    return -1;
#endif
}
