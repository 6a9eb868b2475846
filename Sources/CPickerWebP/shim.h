#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// libwebp and libwebpmux are opened when the first animated WebP is encoded (dlopen), not linked: linked, they
// (with libsharpyuv) cost every process, even `pickerreel --version`, their share of loading (docs/performance.md).
// Each function the encoder calls is a field of `picker_webp`, filled by `picker_webp_load`, with the declared
// function's own type (`__typeof__`), so a call through it is checked against libwebp's headers as a direct call
// would be. The headers' inline helpers (WebPConfigInit, WebPPictureInit, WebPAnimEncoderNew, WebPDataClear, …)
// call the functions below by name, which would link them; the Swift side calls the `…Internal` functions with
// the ABI versions from `picker_webp_encoder_abi` and `picker_webp_mux_abi` instead.
#define PICKER_WEBP_FUNCTIONS(X) \
    X(webp, WebPConfigInitInternal) X(webp, WebPValidateConfig) X(webp, WebPPictureInitInternal) \
    X(webp, WebPPictureImportRGBA) X(webp, WebPPictureFree) X(webp, WebPFree) \
    X(webpmux, WebPAnimEncoderOptionsInitInternal) X(webpmux, WebPAnimEncoderNewInternal) X(webpmux, WebPAnimEncoderAdd) \
    X(webpmux, WebPAnimEncoderAssemble) X(webpmux, WebPAnimEncoderGetError) X(webpmux, WebPAnimEncoderDelete)

#define PICKER_WEBP_FIELD(library, name) __typeof__(&name) _Nonnull name;
typedef struct picker_webp {
    PICKER_WEBP_FUNCTIONS(PICKER_WEBP_FIELD)
} picker_webp;
#undef PICKER_WEBP_FIELD

static inline int picker_webp_encoder_abi(void) { return WEBP_ENCODER_ABI_VERSION; }
static inline int picker_webp_mux_abi(void) { return WEBP_MUX_ABI_VERSION; }

#ifdef __APPLE__
#define PICKER_WEBP_SONAME "libwebp.7.dylib"
#define PICKER_WEBPMUX_SONAME "libwebpmux.3.dylib"
#else
#define PICKER_WEBP_SONAME "libwebp.so.7"
#define PICKER_WEBPMUX_SONAME "libwebpmux.so.3"
#endif

// Opens both libraries and fills `functions`. Returns 0, or -1 with what failed (dlerror's text: the library or a
// symbol missing) in `error`. The handles are never closed: the functions stay valid for the life of the process.
static inline int picker_webp_load(picker_webp *_Nonnull functions, char *_Nonnull error, size_t size) {
    void *webp = dlopen(PICKER_WEBP_SONAME, RTLD_NOW | RTLD_LOCAL);
    void *webpmux = webp ? dlopen(PICKER_WEBPMUX_SONAME, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!webp || !webpmux) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason ? reason : (webp ? PICKER_WEBPMUX_SONAME : PICKER_WEBP_SONAME));
        return -1;
    }
    void *symbol;
#define PICKER_WEBP_LOOKUP(library, name) \
    symbol = dlsym(library, #name); \
    if (!symbol) { snprintf(error, size, "lib%s has no function %s", #library, #name); return -1; } \
    memcpy(&functions->name, &symbol, sizeof symbol);
    PICKER_WEBP_FUNCTIONS(PICKER_WEBP_LOOKUP)
#undef PICKER_WEBP_LOOKUP
    return 0;
}

// libwebpdemux's animation decoder, for `compare` reading an animated WebP golden: opened on the first WebP read,
// as the encoder's libraries are. WebPAnimDecoderOptionsInit and WebPAnimDecoderNew are inline helpers calling the
// `…Internal` functions, which the Swift side calls with `picker_webp_demux_abi`.
#define PICKER_WEBP_DEMUX_FUNCTIONS(X) \
    X(webpdemux, WebPAnimDecoderOptionsInitInternal) X(webpdemux, WebPAnimDecoderNewInternal) \
    X(webpdemux, WebPAnimDecoderGetInfo) X(webpdemux, WebPAnimDecoderHasMoreFrames) X(webpdemux, WebPAnimDecoderGetNext) \
    X(webpdemux, WebPAnimDecoderDelete)

#define PICKER_WEBP_FIELD(library, name) __typeof__(&name) _Nonnull name;
typedef struct picker_webp_demux {
    PICKER_WEBP_DEMUX_FUNCTIONS(PICKER_WEBP_FIELD)
} picker_webp_demux;
#undef PICKER_WEBP_FIELD

static inline int picker_webp_demux_abi(void) { return WEBP_DEMUX_ABI_VERSION; }

#ifdef __APPLE__
#define PICKER_WEBPDEMUX_SONAME "libwebpdemux.2.dylib"
#else
#define PICKER_WEBPDEMUX_SONAME "libwebpdemux.so.2"
#endif

// Opens libwebpdemux and fills `functions`; returns 0, or -1 with what failed in `error`. Never closed.
static inline int picker_webp_demux_load(picker_webp_demux *_Nonnull functions, char *_Nonnull error, size_t size) {
    void *webpdemux = dlopen(PICKER_WEBPDEMUX_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!webpdemux) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason ? reason : PICKER_WEBPDEMUX_SONAME);
        return -1;
    }
    void *symbol;
#define PICKER_WEBP_LOOKUP(library, name) \
    symbol = dlsym(library, #name); \
    if (!symbol) { snprintf(error, size, "lib%s has no function %s", #library, #name); return -1; } \
    memcpy(&functions->name, &symbol, sizeof symbol);
    PICKER_WEBP_DEMUX_FUNCTIONS(PICKER_WEBP_LOOKUP)
#undef PICKER_WEBP_LOOKUP
    return 0;
}
