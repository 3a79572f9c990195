/*
 * A FeatureHost plugin that works (it ticks once a second on the host's clock and draws "Ticks: N") except for
 * the misbehaviours it is compiled with, one -D flag each (see MisbehavingPluginStub.Behaviour in
 * Sources/FeatureHostTesting), so tests can show how the host bounds each. STUB_MANIFEST is the manifest JSON
 * as a C string. It also exports test hooks that play the plugin's other threads when a test says.
 * Built by the Swift tests (PluginStubs.build), Tests/e2e/misbehaving-plugins.sh and Tests/browser.
 *
 * TRAP_IN_<CALL> writes a line in the form of the Swift runtime's ("file:line: Fatal error: message") to stderr
 * and traps (SIGILL on x86-64, as a Swift trap does); HANG_IN_<CALL> never returns; CALL is CREATE, APPEAR, KEY,
 * RENDER, TICK (advance), LIFECYCLE, HTML (render_html) or PAGE_EVENT. FORK_CHILDREN and REPORT_ENVIRONMENT write
 * to the file STUB_REPORT names.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "featurehost_plugin.h"

/* SLOW_<CALL> answers each such call after STUB_SLOW_MS milliseconds of real time, well under any deadline. */
#ifndef STUB_SLOW_MS
#define STUB_SLOW_MS 300
#endif
#define STUB_SLOW() usleep(STUB_SLOW_MS * 1000)
/* SLOW_KEY takes each key STUB_SLOW_KEY_MS milliseconds (under the call deadline tests set); Enter is taken and
 * counted ("Keys: N" on its frame), every other key left to the host. */
#ifndef STUB_SLOW_KEY_MS
#define STUB_SLOW_KEY_MS 1500
#endif

#define STUB_TRAP(call)                                                                                           \
    do {                                                                                                          \
        fprintf(stderr, "misbehaving_plugin.c:%d: Fatal error: the stub traps in %s\n", __LINE__, call);          \
        fflush(stderr);                                                                                           \
        __builtin_trap();                                                                                         \
    } while (0)
#define STUB_HANG()                                                                                               \
    do {                                                                                                          \
        for (;;) pause();                                                                                         \
    } while (0)

#if defined(CRASH_IN_STATIC_INITIALIZER)
/* Runs when the library is loaded, before the host can read anything from it. */
__attribute__((constructor)) static void crash_while_loading(void) { STUB_TRAP("a static initializer"); }
#endif

#if defined(LEAK)
/* Memory the stub takes and never gives back, touched so it is resident. */
static void leak(size_t bytes) {
    char *block = malloc(bytes);
    if (block) memset(block, 1, bytes);
}

static void *leak_forever(void *unused) {
    for (;;) {
        leak(16u << 20);
        usleep(20000);
    }
    return 0;
}
#endif

#if defined(GARBAGE_IN_RENDER)
/* A message of 4 GiB on the channel to the host (descriptor 3 in the plugin's process). */
static void write_garbage(void) {
    static const uint8_t garbage[] = {0xFF, 0xFF, 0xFF, 0xFF, 64, 1, 0, 0, 0};
    (void)!write(3, garbage, sizeof garbage);
}
#endif

#if defined(HANG_LATER)
/* libdispatch's main queue, which the plugin's process serves the host's calls from (the Swift runtime loaded it). */
extern struct dispatch_queue_s _dispatch_main_q;
extern void dispatch_async_f(void *queue, void *context, void (*work)(void *));

/* A job on the main queue that never ends, queued while no call is running: a live timer that loops. */
static void hang_on_main_queue(void *unused) { STUB_HANG(); }
#endif

#if defined(TRAP_LATER)
/* A thread of the plugin's own that traps while the host is not calling it. */
static void *trap_later(void *unused) {
    usleep(200000);
    STUB_TRAP("a thread of its own");
    return 0;
}
#endif

