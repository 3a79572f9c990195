/* See featurehost_call_guard.h. Everything here runs on the host's main thread, one guarded call at a time. */
#define _GNU_SOURCE
#include "featurehost_call_guard.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

_Thread_local int featurehost_host_call_depth;

static const int guarded_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define GUARDED_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])
/* Enough for the handler, which only jumps; SIGSTKSZ is not a constant on newer glibc. */
#define ALTERNATE_STACK_BYTES (64 * 1024)

/* One guarded call at a time: the handlers and the jump buffer are process-wide. */
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous_actions[GUARDED_COUNT];
static sigjmp_buf crash_jump;
static pthread_t guarded_thread;
static volatile sig_atomic_t armed;

/* A signal that is not ours to catch (another thread, or outside the call) gets the handler that was there
 * before, as if this guard were not installed. */
static void pass_on(int signal_number, siginfo_t *info, void *context) {
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        if (guarded_signals[index] != signal_number) continue;
        const struct sigaction *previous = &previous_actions[index];
        if (previous->sa_flags & SA_SIGINFO) {
            if (previous->sa_sigaction) previous->sa_sigaction(signal_number, info, context);
            return;
        }
        if (previous->sa_handler == SIG_IGN) return;
        if (previous->sa_handler == SIG_DFL) {
            /* The default action (terminate, dump core): delivered once this handler returns. */
            struct sigaction fallback;
            memset(&fallback, 0, sizeof fallback);
            fallback.sa_handler = SIG_DFL;
            sigaction(signal_number, &fallback, NULL);
            raise(signal_number);
            return;
        }
        previous->sa_handler(signal_number);
        return;
    }
}

static void on_crash(int signal_number, siginfo_t *info, void *context) {
    if (armed && pthread_equal(pthread_self(), guarded_thread)) {
        armed = 0;
        siglongjmp(crash_jump, signal_number);
    }
    pass_on(signal_number, info, context);
}

void *featurehost_guarded_create(featurehost_create_fn create, const uint8_t *context_json, size_t context_count,
                                 void *host_context, featurehost_frame_request_fn request_frame, void *error_sink,
                                 featurehost_write_fn write_error, int *crash_signal) {
    *crash_signal = 0;
    if (!create) return NULL;
    pthread_mutex_lock(&guard_lock);

    stack_t alternate, previous_alternate;
    memset(&alternate, 0, sizeof alternate);
    alternate.ss_sp = malloc(ALTERNATE_STACK_BYTES);
    alternate.ss_size = ALTERNATE_STACK_BYTES;
    int has_alternate = alternate.ss_sp && sigaltstack(&alternate, &previous_alternate) == 0;

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < GUARDED_COUNT; index++) sigaction(guarded_signals[index], &action, &previous_actions[index]);

    void *volatile instance = NULL;
    guarded_thread = pthread_self();
    /* 1: the signal mask is saved, so a signal blocked while its handler ran is unblocked again. */
    int caught = sigsetjmp(crash_jump, 1);
    if (caught == 0) {
        armed = 1;
        instance = create(context_json, context_count, host_context, request_frame, error_sink, write_error);
        armed = 0;
    } else {
        *crash_signal = caught;
        instance = NULL;
    }

    for (size_t index = 0; index < GUARDED_COUNT; index++) sigaction(guarded_signals[index], &previous_actions[index], NULL);
    if (has_alternate) sigaltstack(&previous_alternate, NULL);
    free(alternate.ss_sp);
    pthread_mutex_unlock(&guard_lock);
    return instance;
}
