#ifdef __linux__
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <unistd.h>
#else
#include <errno.h>
#endif

#include "featurehost_memory_file.h"

int featurehost_sealed_memory_file(const void *bytes, size_t count) {
#if defined(__linux__) && defined(MFD_ALLOW_SEALING) && defined(F_ADD_SEALS)
    int fd = memfd_create("featurehost-static", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    const char *next = bytes;
    size_t left = count;
    while (left > 0) {
        ssize_t written = write(fd, next, left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            close(fd);
            return -1;
        }
        next += written;
        left -= (size_t)written;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) != 0) {
        close(fd);
        return -1;
    }
    return fd;
#else
    (void)bytes;
    (void)count;
    return -1;
#endif
}

long featurehost_send_file(int socket, int file, long long offset, size_t count) {
#ifdef __linux__
    static __thread int pipe_blocked = 0;
    if (!pipe_blocked) {
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        if (pthread_sigmask(SIG_BLOCK, &pipe, NULL) != 0) {
            errno = EPIPE;  // Never risk the signal: the caller sends from memory instead.
            return -1;
        }
        pipe_blocked = 1;
    }
    off_t position = (off_t)offset;
    return (long)sendfile(socket, file, &position, count);
#else
    (void)socket;
    (void)file;
    (void)offset;
    (void)count;
    errno = ENOSYS;
    return -1;
#endif
}
