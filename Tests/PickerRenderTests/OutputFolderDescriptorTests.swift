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
        let stop = Shared(false)
        let closedUnderneath = Shared(0)
        // Another thread keeps opening files, as a batch's workers do, and checks that each stays open.
        let prober = Thread {
            while !stop.value {
                let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                for _ in 0..<50 where fcntl(descriptor, F_GETFD) == -1 {
                    closedUnderneath.update { $0 += 1 }
                    break
                }
                close(descriptor)
            }
        }
        prober.start()
        for _ in 0..<3_000 {
            #expect(throws: RenderError.busy(path: destination.path)) { try OutputFolder(destination: destination) }
        }
        stop.update { $0 = true }
        #expect(closedUnderneath.value == 0)
    }
}
