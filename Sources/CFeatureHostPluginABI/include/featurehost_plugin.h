/*
 * The FeatureHost plugin ABI: the only thing a dynamic plugin library and the host share.
 *
 * Plain C types only. The plugin keeps its own copy of the core and TerminalUI; the two sides exchange
 * bytes: the manifest and the context as JSON, keys as raw terminal bytes, frames in the FrameCodec form.
 *
 * A plugin library exports ONE symbol, FEATUREHOST_PLUGIN_ENTRY_SYMBOL, a function that returns a pointer to
 * a featurehost_plugin table that lives as long as the library. The host reads `abi_version` (the first
 * field, in every version) before anything else and refuses the library when it differs from
 * FEATUREHOST_PLUGIN_ABI_VERSION. A new layout gets a new version and a new entry symbol name. A library may
 * also export the optional web entry (below); the main table is unchanged by it.
 *
 * Threads: the host calls every function on the main thread, except `in_flight` and `is_advancing`, which
 * may be called from any thread. The plugin calls `request_frame` on the main thread. A host survives a plugin
 * that breaks this: a callback (`request_frame`, `done`, a write) from another thread is accepted, a frame
 * request from one is delivered on the main thread; a callback after the call or instance it belonged to has
 * ended (a late or second `done`, a write after the call returned, a frame request after `destroy`) is dropped.
 * The context pointers the host hands out are numbers, not addresses: never dereference them.
 * Memory: bytes handed to a featurehost_write_fn belong to the caller and live only during the call; the
 * receiver copies them, up to a limit of its own (see docs/architecture.md). Nothing is freed across the boundary.
 * Bounds: a host waits a bounded real time for `done`, accepts bounded output, and catches a crash in `create`;
 * a plugin past a bound is stopped (never called again, `destroy` included) and its panel says why.
 */
#ifndef FEATUREHOST_PLUGIN_H
#define FEATUREHOST_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FEATUREHOST_PLUGIN_ABI_VERSION 1
#define FEATUREHOST_PLUGIN_ENTRY_SYMBOL "featurehost_plugin_entry_v1"

/* Lifecycle events, as handle_lifecycle receives them. */
#define FEATUREHOST_LIFECYCLE_DID_ENTER_BACKGROUND 0
#define FEATUREHOST_LIFECYCLE_WILL_ENTER_FOREGROUND 1

/* Receives `count` bytes into the receiver's `sink`. */
typedef void (*featurehost_write_fn)(void *sink, const uint8_t *bytes, size_t count);

/* The plugin's screen changed: the host should draw a new frame. */
typedef void (*featurehost_frame_request_fn)(void *host_context);

/* Something the host asked for has finished. Called exactly once, on the main thread. */
typedef void (*featurehost_done_fn)(void *done_context);

typedef struct featurehost_plugin {
    /* Always first, in every version of this table. */
    uint32_t abi_version;

    /* Writes the feature's manifest as JSON: id, title, summary, acceptedSources, defaultSource, settingsKeys
       (plain keys, for older hosts), settings (typed declarations), bundledSamples. */
    void (*manifest)(void *sink, featurehost_write_fn write);

    /* Builds the feature from the context JSON (see docs/architecture.md). Returns the instance, or NULL after
     * writing a message a person can act on to error_sink. `request_frame(host_context)` is how the instance
     * asks for frames until it is destroyed. */
    void *(*create)(const uint8_t *context_json, size_t context_count, void *host_context,
                    featurehost_frame_request_fn request_frame, void *error_sink, featurehost_write_fn write_error);
    void (*destroy)(void *instance);

    /* The feature appears (the host's `appear` event, once): makes its terminal scene and starts its timers
     * and loads. The calls below act on that scene. */
    void (*open_scene)(void *instance);
    void (*minimum_size)(void *instance, int32_t *width, int32_t *height);
    /* Writes the footer's key hints as JSON: [{"key": "Enter", "action": "wave"}]. When the context's "keyHintsForm"
     * is 2 it may write {"hints": [...], "leavesEscapeToShell": false} instead: a screen that takes Esc though no hint
     * names it (the host answers a key the plugin has not answered in time from this). Older hosts read the array. */
    void (*key_hints)(void *instance, void *sink, featurehost_write_fn write);
    /* Writes the frame for width × height in the FrameCodec form. */
    void (*render)(void *instance, int32_t width, int32_t height, void *sink, featurehost_write_fn write);
    /* One key as the raw bytes a terminal sends for it. Returns 1 when the scene used it, 0 when not. */
    int32_t (*handle_key)(void *instance, const uint8_t *bytes, size_t count);
    void (*handle_lifecycle)(void *instance, int32_t event);

    /* Virtual time, used only when the context's "clock" is "manual" (snapshots and tests). Offsets are
     * nanoseconds since the instance was created. */
    /* The earliest deadline anything in the plugin sleeps until, or -1 when nothing sleeps. */
    int64_t (*next_deadline)(void *instance);
    /* Moves the plugin's clock to `offset`, waking its sleepers in order on the main actor, and calls
     * `done(done_context)` once the work they woke has settled (at once when there is nothing to move). */
    void (*advance)(void *instance, int64_t offset, void *done_context, featurehost_done_fn done);
    /* 1 while an advance has not yet settled. */
    int32_t (*is_advancing)(void *instance);
    /* Requests and loads in flight, so the host can wait until the plugin is idle before reading a frame. */
    int64_t (*in_flight)(void *instance);
} featurehost_plugin;

