import Foundation
import Testing

/// The model (PickerKit) holds no system plumbing: threads, locks, dlopen tables and POSIX file calls live in
/// PickerSystem and the targets that do the I/O.
@Suite("Model boundary")
struct ModelBoundaryTests {
    @Test func theModelHoldsNoPthreadDlopenOrPOSIXFileCalls() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/PickerKit")
        let words = ["pthread_", "dlopen", "dlsym", "flock(", "rename(", "unlink(", "mkdir(", "POSIXCall", "FunctionTable"]
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        var found: [String] = []
        var checked = 0
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            checked += 1
            found += words.filter { text.contains($0) }.map { "\(file): \($0)" }
        }
        #expect(checked > 20)
        #expect(found.isEmpty, "system calls in the model: \(found)")
    }
}
