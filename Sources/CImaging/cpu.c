// Which instruction sets the processor offers, for choosing a compiled copy of the
// pixel loops at run time (Swift has no way to ask), and how many CPUs this process
// may run on (sched_getaffinity and CPU_COUNT need _GNU_SOURCE, which Swift's Glibc
// module does not define).
#define _GNU_SOURCE
#include "CImaging.h"

#include <sched.h>
#include <stdlib.h>

int wg_cpu_supports_x86_64_v3(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v3") ? 1 : 0;
#else
    return 0;
#endif
}

int wg_cpu_affinity_count(void) {
    // A mask as large as the kernel's CPU count, not cpu_set_t's fixed 1,024.
    for (int cpus = 1024; cpus <= (1 << 20); cpus *= 2) {
        size_t size = CPU_ALLOC_SIZE(cpus);
        cpu_set_t *set = CPU_ALLOC(cpus);
        if (set == NULL) return 0;
        CPU_ZERO_S(size, set);
        if (sched_getaffinity(0, size, set) == 0) {
            int count = CPU_COUNT_S(size, set);
            CPU_FREE(set);
            return count;
        }
        CPU_FREE(set);
    }
    return 0;
}
