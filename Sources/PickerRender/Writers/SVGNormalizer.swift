/// Makes cairo's SVG output depend only on the picture: cairo names each document's root group after a
/// process-wide surface counter (`id="surface75"`), so the same frame rendered later in a process would
/// otherwise come out with different bytes.
enum SVGNormalizer {
    /// Renumbers every `surfaceN` identifier in order of first appearance, starting from 1.
    static func normalize(_ bytes: [UInt8]) -> [UInt8] {
        let prefix = Array("surface".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var renumbered: [ArraySlice<UInt8>: Int] = [:]
        var index = 0
        while index < bytes.count {
            if bytes[index] == prefix[0], bytes[index...].starts(with: prefix) {
                var end = index + prefix.count
                while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                if end > index + prefix.count {
                    let digits = bytes[(index + prefix.count)..<end]
                    let number = renumbered[digits] ?? (renumbered.count + 1)
                    renumbered[digits] = number
                    output.append(contentsOf: prefix)
                    output.append(contentsOf: Array(String(number).utf8))
                    index = end
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }
}
