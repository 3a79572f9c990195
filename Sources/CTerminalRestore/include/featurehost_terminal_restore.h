/*
 * Restores the user's terminal when the host dies of a fatal signal (a Swift trap, a bad memory access, an abort)
 * while the full-screen shell has it: the restore sequence is written and the saved modes are put back from the
 * signal handler itself, then the previous handler (the Swift runtime's backtracer, or the default) runs. Standard
 * input is pointed at /dev/null first, so the backtracer prints its report and never waits for a key on the user's
 * terminal.
 *
 * While the shell has the terminal, standard error goes to a pipe instead (a thread keeps its last 16 KiB): what the
 * process writes there (the Swift runtime's "Fatal error: …" line just before a trap, a warning) would otherwise be
 * drawn into the alternate screen and lost with it. It is written to the terminal after the restore sequence, on a
 * normal stop and on a fatal signal alike.
 */
#ifndef FEATUREHOST_TERMINAL_RESTORE_H
#define FEATUREHOST_TERMINAL_RESTORE_H

#include <stddef.h>
#include <termios.h>

#ifdef __cplusplus
extern "C" {
#endif

/* From now on, a fatal signal first writes `sequence` (copied, at most 255 bytes) to `output_fd` and sets
 * `original` on `input_fd`. Handlers are installed on the first call and stay; disarming makes them only chain. */
void featurehost_terminal_restore_arm(int input_fd, int output_fd, const struct termios *original, const char *sequence);
void featurehost_terminal_restore_disarm(void);

/* 1 once a fatal signal restored the terminal: the process is dying; nothing may draw or restore it again. */
int featurehost_terminal_restore_crashed(void);

/* Sends standard error to the capture until `end`, which puts it back and writes what was captured. */
void featurehost_terminal_capture_stderr_begin(void);
void featurehost_terminal_capture_stderr_end(void);

#ifdef __cplusplus
}
#endif

#endif
