import FoundationEssentials
import Glibc
import PickerKit
import Synchronization

/// Where the tool's output goes: standard output for results, standard error for messages and progress.
///
/// Writing never traps: a stream that cannot be written (a full disk, a closed descriptor, a reader that went away)
/// is remembered, and `PickerReelTool.run` turns it into exit status 2.
package struct Console: Sendable {
    /// Writes to standard output.
    package var out: @Sendable (String) -> Void
    /// Writes to standard error.
    package var err: @Sendable (String) -> Void
    /// True when standard error is a terminal, so a progress line can be redrawn in place.
    package var errIsTerminal: Bool
    /// The first write that failed, as "standard output: reason", or nil.
    package var failure: @Sendable () -> String?

    /// A console of the given writers that never fails.
    package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
        failure = { nil }
    }

    init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTerminal: Bool,
        failure: @escaping @Sendable () -> String?
    ) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
        self.failure = failure
    }

    /// The process's real standard output and error.
    package static let standard: Console = {
        let failures = StreamFailures()
        return Console(
            out: { text in failures.write(text, to: STDOUT_FILENO, name: "standard output") },
            err: { text in failures.write(text, to: STDERR_FILENO, name: "standard error") },
            errIsTerminal: isatty(STDERR_FILENO) == 1,
            failure: { failures.first })
    }()
}

/// Writes to file descriptors with `write(2)`, keeping the first failure instead of trapping.
final class StreamFailures: Sendable {
    /// The first failure, as "standard output: reason", and the descriptors that failed, written no more.
    private let state = Mutex<(recorded: String?, dead: Set<Int32>)>((nil, []))

    var first: String? { state.withLock { $0.recorded } }

    func write(_ text: String, to descriptor: Int32, name: String) {
        state.withLock { state in
            guard !state.dead.contains(descriptor) else { return }
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    // EBADF: the descriptor was closed when the tool started (see `StandardDescriptors`).
                    let reason = errno == EBADF ? "it is closed" : String(cString: strerror(errno))
                    if state.recorded == nil { state.recorded = "\(name): \(reason)" }
                    state.dead.insert(descriptor)
                    return
                }
                offset += written
            }
        }
    }
}

/// `write(2)`, by a name that methods called `write` cannot hide: the bytes written, or -1 with `errno` set.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(descriptor, bytes, count)
}
