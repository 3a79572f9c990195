/* See featurehost_curl.h. */
#include "featurehost_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/* curl's CURLMsg: what curl_multi_info_read returns. */
typedef struct {
    int msg; /* CURLMSG_DONE is 1 */
    fh_curl_easy *easy;
    union {
        void *whatever;
        int result;
    } data;
} curl_message;

static struct {
    int (*global_init)(long flags);
    fh_curl_easy *(*easy_init)(void);
    void (*easy_cleanup)(fh_curl_easy *);
    int (*easy_setopt)(fh_curl_easy *, int, ...);
    int (*easy_getinfo)(fh_curl_easy *, int, ...);
    const char *(*easy_strerror)(int);
    fh_curl_slist *(*slist_append)(fh_curl_slist *, const char *);
    void (*slist_free_all)(fh_curl_slist *);
    fh_curl_multi *(*multi_init)(void);
    int (*multi_add_handle)(fh_curl_multi *, fh_curl_easy *);
    int (*multi_remove_handle)(fh_curl_multi *, fh_curl_easy *);
    int (*multi_perform)(fh_curl_multi *, int *);
    int (*multi_poll)(fh_curl_multi *, void *, unsigned int, int, int *);
    int (*multi_wakeup)(fh_curl_multi *);
    curl_message *(*multi_info_read)(fh_curl_multi *, int *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error = "libcurl was not loaded";

static void load(void) {
#ifdef __APPLE__
    static const char *const names[] = {"/usr/lib/libcurl.4.dylib", "libcurl.4.dylib", "libcurl.dylib"};
#else
    static const char *const names[] = {"libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4"};
#endif
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        load_error = "libcurl (libcurl.so.4) could not be loaded";
        return;
    }
#define LOAD(field, symbol)                                                                                              \
    do {                                                                                                               \
        *(void **)(&curl.field) = dlsym(library, symbol);                                                              \
        if (curl.field == NULL) {                                                                                      \
            load_error = "libcurl is too old: it lacks " symbol " (7.68 or later is needed)";                          \
            return;                                                                                                    \
        }                                                                                                              \
    } while (0)
    LOAD(global_init, "curl_global_init");
    LOAD(easy_init, "curl_easy_init");
    LOAD(easy_cleanup, "curl_easy_cleanup");
    LOAD(easy_setopt, "curl_easy_setopt");
    LOAD(easy_getinfo, "curl_easy_getinfo");
    LOAD(easy_strerror, "curl_easy_strerror");
    LOAD(slist_append, "curl_slist_append");
    LOAD(slist_free_all, "curl_slist_free_all");
    LOAD(multi_init, "curl_multi_init");
    LOAD(multi_add_handle, "curl_multi_add_handle");
    LOAD(multi_remove_handle, "curl_multi_remove_handle");
    LOAD(multi_perform, "curl_multi_perform");
    LOAD(multi_poll, "curl_multi_poll");
    LOAD(multi_wakeup, "curl_multi_wakeup");
    LOAD(multi_info_read, "curl_multi_info_read");
#undef LOAD
    /* CURL_GLOBAL_ALL; reference-counted inside curl, so FoundationNetworking's own call does not conflict. */
    if (curl.global_init(3) != 0) {
        load_error = "libcurl could not be initialised";
        return;
    }
    load_error = NULL;
}

const char *fh_curl_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

fh_curl_easy *fh_curl_easy_init(void) { return curl.easy_init(); }
void fh_curl_easy_cleanup(fh_curl_easy *easy) { curl.easy_cleanup(easy); }
int fh_curl_easy_setopt_long(fh_curl_easy *easy, int option, long value) { return curl.easy_setopt(easy, option, value); }
int fh_curl_easy_setopt_pointer(fh_curl_easy *easy, int option, const void *value) {
    return curl.easy_setopt(easy, option, value);
}
int fh_curl_easy_setopt_string(fh_curl_easy *easy, int option, const char *value) {
    return curl.easy_setopt(easy, option, value);
}
int fh_curl_easy_setopt_offset(fh_curl_easy *easy, int option, int64_t value) {
    /* curl_off_t is a 64-bit signed integer on every platform the host builds for. */
    return curl.easy_setopt(easy, option, (long long)value);
}
int fh_curl_easy_setopt_data_callback(fh_curl_easy *easy, int option, fh_curl_data_callback callback) {
    return curl.easy_setopt(easy, option, callback);
}
int fh_curl_easy_setopt_progress_callback(fh_curl_easy *easy, fh_curl_progress_callback callback) {
    return curl.easy_setopt(easy, FH_CURLOPT_XFERINFOFUNCTION, callback);
}
int fh_curl_easy_setopt_open_socket_callback(fh_curl_easy *easy, fh_curl_open_socket_callback callback) {
    return curl.easy_setopt(easy, FH_CURLOPT_OPENSOCKETFUNCTION, callback);
}
int fh_curl_easy_getinfo_long(fh_curl_easy *easy, int info, long *value) { return curl.easy_getinfo(easy, info, value); }
const char *fh_curl_easy_strerror(int code) { return curl.easy_strerror(code); }

fh_curl_slist *fh_curl_slist_append(fh_curl_slist *list, const char *line) { return curl.slist_append(list, line); }
void fh_curl_slist_free_all(fh_curl_slist *list) { curl.slist_free_all(list); }

fh_curl_multi *fh_curl_multi_init(void) { return curl.multi_init(); }
int fh_curl_multi_add_handle(fh_curl_multi *multi, fh_curl_easy *easy) { return curl.multi_add_handle(multi, easy); }
int fh_curl_multi_remove_handle(fh_curl_multi *multi, fh_curl_easy *easy) { return curl.multi_remove_handle(multi, easy); }
int fh_curl_multi_perform(fh_curl_multi *multi, int *running) { return curl.multi_perform(multi, running); }
int fh_curl_multi_poll(fh_curl_multi *multi, int timeout_ms, int *ready) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, ready);
}
int fh_curl_multi_wakeup(fh_curl_multi *multi) { return curl.multi_wakeup(multi); }

int fh_curl_multi_next_done(fh_curl_multi *multi, fh_curl_easy **easy, int *result) {
    int remaining = 0;
    curl_message *message;
    while ((message = curl.multi_info_read(multi, &remaining)) != NULL) {
        if (message->msg != 1) continue;
        *easy = message->easy;
        *result = message->data.result;
        return 1;
    }
    return 0;
}
