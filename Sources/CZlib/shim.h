// zlib as a peer: wallgen-bench measures PNG compression against it (Pillow and libpng
// deflate with it), and the tests inflate wallgen's streams with it. The compositor's
// encoder does not call it.
#include <zlib.h>
