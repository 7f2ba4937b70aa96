// Memory and scheduling facts Glibc's Swift overlay does not expose.
#define _GNU_SOURCE
#include "CMeasure.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int cmeasure_reset_peak_rss(void) {
    int fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -errno;
    ssize_t wrote = write(fd, "5", 1);
    int error = wrote == 1 ? 0 : -errno;
    close(fd);
    return error;
}

int64_t cmeasure_peak_rss_bytes(void) {
    // VmHWM, not getrusage: ru_maxrss also folds in the high-water mark each
    // exiting thread leaves in the process's signal struct, which clear_refs
    // cannot reset, so after any thread exits it would keep an old peak.
    FILE *file = fopen("/proc/self/status", "re");
    if (!file) return -1;
    char line[256];
    int64_t kibibytes = -1;
    while (fgets(line, sizeof line, file)) {
        long long value;
        if (sscanf(line, "VmHWM: %lld kB", &value) == 1) {
            kibibytes = value;
            break;
        }
    }
    fclose(file);
    return kibibytes < 0 ? -1 : kibibytes * 1024;
}

int64_t cmeasure_current_rss_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "re");
    if (!file) return -1;
    long long size = 0, resident = 0;
    int fields = fscanf(file, "%lld %lld", &size, &resident);
    fclose(file);
    if (fields != 2) return -1;
    return (int64_t)resident * sysconf(_SC_PAGESIZE);
}

uint64_t cmeasure_monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

int cmeasure_pin_to_cpu(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -errno;
}
