#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/pixfmt.h>
#include <stdarg.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// AVERROR and its tags are macros Swift cannot import; these give their values.
static inline int picker_averror_eof(void) { return AVERROR_EOF; }
static inline int picker_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int picker_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int picker_averror_einval(void) { return AVERROR(EINVAL); }

// FFmpeg's libraries are opened when the first video is encoded (dlopen), not linked: linked, they and the ~80
// libraries they need (codecs, TLS, X11, VA-API, …) cost every process ~17 ms of start-up resolving symbols,
// even `pickerreel --version` (docs/performance.md). Each function the encoder calls is a field of
// `picker_ffmpeg`, filled by `picker_ffmpeg_load`; the fields have the declared functions' own types
// (`__typeof__`), so a call through them is checked against FFmpeg's headers as a direct call would be.
#define PICKER_FFMPEG_FUNCTIONS(X) \
    X(avutil, av_strerror) X(avutil, av_opt_set) X(avutil, av_frame_alloc) X(avutil, av_frame_free) \
    X(avutil, av_frame_get_buffer) X(avutil, av_frame_make_writable) X(avutil, av_free) X(avutil, av_freep) \
    X(avutil, av_malloc) X(avutil, av_get_cpu_flags) X(avutil, av_get_pix_fmt_name) X(avutil, av_log_format_line2) \
    X(avutil, av_log_default_callback) X(avutil, av_log_set_callback) \
    X(avcodec, avcodec_find_encoder_by_name) X(avcodec, avcodec_alloc_context3) X(avcodec, avcodec_free_context) \
    X(avcodec, avcodec_open2) X(avcodec, avcodec_send_frame) X(avcodec, avcodec_receive_packet) \
    X(avcodec, avcodec_parameters_from_context) X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) \
    X(avcodec, av_packet_rescale_ts) X(avcodec, av_new_packet) X(avcodec, av_packet_get_side_data) \
    X(avcodec, av_packet_new_side_data) \
    X(avformat, avformat_alloc_output_context2) X(avformat, avformat_free_context) X(avformat, avformat_new_stream) \
    X(avformat, avformat_write_header) X(avformat, av_write_trailer) X(avformat, av_interleaved_write_frame) \
    X(avformat, avio_alloc_context) X(avformat, avio_context_free) X(avformat, avio_flush)

#define PICKER_FFMPEG_FIELD(library, name) __typeof__(&name) _Nonnull name;
typedef struct picker_ffmpeg {
    PICKER_FFMPEG_FUNCTIONS(PICKER_FFMPEG_FIELD)
} picker_ffmpeg;
#undef PICKER_FFMPEG_FIELD

#define PICKER_FFMPEG_STRING2(x) #x
#define PICKER_FFMPEG_STRING(x) PICKER_FFMPEG_STRING2(x)
#ifdef __APPLE__
#define PICKER_FFMPEG_SONAME(name, major) "lib" #name "." PICKER_FFMPEG_STRING(major) ".dylib"
#else
#define PICKER_FFMPEG_SONAME(name, major) "lib" #name ".so." PICKER_FFMPEG_STRING(major)
#endif

// Opens the three libraries of the major versions the headers describe and fills `functions`. Returns 0, or -1
// with what failed (dlerror's text: the library or symbol missing) in `error`. The handles are never closed:
// the functions stay valid for the life of the process.
static inline int picker_ffmpeg_load(picker_ffmpeg *functions, char *error, size_t size) {
    const char *names[3] = {
        PICKER_FFMPEG_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR), PICKER_FFMPEG_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR),
        PICKER_FFMPEG_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR),
    };
    void *handles[3];
    for (int index = 0; index < 3; index++) {
        handles[index] = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (!handles[index]) {
            const char *reason = dlerror();
            snprintf(error, size, "%s", reason ? reason : names[index]);
            return -1;
        }
    }
    void *avutil = handles[0], *avcodec = handles[1], *avformat = handles[2];
    (void)avutil; (void)avcodec; (void)avformat;
    void *symbol;
#define PICKER_FFMPEG_LOOKUP(library, name) \
    symbol = dlsym(library, #name); \
    if (!symbol) { snprintf(error, size, "lib%s has no function %s", #library, #name); return -1; } \
    memcpy(&functions->name, &symbol, sizeof symbol);
    PICKER_FFMPEG_FUNCTIONS(PICKER_FFMPEG_LOOKUP)
#undef PICKER_FFMPEG_LOOKUP
    return 0;
}

// FFmpeg's log callback takes a va_list, which a Swift closure cannot, so this C callback formats the line and
// hands it to a Swift sink. The sink returns non-zero when it takes the line (a context it captures); otherwise
// the line goes to FFmpeg's default logger. With `line` NULL (a level above warnings, not worth formatting) the
// sink only says whether it captures `context`. The slots and the callback live in whichever object file calls
// picker_log_install, so one call site keeps one copy.
typedef int (*picker_log_sink)(void *context, int level, const char *line);

static inline picker_log_sink *picker_log_sink_slot(void) {
    static picker_log_sink sink = 0;
    return &sink;
}

static inline const picker_ffmpeg **picker_log_functions_slot(void) {
    static const picker_ffmpeg *functions = 0;
    return &functions;
}

static inline void picker_log_callback(void *context, int level, const char *format, va_list arguments) {
    picker_log_sink sink = *picker_log_sink_slot();
    const picker_ffmpeg *functions = *picker_log_functions_slot();
    if (!functions) return;
    if (sink && context) {
        if (level > AV_LOG_WARNING) {
            if (sink(context, level, 0)) return;
        } else {
            char message[1024];
            char line[1200];
            int prefix = 0;
            va_list copy;
            va_copy(copy, arguments);
            int status = functions->av_log_format_line2(0, level, format, copy, message, sizeof message, &prefix);
            va_end(copy);
            if (status >= 0) {
                const AVClass *class = *(const AVClass **)context;
                const char *name = class && class->item_name ? class->item_name(context) : 0;
                snprintf(line, sizeof line, "%s%s%s", name ? name : "", name ? ": " : "", message);
                if (sink(context, level, line)) return;
            }
        }
    }
    functions->av_log_default_callback(context, level, format, arguments);
}

// `functions` must stay valid for the life of the process (the loaded table is never freed).
static inline void picker_log_install(picker_log_sink sink, const picker_ffmpeg *functions) {
    *picker_log_sink_slot() = sink;
    *picker_log_functions_slot() = functions;
    functions->av_log_set_callback(picker_log_callback);
}