typedef struct stub { void *host; featurehost_frame_request_fn request; int64_t ticks; int64_t keys; } stub;

static void *saved_host;
static featurehost_frame_request_fn saved_request;
static void *saved_error_sink;
static featurehost_write_fn saved_write_error;
static void *saved_done_context;
static featurehost_done_fn saved_done;
static uint8_t chunk[1 << 20];
/* Every call of the table's instance functions, so a test can see a stopped plugin is never called again. */
static int64_t calls;
#define CALLED() __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST)
int64_t stub_call_count(void) { return __atomic_load_n(&calls, __ATOMIC_SEQ_CST); }

static void manifest(void *sink, featurehost_write_fn write) {
    const char *json = STUB_MANIFEST;
    write(sink, (const uint8_t *)json, strlen(json));
}

static void *write_error_on_thread(void *unused) {
    const char *message = "the stub's own thread says it cannot run";
    if (saved_write_error) saved_write_error(saved_error_sink, (const uint8_t *)message, strlen(message));
    return 0;
}

#if defined(FORK_CHILDREN) || defined(REPORT_ENVIRONMENT)
#include <dirent.h>
#include <fcntl.h>

/* Appends a line to STUB_REPORT, the file the test names when it builds the stub. */
static void report(const char *line) {
    int fd = open(STUB_REPORT, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) return;
    (void)!write(fd, line, strlen(line));
    close(fd);
}
#endif

#if defined(FORK_CHILDREN)
/* Two processes that would outlive the plugin: one in its process group, one in a session of its own (setsid).
 * Each only waits (async-signal-safe calls alone: the plugin's process has threads). Their pids go to the report. */
static void fork_children(void) {
    char line[64];
    pid_t grouped = fork();
    if (grouped == 0) {
        for (;;) pause();
    }
    pid_t daemonized = fork();
    if (daemonized == 0) {
        setsid();
        for (;;) pause();
    }
    snprintf(line, sizeof line, "pid %d\npid %d\n", (int)grouped, (int)daemonized);
    report(line);
}
#endif

#if defined(REPORT_ENVIRONMENT)
extern char **environ;

/* Every variable and every open descriptor (with what it names) of the plugin's process, to the report. */
static void report_environment(void) {
    char line[4096];
    for (char **variable = environ; *variable; variable++) {
        snprintf(line, sizeof line, "env %s\n", *variable);
        report(line);
    }
    DIR *directory = opendir("/proc/self/fd");
    if (!directory) return;
    int own = dirfd(directory);
    struct dirent *entry;
    while ((entry = readdir(directory))) {
        if (entry->d_name[0] == '.' || atoi(entry->d_name) == own) continue;
        char path[64], target[512];
        snprintf(path, sizeof path, "/proc/self/fd/%s", entry->d_name);
        ssize_t length = readlink(path, target, sizeof target - 1);
        target[length > 0 ? length : 0] = 0;
        snprintf(line, sizeof line, "fd %s %s\n", entry->d_name, target);
        report(line);
    }
    closedir(directory);
}
#endif

static void *create(const uint8_t *context, size_t count, void *host, featurehost_frame_request_fn request,
                    void *error_sink, featurehost_write_fn write_error) {
    CALLED();
    saved_host = host;
    saved_request = request;
    saved_error_sink = error_sink;
    saved_write_error = write_error;
#if defined(FORK_CHILDREN)
    fork_children();
#endif
#if defined(REPORT_ENVIRONMENT)
    report_environment();
#endif
#if defined(CRASH_SEGV)
    volatile int *nowhere = 0;
    *nowhere = 1;
#elif defined(CRASH_ABORT)
    abort();
#elif defined(CREATE_FAILS_FROM_THREAD)
    pthread_t thread;
    pthread_create(&thread, 0, write_error_on_thread, 0);
    pthread_join(thread, 0);
    return 0;
#elif defined(TRAP_IN_CREATE)
    STUB_TRAP("create");
#elif defined(HANG_IN_CREATE)
    STUB_HANG();
#endif
    stub *instance = calloc(1, sizeof *instance);
    instance->host = host;
    instance->request = request;
    return instance;
}

