/*
 * The host's guard around a plugin's `create`: a crash signal raised on the calling thread while the plugin
 * runs is caught and turned into a return value, so the host survives and shows the error in that feature's
 * panel. Host-only: plugins never include this. Why in-process and what it cannot catch: docs/architecture.md,
 * "A plugin that crashes in create".
 */
#ifndef FEATUREHOST_CALL_GUARD_H
#define FEATUREHOST_CALL_GUARD_H

#include "featurehost_plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The type of the table's `create`. */
typedef void *(*featurehost_create_fn)(const uint8_t *context_json, size_t context_count, void *host_context,
                                       featurehost_frame_request_fn request_frame, void *error_sink,
                                       featurehost_write_fn write_error);

/*
 * Calls `create` with the other arguments while SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP raised on
 * this thread jump back here (on an alternate stack, so a stack overflow is caught too). The previous handlers
 * and alternate stack are restored before it returns. Returns what `create` returned and sets `*crash_signal`
 * to 0, or returns NULL and sets it to the signal that stopped the call. A signal raised on another thread in
 * the meantime goes to the handler that was there before.
 */
void *featurehost_guarded_create(featurehost_create_fn create, const uint8_t *context_json, size_t context_count,
                                 void *host_context, featurehost_frame_request_fn request_frame, void *error_sink,
                                 featurehost_write_fn write_error, int *crash_signal);

/*
 * How deep the calling thread is in calls the host makes into plugins (on the main actor). A plugin callback
 * that finds it above 0 runs synchronously inside such a call, so on the main actor: the cheap answer for the
 * common case (a frame request or `done` from within `advance` or `handle_key`); any other caller is checked
 * the slow way or hopped.
 */
extern _Thread_local int featurehost_host_call_depth;

static inline void featurehost_enter_host_call(void) { featurehost_host_call_depth++; }
static inline void featurehost_leave_host_call(void) { featurehost_host_call_depth--; }
static inline int featurehost_in_host_call(void) { return featurehost_host_call_depth > 0; }

#ifdef __cplusplus
}
#endif

#endif
