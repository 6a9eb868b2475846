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
#include <libswscale/swscale.h>
#include <stdio.h>

// AVERROR and its tags are macros Swift cannot import; these give their values.
static inline int picker_averror_eof(void) { return AVERROR_EOF; }
static inline int picker_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int picker_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int picker_averror_einval(void) { return AVERROR(EINVAL); }

// FFmpeg's log callback takes a va_list, which a Swift closure cannot, so this C callback formats the line and
// hands it to a Swift sink. The sink returns non-zero when it takes the line (a context it captures); otherwise
// the line goes to FFmpeg's default logger. With `line` NULL (a level above warnings, not worth formatting) the
// sink only says whether it captures `context`. The slot and the callback live in whichever object file calls
// picker_log_install, so one call site keeps one copy.
typedef int (*picker_log_sink)(void *context, int level, const char *line);

static inline picker_log_sink *picker_log_sink_slot(void) {
    static picker_log_sink sink = 0;
    return &sink;
}

static inline void picker_log_callback(void *context, int level, const char *format, va_list arguments) {
    picker_log_sink sink = *picker_log_sink_slot();
    if (sink && context) {
        if (level > AV_LOG_WARNING) {
            if (sink(context, level, 0)) return;
        } else {
            char message[1024];
            char line[1200];
            int prefix = 0;
            va_list copy;
            va_copy(copy, arguments);
            int status = av_log_format_line2(0, level, format, copy, message, sizeof message, &prefix);
            va_end(copy);
            if (status >= 0) {
                const AVClass *class = *(const AVClass **)context;
                const char *name = class && class->item_name ? class->item_name(context) : 0;
                snprintf(line, sizeof line, "%s%s%s", name ? name : "", name ? ": " : "", message);
                if (sink(context, level, line)) return;
            }
        }
    }
    av_log_default_callback(context, level, format, arguments);
}

static inline void picker_log_install(picker_log_sink sink) {
    *picker_log_sink_slot() = sink;
    av_log_set_callback(picker_log_callback);
}
