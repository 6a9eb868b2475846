import Foundation
import PickerReel
import TestSupport
import Testing

@testable import PickerSnapshot

/// `assertPickerSnapshot(of:as: .lottie, named:)`: one Lottie golden per spec and variant, played with the fresh
/// Lottie frame by frame in rlottie (Debian's librlottie0-1) and compared as pictures, after a check of the frame
/// rate, in and out points and canvas; the golden is input, read through no link, within a size limit.
@Suite("assertPickerSnapshot as a Lottie")
struct LottieSnapshotTests {
    /// What checking `spec` as a Lottie against the goldens in `folder` found, with the issues' messages.
    func checking(
        _ spec: PickerSpec, in folder: SnapshotFolder, record: SnapshotRecordMode = .missing
    ) throws -> (SnapshotOutcome, [String]) {
        let (outcome, issues) = try collecting {
            try assertPickerSnapshot(of: spec, as: .lottie, named: folder.name, snapshotDirectory: folder.path, record: record)
        }
        #expect(issues.count == outcome.messages.count)
        return (outcome, issues.map(\.message))
    }

    /// The seed demo with `change` applied to its JSON text.
    func seedDemo(_ change: (String) -> String = { $0 }) throws -> PickerSpec {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/specs/seed-demo.json"), encoding: .utf8)
        return try PickerSpec(json: Data(change(text).utf8))
    }

