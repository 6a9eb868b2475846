import Foundation
import PickerKit
import Testing

@testable import PickerGIF

@Suite("One OpenMP thread while encoding")
struct OpenMPThreadsTests {
    private struct Refused: Error {}

    @Test("passes the body's result and errors through")
    func passesThrough() {
        #expect(OpenMPThreads.one { 42 } == 42)
        #expect(throws: Refused.self) { try OpenMPThreads.one { throw Refused() } }
    }

    @Test("encoders on other threads at the same time give the same bytes as one alone")
    func sameBytesOnAnyThread() throws {
        let picker = SyntheticPicker()
        @Sendable func encode() throws -> [UInt8] {
            try GIFEncoder().encode(frameCount: 20, fps: 30, duration: 19.0 / 30) { picker.frame($0) }.bytes
        }
        let alone = try encode()
        final class Results: @unchecked Sendable {
            // Each worker writes only its own slot, and the slots are read after every worker has finished.
            var bytes: [[UInt8]?] = [nil, nil, nil]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            results.bytes[worker] = try? encode()
        }
        #expect(results.bytes.allSatisfy { $0 == alone })
    }
}
