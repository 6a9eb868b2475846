import FoundationEssentials
import PickerKit

extension HTMLReport {
    /// Where a picture belongs in a render: its spec-variant (the output folder `render` writes it into, or the
    /// name `assertPickerSnapshot` gives it) and its moment, read from the path alone.
    struct FrameName: Equatable {
        /// The spec-variant's name: `seed-demo`, `period-dark-rtl@3x`, `__Snapshots__/PickerTests/period-dark`; the
        /// whole path for a picture that is not a frame.
        var spec: String
        /// N of `frame-NNNN.png`.
        var index: Int?
        /// T of `NAME.Ts.png`, such as 0.5 for `period-dark.0.500s.png`.
        var seconds: Double?

        /// Reads `path` (`/`-separated, relative to the roots) as `render` and `assertPickerSnapshot` name frames.
        static func parse(_ path: String) -> FrameName {
            var folders = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let file = folders.removeLast()
            let folder = folders.joined(separator: "/")
            guard file.lowercased().hasSuffix(".png") else { return FrameName(spec: path) }
            let stem = String(file.dropLast(4))
            if stem.hasPrefix("frame-"), let index = wholeNumber(stem.dropFirst(6)) {
                return FrameName(spec: folder.isEmpty ? "frame" : folder, index: index)
            }
            // NAME.INT.FRACs: the time as assertPickerSnapshot writes it.
            if stem.hasSuffix("s") {
                let parts = stem.dropLast().split(separator: ".", omittingEmptySubsequences: false)
                if parts.count >= 3, wholeNumber(parts[parts.count - 1]) != nil, wholeNumber(parts[parts.count - 2]) != nil,
                    let seconds = Double("\(parts[parts.count - 2]).\(parts[parts.count - 1])")
                {
                    let name = parts.dropLast(2).joined(separator: ".")
                    let spec = folder.isEmpty ? name : (folders.last == name ? folder : folder + "/" + name)
                    return FrameName(spec: spec, seconds: seconds)
                }
            }
            return FrameName(spec: path)
        }

