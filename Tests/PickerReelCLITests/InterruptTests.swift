import Foundation
import TestSupport
import Testing

@Suite("Interrupted renders")
struct InterruptTests {
    /// A spec with thousands of large frames, so a render is still running when the signal arrives.
    static let longSpec = """
        {
          "items": ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"],
          "selection": {
            "initial": "One",
            "sequence": [
              { "select": "Eight", "after": 0.1, "duration": 30 },
              { "select": "One", "after": 30, "duration": 29 }
            ],
            "tail": 0.1
          },
          "output": { "fps": 120, "scale": 4 }
        }
        """

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalMidRenderLeavesTheOutputFolderAsItWas(signal: Int32) throws {
        let work = try temporaryFolder()
        let spec = work.appendingPathComponent("long.json")
        try Data(Self.longSpec.utf8).write(to: spec)
        let output = work.appendingPathComponent("out")
        let folder = output.appendingPathComponent("long")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("approved".utf8).write(to: folder.appendingPathComponent("frame-0000.png"))
        let before = try snapshot(of: work)

        let process = Process()
        process.executableURL = try toolURL()
        process.arguments = ["render", spec.path, "-o", output.path, "-q"]
        process.standardError = Pipe()
        try process.run()
        // Wait until the render has started writing into its staging folder, then interrupt it.
        let deadline = Date().addingTimeInterval(20)
        var staging: [String] = []
        while Date() < deadline && staging.isEmpty && process.isRunning {
            staging = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).filter { $0.hasPrefix(".pickerreel-new-") }
            if staging.isEmpty { usleep(20_000) }
        }
        #expect(!staging.isEmpty, "the render never started")
        usleep(200_000)
        #expect(process.isRunning, "the render finished before it could be interrupted")
        kill(process.processIdentifier, signal)
        waitForExit(process)
        #expect(process.terminationStatus == 128 + signal)
        #expect(try snapshot(of: work) == before)
    }
}
