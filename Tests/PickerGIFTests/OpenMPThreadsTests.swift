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
        let encode: @Sendable () throws -> [UInt8] = {
            try GIFEncoder().encode(frameCount: 20, fps: 30, duration: 19.0 / 30) { picker.frame($0) }.bytes
        }
        let alone = try encode()
        final class Results: @unchecked Sendable {
            // @unchecked: `bytes` is only touched while holding `lock` (writing different slots of one array from
            // several threads is still a race on the array: ThreadSanitizer reported it).
            private let lock = NSLock()
            private var bytes: [[UInt8]?] = [nil, nil, nil]
            func set(_ value: [UInt8]?, at slot: Int) {
                lock.lock()
                bytes[slot] = value
                lock.unlock()
            }
            var all: [[UInt8]?] {
                lock.lock()
                defer { lock.unlock() }
                return bytes
            }
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            let encoded = try? encode()
            results.set(encoded, at: worker)
        }
        #expect(results.all.allSatisfy { $0 == alone })
    }
}
