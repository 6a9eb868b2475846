import FoundationEssentials
import PickerCompare
import PickerKit
import PickerRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CompareCommand {
    /// Compares, reports, updates when asked; returns the exit status and prints errors with the command's prefix.
    func run() -> Int32 {
        Self.keepFreedPicturesInTheHeap()
        do {
            return try runChecked()
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
    }

    /// Keeps the memory of decoded pictures in the heap for the next pair instead of giving it back to the kernel.
    ///
    /// Each differing pair decodes two pictures of a few megabytes; glibc handed every one back (mmap, then trimming)
    /// and faulted it in again: 40 % of compare's time on differing trees. Kept in the heap (pictures up to 32 MB),
    /// they are reused (docs/performance.md). `mallopt` is looked up, as the Glibc module does not declare it. The
    /// heap then keeps its peak until the command exits, which a short-lived command can afford.
    private static func keepFreedPicturesInTheHeap() {
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
        _ = mallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD
        _ = mallopt(-1, 512 << 20)  // M_TRIM_THRESHOLD
    }

    private func runChecked() throws(CompareError) -> Int32 {
        if let problem = Self.linkedReport(options, diffPath: diffPath()) {
            console.err(ErrorLine.line(problem) + "\n")
            return ExitCode.badInput
        }
        // An update of a tree locks EXPECTED before comparing it: a second update waits for nothing half-switched.
        var locked: ExpectedUpdate.LockedTree?
        if options.update,
            let problem = Self.linkedExpected(options.expected) ?? Self.overlap(expected: options.expected, actual: options.actual)
        {
            console.err(ErrorLine.line(problem) + "\n")
            return ExitCode.badInput
        }
        if options.update, PathKind.of(options.actual) == .folder {
            switch PathKind.of(options.expected) {
            case .folder, .missing: locked = try ExpectedUpdate.lock(options.expected)
            default: break
            }
        }
        defer { locked?.release() }
        let settings = ComparisonSettings(metric: options.metric, threshold: options.threshold)
        var comparison = FolderComparison(settings: settings, tolerance: options.tolerance, diffPath: diffPath())
        comparison.memory = options.memory
        if PathKind.of(options.actual) == .folder {
            let (others, records, refused) = ShardRecord.otherShardsSpecs(in: options.actual)
            comparison.otherShardsSpecs = others
            for record in refused {
                console.err(
                    PlainText.escaped("pickerreel compare: a shard record not read, so no spec is left out by it: \(record)") + "\n")
            }
            let absent = others.filter { PathKind.of(options.actual + "/" + $0) != .folder }.count
            if absent > 0 {
                let noun = absent == 1 ? "spec folder" : "spec folders"
                console.err(
                    PlainText.escaped(
                        "pickerreel compare: \(absent) \(noun) of other shards not compared (\(records.joined(separator: ", ")) in \(options.actual))"
                    )
                        + "\n")
            }
        }
        let summary = try comparison.compare(expected: options.expected, actual: options.actual, allowsMissingExpected: options.update)

        if summary.status == .nothingCompared && !options.allowsEmpty {
            let message = "nothing to compare: no PNG files in \(options.expected) or \(options.actual); pass --allow-empty to accept that"
            console.err(ErrorLine.line(message) + "\n")
            return ExitCode.badInput
        }
        let say = try writeReports(summary)
        guard options.update else {
            return summary.status == .differences ? ExitCode.differences : ExitCode.success
        }
        let changes = try ExpectedUpdate.apply(summary, through: locked)
        say(Self.updateText(changes, expected: options.expected))
        return options.failsOnChange && !changes.isEmpty ? ExitCode.differences : ExitCode.success
    }

    /// Writes the reports `options.reports` asks for, and the text report unless JSON went to standard output;
    /// returns where further lines go (standard error when the GitHub report holds standard output).
    ///
    /// Throws `CompareError.report` naming a report file that cannot be written.
    func writeReports(_ summary: ComparisonSummary) throws(CompareError) -> (String) -> Void {
        // With the GitHub report, standard output is the runner's: it carries the annotations and nothing else,
        // and the text report (and --update's lines) go to standard error, where the log still shows them.
        let github = options.reports.contains(.github)
        let say = github ? console.err : console.out
        var textWanted = true
        for request in options.reports {
            switch request {
            case .json(let path):
                let json: String
                do {
                    json = try JSONReport(summary).json()
                } catch {
                    throw CompareError.report(path: path ?? "standard output", what: "JSON report", reason: "\(error)")
                }
                if let path {
                    try write(json, to: path, what: "JSON report")
                } else {
                    console.out(json)
                    textWanted = false
                }
            case .junit(let path):
                try write(JUnitReport.xml(summary), to: path, what: "JUnit report")
            case .github:
                console.out(GitHubReport.annotations(summary, advice: AcceptAdvice(environment: environment)))
                if let summaryFile = environment["GITHUB_STEP_SUMMARY"], !summaryFile.isEmpty {
                    try append(GitHubReport.stepSummary(summary, advice: AcceptAdvice(environment: environment)), to: summaryFile)
                }
            case .html(let folder):
                try HTMLReport.write(summary, to: folder, advice: AcceptAdvice(environment: environment))
            }
        }
        if textWanted {
            say(TextReport.text(summary, verbose: options.verbose))
        }
        return say
    }

    /// Why compare (or merge-reports) will not write its reports and diff pictures: a report file, the HTML report's
    /// folder or the diff path goes through a symbolic link below the current folder (`LinkedPath`), or a folder it
    /// writes into holds one (`report/files -> /elsewhere`, committed by a pull request); nil when there is none.
    static func linkedReport(_ options: CompareOptions, diffPath: String?) -> String? {
        var files: [String] = []
        var folders: [String] = []
        for report in options.reports {
            switch report {
            case .json(let path?), .junit(let path): files.append(path)
            case .html(let folder): folders.append(folder)
            case .json(nil), .github: break
            }
        }
        if let diffPath { folders.append(diffPath) }
        for path in files + folders {
            if let link = LinkedPath.firstLink(on: path) { return "\(link) \(LinkedPath.reason) (nothing was written)" }
        }
        for folder in folders {
            if let link = LinkedPath.firstLink(beneath: folder) {
                return "\(link) \(LinkedPath.reason); it is inside \(folder), which the report writes into (nothing was written)"
            }
        }
        return nil
    }

    /// Why `--update` will not write EXPECTED when EXPECTED (the path as given, or a folder on it below the current
    /// folder) is a symbolic link (`LinkedPath`, the rule `render` and `frame` share): the goldens a pull request commits
    /// as a link would lead the update to delete and write pictures wherever the link points; nil when there is none.
    static func linkedExpected(_ expected: String) -> String? {
        guard let link = LinkedPath.firstLink(on: expected) else { return nil }
        return
            "--update: EXPECTED \(expected) goes through a symbolic link (\(link)); --update writes only into a real folder: give that folder itself (nothing was changed)"
    }

    /// Why `--update` cannot make EXPECTED equal ACTUAL when one is inside the other (or they are one folder), by
    /// real path: it would copy ACTUAL into itself, or replace the goldens with a render of nothing; nil otherwise.
    static func overlap(expected: String, actual: String) -> String? {
        let expectedPath = realPath(expected)
        let actualPath = realPath(actual)
        if expectedPath == actualPath {
            return "--update: EXPECTED \(expected) and ACTUAL \(actual) are the same folder; render into another folder and compare that"
        }
        if actualPath.hasPrefix(expectedPath + "/") {
            return "--update: ACTUAL \(actual) is inside EXPECTED \(expected); render outside the goldens (nothing was changed)"
        }
        if expectedPath.hasPrefix(actualPath + "/") {
            return "--update: EXPECTED \(expected) is inside ACTUAL \(actual); render outside the goldens (nothing was changed)"
        }
        return nil
    }

    /// `path` with links resolved and made absolute; a path that does not exist yet keeps its last parts as given.
    static func realPath(_ path: String) -> String {
        var missing: [String] = []
        var current = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        while true {
            if let resolved = realpath(current, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                let rest = missing.reversed().filter { !$0.isEmpty && $0 != "." }
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
            }
            guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else { return current }
            missing.append(String(current[current.index(after: slash)...]))
            current = String(current[..<slash])
        }
    }

    /// Where diff pictures go: `--diff`, or inside the HTML report's folder when one is asked for without it.
    func diffPath() -> String? {
        if let diffPath = options.diffPath { return diffPath }
        for case .html(let folder) in options.reports {
            let diffs = PathKind.join(folder, "files/diff")
            if PathKind.of(options.actual) == .regularFile {
                let name = PathKind.lastComponent(PathKind.of(options.expected) == .folder ? options.actual : options.expected)
                return PathKind.join(diffs, name)
            }
            return diffs
        }
        return nil
    }

    /// What `--update` changed, a line per file and a summary.
    static func updateText(_ changes: [ExpectedUpdate.Change], expected: String) -> String {
        guard !changes.isEmpty else { return PlainText.escaped("Nothing to update in \(expected).") + "\n" }
        var lines = changes.map { change in
            change.kind.rawValue + String(repeating: " ", count: max(1, 10 - change.kind.rawValue.count)) + PlainText.escaped(change.path)
        }
        let counts = [ExpectedUpdate.Change.Kind.replaced, .added, .removed].compactMap { kind -> String? in
            let count = changes.count { $0.kind == kind }
            return count > 0 ? "\(count) \(kind.rawValue)" : nil
        }
        lines.append(PlainText.escaped("Updated \(expected): \(counts.joined(separator: ", "))."))
        return lines.joined(separator: "\n") + "\n"
    }

    private func write(_ text: String, to path: String, what: String) throws(CompareError) {
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch {
            throw CompareError.report(path: path, what: what, reason: error.description)
        }
    }

    /// Appends to the step summary file, creating it if needed, as GitHub expects.
    private func append(_ text: String, to path: String) throws(CompareError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw CompareError.report(path: path, what: "step summary", reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw CompareError.report(path: path, what: "step summary", reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
