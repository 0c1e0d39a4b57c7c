// The civetweb side of CHTTP.h: start, stop, and one callback that sees every request.
#include "CHTTP.h"
#include "civetweb_library.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct wg_http_server {
    struct mg_context *context;
    wg_http_handler handler;
    void *user_context;
};

struct wg_http_request {
    struct mg_connection *connection;
    const struct mg_request_info *info;
    int32_t status; // 0 until a response was sent
    int64_t read;   // body bytes read so far
    int ended;      // the body was read to its end
};

static void set_message(char *buffer, size_t capacity, const char *text) {
    if (capacity == 0) return;
    size_t length = strlen(text);
    if (length >= capacity) length = capacity - 1;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
}

// civetweb calls this for every request it has parsed, before it would look at the path
// itself (files, OPTIONS, WebSockets): so nothing is served but what the handler answers.
static int begin_request(struct mg_connection *connection) {
    const struct mg_request_info *info = wg_civetweb.mg_get_request_info(connection);
    struct wg_http_server *server = info->user_data;
    struct wg_http_request request = {connection, info, 0, 0, 0};
    server->handler(server->user_context, &request);
    if (request.status == 0) {
        wg_http_respond(&request, 500, "Content-Type: text/plain; charset=utf-8\r\n", "no response\n", 12);
    }
    return request.status;
}

// civetweb's own log lines (a client that went away, a timeout) would land on standard
// error in the middle of wallgen's; the studio reports what matters itself.
static int drop_log_message(const struct mg_connection *connection, const char *message) {
    (void)connection;
    (void)message;
    return 1;
}

wg_http_status wg_http_start(const wg_http_config *config, wg_http_handler handler, void *context,
                             wg_http_server **server, char *message, size_t message_capacity) {
    *server = NULL;
    if (config->threads < 1 || config->request_timeout_ms < 1 || config->max_header_bytes < 1024) {
        set_message(message, message_capacity, "invalid server limits");
        return WG_HTTP_ERROR_ARGUMENT;
    }
    const char *unloadable = wg_civetweb_load();
    if (unloadable != NULL) {
        set_message(message, message_capacity, unloadable);
        return WG_HTTP_ERROR_UNLOADABLE;
    }
    struct wg_http_server *made = calloc(1, sizeof *made);
    if (made == NULL) {
        set_message(message, message_capacity, "out of memory");
        return WG_HTTP_ERROR_START;
    }
    made->handler = handler;
    made->user_context = context;

    char threads[16], request_timeout[16], keep_alive_timeout[16], header_bytes[16];
    snprintf(threads, sizeof threads, "%d", (int)config->threads);
    snprintf(request_timeout, sizeof request_timeout, "%d", (int)config->request_timeout_ms);
    snprintf(keep_alive_timeout, sizeof keep_alive_timeout, "%d", (int)config->keep_alive_timeout_ms);
    snprintf(header_bytes, sizeof header_bytes, "%d", (int)config->max_header_bytes);
    // No document_root: civetweb serves no file of its own, and begin_request answers first.
    const char *options[] = {
        "listening_ports", config->listening_address,
        "num_threads", threads,
        "request_timeout_ms", request_timeout,
        "enable_keep_alive", config->keep_alive_timeout_ms > 0 ? "yes" : "no",
        "keep_alive_timeout_ms", keep_alive_timeout,
        "max_request_size", header_bytes,
        "enable_directory_listing", "no",
        // The path is decoded by the caller, who sees a %00 in it (civetweb's decoding
        // would end the string there and serve the path before it).
        "decode_url", "no",
        NULL,
    };
    struct mg_callbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.begin_request = begin_request;
    callbacks.log_message = drop_log_message;

    wg_civetweb.mg_init_library(0);
    // mg_start sets SIGCHLD to SIG_IGN, which makes the kernel reap children itself, so a
    // later waitpid (running `wallgen apply`, or xdg-open) would fail; it is put back.
    struct sigaction child_action;
    sigaction(SIGCHLD, NULL, &child_action);
    unsigned code = 0;
    char text[256] = "";
    struct mg_error_data error = {&code, text, sizeof text};
    struct mg_init_data init = {&callbacks, made, options};
    made->context = wg_civetweb.mg_start2(&init, &error);
    sigaction(SIGCHLD, &child_action, NULL);
    if (made->context == NULL) {
        set_message(message, message_capacity, text[0] ? text : "civetweb did not start");
        free(made);
        wg_civetweb.mg_exit_library();
        return WG_HTTP_ERROR_START;
    }
    *server = made;
    return WG_HTTP_OK;
}

int32_t wg_http_port(const wg_http_server *server) {
    struct mg_server_port ports[4];
    int count = wg_civetweb.mg_get_server_ports(server->context, 4, ports);
    return count > 0 ? ports[0].port : 0;
}

void wg_http_stop(wg_http_server *server) {
    wg_civetweb.mg_stop(server->context);
    free(server);
    wg_civetweb.mg_exit_library();
}

const char *wg_http_method(const wg_http_request *request) {
    return request->info->request_method ? request->info->request_method : "";
}

const char *wg_http_path(const wg_http_request *request) {
    const char *raw = request->info->local_uri_raw;
    if (raw == NULL) raw = request->info->request_uri;
    return raw ? raw : "";
}

const char *wg_http_query(const wg_http_request *request) { return request->info->query_string; }

const char *wg_http_header(const wg_http_request *request, const char *name) {
    return wg_civetweb.mg_get_header(request->connection, name);
}

int32_t wg_http_header_count(const wg_http_request *request, const char *name) {
    int32_t count = 0;
    for (int i = 0; i < request->info->num_headers; i++) {
        if (strcasecmp(request->info->http_headers[i].name, name) == 0) count++;
    }
    return count;
}

const char *wg_http_header_at(const wg_http_request *request, const char *name, int32_t index) {
    for (int i = 0; i < request->info->num_headers; i++) {
        if (strcasecmp(request->info->http_headers[i].name, name) == 0 && index-- == 0) {
            return request->info->http_headers[i].value;
        }
    }
    return NULL;
}

int64_t wg_http_content_length(const wg_http_request *request) { return request->info->content_length; }

int64_t wg_http_read(wg_http_request *request, void *buffer, size_t capacity) {
    int count = wg_civetweb.mg_read(request->connection, buffer, capacity);
    if (count > 0) request->read += count;
    if (count == 0) request->ended = 1;
    return count;
}

int32_t wg_http_respond(wg_http_request *request, int32_t status, const char *headers, const void *body,
                        size_t length) {
    if (request->status != 0) return -1;
    request->status = status;
    // A body left unread would be taken for the next request on a kept-alive connection:
    // such a connection is closed after this response instead.
    int64_t declared = request->info->content_length;
    const char *method = wg_http_method(request);
    int may_have_body = strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0;
    int unread = !request->ended && (declared > 0 ? request->read < declared : declared < 0 && may_have_body);
    if (unread) wg_civetweb.mg_disable_connection_keep_alive(request->connection);
    const char *reason = wg_civetweb.mg_get_response_code_text(request->connection, status);
    int head = wg_civetweb.mg_printf(request->connection, "HTTP/1.1 %d %s\r\n%s%sContent-Length: %zu\r\n\r\n", (int)status,
                         reason ? reason : "", headers, unread ? "Connection: close\r\n" : "", length);
    if (head <= 0) return -1;
    if (length > 0 && body != NULL) {
        int written = wg_civetweb.mg_write(request->connection, body, length);
        if (written < 0 || (size_t)written != length) return -1;
    }
    return 0;
}
