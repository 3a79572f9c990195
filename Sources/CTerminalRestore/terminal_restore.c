/* See featurehost_terminal_restore.h. Everything the handler does is async-signal-safe: write, tcsetattr, open,
 * dup2, sigaction, raise. */
#define _GNU_SOURCE
#include "featurehost_terminal_restore.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

static const int fatal_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])

static struct sigaction previous_actions[FATAL_COUNT];
static volatile sig_atomic_t installed;
static volatile sig_atomic_t armed;
/* Set once a fatal signal restored the terminal: the process is dying, and nothing may draw or restore again (the
 * input reader, which now reads /dev/null, sees the end of its input and would stop the terminal a second time). */
static volatile sig_atomic_t crashed;
static int saved_input = -1;
static int saved_output = -1;
static struct termios saved_modes;
static char saved_sequence[256];
static size_t saved_length;

/* The standard-error capture: the terminal's descriptor, the pipe's read end, and a ring of the last bytes. */
#define RING_BYTES 16384
static int terminal_stderr = -1;
static int capture_read = -1;
static pthread_t capture_thread;
static char ring[RING_BYTES];
static volatile uint64_t ring_total;

static void ring_append(const char *bytes, size_t count) {
    uint64_t total = __atomic_load_n(&ring_total, __ATOMIC_RELAXED);
    for (size_t index = 0; index < count; index++) ring[(total + index) % RING_BYTES] = bytes[index];
    __atomic_store_n(&ring_total, total + count, __ATOMIC_RELEASE);
}

static void write_all(int fd, const char *bytes, size_t count) {
    size_t offset = 0;
    while (offset < count) {
        ssize_t written = write(fd, bytes + offset, count - offset);
        if (written <= 0) return;
        offset += (size_t)written;
    }
}

/* The ring's bytes, oldest first. */
static void write_ring(int fd) {
    uint64_t total = __atomic_load_n(&ring_total, __ATOMIC_ACQUIRE);
    uint64_t start = total > RING_BYTES ? total - RING_BYTES : 0;
    size_t from = (size_t)(start % RING_BYTES);
    size_t count = (size_t)(total - start);
    size_t first = count < RING_BYTES - from ? count : RING_BYTES - from;
    write_all(fd, ring + from, first);
    write_all(fd, ring, count - first);
}

static void *read_capture(void *unused) {
    (void)unused;
    char buffer[4096];
    for (;;) {
        ssize_t count = read(capture_read, buffer, sizeof buffer);
        if (count <= 0) break;
        ring_append(buffer, (size_t)count);
    }
    return 0;
}

void featurehost_terminal_capture_stderr_begin(void) {
    if (terminal_stderr >= 0) return;
    int fds[2];
    if (pipe(fds) != 0) return;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) {
        close(fds[0]);
        close(fds[1]);
        return;
    }
    __atomic_store_n(&ring_total, 0, __ATOMIC_RELEASE);
    capture_read = fds[0];
    if (pthread_create(&capture_thread, NULL, read_capture, NULL) != 0) {
        close(fds[0]);
        close(fds[1]);
        close(saved);
        capture_read = -1;
        return;
    }
    dup2(fds[1], STDERR_FILENO);
    close(fds[1]);
    terminal_stderr = saved;
}

int featurehost_terminal_restore_crashed(void) { return crashed; }

void featurehost_terminal_capture_stderr_end(void) {
    if (terminal_stderr < 0 || crashed) return;
    /* The pipe's only write end is descriptor 2: putting the terminal back ends the reader at end of file. */
    dup2(terminal_stderr, STDERR_FILENO);
    pthread_join(capture_thread, NULL);
    close(capture_read);
    close(terminal_stderr);
    capture_read = -1;
    terminal_stderr = -1;
    write_ring(STDERR_FILENO);
}

/* In the signal handler: standard error back on the terminal, then what was captured, then what is still in the
 * pipe (the trapping thread usually writes its last line just before the trap, before the reader wakes). */
static void flush_capture_for_crash(void) {
    if (terminal_stderr < 0) return;
    dup2(terminal_stderr, STDERR_FILENO);
    write_ring(STDERR_FILENO);
    int flags = fcntl(capture_read, F_GETFL);
    fcntl(capture_read, F_SETFL, flags | O_NONBLOCK);
    char buffer[4096];
    for (;;) {
        ssize_t count = read(capture_read, buffer, sizeof buffer);
        if (count <= 0) break;
        write_all(STDERR_FILENO, buffer, (size_t)count);
    }
}

static void chain(int index, int signal_number, siginfo_t *info, void *context) {
    const struct sigaction *previous = &previous_actions[index];
    /* The previous handler is put back, so a second fault goes straight to it. */
    sigaction(signal_number, previous, NULL);
    if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) {
        previous->sa_sigaction(signal_number, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(signal_number);
    }
    /* The process ends with the signal. A fault would trap again on return, but a signal another process sent
     * (kill -ILL) would not: the Swift runtime's handler returns after its report, and the process would go on
     * with its terminal handed back and /dev/null for input. */
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

static void on_fatal(int signal_number, siginfo_t *info, void *context) {
    if (armed) {
        armed = 0;
        crashed = 1;
        write_all(saved_output, saved_sequence, saved_length);
        tcsetattr(saved_input, TCSANOW, &saved_modes);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, STDIN_FILENO);
        flush_capture_for_crash();
    }
    for (size_t index = 0; index < FATAL_COUNT; index++) {
        if (fatal_signals[index] == signal_number) {
            chain((int)index, signal_number, info, context);
            return;
        }
    }
}

/* Arming and disarming are process-wide, and two live terminals (two tests at once) may do them from two threads:
 * one lock keeps what is saved whole. The handler never takes it (not async-signal-safe); it reads `armed` alone. */
static pthread_mutex_t arm_lock = PTHREAD_MUTEX_INITIALIZER;

void featurehost_terminal_restore_arm(int input_fd, int output_fd, const struct termios *original, const char *sequence) {
    pthread_mutex_lock(&arm_lock);
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
    pthread_mutex_unlock(&arm_lock);
}

void featurehost_terminal_restore_disarm(void) {
    pthread_mutex_lock(&arm_lock);
    armed = 0;
    pthread_mutex_unlock(&arm_lock);
}
