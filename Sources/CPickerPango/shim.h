#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <unistd.h>
#include <sys/syscall.h>

/// An anonymous in-memory file (memfd_create, close-on-exec) named `name`, or -1: a font file's bytes get a path
/// (/proc/self/fd/N) that fontconfig, FreeType and HarfBuzz open, with nothing written to disk.
static inline int pickerreel_memory_file(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 1u);
}
