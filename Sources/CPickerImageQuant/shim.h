#include <libimagequant.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// libimagequant is opened when the first GIF is encoded (dlopen), not linked: linked, it and the OpenMP runtime
// it needs cost every process, even `pickerreel --version`, their share of loading (docs/performance.md). Each
// function the GIF encoder calls is a field of `picker_imagequant`, filled by `picker_imagequant_load`, with the
// declared function's own type (`__typeof__`), so a call through it is checked against the header as a direct call
// would be.
#define PICKER_IMAGEQUANT_FUNCTIONS(X) \
    X(liq_attr_create) X(liq_attr_destroy) X(liq_set_max_colors) X(liq_set_speed) X(liq_histogram_create) \
    X(liq_histogram_destroy) X(liq_histogram_add_image) X(liq_histogram_add_colors) X(liq_histogram_add_fixed_color) \
    X(liq_histogram_quantize) X(liq_image_create_rgba) X(liq_image_destroy) X(liq_result_destroy) \
    X(liq_set_dithering_level) X(liq_get_palette) X(liq_write_remapped_image)

#define PICKER_IMAGEQUANT_FIELD(name) __typeof__(&name) _Nonnull name;
typedef struct picker_imagequant {
    PICKER_IMAGEQUANT_FUNCTIONS(PICKER_IMAGEQUANT_FIELD)
    /// OpenMP's thread-count functions from the runtime libimagequant brought in; NULL when it was built without.
    void (*_Nullable omp_set_num_threads)(int count);
    int (*_Nullable omp_get_max_threads)(void);
} picker_imagequant;
#undef PICKER_IMAGEQUANT_FIELD

#ifdef __APPLE__
#define PICKER_IMAGEQUANT_SONAME "libimagequant.0.dylib"
#else
#define PICKER_IMAGEQUANT_SONAME "libimagequant.so.0"
#endif

// Opens libimagequant and fills `functions`. Returns 0, or -1 with what failed (dlerror's text: the library or a
// function missing) in `error`. The handle is never closed: the functions stay valid for the life of the process.
static inline int picker_imagequant_load(picker_imagequant *_Nonnull functions, char *_Nonnull error, size_t size) {
    void *library = dlopen(PICKER_IMAGEQUANT_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason ? reason : PICKER_IMAGEQUANT_SONAME);
        return -1;
    }
    void *symbol;
#define PICKER_IMAGEQUANT_LOOKUP(name) \
    symbol = dlsym(library, #name); \
    if (!symbol) { snprintf(error, size, "%s has no function %s", PICKER_IMAGEQUANT_SONAME, #name); return -1; } \
    memcpy(&functions->name, &symbol, sizeof symbol);
    PICKER_IMAGEQUANT_FUNCTIONS(PICKER_IMAGEQUANT_LOOKUP)
#undef PICKER_IMAGEQUANT_LOOKUP
    // Searched in the library and what it depends on (libgomp), which a handle's dlsym covers.
    symbol = dlsym(library, "omp_set_num_threads");
    memcpy(&functions->omp_set_num_threads, &symbol, sizeof symbol);
    symbol = dlsym(library, "omp_get_max_threads");
    memcpy(&functions->omp_get_max_threads, &symbol, sizeof symbol);
    return 0;
}
