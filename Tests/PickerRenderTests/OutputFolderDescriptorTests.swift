import Foundation
import TestSupport
import Testing

@testable import PickerRender

/// A start that fails (the folder is busy) closes its descriptor once: closing the same number again, as deinit did,
/// closes whatever file another thread was given that number for in between (a frame being written by a batch).
@Suite("Output folder descriptors")
struct OutputFolderDescriptorTests {
    @Test func aBusyStartNeverClosesAnotherThreadsFile() throws {
        let destination = try temporaryFolder().appendingPathComponent("out")
        let holder = try OutputFolder(destination: destination)
        defer { holder.discard() }
        let stop = Flag()
        let closedUnderneath = Counter()
        // Another thread keeps opening files, as a batch's workers do, and checks that each stays open.
        let prober = Thread {
            while !stop.isSet {
                let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                for _ in 0..<50 where fcntl(descriptor, F_GETFD) == -1 {
                    closedUnderneath.add()
                    break
                }
                close(descriptor)
            }
        }
        prober.start()
        for _ in 0..<3_000 {
            #expect(throws: RenderError.busy(path: destination.path)) { try OutputFolder(destination: destination) }
        }
        stop.set()
        #expect(closedUnderneath.value == 0)
    }
}

private final class Flag: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = false
    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0
    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
