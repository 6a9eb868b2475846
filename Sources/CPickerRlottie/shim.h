#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// rlottie (Debian's librlottie0-1) plays the Lottie goldens of `assertPickerSnapshot(…, as: .lottie)`. It is opened
// with dlopen when a snapshot first plays one, not linked: only the tests that ask for a Lottie snapshot need it, so
// the tool, the PickerReel library and snapshot tests of frames or animations build and run without it, and a user
// who asks for one is told to install it. The functions used are declared here with the layouts of rlottie_capi.h
// (rlottie 0.1, Debian 12), so building needs no rlottie header either.

/// A Lottie_Animation: one loaded document.
typedef struct Lottie_Animation_S picker_rlottie_animation;

/// The functions used, filled by `picker_rlottie_load`.
typedef struct picker_rlottie {
    picker_rlottie_animation *_Nullable (*_Nonnull lottie_animation_from_data)(
        const char *_Nonnull data, const char *_Nonnull key, const char *_Nonnull resource_path);
    void (*_Nonnull lottie_animation_destroy)(picker_rlottie_animation *_Nonnull animation);
    void (*_Nonnull lottie_animation_get_size)(
        const picker_rlottie_animation *_Nonnull animation, size_t *_Nonnull width, size_t *_Nonnull height);
    size_t (*_Nonnull lottie_animation_get_totalframe)(const picker_rlottie_animation *_Nonnull animation);
    double (*_Nonnull lottie_animation_get_framerate)(const picker_rlottie_animation *_Nonnull animation);
    void (*_Nonnull lottie_animation_render)(
        picker_rlottie_animation *_Nonnull animation, size_t frame_num, uint32_t *_Nonnull buffer, size_t width, size_t height,
        size_t bytes_per_line);
} picker_rlottie;

// Debian's soname (librlottie.so.0-1), then the upstream one.
#define PICKER_RLOTTIE_SONAME "librlottie.so.0-1"
#define PICKER_RLOTTIE_UPSTREAM_SONAME "librlottie.so.0"

// Opens librlottie and fills `functions`. Returns 0, or -1 with what failed (dlerror's text: the library or a
// function missing) in `error`. The handle is never closed: the functions stay valid for the life of the process.
static inline int picker_rlottie_load(picker_rlottie *_Nonnull functions, char *_Nonnull error, size_t size) {
    void *library = dlopen(PICKER_RLOTTIE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen(PICKER_RLOTTIE_UPSTREAM_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, size, "%s", reason ? reason : PICKER_RLOTTIE_SONAME);
        return -1;
    }
    void *symbol;
#define PICKER_RLOTTIE_LOOKUP(name) \
    symbol = dlsym(library, #name); \
    if (!symbol) { snprintf(error, size, "librlottie has no function %s", #name); return -1; } \
    memcpy(&functions->name, &symbol, sizeof symbol);
    PICKER_RLOTTIE_LOOKUP(lottie_animation_from_data)
    PICKER_RLOTTIE_LOOKUP(lottie_animation_destroy)
    PICKER_RLOTTIE_LOOKUP(lottie_animation_get_size)
    PICKER_RLOTTIE_LOOKUP(lottie_animation_get_totalframe)
    PICKER_RLOTTIE_LOOKUP(lottie_animation_get_framerate)
    PICKER_RLOTTIE_LOOKUP(lottie_animation_render)
#undef PICKER_RLOTTIE_LOOKUP
    return 0;
}
