/// Makes cairo's SVG output depend only on the picture and measure in CSS pixels.
///
/// - cairo names each document's groups and embedded pictures after a process-wide counter (`id="surface75"`,
///   `id="image191"`), so the same frame rendered later in a process, or on another thread, would otherwise come
///   out with different bytes: the identifiers of each kind are renumbered in order of first appearance.
/// - cairo gives the root element's size in points (`width="219pt"`), which a browser shows 4/3 as large as the
///   PNG at 1x; the units are removed so one point of the spec is one CSS pixel, as in the animated SVG.
enum SVGNormalizer {
    static func normalize(_ bytes: [UInt8]) -> [UInt8] {
        renumberSurfaces(dropPointUnits(bytes))
    }

    /// Removes `pt` from the `width` and `height` of the first `<svg` element.
    static func dropPointUnits(_ bytes: [UInt8]) -> [UInt8] {
        let open = Array("<svg".utf8)
        guard let start = firstIndex(of: open, in: bytes, from: 0), let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else {
            return bytes
        }
        var output = Array(bytes[..<start])
        var index = start
        while index < end {
            // `="123.4pt"` inside the root tag: keep the number, drop the unit.
            if bytes[index] == UInt8(ascii: "p"), index + 2 <= end, bytes[index + 1] == UInt8(ascii: "t"),
                bytes[index + 2] == UInt8(ascii: "\""), index > start,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ".")
            {
                index += 2
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        output.append(contentsOf: bytes[end...])
        return output
    }

    /// The identifiers cairo 1.16 numbers from process-wide counters (its surfaces' unique ids); the others (clip,
    /// mask, pattern, glyph) count within the document and are already the same run to run.
    static let processWidePrefixes = ["surface", "image"].map { Array($0.utf8) }

    /// Renumbers every `surfaceN` and `imageN` identifier in order of first appearance, each kind from 1.
    ///
    /// Only a prefix followed by digits is an identifier: `<image ` and `data:image/png` are left as they are.
    static func renumberSurfaces(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var renumbered: [[ArraySlice<UInt8>: Int]] = Array(repeating: [:], count: processWidePrefixes.count)
        var index = 0
        scan: while index < bytes.count {
            for (kind, prefix) in processWidePrefixes.enumerated() where bytes[index] == prefix[0] && bytes[index...].starts(with: prefix) {
                var end = index + prefix.count
                while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                guard end > index + prefix.count else { continue }
                let digits = bytes[(index + prefix.count)..<end]
                let number = renumbered[kind][digits] ?? (renumbered[kind].count + 1)
                renumbered[kind][digits] = number
                output.append(contentsOf: prefix)
                output.append(contentsOf: Array(String(number).utf8))
                index = end
                continue scan
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
