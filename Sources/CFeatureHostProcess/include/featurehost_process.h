/*
 * Process plumbing for running plugins out of the host's process (docs/architecture.md, "Plugins run out of
 * process"): the host spawns `featurehost-plugin-host` with posix_spawn (never fork: a forked child of a
 * multithreaded Swift process cannot run Swift), and the child hardens itself before it loads the library.
 */
#ifndef FEATUREHOST_PROCESS_H
#define FEATUREHOST_PROCESS_H

#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A connected pair of stream sockets, both close-on-exec and never raising SIGPIPE. Returns 0 or errno. */
int featurehost_channel_pair(int fds[2]);

/* A pipe, both ends close-on-exec. Returns 0 or errno. */
int featurehost_output_pipe(int fds[2]);

/*
 * Starts `path` with `argv` and `envp`: `channel_fd` becomes its descriptor 3, `output_fd` its 1 and 2, /dev/null its
 * 0; every other descriptor is closed; signal dispositions and the mask are the defaults; it gets a process group of
 * its own, so the terminal's Ctrl-C and Ctrl-Z reach the host only. Returns 0 and sets `*pid`, or returns errno.
 */
int featurehost_spawn(const char *path, char *const argv[], char *const envp[], int channel_fd, int output_fd, pid_t *pid);

/*
 * In the child, first: standard output line-buffered; dies with its parent (Linux: PR_SET_PDEATHSIG), asks the kernel to pick it first when memory
 * runs out (oom_score_adj 1000), writes no core file, and caps its address space at `address_space_bytes` (0: no
 * cap) as a backstop behind the host's own memory watchdog.
 */
void featurehost_child_harden(uint64_t address_space_bytes);

/* Sends every byte or fails: 0, or errno (EPIPE when the other side is gone). Never raises SIGPIPE. */
int featurehost_send_all(int fd, const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
