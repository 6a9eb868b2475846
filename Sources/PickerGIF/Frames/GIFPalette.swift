/// The GIF's global palette made from libimagequant's: its opaque colours in order, then one transparent entry.
///
/// Every libimagequant entry with alpha under 128 maps to the transparent entry, which serves both pixels that
/// are transparent in the picture and pixels a delta frame leaves as they were.
struct GIFPalette {
    /// The colours written to the file; the last one is the transparent entry (black).
    let colors: [(red: UInt8, green: UInt8, blue: UInt8)]
    /// The index GIF viewers treat as transparent.
    let transparentIndex: UInt8
    /// The GIF index for each libimagequant index (256 entries, so any byte can be looked up).
    let indexForQuantIndex: [UInt8]

    /// The GIF palette for libimagequant's entries; nil when it would exceed 256 colours (more than 255 opaque).
    init?(quantColors: [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)]) {
        var colors: [(red: UInt8, green: UInt8, blue: UInt8)] = []
        var opaqueIndex: [Int?] = []
        for entry in quantColors {
            if entry.alpha >= 128 {
                opaqueIndex.append(colors.count)
                colors.append((entry.red, entry.green, entry.blue))
            } else {
                opaqueIndex.append(nil)
            }
        }
        guard colors.count <= 255 else { return nil }
        let transparent = UInt8(colors.count)
        colors.append((0, 0, 0))
        var lookup = [UInt8](repeating: transparent, count: 256)
        for (quantIndex, gifIndex) in opaqueIndex.enumerated() {
            if let gifIndex { lookup[quantIndex] = UInt8(gifIndex) }
        }
        self.colors = colors
        transparentIndex = transparent
        indexForQuantIndex = lookup
    }

    /// Replaces libimagequant indices with GIF indices, in place.
    func translate(_ indices: inout [UInt8]) {
        let lookup = indexForQuantIndex
        lookup.withUnsafeBufferPointer { table in
            indices.withUnsafeMutableBufferPointer { values in
                for index in values.indices { values[index] = table[Int(values[index])] }
            }
        }
    }
}
