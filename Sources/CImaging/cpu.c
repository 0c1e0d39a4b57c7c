// Which instruction sets the processor offers, for choosing a compiled copy of the
// pixel loops at run time (Swift has no way to ask).
#include "CImaging.h"

int wg_cpu_supports_x86_64_v3(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v3") ? 1 : 0;
#else
    return 0;
#endif
}
