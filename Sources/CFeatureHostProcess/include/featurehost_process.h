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
 * In the child, first: standard output line-buffered; contained (`featurehost_child_contain`), asks the kernel to
 * pick it first when memory runs out (oom_score_adj 1000), writes no core file, and caps its address space at
 * `address_space_bytes` (0: no cap) as a backstop behind the host's own memory watchdog.
 */
void featurehost_child_harden(uint64_t address_space_bytes);

/*
 * In the child (Linux): a child subreaper, so the plugin's orphaned processes reparent to it; no new privileges; on
 * a crash signal, and when the host dies (PR_SET_PDEATHSIG, SIGTERM), it ends every process below it first. Other
 * systems: nothing.
 */
void featurehost_child_contain(void);

/* In the child: kills every process below it (round by round, as orphans come back) and reaps them. */
void featurehost_child_end_descendants(void);

/*
 * In the host: ends a plugin's process `pid` and every process below it (Linux: each stopped first, so none can fork
 * meanwhile), and what is left of its process group. Returns 0 or errno (ESRCH: it was already gone).
 */
int featurehost_kill_plugin(pid_t pid);

/* SIGKILL to every process of the group `pgid` (a dead plugin's processes that stayed in its group). */
int featurehost_kill_process_group(pid_t pgid);

/* A descriptor that becomes readable when the child `pid` exits (Linux: a pidfd), or -1 where there is none. */
int featurehost_watch_exit(pid_t pid);

/* 1 when the child `pid` has exited (it is not reaped: waitpid still finds it), else 0. */
int featurehost_has_exited(pid_t pid);

/* Sends every byte or fails: 0, or errno (EPIPE when the other side is gone). Never raises SIGPIPE. */
int featurehost_send_all(int fd, const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
