// CHTTP: a thin shim over civetweb (Debian's libcivetweb), the HTTP server `wallgen studio`
// embeds. civetweb parses every request; this shim only starts and stops it with the
// studio's limits, hands each request to one callback, and lets Swift read the request
// and write one whole response without seeing any civetweb type. It also waits for the
// signal that stops the studio (stop_signal.c), which a signal handler must do in C.
//
// Every function that can fail returns a wg_http_status and, on failure, writes a
// NUL-terminated message into the caller's buffer. Every symbol carries the wg_http_ prefix.
#ifndef WG_CHTTP_H
#define WG_CHTTP_H

#include <stddef.h>
#include <stdint.h>

// Every pointer below is non-null unless marked _Nullable.
#pragma clang assume_nonnull begin

typedef enum {
    WG_HTTP_OK = 0,
    WG_HTTP_ERROR_START = 1,      // the server could not start (the port taken, a bad option)
    WG_HTTP_ERROR_ARGUMENT = 2,   // the caller passed something invalid
    WG_HTTP_ERROR_UNLOADABLE = 3, // civetweb (loaded on first use) is not installed or lacks a function
} wg_http_status;

/// The server's limits, as civetweb options.
typedef struct {
    /// `127.0.0.1:0` (port 0: the system picks a free one).
    const char *listening_address;
    /// Connections served at once: civetweb gives each its own thread.
    int32_t threads;
    /// A read or write that waits longer than this closes the connection, so a client
    /// that stops half way through a request holds its thread no longer.
    int32_t request_timeout_ms;
    /// How long an idle kept-alive connection is held open for the next request.
    int32_t keep_alive_timeout_ms;
    /// The largest request line and headers, in bytes (bodies are bounded by the caller).
    int32_t max_header_bytes;
} wg_http_config;

typedef struct wg_http_server wg_http_server;
/// One request being answered; valid only during the handler call that received it.
typedef struct wg_http_request wg_http_request;

/// Called on one of civetweb's threads for every request, before civetweb would look at
/// the path itself: the handler must answer with wg_http_respond exactly once.
typedef void (*wg_http_handler)(void *_Nullable context, wg_http_request *request);

/// Starts listening. `handler` is called with `context` on a server thread for each request.
/// The signals civetweb changes (SIGCHLD ignored, which would make waiting for child processes
/// fail) are put back as they were; SIGPIPE stays ignored, so a write to a closed
/// connection is an error, not the end of the process.
wg_http_status wg_http_start(const wg_http_config *config, wg_http_handler handler, void *_Nullable context,
                             wg_http_server *_Nullable *_Nonnull server, char *message, size_t message_capacity);
/// The port the server listens on (the one the system picked for port 0); 0 if none.
int32_t wg_http_port(const wg_http_server *server);
/// Stops accepting, waits for the requests being answered, and frees the server.
void wg_http_stop(wg_http_server *server);

/// `GET`, `POST`…
const char *wg_http_method(const wg_http_request *request);
/// The path as the client sent it, still percent-encoded and not cleaned (`/../x` and
/// `%2e%2e` stay as they are), without the query: the caller decodes it, so a `%00` is
/// seen rather than ending the string.
const char *wg_http_path(const wg_http_request *request);
/// The query after `?`, still percent-encoded; NULL when there is none.
const char *_Nullable wg_http_query(const wg_http_request *request);
/// The value of a header (any case), or NULL.
const char *_Nullable wg_http_header(const wg_http_request *request, const char *name);
/// How many times a header (any case) was sent: a second Host or Origin is refused, never
/// taken for the first.
int32_t wg_http_header_count(const wg_http_request *request, const char *name);
/// The value of the `index`th (from 0) header of that name, or NULL.
const char *_Nullable wg_http_header_at(const wg_http_request *request, const char *name, int32_t index);
/// The body's declared length, or -1 when the request gives none (chunked or no body).
int64_t wg_http_content_length(const wg_http_request *request);
/// Reads up to `capacity` bytes of the body: the count read, 0 at its end, negative on error.
int64_t wg_http_read(wg_http_request *request, void *buffer, size_t capacity);
/// Sends the whole response: the status line, `headers` (lines each ending in CRLF,
/// without Content-Length, which is added) and the body. Returns 0 when all was sent.
int32_t wg_http_respond(wg_http_request *request, int32_t status, const char *headers,
                        const void *_Nullable body, size_t length);

/// Catches SIGINT, SIGTERM, SIGHUP and SIGQUIT from now on (unblocked in the calling thread,
/// which is to wait), for wg_http_wait_for_stop_signal; the processes the studio starts get the default actions
/// back (exec resets caught signals). A signal ignored when the process started stays ignored.
wg_http_status wg_http_catch_stop_signals(char *message, size_t message_capacity);
/// Blocks until one of them arrives (or arrived since they were caught), or
/// wg_http_request_stop is called; the signal's number, 0 for a request.
int32_t wg_http_wait_for_stop_signal(void);
/// Ends wg_http_wait_for_stop_signal's wait as a signal would, from any thread.
void wg_http_request_stop(void);

#pragma clang assume_nonnull end

#endif
