/* See featurehost_process.h: how a plugin's processes end with it (docs/reliability.md, "Plugins"). */
#define _GNU_SOURCE
#include "featurehost_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__linux__)
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#if defined(__linux__)

/* Most processes one plugin may have; past it the rest are found in the next round. */
enum { tree_capacity = 1024, scan_rounds = 64 };

/* Parses an unsigned decimal at `*text`, moving past it. */
static long parse_number(const char **text) {
    long value = 0;
    while (**text >= '0' && **text <= '9') {
        value = value * 10 + (**text - '0');
        (*text)++;
    }
    return value;
}

/* The parent and state of `pid` from /proc/<pid>/stat, with system calls only: this runs in signal handlers. */
static int read_stat(long pid, long *parent, char *state) {
    char path[40] = "/proc/";
    char digits[24];
    int length = 0;
    do {
        digits[length++] = (char)('0' + pid % 10);
        pid /= 10;
    } while (pid > 0);
    size_t at = strlen(path);
    while (length > 0) path[at++] = digits[--length];
    memcpy(path + at, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[512];
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    if (count <= 0) return -1;
    text[count] = 0;
    /* The command name may hold spaces and parentheses: the fields go on after its last ')'. */
    const char *close_paren = strrchr(text, ')');
    if (close_paren == NULL || close_paren[1] != ' ' || close_paren[2] == 0) return -1;
    *state = close_paren[2];
    const char *rest = close_paren + 4;
    *parent = parse_number(&rest);
    return 0;
}

static int contains(const pid_t *pids, int count, pid_t pid) {
    for (int index = 0; index < count; index++) {
        if (pids[index] == pid) return 1;
    }
    return 0;
}

/* Adds to `tree` every live process whose parent is in it, scanning /proc once; returns how many it added. (The
 * kernel here may lack /proc/<pid>/task/<tid>/children, so parents are read from each process's stat.) */
static int add_children(pid_t *tree, int *count) {
    int directory = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return 0;
    int added = 0;
    char buffer[4096];
    long read_count;
    while ((read_count = syscall(SYS_getdents64, directory, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < read_count;) {
            struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            const char *name = entry->d_name;
            if (name[0] < '1' || name[0] > '9') continue;
            long pid = parse_number(&name);
            long parent = 0;
            char state = 0;
            if (*name != 0 || read_stat(pid, &parent, &state) != 0) continue;
            if (state == 'Z' || state == 'X' || !contains(tree, *count, (pid_t)parent)) continue;
            if (contains(tree, *count, (pid_t)pid) || *count >= tree_capacity) continue;
            tree[(*count)++] = (pid_t)pid;
            added++;
        }
    }
    close(directory);
    return added;
}

/* Stops `root`'s descendants (a stopped process cannot fork), round by round until no new one appears, then
 * kills them all; `root` too when `include_root`. Returns how many it killed besides the root. */
static int kill_tree(pid_t root, int include_root) {
    pid_t tree[tree_capacity];
    int count = 1;
    tree[0] = root;
    if (include_root) kill(root, SIGSTOP);
    int killed = 0;
    for (int round = 0; round < scan_rounds; round++) {
        int first = count;
        if (add_children(tree, &count) == 0) break;
        for (int index = first; index < count; index++) kill(tree[index], SIGSTOP);
        if (count >= tree_capacity) {
            /* Full: kill these and look again for what they leave (orphans come back to a subreaper root). */
            for (int index = 1; index < count; index++) kill(tree[index], SIGKILL);
            killed += count - 1;
            count = 1;
        }
    }
    for (int index = 1; index < count; index++) kill(tree[index], SIGKILL);
    killed += count - 1;
    if (include_root) kill(root, SIGKILL);
    return killed;
}

#endif

int featurehost_kill_plugin(pid_t pid) {
#if defined(__linux__)
    kill_tree(pid, 1);
#endif
    /* Its process group, whatever is left of it (the root itself where /proc cannot be read). */
    kill(-pid, SIGKILL);
    return kill(pid, SIGKILL) == 0 ? 0 : errno;
}

int featurehost_kill_process_group(pid_t pgid) { return kill(-pgid, SIGKILL) == 0 ? 0 : errno; }

int featurehost_watch_exit(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
#else
    (void)pid;
    return -1;
#endif
}

int featurehost_has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == ECHILD;
    return info.si_pid == pid;
}

void featurehost_child_end_descendants(void) {
#if defined(__linux__)
    /* As a subreaper, every orphan of the plugin's comes back to this process, so each round finds the rest. */
    for (int round = 0; round < scan_rounds; round++) {
        int killed = kill_tree(getpid(), 0);
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        if (killed == 0) break;
    }
#endif
}

#if defined(__linux__)
static const int crash_signals[] = {SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP};
enum { crash_signal_count = sizeof crash_signals / sizeof crash_signals[0] };
static struct sigaction previous_actions[crash_signal_count];

/* A crash: the plugin's other processes end first (they would reparent to init, out of reach), then the runtime's
 * own handler (the backtracer) or the default action runs as before. */
static void on_crash(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    int saved = errno;
    featurehost_child_end_descendants();
    for (int index = 0; index < crash_signal_count; index++) {
        if (crash_signals[index] == signal_number) sigaction(signal_number, &previous_actions[index], NULL);
    }
    errno = saved;
    /* A fault happens again on return; a signal sent by kill is sent again. */
    if (info != NULL && info->si_code <= 0) raise(signal_number);
}

/* The host is gone (PR_SET_PDEATHSIG): end the plugin's processes, then this one. */
static void on_host_death(int signal_number) {
    (void)signal_number;
    featurehost_child_end_descendants();
    _exit(0);
}
#endif

void featurehost_child_contain(void) {
#if defined(__linux__)
    /* Orphans of the plugin's reparent here, not to init, so they stay within reach. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    /* No set-user-id program the plugin runs gains privileges. */
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < crash_signal_count; index++) sigaction(crash_signals[index], &action, &previous_actions[index]);
    struct sigaction death;
    memset(&death, 0, sizeof death);
    death.sa_handler = on_host_death;
    sigfillset(&death.sa_mask);
    sigaction(SIGTERM, &death, NULL);
    /* A host killed while it was stopping this process to end it (featurehost_kill_plugin stops the tree before it
     * kills it) leaves it stopped: the kernel then wakes the orphaned group with SIGHUP and SIGCONT, and SIGHUP,
     * the lower number, comes before the pending SIGTERM. Its default action would end this process alone and leave
     * the plugin's processes running (the one in a session of its own stopped for good). */
    sigaction(SIGHUP, &death, NULL);
    /* SIGTERM rather than SIGKILL, so the plugin's processes end too. */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    /* A host that died before the line above closed the channel: the reader's end of file ends the child. */
#endif
}