        /// A run of ASCII digits as a number; nil for anything else.
        private static func wholeNumber(_ text: Substring) -> Int? {
            guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return nil
            }
            return Int(text)
        }
    }

    /// One spec-variant with at least one picture that does not match: all its frames in order, matching ones too,
    /// so that its animations can play whole.
    struct ChangedSpec {
        /// The frames' rate when the names give no times: `render`'s default.
        static let defaultFPS = 30.0

        /// The spec-variant's name.
        var name: String
        /// Its pictures, in the order they are shown.
        var frames: [FileComparison]
        /// When each frame is shown, in seconds: from the name, or the frame number at 30 fps; nil when neither.
        var times: [Double?]
        /// Each frame as the strip names it: its number (`12`), its time (`0.500 s`) or its file name.
        var labels: [String]

        /// The frames that do not match.
        var differing: [FileComparison] { frames.filter { !$0.matches } }

        /// The spec-variants of `files` that have a picture that does not match, in review order: changes to existing
        /// pictures (differing pixels, a new size) first, then removed, then added pictures; the largest change first
        /// within each; then by name.
        static func changed(in files: [FileComparison]) -> [ChangedSpec] {
            var order: [String] = []
            var members: [String: [(file: FileComparison, name: FrameName)]] = [:]
            for file in files {
                let name = FrameName.parse(file.path)
                if members[name.spec] == nil { order.append(name.spec) }
                members[name.spec, default: []].append((file, name))
            }
            var specs: [ChangedSpec] = []
            for spec in order {
                guard let frames = members[spec], frames.contains(where: { !$0.file.matches }) else { continue }
                let sorted = frames.sorted { left, right in
                    let a = left.name.seconds ?? left.name.index.map(Double.init) ?? 0
                    let b = right.name.seconds ?? right.name.index.map(Double.init) ?? 0
                    return a != b ? a < b : left.file.path.unicodeScalars.lexicographicallyPrecedes(right.file.path.unicodeScalars)
                }
                specs.append(
                    ChangedSpec(
                        name: spec, frames: sorted.map(\.file),
                        times: sorted.map { $0.name.seconds ?? $0.name.index.map { Double($0) / defaultFPS } },
                        labels: sorted.map { frame in
                            if let index = frame.name.index { return String(index) }
                            if let seconds = frame.name.seconds { return NumberText.fixed(seconds, digits: 3) + " s" }
                            return FilePath.lastComponent(frame.file.path)
                        }))
            }
            return specs.sorted { left, right in
                if left.rank != right.rank { return left.rank < right.rank }
                if left.largestChange != right.largestChange { return left.largestChange > right.largestChange }
                return left.name.unicodeScalars.lexicographicallyPrecedes(right.name.unicodeScalars)
            }
        }

        /// 0 when an existing picture changed (pixels or size), 1 when pictures were only removed, 2 only added.
        var rank: Int { Self.kind(frames[largestFrame]) }

        /// How large the change shown on the card is: the pixels of `largestFrame`'s change.
        var largestChange: Int { Self.change(frames[largestFrame]) }

        /// The frame whose change the card shows: a changed picture before a removed one before an added one, then
        /// the most pixels changed (the first of equals).
        var largestFrame: Int {
            var best = 0
            for (index, frame) in frames.enumerated() {
                let (kind, best0) = (Self.kind(frame), Self.kind(frames[best]))
                if kind < best0 || (kind == best0 && Self.change(frame) > Self.change(frames[best])) { best = index }
            }
            return best
        }

        /// 0 for a changed picture (pixels or size), 1 removed, 2 added or renamed, 3 a match.
        static func kind(_ file: FileComparison) -> Int {
            switch file.status {
            case .differs, .sizeChanged: return 0
            case .removed: return 1
            case .added, .renamed: return 2
            case .match: return 3
            }
        }

        /// How many pixels `file` changed, for ordering: 0 for a match.
        static func change(_ file: FileComparison) -> Int {
            if file.matches { return 0 }
            switch file.outcome {
            case .compared(let pixels): return pixels.differentPixels
            case .sizeChanged(let expected, let actual):
                return max(expected.width * expected.height, actual.width * actual.height, 1)
            case .added(let size), .removed(let size), .renamed(_, let size): return max(size.map { $0.width * $0.height } ?? 1, 1)
            }
        }

        /// The card's line, such as `95 of 95 frames differ, first at 0.000 s, largest 55 pixels at 0.633 s`.
        var finding: String {
            if frames.count == 1, let animation = frames[0].animation, case .compared = frames[0].outcome { return animation.reviewLine }
            let count = differing.count
            var parts = [
                "\(ReportWording.grouped(count)) of \(ReportWording.grouped(frames.count)) \(frames.count == 1 ? "frame" : "frames") \(count == 1 ? "differs" : "differ")"
            ]
            let kinds = [FileStatus.sizeChanged, .removed, .added, .renamed].compactMap { status -> String? in
                let number = frames.count { $0.status == status }
                return number > 0 ? "\(number) \(ReportWording.word(status))" : nil
            }
            if !kinds.isEmpty { parts[0] += " (\(kinds.joined(separator: ", ")))" }
            if let first = frames.firstIndex(where: { !$0.matches }) { parts.append("first at \(moment(first))") }
            let largest = largestFrame
            if case .compared(let pixels) = frames[largest].outcome, !frames[largest].matches {
                parts.append(
                    "largest \(ReportWording.grouped(pixels.differentPixels)) \(pixels.differentPixels == 1 ? "pixel" : "pixels") at \(moment(largest))"
                )
            }
            return parts.joined(separator: ", ")
        }

        /// `0.633 s` when the frame's time is known, else its name.
        func moment(_ index: Int) -> String {
            if let time = times[index] { return NumberText.fixed(time, digits: 3) + " s" }
            return FilePath.lastComponent(frames[index].path)
        }

        /// Runs of consecutive frames with the same `digests` (same expected and same actual bytes, so the same diff),
        /// each shown once: `frames 12–30, same change`.
        static func holds<Digest: Equatable>(_ digests: [Digest]) -> [Range<Int>] {
            var runs: [Range<Int>] = []
            var start = 0
            for index in digests.indices.dropFirst() where digests[index] != digests[index - 1] {
                runs.append(start..<index)
                start = index
            }
            if !digests.isEmpty { runs.append(start..<digests.count) }
            return runs
        }
    }
}
