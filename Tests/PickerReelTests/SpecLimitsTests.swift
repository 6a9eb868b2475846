import Foundation
import TestSupport
import Testing

@testable import PickerReel

/// Every limit the README lists, at its edge: a spec exactly at the limit renders (or at least plans), and one
/// just beyond is refused with a `SpecError` naming the field, before anything is drawn.
@Suite("Spec limits at their edges")
struct SpecLimitsTests {
    /// One limit: the spec at it, the spec just beyond it, and the JSON path the refusal names.
    struct Edge: CustomTestStringConvertible, Sendable {
        let name: String
        let atLimit: String
        let beyond: String
        let path: String
        /// The picture's width at the limit, when the limit is the picture's size.
        var width: Int? = nil
        var testDescription: String { name }
    }

    /// A spec of `items` items with `style`, `output` and `selection` spliced in.
    static func spec(items: Int = 2, label: String? = nil, style: String = "{}", output: String = "{}", selection: String? = nil) -> String
    {
        var names = (0..<items).map { "\"I\($0)\"" }
        if let label { names[0] = "{\"value\": \"I0\", \"label\": \"\(label)\"}" }
        let selection = selection ?? "{\"initial\": \"I0\"}"
        return "{\"items\": [\(names.joined(separator: ","))], \"selection\": \(selection), \"style\": \(style), \"output\": \(output)}"
    }

    static func changes(_ count: Int) -> String {
        let list = (0..<count).map { "{\"select\": \"I\(($0 + 1) % 2)\", \"after\": 0.001}" }.joined(separator: ",")
        return "{\"initial\": \"I0\", \"sequence\": [\(list)], \"tail\": 0}"
    }

    static let edges: [Edge] = [
        Edge(name: "64 items", atLimit: spec(items: 64), beyond: spec(items: 65), path: "items"),
        Edge(
            name: "labels of 200 code points", atLimit: spec(label: String(repeating: "e\u{301}", count: 100)),
            beyond: spec(label: String(repeating: "e\u{301}", count: 100) + "e"), path: "items[0].label"),
        Edge(
            name: "1,000 changes", atLimit: spec(selection: changes(1_000)), beyond: spec(selection: changes(1_001)),
            path: "selection.sequence"),
        Edge(
            name: "60 s after a change",
            atLimit: spec(selection: "{\"initial\": \"I0\", \"sequence\": [{\"select\": \"I1\", \"after\": 60}]}"),
            beyond: spec(selection: "{\"initial\": \"I0\", \"sequence\": [{\"select\": \"I1\", \"after\": 60.001}]}"),
            path: "selection.sequence[0].after"),
        Edge(name: "fps 240", atLimit: spec(output: "{\"fps\": 240}"), beyond: spec(output: "{\"fps\": 240.5}"), path: "output.fps"),
        Edge(name: "fps 1", atLimit: spec(output: "{\"fps\": 1}"), beyond: spec(output: "{\"fps\": 0.99}"), path: "output.fps"),
        Edge(name: "scale 8", atLimit: spec(output: "{\"scale\": 8}"), beyond: spec(output: "{\"scale\": 8.01}"), path: "output.scale"),
        Edge(
            name: "scale 0.25", atLimit: spec(output: "{\"scale\": 0.25}"), beyond: spec(output: "{\"scale\": 0.24}"), path: "output.scale"),
        Edge(
            name: "font size 512 pt", atLimit: spec(style: "{\"font\": {\"size\": 512}}"),
            beyond: spec(style: "{\"font\": {\"size\": 513}}"),
            path: "style.font.size"),
        Edge(
            name: "lengths of 4,096 pt", atLimit: spec(style: "{\"spacing\": 4096}"), beyond: spec(style: "{\"spacing\": 4097}"),
            path: "style.spacing"),
        Edge(
            name: "a spring's response of 10 s",
            atLimit: spec(style: "{}", output: "{}").replacingOccurrences(
                of: "\"output\"", with: "\"animation\": {\"curve\": {\"spring\": {\"response\": 10, \"dampingFraction\": 1}}}, \"output\""),
            beyond: spec(style: "{}", output: "{}").replacingOccurrences(
                of: "\"output\"", with: "\"animation\": {\"curve\": {\"spring\": {\"response\": 10.5, \"dampingFraction\": 1}}}, \"output\""
            ),
            path: "animation.curve.spring.response"),
        Edge(
            name: "a spring's damping fraction of 10",
            atLimit: spec(style: "{}", output: "{}").replacingOccurrences(
                of: "\"output\"", with: "\"animation\": {\"curve\": {\"spring\": {\"response\": 0.5, \"dampingFraction\": 10}}}, \"output\""
            ),
            beyond: spec(style: "{}", output: "{}").replacingOccurrences(
                of: "\"output\"",
                with: "\"animation\": {\"curve\": {\"spring\": {\"response\": 0.5, \"dampingFraction\": 10.01}}}, \"output\""),
            path: "animation.curve.spring.dampingFraction"),
        Edge(
            name: "a spring's damping fraction of 0.01",
            atLimit: spec(style: "{}", output: "{}").replacingOccurrences(
                of: "\"output\"",
                with: "\"animation\": {\"curve\": {\"spring\": {\"response\": 0.5, \"dampingFraction\": 0.01}}}, \"output\""),
            beyond: spec(style: "{}", output: "{}").replacingOccurrences(
                of: "\"output\"",
                with: "\"animation\": {\"curve\": {\"spring\": {\"response\": 0.5, \"dampingFraction\": 0.009}}}, \"output\""),
            path: "animation.curve.spring.dampingFraction"),
        Edge(
            name: "a picture of 16,384 px a side",
            // An empty label is 0 pt wide: the canvas is twice the segment padding, 4,096 pt at 4x.
            atLimit: spec(
                items: 1, label: "", style: "{\"padding\": 0, \"segmentPadding\": {\"horizontal\": 2048, \"vertical\": 0}}",
                output: "{\"scale\": 4}"),
            beyond: spec(
                items: 1, label: "", style: "{\"padding\": 0, \"segmentPadding\": {\"horizontal\": 2048.25, \"vertical\": 0}}",
                output: "{\"scale\": 4}"),
            path: "output.scale", width: SpecLimits.maximumPixelsPerSide),
    ]

