/* See featurehost_terminal_restore.h. Everything the handler does is async-signal-safe: write, tcsetattr, open,
 * dup2, sigaction, raise. */
#define _GNU_SOURCE
#include "featurehost_terminal_restore.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static const int fatal_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])

static struct sigaction previous_actions[FATAL_COUNT];
static volatile sig_atomic_t installed;
static volatile sig_atomic_t armed;
static int saved_input = -1;
static int saved_output = -1;
static struct termios saved_modes;
static char saved_sequence[256];
static size_t saved_length;

static void chain(int index, int signal_number, siginfo_t *info, void *context) {
    const struct sigaction *previous = &previous_actions[index];
    /* The previous handler is put back, so a second fault goes straight to it. */
    sigaction(signal_number, previous, NULL);
    if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) {
        previous->sa_sigaction(signal_number, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(signal_number);
    } else {
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigaction(signal_number, &fallback, NULL);
        raise(signal_number);
    }
}

static void on_fatal(int signal_number, siginfo_t *info, void *context) {
    if (armed) {
        armed = 0;
        size_t offset = 0;
        while (offset < saved_length) {
            ssize_t written = write(saved_output, saved_sequence + offset, saved_length - offset);
            if (written <= 0) break;
            offset += (size_t)written;
        }
        tcsetattr(saved_input, TCSANOW, &saved_modes);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, STDIN_FILENO);
    }
    for (size_t index = 0; index < FATAL_COUNT; index++) {
        if (fatal_signals[index] == signal_number) {
            chain((int)index, signal_number, info, context);
            return;
        }
    }
}

void featurehost_terminal_restore_arm(int input_fd, int output_fd, const struct termios *original, const char *sequence) {
    armed = 0;
    saved_input = input_fd;
    saved_output = output_fd;
    saved_modes = *original;
    saved_length = strnlen(sequence, sizeof saved_sequence - 1);
    memcpy(saved_sequence, sequence, saved_length);
    if (!installed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_fatal;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        for (size_t index = 0; index < FATAL_COUNT; index++) sigaction(fatal_signals[index], &action, &previous_actions[index]);
        installed = 1;
    }
    armed = 1;
}

void featurehost_terminal_restore_disarm(void) { armed = 0; }
