// HarfBuzz's headers live under /usr/include/harfbuzz, which pkg-config supplies.
#include <hb.h>
#include <hb-ft.h>