    func goldenURL(_ folder: SnapshotFolder) -> URL {
        URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).lottie.json")
    }

    /// The recorded golden of the seed demo, as a JSON object.
    func recordedGolden(_ folder: SnapshotFolder) throws -> [String: Any] {
        let (recording, _) = try checking(try seedDemo(), in: folder)
        try #require(recording.recordedGoldens)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: goldenURL(folder))) as? [String: Any])
    }

    func write(_ object: [String: Any], to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
    }

    /// Removes the failure's files, made on purpose here.
    func removeArtifacts(of outcome: SnapshotOutcome) {
        for path in outcome.actualPaths + outcome.diffPaths { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func oneLottieGoldenIsRecordedThenTheSameRenderMatches() throws {
        let folder = try SnapshotFolder()
        let golden = try recordedGolden(folder)
        #expect(try folder.files() == ["\(folder.name).environment.json", "\(folder.name).lottie.json"])
        #expect(golden["fr"] as? Double == 30 && golden["layers"] is [Any], "the golden is a Lottie document")
        let (check, issues) = try checking(try seedDemo(), in: folder)
        #expect(check.matches && issues.isEmpty, "\(issues)")
        // Nothing else stays behind: a second golden would be an orphan.
        #expect(SnapshotOrphans(folder: folder.path, record: .never).find().orphans.isEmpty)
    }

    /// Pictures are compared, not text: the same document written otherwise (spaced out) matches. (Keys stay in
    /// order: rlottie reads a shape's `ty` before its other keys, as bodymovin writes them.)
    @Test func aGoldenWrittenOtherwiseButPlayingAlikeMatches() throws {
        let folder = try SnapshotFolder()
        _ = try recordedGolden(folder)
        let before = try String(contentsOf: goldenURL(folder), encoding: .utf8)
        let spaced = before.replacingOccurrences(of: ",\"", with: ", \"").replacingOccurrences(of: "\":", with: "\": ")
        try Data(spaced.utf8).write(to: goldenURL(folder))
        #expect(spaced.count > before.count + 100, "the golden's bytes changed")
        let (check, issues) = try checking(try seedDemo(), in: folder)
        #expect(check.matches && issues.isEmpty, "\(issues)")
    }

    /// Every glyph outline's vertices in `text` (`"v":[[x,y],…]` up to `],"i":`) moved right by `shift` points, as
    /// another font stack may place them.
    static func outlinesMoved(_ text: String, by shift: Double) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: #""v":["#), let close = rest[open.upperBound...].range(of: #"],"i":"#) {
            result += rest[..<open.upperBound]
            let pairs = rest[open.upperBound..<close.lowerBound].split(separator: "]", omittingEmptySubsequences: false).map { pair in
                // `[x,y` or `,[x,y`: x moves, y stays.
                guard let bracket = pair.firstIndex(of: "["), let comma = pair[bracket...].firstIndex(of: ","),
                    let x = Double(pair[pair.index(after: bracket)..<comma])
                else { return String(pair) }
                return String(pair[...bracket]) + String(format: "%.2f", x + shift) + String(pair[comma...])
            }
            result += pairs.joined(separator: "]")
            rest = rest[close.lowerBound...]
        }
        return result + rest
    }

    /// Pictures within a tolerance hold across machines: a golden whose glyph outlines sit 0.25 pt otherwise (the
    /// difference another font stack makes) fails exactly, naming the moments, and matches within a ratio.
    @Test func aGoldenWhoseGlyphsMovedALittleMatchesWithinARatio() throws {
        let folder = try SnapshotFolder()
        _ = try recordedGolden(folder)
        let text = try String(contentsOf: goldenURL(folder), encoding: .utf8)
        let moved = Self.outlinesMoved(text, by: 0.25)
        #expect(moved.count >= text.count && moved != text, "the outlines moved")
        try Data(moved.utf8).write(to: goldenURL(folder))
        let (exact, messages) = try checking(try seedDemo(), in: folder)
        #expect(!exact.matches && messages.first?.contains("moments differ: 0 s ") == true, "\(messages)")
        removeArtifacts(of: exact)
        let (outcome, issues) = try collecting {
            try assertPickerSnapshot(
                of: try seedDemo(), as: .lottie, named: folder.name, tolerance: .ratio(0.01), snapshotDirectory: folder.path,
                record: .never)
        }
        #expect(outcome.matches && issues.isEmpty, "\(issues.map(\.message))")
    }

    /// The highlight's fill in the golden made red, in its text (keys kept in order: rlottie reads a shape's `ty`
    /// first): every moment rlottie plays shows another picture.
    @Test func aGoldenWhoseHighlightColourChangedFailsNamingTheMoments() throws {
        let folder = try SnapshotFolder()
        _ = try recordedGolden(folder)
        let text = try String(contentsOf: goldenURL(folder), encoding: .utf8)
        let layer = try #require(text.range(of: #""nm":"highlight","#), "the golden has a highlight layer")
        let fill = try #require(text.range(of: #""ty":"fl","c":{"a":0,"k":["#, range: layer.upperBound..<text.endIndex))
        let end = try #require(text[fill.upperBound...].firstIndex(of: "]"))
        #expect(text[fill.upperBound..<end] != "1,0,0,1", "the highlight was not red already")
        try Data((text[..<fill.upperBound] + "1,0,0,1" + text[end...]).utf8).write(to: goldenURL(folder))

        let (outcome, messages) = try checking(try seedDemo(), in: folder)
        #expect(!outcome.matches && !outcome.recordedGoldens)
        let message = try #require(messages.first)
        #expect(
            message.contains("snapshot \"\(folder.name)\" does not match as a Lottie played in rlottie: 102 of 102 moments differ: 0 s "),
            "\(message)")
        #expect(message.contains("; largest "), "\(message)")
        // The highlight alone differs, not the whole picture.
        #expect(outcome.mismatches.count == 1 && outcome.mismatches[0].differentPixels > 100 && outcome.mismatches[0].ratio < 0.5)
        #expect(outcome.diffPaths.count == 1 && outcome.diffPaths.allSatisfy(fileExists), "\(outcome.diffPaths)")
        #expect(outcome.actualPaths.count == 1 && outcome.actualPaths.allSatisfy(fileExists))
        #expect(message.contains("diff:   \(outcome.diffPaths[0])"), "\(message)")
        removeArtifacts(of: outcome)

        // Record mode failed writes the render as the golden, and says so.
        let (rerecorded, _) = try checking(try seedDemo(), in: folder, record: .failed)
        #expect(rerecorded.recordedGoldens)
        let (check, issues) = try checking(try seedDemo(), in: folder)
        #expect(check.matches && issues.isEmpty, "\(issues)")
    }

    @Test(
        arguments: [
            ("fr", 60, "frame rate 60 fps → 30 fps"), ("op", 51, "out point frame 51 → 102"), ("ip", 1, "in point frame 1 → 0"),
            ("w", 401, "canvas 401 × "),
        ] as [(String, Int, String)])
    func aGoldenThatPlaysOtherwiseFailsSayingHowInWords(key: String, value: Int, words: String) throws {
        let folder = try SnapshotFolder()
        var golden = try recordedGolden(folder)
        golden[key] = value
        try write(golden, to: goldenURL(folder))
        let (outcome, messages) = try checking(try seedDemo(), in: folder)
        let message = try #require(messages.first)
        #expect(message.contains("does not match as a Lottie played in rlottie: it plays otherwise: \(words)"), "\(message)")
        #expect(message.contains("(no picture compared)") && outcome.diffPaths.isEmpty, "\(message)")
        removeArtifacts(of: outcome)
    }

    /// What checking the seed demo against `golden` (written as the golden's bytes, or made by `make`) said.
    func hostileGolden(_ make: (URL, SnapshotFolder) throws -> Void) throws -> String {
        let folder = try SnapshotFolder()
        try make(goldenURL(folder), folder)
        let before = try? Data(contentsOf: goldenURL(folder))
        let (outcome, messages) = try checking(try seedDemo(), in: folder)
        #expect(!outcome.matches && !outcome.recordedGoldens && outcome.actualPaths.isEmpty)
        #expect((try? Data(contentsOf: goldenURL(folder))) == before, "the golden was left as it was")
        let message = try #require(messages.first)
        #expect(message.hasPrefix("snapshot \"\(folder.name)\" (Lottie): cannot read the golden: "), "\(message)")
        return message
    }

    @Test func aGoldenThatIsALinkIsNotFollowed() throws {
        let message = try hostileGolden { url, folder in
            // The render's own Lottie, which would match if the link were followed.
            let target = URL(fileURLWithPath: folder.path).appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try Data(try seedDemo().lottieBytes()).write(to: target.appendingPathComponent("real.lottie.json"))
            try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target.appendingPathComponent("real.lottie.json"))
        }
        #expect(message.contains("a symbolic link is on its path, and none is followed here"), "\(message)")
    }

    @Test func aDanglingLinkIsNotRecordedOver() throws {
        let message = try hostileGolden { url, folder in
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: folder.path + "/gone.lottie.json")
        }
        #expect(message.contains("gone.lottie.json") == false, "the link's target is not named as read")
        #expect(message.contains("a symbolic link is on its path, and none is followed here"), "\(message)")
    }

    @Test func anOversizedGoldenIsRefusedNamingTheLimit() throws {
        let message = try hostileGolden { url, _ in
            try Data(repeating: 0x20, count: LottieFacts.maximumBytes + 1).write(to: url)
        }
        #expect(
            message.contains("the file is \(LottieFacts.maximumBytes + 1) bytes; a Lottie golden may be at most 16777216 bytes"),
            "\(message)")
    }

    @Test func aTruncatedGoldenIsRefusedSayingWhere() throws {
        let message = try hostileGolden { url, _ in
            let whole = try seedDemo().lottieBytes()
            try Data(whole.prefix(whole.count / 2)).write(to: url)
        }
        #expect(message.contains("not a Lottie document: not JSON at line 1, column "), "\(message)")
    }

    @Test func aGoldenThatIsNotALottieDocumentIsRefusedNamingTheField() throws {
        #expect(
            try hostileGolden { url, _ in try Data("[1, 2]".utf8).write(to: url) }.contains(
                "an array of 2 values; a Lottie document is an object"))
        let noRate = try hostileGolden { url, _ in try Data(#"{"v": "5.7.4", "ip": 0, "op": 10, "w": 10, "h": 10}"#.utf8).write(to: url) }
        #expect(noRate.contains("fr: missing; expected a number above 0 and at most 1000"), "\(noRate)")
        let hugeCanvas = try hostileGolden { url, _ in
            try Data(#"{"fr": 30, "ip": 0, "op": 10, "w": 1e9, "h": 10, "layers": []}"#.utf8).write(to: url)
        }
        #expect(hugeCanvas.contains("w: the number 1e9; expected a whole number above 0 and at most 16384"), "\(hugeCanvas)")
    }

    /// rlottie would open `u` + `p` from the disk: a golden naming an image file is refused before rlottie sees it.
    @Test func aGoldenNamingAnImageFileIsRefused() throws {
        let message = try hostileGolden { url, _ in
            var golden = try #require(try JSONSerialization.jsonObject(with: Data(try seedDemo().lottieBytes())) as? [String: Any])
            golden["assets"] = [["id": "image_0", "w": 10, "h": 10, "u": "/etc/", "p": "passwd", "e": 0]]
            try write(golden, to: url)
        }
        #expect(message.contains("assets[0].p: the image \"passwd\" is a file; a Lottie golden's images must be embedded"), "\(message)")
    }

    /// A document with the render's frame rate, points and canvas whose layers rlottie cannot read.
    @Test func aGoldenRlottieRejectsIsAClearFailure() throws {
        let message = try hostileGolden { url, _ in
            var golden = try #require(try JSONSerialization.jsonObject(with: Data(try seedDemo().lottieBytes())) as? [String: Any])
            golden["layers"] = "not layers"
            try write(golden, to: url)
        }
        #expect(message.contains("rlottie does not play it (not a Lottie document it reads)"), "\(message)")
    }

    @Test func recordModeNeverFailsForAMissingLottieGolden() throws {
        let folder = try SnapshotFolder()
        let (outcome, messages) = try checking(try seedDemo(), in: folder, record: .never)
        let files = try folder.files()
        #expect(!outcome.matches && !outcome.recordedGoldens && files.isEmpty)
        #expect(messages.first?.contains("no golden, and record mode never writes one") == true, "\(messages)")
    }
}

extension PickerSpec {
    /// The Lottie of this spec, for the tests' hostile goldens.
    func lottieBytes() throws -> [UInt8] {
        [UInt8](try Renderer(self).lottie())
    }
}
