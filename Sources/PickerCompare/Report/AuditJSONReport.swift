import FoundationEssentials
import PickerKit

/// The machine-readable audit (`pickerreel audit --report json`): the verdict, the required criteria, and per
/// spec-variant its worst moment under each criterion and each frame's lowest ratio under each (the strip), with
/// sorted keys so the output is the same on every run.
package struct AuditJSONReport: Codable, Equatable, Sendable, JSONDocument {
    /// One measurement: the worst moment of a criterion.
    package struct Moment: Codable, Equatable, Sendable {
        package var criterion: String
        package var level: String
        package var subject: String
        /// The item's label; absent for the highlight.
        package var item: String?
        package var ratio: Double
        package var required: Double
        package var passes: Bool
        package var frame: Int
        package var time: Double

        init(_ measurement: ContrastMeasurement) {
            criterion = measurement.criterion.rawValue
            level = measurement.criterion.level
            subject = measurement.subject.rawValue
            item = measurement.item
            ratio = Self.rounded(measurement.ratio)
            required = measurement.required
            passes = measurement.passes
            frame = measurement.frame
            time = Self.rounded(measurement.time, places: 1000)
        }

        /// Two decimals (a ratio) or three (a time): what the figures mean, the same on every machine.
        static func rounded(_ value: Double, places: Double = 100) -> Double { (value * places).rounded() / places }
    }

    /// One spec-variant.
    package struct Audit: Codable, Equatable, Sendable {
        package var name: String
        package var file: String?
        package var frames: Int
        package var fps: Double
        package var worst: [Moment]
        /// Per criterion (`1.4.3`, `1.4.11`), each frame's worst ratio (the one lowest against what it asks), null
        /// for a frame with nothing it holds: the strip over time.
        package var ratios: [String: [Double?]]

        init(_ audit: ContrastAudit) {
            name = audit.name
            file = audit.file
            frames = audit.frameCount
            fps = audit.fps
            worst = audit.worst.map(Moment.init)
            var ratios: [String: [Double?]] = [:]
            for criterion in AccessibilityCriterion.allCases {
                let strip = audit.frames.map { frame in
                    frame.filter { $0.criterion == criterion }.min { $0.margin < $1.margin }.map { Moment.rounded($0.ratio) }
                }
                if strip.contains(where: { $0 != nil }) { ratios[criterion.rawValue] = strip }
            }
            self.ratios = ratios
        }
    }

    /// False when a required criterion fails.
    package var passed: Bool
    package var required: [String]
    package var audits: [Audit]

    /// The report of `report`.
    package init(_ report: ContrastAuditReport) {
        passed = !report.fails
        required = report.required.sorted().map(\.rawValue)
        audits = report.audits.map(Audit.init)
    }
}
