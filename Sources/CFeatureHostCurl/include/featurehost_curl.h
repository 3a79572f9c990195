#ifndef FEATUREHOST_CURL_H
#define FEATUREHOST_CURL_H

/* libcurl, loaded at run time with dlopen: the build needs no curl headers or development package, and the library
 * is the one FoundationNetworking itself links (libcurl.so.4; /usr/lib/libcurl.4.dylib on macOS). Only the calls and
 * constants the host's transport uses, with curl's own numbers (stable across versions: curl never renumbers). */

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

typedef struct fh_curl_easy fh_curl_easy;
typedef struct fh_curl_multi fh_curl_multi;
typedef struct fh_curl_slist fh_curl_slist;

/* curl's struct curl_sockaddr: the address curl is about to connect to, as its open-socket callback gets it. The
 * address itself is `addrlen` bytes from `addr` (curl keeps room for an IPv6 address there). */
typedef struct fh_curl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
} fh_curl_sockaddr;

typedef size_t (*fh_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*fh_curl_progress_callback)(void *context, int64_t download_total, int64_t downloaded, int64_t upload_total,
                                         int64_t uploaded);
/* Returns a socket, or -1 (CURL_SOCKET_BAD) to refuse the address. */
typedef int (*fh_curl_open_socket_callback)(void *context, int purpose, fh_curl_sockaddr *address);

enum {
    FH_CURLOPT_WRITEDATA = 10001,
    FH_CURLOPT_URL = 10002,
    FH_CURLOPT_PROXY = 10004,
    FH_CURLOPT_ERRORBUFFER = 10010,
    FH_CURLOPT_WRITEFUNCTION = 20011,
    FH_CURLOPT_USERAGENT = 10018,
    FH_CURLOPT_HTTPHEADER = 10023,
    FH_CURLOPT_HEADERDATA = 10029,
    FH_CURLOPT_CUSTOMREQUEST = 10036,
    FH_CURLOPT_NOPROGRESS = 43,
    FH_CURLOPT_NOBODY = 44,
    FH_CURLOPT_POST = 47,
    FH_CURLOPT_FOLLOWLOCATION = 52,
    FH_CURLOPT_XFERINFODATA = 10057,
    FH_CURLOPT_HEADERFUNCTION = 20079,
    FH_CURLOPT_HTTPGET = 80,
    FH_CURLOPT_NOSIGNAL = 99,
    FH_CURLOPT_ACCEPT_ENCODING = 10102,
    FH_CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    FH_CURLOPT_TIMEOUT_MS = 155,
    FH_CURLOPT_CONNECTTIMEOUT_MS = 156,
    FH_CURLOPT_HTTP_CONTENT_DECODING = 158,
    FH_CURLOPT_OPENSOCKETFUNCTION = 20163,
    FH_CURLOPT_OPENSOCKETDATA = 10164,
    FH_CURLOPT_COPYPOSTFIELDS = 10165,
    FH_CURLOPT_RESOLVE = 10203,
    FH_CURLOPT_XFERINFOFUNCTION = 20219,
    FH_CURLOPT_PROTOCOLS_STR = 10318,
    FH_CURLOPT_QUICK_EXIT = 322,
};

enum {
    FH_CURLINFO_RESPONSE_CODE = 0x200002,
};

enum {
    FH_CURLE_OK = 0,
    FH_CURLE_UNSUPPORTED_PROTOCOL = 1,
    FH_CURLE_URL_MALFORMAT = 3,
    FH_CURLE_COULDNT_RESOLVE_PROXY = 5,
    FH_CURLE_COULDNT_RESOLVE_HOST = 6,
    FH_CURLE_COULDNT_CONNECT = 7,
    FH_CURLE_WEIRD_SERVER_REPLY = 8,
    FH_CURLE_HTTP2 = 16,
    FH_CURLE_PARTIAL_FILE = 18,
    FH_CURLE_WRITE_ERROR = 23,
    FH_CURLE_OPERATION_TIMEDOUT = 28,
    FH_CURLE_SSL_CONNECT_ERROR = 35,
    FH_CURLE_ABORTED_BY_CALLBACK = 42,
    FH_CURLE_GOT_NOTHING = 52,
    FH_CURLE_SEND_ERROR = 55,
    FH_CURLE_RECV_ERROR = 56,
    FH_CURLE_PEER_FAILED_VERIFICATION = 60,
    FH_CURLE_BAD_CONTENT_ENCODING = 61,
};

/* Loads libcurl once (any thread). NULL when it is there, else why not. */
const char *fh_curl_load(void);

fh_curl_easy *fh_curl_easy_init(void);
void fh_curl_easy_cleanup(fh_curl_easy *easy);
int fh_curl_easy_setopt_long(fh_curl_easy *easy, int option, long value);
int fh_curl_easy_setopt_pointer(fh_curl_easy *easy, int option, const void *value);
/* curl copies the string. */
int fh_curl_easy_setopt_string(fh_curl_easy *easy, int option, const char *value);
int fh_curl_easy_setopt_offset(fh_curl_easy *easy, int option, int64_t value);
int fh_curl_easy_setopt_data_callback(fh_curl_easy *easy, int option, fh_curl_data_callback callback);
int fh_curl_easy_setopt_progress_callback(fh_curl_easy *easy, fh_curl_progress_callback callback);
int fh_curl_easy_setopt_open_socket_callback(fh_curl_easy *easy, fh_curl_open_socket_callback callback);
int fh_curl_easy_getinfo_long(fh_curl_easy *easy, int info, long *value);
const char *fh_curl_easy_strerror(int code);

fh_curl_slist *fh_curl_slist_append(fh_curl_slist *list, const char *line);
void fh_curl_slist_free_all(fh_curl_slist *list);

fh_curl_multi *fh_curl_multi_init(void);
int fh_curl_multi_add_handle(fh_curl_multi *multi, fh_curl_easy *easy);
int fh_curl_multi_remove_handle(fh_curl_multi *multi, fh_curl_easy *easy);
int fh_curl_multi_perform(fh_curl_multi *multi, int *running);
int fh_curl_multi_poll(fh_curl_multi *multi, int timeout_ms, int *ready);
int fh_curl_multi_wakeup(fh_curl_multi *multi);
/* The next finished transfer: 1 with its handle and curl's result for it, 0 when none has finished. */
int fh_curl_multi_next_done(fh_curl_multi *multi, fh_curl_easy **easy, int *result);

#endif
