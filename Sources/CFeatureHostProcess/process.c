/* See featurehost_process.h. */
#define _GNU_SOURCE
#include "featurehost_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>
#endif

static int set_cloexec(int fd) {
    int flags = fcntl(fd, F_GETFD);
    if (flags < 0) return errno;
    return fcntl(fd, F_SETFD, flags | FD_CLOEXEC) < 0 ? errno : 0;
}

int featurehost_channel_pair(int fds[2]) {
#if defined(__linux__)
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return errno;
#else
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return errno;
    set_cloexec(fds[0]);
    set_cloexec(fds[1]);
#endif
#if defined(SO_NOSIGPIPE)
    int on = 1;
    setsockopt(fds[0], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
    setsockopt(fds[1], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    return 0;
}

int featurehost_output_pipe(int fds[2]) {
#if defined(__linux__)
    if (pipe2(fds, O_CLOEXEC) != 0) return errno;
#else
    if (pipe(fds) != 0) return errno;
    set_cloexec(fds[0]);
    set_cloexec(fds[1]);
#endif
    return 0;
}

/* A descriptor at 4 or above, so the child's dup2 onto 0 to 3 never finds it already in place (a dup2 onto
 * itself keeps close-on-exec, and the descriptor would vanish at exec). */
static int above_three(int fd) {
    if (fd > 3) return fd;
    return fcntl(fd, F_DUPFD_CLOEXEC, 4);
}

int featurehost_spawn(const char *path, char *const argv[], char *const envp[], int channel_fd, int output_fd, pid_t *pid) {
    int channel = above_three(channel_fd);
    int output = above_three(output_fd);
    if (channel < 0 || output < 0) return errno;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output, 1);
    posix_spawn_file_actions_adddup2(&actions, output, 2);
    posix_spawn_file_actions_adddup2(&actions, channel, 3);
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP;
#if defined(__APPLE__)
    /* Every descriptor not named by a file action is closed. */
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    /* The web server's sockets and wake-up pipe are not close-on-exec: a child must not keep them open. */
    posix_spawn_file_actions_addclosefrom_np(&actions, 4);
#endif
    sigset_t defaults, empty;
    sigfillset(&defaults);
    sigdelset(&defaults, SIGKILL);
    sigdelset(&defaults, SIGSTOP);
    sigemptyset(&empty);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &empty);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, flags);
    status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (channel != channel_fd) close(channel);
    if (output != output_fd) close(output);
    return status;
}

/* The address space the process has reserved so far, from /proc (0 where it cannot be read). */
static uint64_t reserved_bytes(void) {
#if defined(__linux__)
    int statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (statm < 0) return 0;
    char text[64] = {0};
    ssize_t count = read(statm, text, sizeof text - 1);
    close(statm);
    if (count <= 0) return 0;
    unsigned long long pages = strtoull(text, NULL, 10);
    return (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
#else
    return 0;
#endif
}

void featurehost_child_harden(uint64_t address_space_bytes) {
    /* A plugin's `print` reaches the host's log line by line, not when a block fills (or never, after a crash). */
    setvbuf(stdout, NULL, _IOLBF, 0);
#if defined(__linux__)
    featurehost_child_contain();
    int adjust = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (adjust >= 0) {
        (void)!write(adjust, "1000", 4);
        close(adjust);
    }
#endif
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    /* A process that already reserves much (a sanitizer's shadow memory) is left uncapped: it could not run. */
    if (address_space_bytes > 0 && reserved_bytes() < address_space_bytes / 2) {
        struct rlimit cap = {(rlim_t)address_space_bytes, (rlim_t)address_space_bytes};
        setrlimit(RLIMIT_AS, &cap);
    }
}

int featurehost_send_all(int fd, const uint8_t *bytes, size_t count) {
    size_t offset = 0;
    while (offset < count) {
#if defined(MSG_NOSIGNAL)
        ssize_t sent = send(fd, bytes + offset, count - offset, MSG_NOSIGNAL);
#else
        ssize_t sent = send(fd, bytes + offset, count - offset, 0);
#endif
        if (sent > 0) {
            offset += (size_t)sent;
        } else if (sent < 0 && (errno == EINTR || errno == EAGAIN)) {
            continue;
        } else {
            return sent < 0 ? errno : EPIPE;
        }
    }
    return 0;
}