static void destroy(void *instance) {
    CALLED();
    free(instance);
}
static void open_scene(void *instance) {
    CALLED();
#if defined(TRAP_IN_APPEAR)
    STUB_TRAP("appear");
#elif defined(HANG_IN_APPEAR)
    STUB_HANG();
#endif
#if defined(LEAK)
    pthread_t leaker;
    pthread_create(&leaker, 0, leak_forever, 0);
    pthread_detach(leaker);
#endif
#if defined(HANG_LATER)
    dispatch_async_f(&_dispatch_main_q, 0, hang_on_main_queue);
#endif
#if defined(TRAP_LATER)
    pthread_t trapper;
    pthread_create(&trapper, 0, trap_later, 0);
    pthread_detach(trapper);
#endif
}

static void minimum_size(void *instance, int32_t *width, int32_t *height) {
    CALLED();
    *width = 10;
    *height = 3;
}

static void key_hints(void *instance, void *sink, featurehost_write_fn write) {
    CALLED();
#if defined(HUGE_KEY_HINTS)
    for (int index = 0; index < 2; index++) write(sink, chunk, sizeof chunk);
#elif defined(KEEPS_ESCAPE)
    /* The object form (KeyHintsWire): its screen swallows Esc without naming it. */
    const char *hints = "{\"hints\":[{\"key\":\"Enter\",\"action\":\"poke\"}],\"leavesEscapeToShell\":false}";
    write(sink, (const uint8_t *)hints, strlen(hints));
#else
    const char *hints = "[{\"key\":\"Enter\",\"action\":\"poke\"}]";
    write(sink, (const uint8_t *)hints, strlen(hints));
#endif
}

static size_t put_varint(uint8_t *out, uint64_t value) {
    size_t count = 0;
    while (value >= 0x80) {
        out[count++] = (uint8_t)(value & 0x7F) | 0x80;
        value >>= 7;
    }
    out[count++] = (uint8_t)value;
    return count;
}

/* "Ticks: N" from the top left, in FrameCodec form: one plain style, a literal run, then a run of spaces. */
static void render(void *instance, int32_t width, int32_t height, void *sink, featurehost_write_fn write) {
    CALLED();
#if defined(SLOW_RENDER)
    STUB_SLOW();
#endif
#if defined(STDOUT)
    printf("the stub renders %dx%d\n", width, height);
    fprintf(stderr, "the stub says so on stderr too\n");
#endif
#if defined(TRAP_IN_RENDER)
    STUB_TRAP("render");
#elif defined(HANG_IN_RENDER)
    STUB_HANG();
#elif defined(EXIT_IN_RENDER)
    exit(7);
#elif defined(SLOW_CRASH_IN_RENDER)
    /* The runtime's line, then nothing for ever: a crash whose report (a backtrace) outlasts the call's deadline. */
    fprintf(stderr, "misbehaving_plugin.c:%d: Fatal error: the stub crashes slowly in render\n", __LINE__);
    fflush(stderr);
    STUB_HANG();
#elif defined(GARBAGE_IN_RENDER)
    write_garbage();
#endif
#if defined(HUGE_FRAME)
    for (int index = 0; index < 256; index++) write(sink, chunk, sizeof chunk);
    return;
#endif
    uint8_t frame[256];
    size_t length = 0;
    memcpy(frame, "FHF1", 4);
    length = 4;
#if defined(HUGE_FRAME_CELLS)
    width = 2000;
    height = 2000;
#endif
    uint64_t cells = (uint64_t)(width > 0 ? width : 0) * (uint64_t)(height > 0 ? height : 0);
    length += put_varint(frame + length, (uint64_t)width);
    length += put_varint(frame + length, (uint64_t)height);
    length += put_varint(frame + length, 1);
    frame[length++] = 0;
    char text[64];
    snprintf(text, sizeof text, "Ticks: %lld", (long long)__atomic_load_n(&((stub *)instance)->ticks, __ATOMIC_SEQ_CST));
#if defined(SLOW_KEY)
    snprintf(text + strlen(text), sizeof text - strlen(text), " Keys: %lld", (long long)((stub *)instance)->keys);
#endif
    uint64_t count = strlen(text);
    if (count > cells) count = cells;
    if (count > 0) {
        length += put_varint(frame + length, count << 1);
        length += put_varint(frame + length, 0);
        for (uint64_t index = 0; index < count; index++) {
            frame[length++] = 1;
            frame[length++] = (uint8_t)text[index];
        }
    }
    uint64_t rest = cells - count;
    if (rest > 0) {
        length += put_varint(frame + length, rest >= 2 ? (rest << 1 | 1) : 2);
        length += put_varint(frame + length, 0);
        frame[length++] = 1;
        frame[length++] = ' ';
    }
    write(sink, frame, length);
}

