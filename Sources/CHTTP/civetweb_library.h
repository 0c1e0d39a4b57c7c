// civetweb, loaded when `wallgen studio` starts its server, not at every start-up.
//
// Linked the ordinary way, every run of wallgen (a card, `--version`, each row under GNU
// parallel) would map and relocate libcivetweb and bind its symbols, for a server only the
// studio starts. So server.c calls civetweb through this table of function pointers, filled
// the first time a server starts (CLibraryLoader), as CImaging's are for libheif and others.
// The package names civetweb's package itself (Scripts/package), since dpkg-shlibdeps only
// sees linked libraries.
#ifndef WG_CIVETWEB_LIBRARY_H
#define WG_CIVETWEB_LIBRARY_H

#include <civetweb.h>
#include <stddef.h>

/// civetweb's soname: the ABI the header describes (Debian's libcivetweb1).
#define WG_CIVETWEB_SONAME "libcivetweb.so.1"

// Every civetweb function server.c calls.
#define WG_CIVETWEB_FUNCTIONS(X) \
    X(mg_disable_connection_keep_alive) \
    X(mg_exit_library) \
    X(mg_get_header) \
    X(mg_get_request_info) \
    X(mg_get_response_code_text) \
    X(mg_get_server_ports) \
    X(mg_init_library) \
    X(mg_printf) \
    X(mg_read) \
    X(mg_start2) \
    X(mg_stop) \
    X(mg_write)

struct wg_civetweb_functions {
#define WG_CIVETWEB_POINTER(name) __typeof__(name) *name;
    WG_CIVETWEB_FUNCTIONS(WG_CIVETWEB_POINTER)
#undef WG_CIVETWEB_POINTER
};

/// The functions, valid once wg_civetweb_load succeeded.
extern struct wg_civetweb_functions wg_civetweb;

/// Loads civetweb once (thread-safe). NULL when it is loaded, or a message naming the
/// library and what is wrong (not installed, or without one of the functions).
const char *wg_civetweb_load(void);

#endif
