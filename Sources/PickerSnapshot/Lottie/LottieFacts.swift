import PickerKit

/// What a Lottie document says of itself before any player touches it: its frame rate, in and out points and canvas,
/// read from the JSON text strictly (`JSONParser`: strict, 64 levels at most), and whether every image it holds is
/// embedded.
///
/// The golden is input a pull request may change: read this way first, a document that is not JSON, not an object
/// with these numbers, or that names an image file (which rlottie would open beside the process) is refused with a
/// reason, and rlottie plays only a document whose canvas and length are the fresh render's.
struct LottieFacts: Equatable {
    /// `fr`: frames per second.
    var frameRate: Double
    /// `ip` and `op`: the first frame and the frame after the last.
    var inPoint: Double
    var outPoint: Double
    /// `w` and `h`: the canvas in pixels.
    var width: Int
    var height: Int

    /// The most bytes a Lottie golden may have: 16 MiB, far above a picker's (the gallery's largest, with its images
    /// embedded, is under 1 MiB) and small enough that a golden cannot exhaust a test's memory.
    static let maximumBytes = 16 << 20
    /// The largest canvas side read, in pixels: as the spec's own limit on the picture.
    static let maximumSide = 16_384

    /// Reads the facts of `bytes`.
    ///
    /// Throws `RecordJSON.Failure` naming the JSON path and what was expected there.
    init(_ bytes: [UInt8]) throws(RecordJSON.Failure) {
        guard bytes.count <= Self.maximumBytes else {
            throw RecordJSON.Failure(reason: "\(bytes.count) bytes; a Lottie golden may have at most \(Self.maximumBytes) bytes")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw RecordJSON.Failure(reason: "not JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        guard case .object(let root) = document else {
            throw RecordJSON.Failure(reason: "\(document.kindDescription); a Lottie document is an object")
        }
        frameRate = try Self.number("fr", in: root, above: 0, atMost: 1_000)
        inPoint = try Self.number("ip", in: root, above: -1, atMost: 1e6)
        outPoint = try Self.number("op", in: root, above: inPoint, atMost: 1e6)
        width = Int(try Self.number("w", in: root, above: 0, atMost: Double(Self.maximumSide), whole: true))
        height = Int(try Self.number("h", in: root, above: 0, atMost: Double(Self.maximumSide), whole: true))
        if case .array(let assets) = root["assets"] {
            for (index, asset) in assets.enumerated() {
                guard case .object(let object) = asset, case .string(let path) = object["p"] else { continue }
                // rlottie would read `u` + `p` from the disk for an image that is not a data URL: only embedded ones.
                guard path.hasPrefix("data:") else {
                    throw RecordJSON.Failure(
                        path: "assets[\(index)].p",
                        reason:
                            "the image \"\(PlainText.escaped(String(path.prefix(64))))\" is a file; a Lottie golden's images must be embedded (data: URLs)"
                    )
                }
            }
        }
    }

    private static func number(
        _ key: String, in root: JSONObject, above lower: Double, atMost upper: Double, whole: Bool = false
    ) throws(RecordJSON.Failure) -> Double {
        let expected = "a\(whole ? " whole" : "") number above \(decimal(lower)) and at most \(decimal(upper))"
        guard let value = root[key] else { throw RecordJSON.Failure(path: key, reason: "missing; expected \(expected)") }
        guard case .number(let number) = value, number.double > lower, number.double <= upper,
            !whole || number.double.rounded() == number.double
        else { throw RecordJSON.Failure(path: key, reason: "\(value.kindDescription); expected \(expected)") }
        return number.double
    }

    /// The frames played, out point − in point, as rlottie counts them.
    var frameCount: Int { Int(outPoint - inPoint) }

    /// What differs from `self` (the golden's) to `fresh` (the render's), in words, one phrase each; empty when the
    /// two play alike on the same canvas.
    func changes(to fresh: LottieFacts) -> [String] {
        var changes: [String] = []
        if frameRate != fresh.frameRate {
            changes.append("frame rate \(Self.decimal(frameRate)) fps → \(Self.decimal(fresh.frameRate)) fps")
        }
        if inPoint != fresh.inPoint { changes.append("in point frame \(Self.decimal(inPoint)) → \(Self.decimal(fresh.inPoint))") }
        if outPoint != fresh.outPoint {
            changes.append("out point frame \(Self.decimal(outPoint)) → \(Self.decimal(fresh.outPoint))")
        }
        if width != fresh.width || height != fresh.height {
            changes.append("canvas \(width) × \(height) px → \(fresh.width) × \(fresh.height) px")
        }
        return changes
    }

    /// A number with up to four decimals and no trailing zeros (`30`, `29.97`).
    private static func decimal(_ value: Double) -> String {
        var text = NumberText.fixed(value, digits: 4)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
