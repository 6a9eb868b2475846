import Foundation
import TestSupport
import Testing

/// `--memory`: how many threads draw and how many specs of a batch render side by side is bounded by the memory
/// budget, not by the number of cores; measured as the peak resident memory of the tool itself.
@Suite("Memory budget", .enabled(if: !builtWithSanitizer, "a sanitizer's shadow memory, not the pictures, sets the peak"))
struct MemoryBudgetTests {
    /// The bench's largest picture at scale 2: 4,094 × 1,024 px, whose drawer takes about 67 MB, ten frames: 80 MiB
    /// is a budget for one drawer, not two (64 MiB would hold none, and is refused: `OneDrawerMemoryTests`).
    static func spec() throws -> String {
        let largest = try String(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/bench/largest.json"), encoding: .utf8)
        return largest.replacingOccurrences(of: "\"scale\": 8", with: "\"scale\": 2")
    }

    @Test func sixteenThreadsWithinABudgetForOneDrawerTakeWhatOneThreadTakes() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(try Self.spec(), named: "wide.json", in: work)
        let one = try peakMemory(["render", spec, "-o", work.appendingPathComponent("one").path, "-j", "1", "-q"])
        let budgeted = try peakMemory([
            "render", spec, "-o", work.appendingPathComponent("budget").path, "-j", "16", "--memory", "80M", "-q",
        ])
        #expect(one.status == 0 && budgeted.status == 0)
        #expect(
            Double(budgeted.peakBytes) < Double(one.peakBytes) * 1.15,
            "one thread \(one.peakBytes) B, -j 16 --memory 80M \(budgeted.peakBytes) B")
        // The frames are the same whatever the number of threads.
        for frame in ["frame-0000.png", "frame-0005.png", "frame-0009.png"] {
            let a = try Data(contentsOf: work.appendingPathComponent("one/wide/\(frame)"))
            let b = try Data(contentsOf: work.appendingPathComponent("budget/wide/\(frame)"))
            #expect(a == b, "\(frame) differs")
        }
        // The check can fail: with room for two drawers, two threads take more (on a machine with two cores).
        if ProcessInfo.processInfo.activeProcessorCount >= 2 {
            let two = try peakMemory(["render", spec, "-o", work.appendingPathComponent("two").path, "-j", "2", "--memory", "1G", "-q"])
            #expect(Double(two.peakBytes) > Double(one.peakBytes) * 1.3, "one thread \(one.peakBytes) B, two \(two.peakBytes) B")
        }
    }

    /// Reading a PNG takes memory for the file, not for the largest PNG the limits allow (576 MB): comparing two
    /// frames of the seed demo, and `compare --update` of a folder of them, stays far below that.
    @Test func readingASmallPNGTakesLittleMemory() throws {
        let work = try temporaryFolder()
        let rendered = try runTool(["render", fixture("seed-demo.json"), "-o", work.appendingPathComponent("a").path, "-q"])
        #expect(rendered.status == 0)
        let frames = work.appendingPathComponent("a/seed-demo")
        let pair = try peakMemory([
            "compare", frames.appendingPathComponent("frame-0000.png").path, frames.appendingPathComponent("frame-0030.png").path,
        ])
        #expect(pair.status == 1)
        #expect(pair.peakBytes < 150_000_000, "compare of two frames peaked at \(pair.peakBytes) B")
        let update = try peakMemory(["compare", work.appendingPathComponent("b").path, frames.path, "--update"])
        #expect(update.status == 0)
        #expect(update.peakBytes < 150_000_000, "compare --update of 102 frames peaked at \(update.peakBytes) B")
    }

    @Test func theSpecsOfABatchShareTheBudget() throws {
        let work = try temporaryFolder()
        var specs: [String] = []
        for name in ["a", "b", "c"] { specs.append(try writeSpec(try Self.spec(), named: "\(name).json", in: work)) }
        let one = try peakMemory(["render", specs[0], "-o", work.appendingPathComponent("one").path, "-j", "1", "-q"])
        let batch = try peakMemory(
            ["render"] + specs + ["-o", work.appendingPathComponent("batch").path, "-j", "3", "--memory", "80M", "-q"])
        #expect(one.status == 0 && batch.status == 0)
        // One spec after the other. The margin: a spec waiting for its share has already measured its labels, with
        // a font map of its own while another spec holds the shared one (measured: 97-127 MB against 96 MB for
        // one spec; with room, three side by side take 157 MB on two cores).
        #expect(
            Double(batch.peakBytes) < Double(one.peakBytes) * 1.4, "one spec \(one.peakBytes) B, three side by side \(batch.peakBytes) B")
        for name in ["a", "b", "c"] {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("batch/\(name)/frame-0009.png").path))
        }
        if ProcessInfo.processInfo.activeProcessorCount >= 2 {
            let roomy = try peakMemory(
                ["render"] + specs + ["-o", work.appendingPathComponent("roomy").path, "-j", "3", "--memory", "2G", "-q"])
            #expect(
                Double(roomy.peakBytes) > Double(one.peakBytes) * 1.5, "one spec \(one.peakBytes) B, three with room \(roomy.peakBytes) B")
        }
    }

    @Test(arguments: ["10M", "lots", "2T", "-1G", "1.5.2G", ""])
    func aMemoryBudgetThatIsNotASizeIsAUsageError(_ value: String) throws {
        let run = try runTool(["render", "--memory", value, "-o", try temporaryFolder().path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--memory"), "\(run.stderr)")
        #expect(run.stderr.contains("at least 64M") || value.isEmpty, "\(run.stderr)")
    }

    @Test(arguments: ["64M", "1.5G", "2GiB", "800000000"])
    func aMemoryBudgetInTheUnitsHelpNamesIsTaken(_ value: String) throws {
        let work = try temporaryFolder()
        let run = try runTool(["render", "--memory", value, "-o", work.path, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("seed-demo/frame-0000.png").path))
    }
}

/// What a run of the tool took at its peak.
struct MemoryRun {
    var status: Int32
    /// The peak resident set of the tool's process: its last `VmHWM` (a high-water mark) read while it ran.
    var peakBytes: Int
}

/// Runs the tool with its output thrown away and returns its exit status and peak resident memory.
///
/// Not `wait4`'s `ru_maxrss`: a child spawned from this test process (which holds hundreds of MB during a full
/// run) inherits its high-water mark at `exec`, so every child reported at least the test process's size.
/// `/proc/PID/status`'s `VmHWM` belongs to the child's own memory, which starts at `exec`; it only grows, so
/// reading it every 2 ms until the process ends misses at most the growth of its last 2 ms.
func peakMemory(_ arguments: [String]) throws -> MemoryRun {
    let tool = try toolURL().path
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
    guard spawned == 0 else { throw SpawnFailed(code: spawned) }
    var status: Int32 = 0
    var peak = 0
    while true {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
            peak = max(peak, kilobytes * 1024)
        }
        let ended = waitpid(pid, &status, WNOHANG)
        if ended == pid { break }
        if ended < 0 && errno != EINTR { break }
        usleep(2_000)
    }
    let exited = status & 0x7f == 0
    return MemoryRun(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), peakBytes: peak)
}

struct SpawnFailed: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
}

/// True when this test bundle, and so the tool built beside it, runs under ThreadSanitizer or AddressSanitizer
/// (`make sanitize`): their shadow memory is hundreds of MB, so a process's peak no longer measures its pictures.
let builtWithSanitizer: Bool = {
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
}()