/* The type of the entry symbol. */
typedef const featurehost_plugin *(*featurehost_plugin_entry_fn)(void);

/*
 * The optional web entry: a second symbol, FEATUREHOST_PLUGIN_WEB_ENTRY_SYMBOL, returning a
 * featurehost_plugin_web table. A library without it (every plugin built before the web surface) is a
 * terminal-only plugin: it loads and runs in the terminal, and the web shows a "no web view" panel for it.
 * Versioned on its own, like the main table: `web_abi_version` is read first, and a version the host does
 * not know is treated as "no web view" (the terminal still works).
 *
 * The functions act on an instance made by the main table's `create`. Bytes only: the scene's HTML as a
 * UTF-8 string out (the typed builder's output; the host checks and rebuilds it, see docs/writing-a-feature.md),
 * a page event as JSON in. When the web scene's state changes the plugin calls the same `request_frame`
 * the instance was created with. Same threads and memory rules as above.
 */
#define FEATUREHOST_PLUGIN_WEB_ABI_VERSION 1
#define FEATUREHOST_PLUGIN_WEB_ENTRY_SYMBOL "featurehost_plugin_web_entry_v1"

typedef struct featurehost_plugin_web {
    /* Always first, in every version of this table. */
    uint32_t web_abi_version;

    /* Writes the feature's web files as JSON: [{"name": "greeting.css", "contentType": "text/css; charset=utf-8",
       "base64": "…"}], served at /assets/<feature id>/<name>; every .css is linked by the page. */
    void (*assets)(void *sink, featurehost_write_fn write);
    /* Makes the instance's web scene (once; later calls do nothing). Starts nothing: work starts with
       `open_scene`, the host's `appear`, which then makes no terminal scene. */
    void (*open_web_scene)(void *instance);
    /* Writes the web scene's HTML (the content of the page's <main>) as UTF-8. */
    void (*render_html)(void *instance, void *sink, featurehost_write_fn write);
    /* One page event as JSON: {"kind": "click", "action": "wave", "value": null, "fields": {}, "key": null}.
       Returns 1 when the scene used it, 0 when not (or when the JSON is not a page event). */
    int32_t (*handle_page_event)(void *instance, const uint8_t *json, size_t count);
} featurehost_plugin_web;

typedef const featurehost_plugin_web *(*featurehost_plugin_web_entry_fn)(void);

/*
 * The optional reformat entry: a third symbol, FEATUREHOST_PLUGIN_REFORMAT_ENTRY_SYMBOL, returning a
 * featurehost_plugin_reformat table. The host calls it on a running instance when the user's conventions change
 * (the config's locale, hour cycle or time zone was edited). A library without it (every plugin built before it),
 * or with a version the host does not know, is made again with the new conventions instead, as a compiled-in
 * feature that cannot format again in place is. Versioned on its own, like the web table.
 */
#define FEATUREHOST_PLUGIN_REFORMAT_ABI_VERSION 1
#define FEATUREHOST_PLUGIN_REFORMAT_ENTRY_SYMBOL "featurehost_plugin_reformat_entry_v1"

typedef struct featurehost_plugin_reformat {
    /* Always first, in every version of this table. */
    uint32_t reformat_abi_version;

    /* The new conventions as JSON: {"locale": "de_DE", "timeZone": "Europe/Berlin", "hourCycle": "24"}.
       Returns 1 when the instance formats again with them in place, keeping everything else it shows (and asks
       for a frame when what it shows changed); 0 when it cannot, and the host makes it again. */
    int32_t (*reformat)(void *instance, const uint8_t *json, size_t count);
} featurehost_plugin_reformat;

typedef const featurehost_plugin_reformat *(*featurehost_plugin_reformat_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif
