#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// librsvg is opened when the first SVG icon, image or check needs it (dlopen), not linked: linked, it and the
// libraries only it needs (gio, gdk-pixbuf, libxml2, ICU, …) cost every process about 1.8 ms of loading, even
// `pickerreel --version` (docs/performance.md). Its headers are not on the default include path (they need
// pkg-config's flags, which would link it), so the few types and functions used are declared here, with the
// layouts of librsvg 2.52 and later (Debian 12 has 2.54) and of GLib's GError.

/// An RsvgHandle: one parsed SVG document.
typedef struct _RsvgHandle picker_rsvg_handle;

/// GLib's GError: a domain (a GQuark), a code, a message.
typedef struct picker_rsvg_error {
    uint32_t domain;
    int code;
    char *message;
} picker_rsvg_error;

/// RsvgLength: a length and its unit (an RsvgUnit, an int-sized enum).
typedef struct picker_rsvg_length {
    double length;
    int unit;
} picker_rsvg_length;

/// RsvgRectangle.
typedef struct picker_rsvg_rectangle {
    double x;
    double y;
    double width;
    double height;
} picker_rsvg_rectangle;

/// The functions used, filled by `picker_rsvg_load`.
typedef struct picker_rsvg {
    picker_rsvg_handle *_Nullable (*_Nonnull rsvg_handle_new_from_data)(
        const uint8_t *_Nullable data, size_t length, picker_rsvg_error *_Nullable *_Nullable error);
    int (*_Nonnull rsvg_handle_get_intrinsic_size_in_pixels)(
        picker_rsvg_handle *_Nonnull handle, double *_Nullable width, double *_Nullable height);
    void (*_Nonnull rsvg_handle_get_intrinsic_dimensions)(
        picker_rsvg_handle *_Nonnull handle, int *_Nullable hasWidth, picker_rsvg_length *_Nullable width,
        int *_Nullable hasHeight, picker_rsvg_length *_Nullable height, int *_Nullable hasViewBox,
        picker_rsvg_rectangle *_Nullable viewBox);
    int (*_Nonnull rsvg_handle_render_document)(
        picker_rsvg_handle *_Nonnull handle, struct _cairo *_Nonnull cairo, const picker_rsvg_rectangle *_Nonnull viewport,
        picker_rsvg_error *_Nullable *_Nullable error);
    void (*_Nonnull g_error_free)(picker_rsvg_error *_Nonnull error);
    void (*_Nonnull g_object_unref)(void *_Nonnull object);
} picker_rsvg;

#ifdef __APPLE__
#define PICKER_RSVG_SONAME "librsvg-2.2.dylib"
#else
#define PICKER_RSVG_SONAME "librsvg-2.so.2"
#endif

// Opens librsvg and fills `functions`. Returns 0, or -1 with what failed (dlerror's text: the library or a symbol
// missing) in `error`. The handle is never closed: the functions stay valid for the life of the process. GLib's
// two functions come through librsvg's own dependencies (dlsym searches them too).
static inline int picker_rsvg_load(picker_rsvg *_Nonnull functions, char *_Nonnull error, size_t size) {
    void *library = dlopen(PICKER_RSVG_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason ? reason : PICKER_RSVG_SONAME);
        return -1;
    }
    void *symbol;
#define PICKER_RSVG_LOOKUP(name) \
    symbol = dlsym(library, #name); \
    if (!symbol) { snprintf(error, size, "%s has no function %s", PICKER_RSVG_SONAME, #name); return -1; } \
    memcpy(&functions->name, &symbol, sizeof symbol);
    PICKER_RSVG_LOOKUP(rsvg_handle_new_from_data)
    PICKER_RSVG_LOOKUP(rsvg_handle_get_intrinsic_size_in_pixels)
    PICKER_RSVG_LOOKUP(rsvg_handle_get_intrinsic_dimensions)
    PICKER_RSVG_LOOKUP(rsvg_handle_render_document)
    PICKER_RSVG_LOOKUP(g_error_free)
    PICKER_RSVG_LOOKUP(g_object_unref)
#undef PICKER_RSVG_LOOKUP
    return 0;
}
