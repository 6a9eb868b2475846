#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

/// openat2(2) with only `flags` and `resolve` set, through syscall(2), which Swift cannot call (it is variadic).
/// Returns the descriptor, or -1 with errno set (ENOSYS where the kernel or the headers have no openat2).
static inline int picker_openat2(int directory, const char *_Nonnull path, unsigned long long flags, unsigned long long resolve) {
#ifdef SYS_openat2
    struct open_how how = {0};
    how.flags = flags;
    how.resolve = resolve;
    return (int)syscall(SYS_openat2, directory, path, &how, sizeof how);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// O_PATH (a descriptor that names a file without opening it for reading), which glibc shows only to _GNU_SOURCE.
static inline int picker_o_path(void) {
#ifdef O_PATH
    return O_PATH;
#else
    return 010000000;
#endif
}

/// renameat2(2) with RENAME_EXCHANGE, through syscall(2) (glibc shows renameat2 only to _GNU_SOURCE): swaps the
/// entries at `from` and `to` at once. Returns 0, or -1 with errno set (ENOSYS or EINVAL where the kernel or the
/// file system has no exchange, EXDEV across mounts).
static inline int picker_exchange(const char *_Nonnull from, const char *_Nonnull to) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 2u /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}
