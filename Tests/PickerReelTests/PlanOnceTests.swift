import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

@testable import PickerReel

/// Issue 36, "plan once": a plan validates its spec once and resolves its style once; a plan made to weigh a spec
/// for a shard is the plan that renders it; what the plan loaded is what the manifest records; the corner radius is
/// clamped by one rule.
@Suite("Plan once")
struct PlanOnceTests {
    static let json =
        #"{"items": ["Day", "Week"], "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#

    /// Counts what `body` validates and resolves (on this task only).
    func tally(_ body: () throws -> Void) rethrows -> PlanningTally {
        let tally = PlanningTally()
        try PlanningTally.$current.withValue(tally) { try body() }
        return tally
    }

    /// Before: three validations (`Renderer.Plan`, `RenderPlan.text`, `RenderPlan.init`) and four resolutions
    /// (`RenderPlan`, `PickerLayout` twice, `Timeline`) a plan.
    @Test func aPlanValidatesItsSpecOnceAndResolvesItsStyleOnce() throws {
        let spec = try PickerSpec(json: Data(Self.json.utf8))
        let counted = try tally { _ = try Renderer.Plan(spec, rootPath: nil) }
        #expect(counted.validations == 1)
        #expect(counted.resolutions == 1)
    }

    /// A spec with variants: its validation weighs the variants' frames on a layout of its own (one resolution), and
    /// the plan of a variant resolves the variant's style once.
    @Test func aVariantsPlanValidatesOnceAndResolvesItsStyleOnce() throws {
        let json = Self.json.replacingOccurrences(of: #""output""#, with: #""variants": {"colorScheme": ["light", "dark"]}, "output""#)
        let spec = try PickerSpec(json: Data(json.utf8))
        let dark = try #require(spec.variant(named: "dark"))
        let counted = try tally { _ = try Renderer.Plan(spec, variant: dark, rootPath: nil) }
        #expect(counted.validations == 1)
        #expect(counted.resolutions == 2)
    }

    /// A plan made once (to weigh a spec for its shard) renders the same pixels as a plan made afresh, and reusing
    /// it validates, resolves and reads nothing again.
    @Test func aReusedPlanDrawsTheSamePixelsWithoutPlanningAgain() throws {
        let spec = try PickerSpec(json: Data(Self.json.utf8))
        let planned = try Renderer.Plan(spec, rootPath: nil)
        var reused: Renderer?
        let counted = try tally { reused = try Renderer(try Renderer.Plan(reusing: planned.plan)) }
        #expect(counted.validations == 0 && counted.resolutions == 0)
        let fresh = try Renderer(spec)
        let again = try #require(reused)
        for frame in 0..<fresh.frameCount { #expect(try again.png(frame: frame) == (try fresh.png(frame: frame)), "frame \(frame)") }
    }

    /// The manifest's digests of the icon and font file are those of the bytes the plan loaded and drew: changing
    /// the files after planning does not change them (they are not read again).
    @Test func theInputsRecordWhatThePlanLoaded() throws {
        let folder = try TemporaryFolder()
        let icon = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
        _ = try folder.write(Array(icon.utf8), as: "icon.svg")
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        _ = try folder.write(Array(try Data(contentsOf: URL(fileURLWithPath: font))), as: "font.ttf")
        let file = try folder.write(
            Array(
                #"{"items": [{"value": "Day", "icon": "icon.svg"}, "Week"], "style": {"font": {"file": "font.ttf"}}, "output": {"fps": 10, "scale": 1}}"#
                    .utf8), as: "spec.json")
        let spec = try PickerSpec(contentsOf: URL(fileURLWithPath: file))
        let entry = RenderBatch.Entry(name: "spec", spec: spec, file: file, recordedOptions: [:])
        let batch = try RenderBatch([entry], formats: [.png])
        let planned = try Renderer.Plan(spec, file: file, rootPath: folder.path)
        let before = try #require(batch.inputs(of: entry, planned: planned, options: [:]))
        #expect(before.referenced["icon.svg"] == SHA256Digest.hex(Array(icon.utf8)))
        #expect(before.referenced["font.ttf"] == (try UpToDateDigest.of(font)))
        _ = try folder.write(Array(icon.replacingOccurrences(of: "10", with: "20").utf8), as: "icon.svg")
        _ = try folder.write([0, 1, 2], as: "font.ttf")
        #expect(batch.inputs(of: entry, planned: planned, options: [:])?.referenced == before.referenced)
    }

    /// One clamp for the track and the highlight: at most half the shorter side.
    @Test func theCornerRadiusIsClampedToHalfTheShorterSide() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 30)
        #expect(rect.cornerRadius(clamping: 8) == 8)
        #expect(rect.cornerRadius(clamping: 40) == 15)
        #expect(Rect(x: 0, y: 0, width: 0, height: 30).cornerRadius(clamping: 8) == 0)
    }
}

/// The SHA-256 of a file, as the manifest writes it.
enum UpToDateDigest {
    static func of(_ path: String) throws -> String { SHA256Digest.hex(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) }
}