static int32_t handle_key(void *instance, const uint8_t *bytes, size_t count) {
    CALLED();
#if defined(TRAP_IN_KEY)
    STUB_TRAP("a key");
#elif defined(HANG_IN_KEY)
    STUB_HANG();
#elif defined(SLOW_KEY)
    usleep(STUB_SLOW_KEY_MS * 1000);
#endif
#if defined(KEEPS_ESCAPE)
    if (count == 1 && bytes[0] == 0x1B) return 1;
#endif
#if defined(SLOW_KEY)
    if (count == 1 && bytes[0] == '\r') {
        stub *self = instance;
        self->keys++;
        self->request(self->host);
        return 1;
    }
#endif
    return 0;
}
static void handle_lifecycle(void *instance, int32_t event) {
    CALLED();
#if defined(TRAP_IN_LIFECYCLE)
    STUB_TRAP("a lifecycle event");
#elif defined(HANG_IN_LIFECYCLE)
    STUB_HANG();
#endif
}

static int64_t next_deadline(void *instance) {
    CALLED();
    return (__atomic_load_n(&((stub *)instance)->ticks, __ATOMIC_SEQ_CST) + 1) * 1000000000LL;
}

typedef struct advance_job {
    stub *instance;
    int64_t offset;
    void *done_context;
    featurehost_done_fn done;
} advance_job;

static void *advance_on_thread(void *argument) {
    advance_job *job = argument;
    __atomic_store_n(&job->instance->ticks, job->offset / 1000000000LL, __ATOMIC_SEQ_CST);
    job->instance->request(job->instance->host);
    job->done(job->done_context);
    free(job);
    return 0;
}

static void advance(void *instance, int64_t offset, void *done_context, featurehost_done_fn done) {
    CALLED();
    stub *self = instance;
#if defined(TRAP_IN_TICK)
    if (offset >= 2000000000LL) STUB_TRAP("a tick");
#elif defined(HANG_IN_TICK)
    if (offset >= 2000000000LL) STUB_HANG();
#endif
#if defined(LEAK)
    leak(8u << 20);
#endif
#if defined(ADVANCE_NEVER_DONE)
    saved_done = done;
    saved_done_context = done_context;
#elif defined(ADVANCE_DONE_FROM_THREAD)
    advance_job *job = malloc(sizeof *job);
    job->instance = self;
    job->offset = offset;
    job->done_context = done_context;
    job->done = done;
    pthread_t thread;
    pthread_create(&thread, 0, advance_on_thread, job);
    pthread_detach(thread);
#else
    __atomic_store_n(&self->ticks, offset / 1000000000LL, __ATOMIC_SEQ_CST);
    self->request(self->host);
    done(done_context);
#endif
}

