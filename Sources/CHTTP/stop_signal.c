// Waiting for Ctrl-C, SIGTERM, SIGHUP (the terminal closed) or SIGQUIT (Ctrl-\): a handler that writes the signal's number into a pipe
// (write is async-signal-safe), and a blocking read of that pipe. A plain handler, not a
// signal mask: a mask would have to be set before any thread starts, and would pass on to
// the processes the studio runs; a handler is reset to the default in them by exec.
#define _GNU_SOURCE  // pipe2
#include "CHTTP.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int stop_pipe[2] = {-1, -1};

static void on_stop_signal(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    ssize_t ignored = write(stop_pipe[1], &byte, 1);
    (void)ignored;
    errno = saved;
}

wg_http_status wg_http_catch_stop_signals(char *message, size_t message_capacity) {
    if (stop_pipe[0] < 0 && pipe2(stop_pipe, O_CLOEXEC) != 0) {
        snprintf(message, message_capacity, "cannot make a pipe for signals: %s", strerror(errno));
        return WG_HTTP_ERROR_START;
    }
    // A second signal while the first is being handled must not block the handler.
    fcntl(stop_pipe[1], F_SETFL, O_NONBLOCK);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction previous;
        // A signal the parent chose to ignore (nohup, a background job's SIGINT) stays ignored.
        if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        if (sigaction(signals[i], &action, NULL) != 0) {
            snprintf(message, message_capacity, "cannot catch signal %d: %s", signals[i], strerror(errno));
            return WG_HTTP_ERROR_START;
        }
    }
    // A process may start with these blocked (the mask passes through exec: a test runner
    // spawning from one of its worker threads does that); they would then stay pending for
    // ever. Unblocked in this thread, the one that waits, they reach the handler here.
    sigset_t stopping;
    sigemptyset(&stopping);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&stopping, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &stopping, NULL);
    return WG_HTTP_OK;
}

void wg_http_request_stop(void) {
    if (stop_pipe[1] < 0) return;
    unsigned char byte = 0;
    ssize_t ignored = write(stop_pipe[1], &byte, 1);
    (void)ignored;
}

int32_t wg_http_wait_for_stop_signal(void) {
    unsigned char byte = 0;
    for (;;) {
        ssize_t count = read(stop_pipe[0], &byte, 1);
        if (count == 1) return byte;
        if (count < 0 && errno == EINTR) continue;
        return 0;
    }
}