    @Test(arguments: edges)
    func theLimitItselfIsAllowedAndOneStepBeyondIsRefusedNamingTheField(_ edge: Edge) throws {
        let atLimit = try PickerSpec(json: Data(edge.atLimit.utf8), file: "edge.json")
        let renderer = try Renderer(atLimit, file: "edge.json")
        if let width = edge.width { #expect(renderer.pixelSize.width == width) }
        #expect {
            let beyond = try PickerSpec(json: Data(edge.beyond.utf8), file: "edge.json")
            _ = try Renderer(beyond, file: "edge.json")
        } throws: { error in
            guard let error = error as? SpecError else { return false }
            return error.path.description == edge.path && error.description.hasPrefix("edge.json: \(edge.path): ")
        }
    }

    @Test func aSpecFileOfOneMebibyteIsReadAndOneByteMoreIsNot() throws {
        let folder = try temporaryFolder()
        let base = Self.spec()
        let padding = SpecLimits.maximumFileBytes - base.utf8.count
        let atLimit = folder.appendingPathComponent("at.json")
        try Data((base + String(repeating: " ", count: padding)).utf8).write(to: atLimit)
        _ = try PickerSpec(contentsOf: atLimit)
        let beyond = folder.appendingPathComponent("beyond.json")
        try Data((base + String(repeating: " ", count: padding + 1)).utf8).write(to: beyond)
        #expect(throws: SpecError.self) { try PickerSpec(contentsOf: beyond) }
    }

    /// The read buffer is sized by `stat`; a file holding more than `stat` said (one that grew, or a kernel file that
    /// reports size 0) is still read to its end, and refused past the limit.
    @Test func aFileLargerThanItsStatSizeIsReadWhole() throws {
        let status = try SpecFile.read("/proc/self/status", name: "status")
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(status.count > 100)
        let limits = try SpecFile.read("/proc/self/limits", name: "limits")
        #expect(String(decoding: limits, as: UTF8.self).contains("Max open files"))
    }

    @Test func tenThousandFramesRenderAndOneMoreIsRefused() throws {
        // 10,000 frames at 240 fps are (10,000 − 1) / 240 s: a 41.6625 s tail after a change taking no time.
        let at = Self.spec(
            output: "{\"fps\": 240, \"scale\": 0.25}",
            selection: "{\"initial\": \"I0\", \"sequence\": [{\"select\": \"I1\", \"after\": 0, \"duration\": 0}], \"tail\": 41.6625}")
        let renderer = try Renderer(try PickerSpec(json: Data(at.utf8)))
        #expect(renderer.frameCount == SpecLimits.maximumFrames)
        let beyond = at.replacingOccurrences(of: "41.6625", with: "41.67")
        #expect {
            _ = try Renderer(try PickerSpec(json: Data(beyond.utf8), file: "edge.json"))
        } throws: { error in
            (error as? SpecError)?.path.description == "output.fps"
        }
    }
}
