#include <gif_lib.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// giflib is opened when the first GIF is encoded or read (dlopen), not linked: linked, it costs every process,
// even `pickerreel --version`, its share of loading (docs/performance.md). Each function used is a field of
// `picker_gif`, filled by `picker_gif_load`, with the declared function's own type (`__typeof__`), so a call
// through it is checked against the header as a direct call would be. The decoding functions are for the tests,
// which read GIFs back.
#define PICKER_GIF_FUNCTIONS(X) \
    X(EGifOpen) X(EGifSetGifVersion) X(EGifCloseFile) X(EGifPutScreenDesc) X(EGifPutExtensionLeader) \
    X(EGifPutExtensionBlock) X(EGifPutExtensionTrailer) X(EGifGCBToExtension) X(EGifPutExtension) X(EGifPutImageDesc) \
    X(EGifPutLine) X(GifErrorString) X(GifMakeMapObject) X(GifFreeMapObject) \
    X(DGifOpen) X(DGifSlurp) X(DGifCloseFile) X(DGifSavedExtensionToGCB)

#define PICKER_GIF_FIELD(name) __typeof__(&name) _Nonnull name;
typedef struct picker_gif {
    PICKER_GIF_FUNCTIONS(PICKER_GIF_FIELD)
} picker_gif;
#undef PICKER_GIF_FIELD

#ifdef __APPLE__
#define PICKER_GIF_SONAME "libgif.7.dylib"
#else
#define PICKER_GIF_SONAME "libgif.so.7"
#endif

// Opens giflib and fills `functions`. Returns 0, or -1 with what failed (dlerror's text: the library or a function
// missing) in `error`. The handle is never closed: the functions stay valid for the life of the process.
static inline int picker_gif_load(picker_gif *_Nonnull functions, char *_Nonnull error, size_t size) {
    void *library = dlopen(PICKER_GIF_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason ? reason : PICKER_GIF_SONAME);
        return -1;
    }
    void *symbol;
#define PICKER_GIF_LOOKUP(name) \
    symbol = dlsym(library, #name); \
    if (!symbol) { snprintf(error, size, "%s has no function %s", PICKER_GIF_SONAME, #name); return -1; } \
    memcpy(&functions->name, &symbol, sizeof symbol);
    PICKER_GIF_FUNCTIONS(PICKER_GIF_LOOKUP)
#undef PICKER_GIF_LOOKUP
    return 0;
}
