#include <microhttpd.h>
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

// libmicrohttpd serves `pickerreel preview`. It is opened with dlopen when the preview starts, not linked: linked,
// it and GnuTLS under it cost every process about 11 ms of loading, four times a `--version`. Each function used is
// a field of `picker_mhd`, filled by `picker_mhd_load`; the variadic ones are kept untyped (Swift cannot call
// them) and called with their declared type by the helpers below, which Swift calls instead.
#define PICKER_MHD_FUNCTIONS(X) \
    X(MHD_stop_daemon) X(MHD_lookup_connection_value) X(MHD_get_connection_values) \
    X(MHD_create_response_from_buffer) X(MHD_add_response_header) X(MHD_queue_response) X(MHD_destroy_response)

#define PICKER_MHD_FIELD(name) __typeof__(&name) _Nonnull name;
typedef struct picker_mhd {
    PICKER_MHD_FUNCTIONS(PICKER_MHD_FIELD)
    void *_Nonnull start_daemon;
    void *_Nonnull get_daemon_info;
    void *_Nonnull get_connection_info;
} picker_mhd;
#undef PICKER_MHD_FIELD

#define PICKER_MHD_SONAME "libmicrohttpd.so.12"

// Opens libmicrohttpd and fills `functions`. Returns 0, or -1 with what failed (dlerror's text: the library or a
// function missing) in `error`. The handle is never closed: the functions stay valid for the life of the process.
static inline int picker_mhd_load(picker_mhd *_Nonnull functions, char *_Nonnull error, size_t size) {
    void *library = dlopen(PICKER_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason ? reason : PICKER_MHD_SONAME);
        return -1;
    }
    void *symbol;
#define PICKER_MHD_LOOKUP(field, name) \
    symbol = dlsym(library, name); \
    if (!symbol) { snprintf(error, size, "%s has no function %s", PICKER_MHD_SONAME, name); return -1; } \
    memcpy(&functions->field, &symbol, sizeof symbol);
#define PICKER_MHD_LOOKUP_NAMED(name) PICKER_MHD_LOOKUP(name, #name)
    PICKER_MHD_FUNCTIONS(PICKER_MHD_LOOKUP_NAMED)
    PICKER_MHD_LOOKUP(start_daemon, "MHD_start_daemon")
    PICKER_MHD_LOOKUP(get_daemon_info, "MHD_get_daemon_info")
    PICKER_MHD_LOOKUP(get_connection_info, "MHD_get_connection_info")
#undef PICKER_MHD_LOOKUP_NAMED
#undef PICKER_MHD_LOOKUP
    return 0;
}

// Starts a daemon listening on 127.0.0.1:`port` only (0: any free port), answering with `handler` on `threads`
// threads of its own, at most `connection_limit` connections at once, each closed after `idle_seconds` without
// traffic. `connections` hears of every connection opened and closed, `completed` of every request answered, both
// with `context`. NULL when it cannot (the port is taken, no threads).
static inline struct MHD_Daemon *_Nullable picker_mhd_start_loopback(
    const picker_mhd *_Nonnull functions, uint16_t port, unsigned int threads, unsigned int connection_limit,
    unsigned int idle_seconds, MHD_AccessHandlerCallback _Nonnull handler, MHD_NotifyConnectionCallback _Nonnull connections,
    MHD_RequestCompletedCallback _Nonnull completed, void *_Nullable context) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    __typeof__(&MHD_start_daemon) start = (__typeof__(&MHD_start_daemon))functions->start_daemon;
    return start(
        MHD_USE_AUTO_INTERNAL_THREAD, port, NULL, NULL, handler, context,
        MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, idle_seconds,
        MHD_OPTION_NOTIFY_CONNECTION, connections, context,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_END);
}

// The socket of `connection`, or -1 when libmicrohttpd cannot say.
static inline int picker_mhd_connection_socket(
    const picker_mhd *_Nonnull functions, struct MHD_Connection *_Nonnull connection) {
    __typeof__(&MHD_get_connection_info) info = (__typeof__(&MHD_get_connection_info))functions->get_connection_info;
    const union MHD_ConnectionInfo *answer = info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return answer ? answer->connect_fd : -1;
}

// The port `daemon` listens on; 0 when libmicrohttpd cannot say.
static inline uint16_t picker_mhd_port(const picker_mhd *_Nonnull functions, struct MHD_Daemon *_Nonnull daemon) {
    __typeof__(&MHD_get_daemon_info) info = (__typeof__(&MHD_get_daemon_info))functions->get_daemon_info;
    const union MHD_DaemonInfo *answer = info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return answer ? answer->port : 0;
}

// Queues the answer to a request: `status`, `body` (copied) as `content_type` when it has one, and `extra` headers
// given as "Name: value" lines separated by '\n' (at most 2 KB). Returns MHD_YES when the answer was queued.
static inline int picker_mhd_respond(
    const picker_mhd *_Nonnull functions, struct MHD_Connection *_Nonnull connection, unsigned int status,
    const void *_Nullable body, size_t length, const char *_Nonnull extra) {
    struct MHD_Response *response =
        functions->MHD_create_response_from_buffer(length, (void *)(length ? body : ""), MHD_RESPMEM_MUST_COPY);
    if (!response) return MHD_NO;
    char headers[2048];
    snprintf(headers, sizeof headers, "%s", extra);
    char *line = headers;
    while (line && *line) {
        char *next = strchr(line, '\n');
        if (next) *next++ = '\0';
        char *colon = strchr(line, ':');
        if (colon) {
            *colon = '\0';
            const char *value = colon + 1;
            while (*value == ' ') value++;
            functions->MHD_add_response_header(response, line, value);
        }
        line = next;
    }
    int queued = functions->MHD_queue_response(connection, status, response);
    functions->MHD_destroy_response(response);
    return queued;
}
