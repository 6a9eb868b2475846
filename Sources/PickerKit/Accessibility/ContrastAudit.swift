/// The contrast of one spec in one variant on every frame: its worst moment under each criterion, and each frame's
/// lowest margins for a strip over time.
public struct ContrastAudit: Equatable, Sendable {
    /// The spec-variant's name, as its output folder is named (`period-dark`).
    public var name: String
    /// The spec file, or nil for the built-in demo.
    public var file: String?
    /// The number of frames measured.
    public var frameCount: Int
    /// Frames per second.
    public var fps: Double
    /// For each frame, every measurement of it: each item's text (or large text) and icon, and the highlight's.
    public var frames: [[ContrastMeasurement]]

    /// An audit of the frames' measurements.
    package init(name: String, file: String?, fps: Double, frames: [[ContrastMeasurement]]) {
        self.name = name
        self.file = file
        self.frameCount = frames.count
        self.fps = fps
        self.frames = frames
    }

    /// The worst moment under each criterion measured (lowest margin, the earliest of equals), 1.4.3 first.
    public var worst: [ContrastMeasurement] {
        AccessibilityCriterion.allCases.compactMap { worst(under: $0) }
    }

    /// The worst moment under `criterion`, or nil when nothing it holds was drawn.
    public func worst(under criterion: AccessibilityCriterion) -> ContrastMeasurement? {
        var found: ContrastMeasurement?
        for frame in frames {
            for measurement in frame where measurement.criterion == criterion {
                if found.map({ measurement.margin < $0.margin }) ?? true { found = measurement }
            }
        }
        return found
    }

    /// The criteria of `required` whose worst moment fails.
    public func failures(requiring required: Set<AccessibilityCriterion>) -> [ContrastMeasurement] {
        worst.filter { required.contains($0.criterion) && !$0.passes }
    }
}

/// The audits of a batch and the criteria `--require` makes fail the run: what every audit report is written from.
public struct ContrastAuditReport: Equatable, Sendable {
    /// One audit per spec-variant, in the order rendered.
    public var audits: [ContrastAudit]
    /// The criteria whose failure fails the run; empty reports without failing.
    public var required: Set<AccessibilityCriterion>

    /// A report of `audits`, failing on `required`.
    public init(audits: [ContrastAudit], required: Set<AccessibilityCriterion>) {
        self.audits = audits
        self.required = required
    }

    /// True when a required criterion fails somewhere.
    public var fails: Bool { audits.contains { !$0.failures(requiring: required).isEmpty } }
}
