import FoundationEssentials
import PickerReel

/// The settings of one call, carried out over the spec's variants.
struct SnapshotAssertion {
    var name: String
    var strategy: SnapshotStrategy
    var tolerance: Tolerance
    var settings: ComparisonSettings
    var snapshotDirectory: String?
    var record: SnapshotRecordMode
    var location: SnapshotReporter.Location
    /// Where `PICKERREEL_RECORD` and `RECORD_SNAPSHOTS` are read.
    var environment = ProcessInfo.processInfo.environment

    /// `specFile` as a path to open: as it is when absolute, else in the folder of `testFile` (`#filePath`), where
    /// swift-snapshot-testing also looks, so a test finds its spec whatever the working directory.
    static func specPath(_ specFile: String, besideTestFile testFile: String) -> String {
        guard !specFile.hasPrefix("/"), let slash = testFile.lastIndex(of: "/") else { return specFile }
        return String(testFile[...slash]) + specFile
    }

    /// The spec file at `path`, read as `pickerreel` reads it; throws `SnapshotFailure` with the decoder's message
    /// for a file that cannot be read or is not a valid spec.
    static func spec(atPath path: String, name: String) throws(SnapshotFailure) -> PickerSpec {
        do {
            return try PickerSpec(contentsOf: URL(fileURLWithPath: path), file: path)
        } catch {
            throw SnapshotFailure(.cannotRender(name: name, reason: "\(error)"))
        }
    }

    func run(spec: PickerSpec, file: String?, variants suffixes: [String]?) throws(SnapshotFailure) -> SnapshotOutcome {
        let mode: SnapshotRecordMode
        do {
            mode = try SnapshotRecordMode.requested(by: environment) ?? record
        } catch {
            throw SnapshotFailure(.invalidRequest(name: name, reason: error.message))
        }
        let all = spec.variants
        var chosen = all
        if let suffixes {
            chosen = []
            for suffix in suffixes {
                guard let variant = spec.variant(named: suffix) else {
                    let known = spec.variantNames.joined(separator: ", ")
                    throw SnapshotFailure(
                        .invalidRequest(name: name, reason: "the spec has no variant \"\(suffix)\"; its variants: \(known)"))
                }
                chosen.append(variant)
            }
        }
        var findings: [SnapshotFinding] = []
        var environmentChanges: [String] = []
        var environmentProblems: [String] = []
        var goldenFolder = ""
        for variant in chosen {
            let locations = try SnapshotLocations(
                name: variant.name(name), times: strategy.times, testFile: "\(location.filePath)", snapshotDirectory: snapshotDirectory)
            goldenFolder = locations.goldenFolder
            let renderer: Renderer
            do {
                renderer = try Renderer(spec, variant: variant, file: file)
            } catch {
                throw SnapshotFailure(.cannotRender(name: locations.name, reason: "\(error)"))
            }
            let check = SnapshotCheck(locations: locations, tolerance: tolerance, settings: settings, mode: mode)
            let found: [SnapshotFinding]
            switch strategy.representation {
            case .frames: found = try check.run(renderer)
            case .animation: found = try check.runAnimation(renderer)
            case .lottie: found = try check.runLottie(renderer)
            }
            findings += found
            // The environment recorded with the goldens: what differs from it when one does not match; written anew
            // only when every golden that did not match was written (goldens left as they were keep their record).
            let record = SnapshotEnvironment.path(name: locations.name, goldenFolder: locations.goldenFolder)
            SnapshotLedger.note(record)
            if found.contains(where: \.isMismatch) {
                let found = SnapshotEnvironment.changes(
                    name: locations.name, goldenFolder: locations.goldenFolder, to: renderer.plan.environment)
                for change in found.changes where !environmentChanges.contains(change) {
                    environmentChanges.append(change)
                }
                if let problem = found.problem { environmentProblems.append(problem) }
            } else if found.contains(where: \.isRecorded) {
                try SnapshotEnvironment.record(renderer.plan.environment, at: record, name: locations.name)
            }
        }
        var outcome = SnapshotOutcome(name: name, goldenFolder: goldenFolder, tolerance: tolerance, findings: findings)
        outcome.environmentChanges = environmentChanges
        outcome.environmentRecordProblems = environmentProblems
        SnapshotReporter(location: location).report(outcome)
        return outcome
    }
}
