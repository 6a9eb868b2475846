import Foundation
import TestSupport
import Testing

/// Runs `wcag_pixels.py` (Pillow and WCAG 2.2's formulas written out again in Python) on rendered PNGs: the
/// independent computation the audit's figures are checked against.
enum WCAGPixels {
    /// The script, next to this file.
    static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("wcag_pixels.py").path

    /// A text query: the box's most common colour against its darkest pixel.
    static func text(_ png: String, box: (x: Int, y: Int, width: Int, height: Int)) -> [String: Any] {
        ["kind": "text", "png": png, "box": [box.x, box.y, box.width, box.height]]
    }

    /// A pair query: two pixels' ratio.
    static func pair(_ png: String, _ a: (Int, Int), _ b: (Int, Int)) -> [String: Any] {
        ["kind": "pair", "png": png, "a": [a.0, a.1], "b": [b.0, b.1]]
    }

    /// The ratios of `queries`, in order.
    static func ratios(_ queries: [[String: Any]]) throws -> [Double] {
        let input = try JSONSerialization.data(withJSONObject: queries)
        let run = try runProgram("python3", [scriptPath], input: input)
        try #require(run.status == 0, "wcag_pixels.py: \(run.stderr) (python3 -m pip install pillow)")
        let ratios = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Double]
        return try #require(ratios)
    }
}

/// The audit's JSON report of the spec-variants, read back.
struct AuditJSON {
    let object: [String: Any]

    init(_ text: String) throws {
        object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    var audits: [[String: Any]] { object["audits"] as? [[String: Any]] ?? [] }

    /// The worst moment of `criterion` in the audit named `name`.
    func worst(_ name: String, _ criterion: String) -> [String: Any]? {
        let audit = audits.first { $0["name"] as? String == name }
        return (audit?["worst"] as? [[String: Any]])?.first { $0["criterion"] as? String == criterion }
    }

    /// Each frame's lowest ratio under `criterion` in the audit named `name`.
    func ratios(_ name: String, _ criterion: String) -> [Double?] {
        let audit = audits.first { $0["name"] as? String == name }
        let strip = (audit?["ratios"] as? [String: Any])?[criterion] as? [Any] ?? []
        return strip.map { $0 as? Double }
    }
}
