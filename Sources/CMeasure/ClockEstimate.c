// A chain of dependent adds, for estimating the clock on a machine that
// exposes no cycle counter. Written in assembly so the compiler cannot fold
// the chain into one multiply-add or spread it over independent registers.
#include "CMeasure.h"

#if defined(__x86_64__)
#define ADD1 "add $1, %0\n\t"
#elif defined(__aarch64__)
#define ADD1 "add %0, %0, #1\n\t"
#endif

#ifdef ADD1
#define ADD4 ADD1 ADD1 ADD1 ADD1
#define ADD16 ADD4 ADD4 ADD4 ADD4

uint64_t cmeasure_dependent_adds(uint64_t rounds) {
    uint64_t value = rounds;
    for (uint64_t round = 0; round < rounds; round++) {
        __asm__ volatile(ADD16 : "+r"(value));
    }
    return value;
}

int cmeasure_dependent_adds_per_round(void) { return 16; }
#else
uint64_t cmeasure_dependent_adds(uint64_t rounds) { return rounds; }

int cmeasure_dependent_adds_per_round(void) { return 0; }
#endif
