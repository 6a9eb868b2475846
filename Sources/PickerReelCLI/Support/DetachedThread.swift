import Glibc

/// Runs `body` on a new POSIX thread that nobody waits for (the signal thread, the preview's watcher and browser
/// launcher); false when no thread can be made.
///
/// A POSIX thread rather than Foundation's `Thread`, which would need Foundation, and rather than Dispatch, whose
/// start costs every process about 0.3 ms. The thread inherits the caller's blocked signals.
func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
        &thread, nil,
        { raw in
            guard let raw else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, box)
    guard started == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// What a detached thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}
