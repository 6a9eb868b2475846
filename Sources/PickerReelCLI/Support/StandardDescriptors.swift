import FoundationEssentials
import Glibc

/// Keeps standard input, output and error from being handed to other files when the tool is started with one of
/// them closed (`pickerreel layout spec.json >&-`).
///
/// A closed descriptor is the lowest free number, so the next file, pipe or epoll instance opened takes it, and a
/// message for standard output went there instead: into libdispatch's epoll descriptor (the write failed with
/// "Invalid argument"), or, had a file been opened first, into that file.
package enum StandardDescriptors {
    /// Opens /dev/null, read-only, on each of descriptors 0, 1 and 2 that is closed; call first thing in `main`.
    ///
    /// Read-only, so that a write to a closed standard output still fails (EBADF, "it is closed") and is reported.
    package static func reserveClosed() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", O_RDONLY)
            guard opened >= 0 else { continue }
            if opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