static int32_t is_advancing(void *instance) {
    CALLED();
#if defined(ADVANCE_NEVER_DONE)
    return 1;
#else
    return 0;
#endif
}

static int64_t in_flight(void *instance) {
    CALLED();
    return 0;
}

static const featurehost_plugin table = {
    .abi_version = FEATUREHOST_PLUGIN_ABI_VERSION, .manifest = manifest, .create = create, .destroy = destroy,
    .open_scene = open_scene, .minimum_size = minimum_size, .key_hints = key_hints, .render = render,
    .handle_key = handle_key, .handle_lifecycle = handle_lifecycle, .next_deadline = next_deadline,
    .advance = advance, .is_advancing = is_advancing, .in_flight = in_flight,
};

const featurehost_plugin *featurehost_plugin_entry_v1(void) { return &table; }

#if defined(HAS_WEB)
static void assets(void *sink, featurehost_write_fn write) { write(sink, (const uint8_t *)"[]", 2); }
static void open_web_scene(void *instance) {
    CALLED();
}

static void render_html(void *instance, void *sink, featurehost_write_fn write) {
    CALLED();
#if defined(SLOW_HTML)
    STUB_SLOW();
#endif
#if defined(STDOUT)
    printf("the stub renders its page\n");
    fprintf(stderr, "the stub says so on stderr too\n");
#endif
#if defined(TRAP_IN_HTML)
    STUB_TRAP("render_html");
#elif defined(HANG_IN_HTML)
    STUB_HANG();
#elif defined(EXIT_IN_HTML)
    exit(7);
#endif
#if defined(HUGE_HTML)
    for (int index = 0; index < 16; index++) write(sink, chunk, sizeof chunk);
#else
    char html[128];
    snprintf(html, sizeof html, "<p>Ticks: %lld</p><button data-action=\"poke\" type=\"button\">Poke</button>",
             (long long)__atomic_load_n(&((stub *)instance)->ticks, __ATOMIC_SEQ_CST));
    write(sink, (const uint8_t *)html, strlen(html));
#endif
}

static int32_t handle_page_event(void *instance, const uint8_t *json, size_t count) {
    CALLED();
#if defined(SLOW_PAGE_EVENT)
    STUB_SLOW();
#endif
#if defined(TRAP_IN_PAGE_EVENT)
    STUB_TRAP("a page event");
#elif defined(HANG_IN_PAGE_EVENT)
    STUB_HANG();
#endif
    return 0;
}

static const featurehost_plugin_web web_table = {
#if defined(FUTURE_WEB_ABI)
    .web_abi_version = 99,
#else
    .web_abi_version = FEATUREHOST_PLUGIN_WEB_ABI_VERSION,
#endif
    .assets = assets, .open_web_scene = open_web_scene,
    .render_html = render_html, .handle_page_event = handle_page_event,
};

const featurehost_plugin_web *featurehost_plugin_web_entry_v1(void) { return &web_table; }
#endif

/* Test hooks: the plugin's other threads, played when the test says. */
static void *call_saved_done_twice(void *unused) {
    if (saved_done) {
        saved_done(saved_done_context);
        saved_done(saved_done_context);
    }
    return 0;
}

static void *request_frames(void *unused) {
    for (int index = 0; index < 100; index++)
        if (saved_request) saved_request(saved_host);
    return 0;
}

static void *write_error_late(void *unused) {
    if (saved_write_error) saved_write_error(saved_error_sink, (const uint8_t *)"late", 4);
    return 0;
}

static void on_thread(void *(*body)(void *)) {
    pthread_t thread;
    pthread_create(&thread, 0, body, 0);
    pthread_join(thread, 0);
}

void stub_call_saved_done_twice(void) { on_thread(call_saved_done_twice); }
void stub_request_frames(void) { on_thread(request_frames); }
void stub_write_error_late(void) { on_thread(write_error_late); }

