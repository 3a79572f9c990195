/*
 * A prepared answer's body as a sealed in-memory file, so the web server can hand it to the socket with sendfile
 * (the kernel then sends the file's pages by reference, as nginx does, instead of copying the body from user
 * memory on every request). C because memfd_create and its sealing constants are not in Swift's Glibc module.
 */
#ifndef FEATUREHOST_MEMORY_FILE_H
#define FEATUREHOST_MEMORY_FILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A close-on-exec descriptor of an anonymous file holding exactly `count` bytes from `bytes`, sealed so that nobody
 * can write, grow or shrink it; -1 where there is no memfd_create (not Linux) or when any step failed (the caller
 * then sends from memory).
 */
int featurehost_sealed_memory_file(const void *bytes, size_t count);

/*
 * sendfile of up to `count` bytes of `file` from `offset` to `socket`: the bytes sent, or -1 with errno. sendfile has
 * no MSG_NOSIGNAL, so the first call blocks SIGPIPE for the calling thread (the server's I/O thread) for good: a
 * peer that went away is EPIPE, never a signal that ends the process. -1 with ENOSYS where there is no sendfile.
 */
long featurehost_send_file(int socket, int file, long long offset, size_t count);

#ifdef __cplusplus
}
#endif

#endif
