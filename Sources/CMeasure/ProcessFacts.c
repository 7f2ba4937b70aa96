// Memory and scheduling facts Glibc's Swift overlay does not expose.
#define _GNU_SOURCE
#include "CMeasure.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
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

int cmeasure_read_process_usage(cmeasure_process_usage *out) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -errno;
    out->user_microseconds = (int64_t)usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec;
    out->system_microseconds = (int64_t)usage.ru_stime.tv_sec * 1000000 + usage.ru_stime.tv_usec;
    out->total_microseconds = out->user_microseconds + out->system_microseconds;
    out->voluntary_switches = usage.ru_nvcsw;
    out->involuntary_switches = usage.ru_nivcsw;
    return 0;
}

// One read into a buffer larger than the file: stdio would read again to
// find the end, and each read is itself a counted system call.
static int read_small_proc_file(const char *path, char *buffer, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -errno;
    ssize_t length = read(fd, buffer, size - 1);
    int error = length < 0 ? -errno : 0;
    close(fd);
    if (error) return error;
    buffer[length] = 0;
    return 0;
}

static int find_field(const char *text, const char *name, int64_t *value) {
    const char *at = strstr(text, name);
    if (!at) return -ENOENT;
    long long parsed;
    if (sscanf(at + strlen(name), " %lld", &parsed) != 1) return -EINVAL;
    *value = parsed;
    return 0;
}

int cmeasure_read_process_io_calls(int64_t *reads, int64_t *writes) {
    char buffer[1024];
    int error = read_small_proc_file("/proc/self/io", buffer, sizeof buffer);
    if (error) return error;
    error = find_field(buffer, "syscr:", reads);
    return error ? error : find_field(buffer, "syscw:", writes);
}

int cmeasure_process_thread_count(void) {
    char buffer[4096];
    int error = read_small_proc_file("/proc/self/status", buffer, sizeof buffer);
    if (error) return error;
    int64_t threads;
    error = find_field(buffer, "\nThreads:", &threads);
    return error ? error : (int)threads;
}

int cmeasure_end_with_parent(void) {
    // SIGKILL, not a catchable signal: under valgrind a caught one would be
    // handed to the guest, which might be blocking it mid-region.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -errno;
    return (int)getppid();
}
