import PickerKit

/// The files of one folder of a comparison: one spec in one variant, as `render` lays them out
/// (`period-dark/frame-0000.png`, …), so that reports speak of specs, not of hundreds of frames.
///
/// Files at the top of the trees (two files compared directly, or pictures beside the spec folders) are a group
/// of their own named `.`.
package struct SpecGroup: Equatable, Sendable {
    /// The folder relative to the roots, such as `period-dark`; `.` for files at the top.
    package var name: String
    /// Every file of the folder, in path order.
    package var files: [FileComparison]

    /// The files that do not match.
    package var differingFiles: [FileComparison] { files.filter { !$0.matches } }

    /// True when every file matches.
    package var matches: Bool { files.allSatisfy(\.matches) }

    /// The groups of `summary`, one per folder, sorted by name (a spec before its variants: `period`,
    /// `period-dark`), each with its files in path order.
    package static func groups(_ summary: ComparisonSummary) -> [SpecGroup] {
        var groups: [SpecGroup] = []
        for file in summary.files {
            let name = folder(of: file.path)
            if groups.last?.name == name {
                groups[groups.count - 1].files.append(file)
            } else if let index = groups.firstIndex(where: { $0.name == name }) {
                groups[index].files.append(file)
            } else {
                groups.append(SpecGroup(name: name, files: [file]))
            }
        }
        return groups.sorted { $0.name < $1.name }
    }

    /// The folder part of a relative path, `.` for none.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The file's name within the group: its path without the folder.
    func name(of file: FileComparison) -> String {
        name == "." ? file.path : String(file.path.dropFirst(name.count + 1))
    }

    /// The frame index of a file named as `render` names frames (`frame-0042.png` is 42), or nil.
    static func frameIndex(_ name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// True when every file is a frame, so the group is counted in frames.
    var isFrames: Bool { files.allSatisfy { Self.frameIndex(name(of: $0)) != nil } }

    /// Where `file` is in the animation: `frame 42`, or its name when it is not a frame.
    func moment(of file: FileComparison) -> String {
        let fileName = name(of: file)
        return Self.frameIndex(fileName).map { "frame \($0)" } ?? fileName
    }

    /// The one-line finding for the group, without its name, such as `95 of 95 frames differ, first at frame 0,
    /// largest 55 pixels at frame 19`, or `all 95 frames match`.
    package var finding: String {
        // One animated golden (APNG or WebP) compared in time speaks in moments, as frames do in frames.
        if files.count == 1, let animation = files[0].animation, case .compared = files[0].outcome { return animation.reviewLine }
        let unit = isFrames ? "frames" : "files"
        let differing = differingFiles
        guard let first = differing.first else {
            return files.count == 1 ? "the \(unit.dropLast()) matches" : "all \(files.count) \(unit) match"
        }
        let verb = differing.count == 1 ? "differs" : "differ"
        var text = "\(differing.count) of \(files.count) \(files.count == 1 ? String(unit.dropLast()) : unit) \(verb)"
        var kinds: [String] = []
        for status in [FileStatus.differs, .sizeChanged, .added, .removed, .renamed] {
            let count = differing.count { $0.status == status }
            guard count > 0, count < differing.count || status != .differs else { continue }
            kinds.append(status == .differs ? "\(count) in pixels" : "\(count) \(ReportWording.word(status))")
        }
        if !kinds.isEmpty { text += " (\(kinds.joined(separator: ", ")))" }
        text += ", first at \(moment(of: first))"
        if let largest = differing.max(by: { ($0.outcome.pixels?.differentPixels ?? -1) < ($1.outcome.pixels?.differentPixels ?? -1) }),
            let pixels = largest.outcome.pixels
        {
            text += ", largest \(ReportWording.grouped(pixels.differentPixels)) pixels at \(moment(of: largest))"
        }
        if let resized = differing.first(where: { $0.status == .sizeChanged }), case .sizeChanged(let before, let after) = resized.outcome {
            text += ", size \(before) px → \(after) px"
        }
        return text
    }

    /// The group's line for people: `period-dark: 95 of 95 frames differ, …`, escaped.
    package var line: String {
        PlainText.escaped("\(name): \(finding)")
    }

    /// The files as entries for a listing: consecutive frames with the same outcome (a hold whose frames show the
    /// same difference) are one entry, from its first to its last file.
    package var entries: [Entry] {
        var entries: [Entry] = []
        for file in files {
            if var last = entries.last, last.first.outcome == file.outcome, last.first.matches == file.matches,
                let lastIndex = Self.frameIndex(name(of: last.last)), let index = Self.frameIndex(name(of: file)), index == lastIndex + 1
            {
                last.last = file
                last.count += 1
                entries[entries.count - 1] = last
            } else {
                entries.append(Entry(first: file, last: file, count: 1))
            }
        }
        return entries
    }

    /// One entry of a listing: a file, or a run of frames with the same outcome.
    package struct Entry: Equatable, Sendable {
        /// The first file of the run.
        package var first: FileComparison
        /// The last file of the run (the first when it is one file).
        package var last: FileComparison
        /// How many files the run holds.
        package var count: Int
    }

    /// An entry's paths: `period/frame-0003.png`, or `period/frame-0003.png … frame-0021.png (19 frames)`.
    func paths(of entry: Entry) -> String {
        guard entry.count > 1 else { return entry.first.path }
        return "\(entry.first.path) … \(name(of: entry.last)) (\(entry.count) frames)"
    }
}
