// Software (and, where the machine has a PMU, hardware) counters through the
// perf_event_open system call, which Glibc does not wrap.
#define _GNU_SOURCE
#include "CMeasure.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int cmeasure_perf_open(cmeasure_perf_event event) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.disabled = 1;
    attr.exclude_kernel = 0;
    attr.exclude_hv = 1;
    switch (event) {
    case CMEASURE_PERF_TASK_CLOCK:
        attr.type = PERF_TYPE_SOFTWARE; attr.config = PERF_COUNT_SW_TASK_CLOCK; break;
    case CMEASURE_PERF_PAGE_FAULTS:
        attr.type = PERF_TYPE_SOFTWARE; attr.config = PERF_COUNT_SW_PAGE_FAULTS; break;
    case CMEASURE_PERF_CONTEXT_SWITCHES:
        attr.type = PERF_TYPE_SOFTWARE; attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES; break;
    case CMEASURE_PERF_HW_INSTRUCTIONS:
        attr.type = PERF_TYPE_HARDWARE; attr.config = PERF_COUNT_HW_INSTRUCTIONS;
        attr.exclude_kernel = 1; break;
    case CMEASURE_PERF_HW_CYCLES:
        attr.type = PERF_TYPE_HARDWARE; attr.config = PERF_COUNT_HW_CPU_CYCLES;
        attr.exclude_kernel = 1; break;
    default:
        return -EINVAL;
    }
    // pid 0, cpu -1: the calling thread, on any CPU.
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0 && errno == EACCES && !attr.exclude_kernel) {
        // Paranoid level 2 forbids counting kernel time; retry user-only.
        attr.exclude_kernel = 1;
        fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    }
    return fd < 0 ? -errno : (int)fd;
}

static int control(int fd, unsigned long request) {
    return ioctl(fd, request, 0) < 0 ? -errno : 0;
}

int cmeasure_perf_enable(int fd) { return control(fd, PERF_EVENT_IOC_ENABLE); }
int cmeasure_perf_disable(int fd) { return control(fd, PERF_EVENT_IOC_DISABLE); }
int cmeasure_perf_reset(int fd) { return control(fd, PERF_EVENT_IOC_RESET); }

int cmeasure_perf_read(int fd, uint64_t *value) {
    ssize_t got = read(fd, value, sizeof *value);
    if (got == (ssize_t)sizeof *value) return 0;
    return got < 0 ? -errno : -EIO;
}

void cmeasure_perf_close(int fd) { close(fd); }
