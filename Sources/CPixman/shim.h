// pixman is linked into the benchmark only, as the peer its blend loop is measured
// against; its headers live under /usr/include/pixman-1, which pkg-config supplies.
#include <pixman.h>
