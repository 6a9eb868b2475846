/// Turns the canvas's RGBA pictures into the encoder's planes, at the same size (never scaled).
///
/// YUV colours go through BT.709's matrix into limited ("TV") range, the combination the stream is tagged with
/// and that browsers assume for web video, each value rounded to nearest from 16.16 fixed point; 4:2:0 chroma is
/// the mean of each 2 × 2 block (the canvas is always even-sized), weighted by alpha in yuva420p, which keeps the
/// alpha as its fourth plane.
/// Planar RGB (`gbrp`) only splits the channels. One pass over the picture, in this process: libswscale's
/// general scaler, used before, took a fifth of an MP4 encode's time on wide pictures (docs/performance.md).
struct ColorConversion {
    let width: Int
    let height: Int
    let chroma: VideoChroma

    // BT.709: Kr 0.2126, Kb 0.0722. Y = 16 + 219 E'y, Cb = 128 + 224 (B − E'y) / 1.8556,
    // Cr = 128 + 224 (R − E'y) / 1.5748, with R, G, B from 0 to 1 (the byte / 255), in 16.16 fixed point.
    private struct Matrix {
        let yRed = coefficient(219 * 0.2126)
        let yGreen = coefficient(219 * 0.7152)
        let yBlue = coefficient(219 * 0.0722)
        let cbRed = coefficient(-224 * 0.2126 / 1.8556)
        let cbGreen = coefficient(-224 * 0.7152 / 1.8556)
        let cbBlue = coefficient(224 * 0.5)
        let crRed = coefficient(224 * 0.5)
        let crGreen = coefficient(-224 * 0.7152 / 1.5748)
        let crBlue = coefficient(-224 * 0.0722 / 1.5748)

        static func coefficient(_ value: Double) -> Int32 { Int32((value / 255 * 65_536).rounded()) }

        /// Y from one pixel's R, G, B bytes (16 to 235 by construction).
        @inline(__always)
        func luma(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            UInt8(truncatingIfNeeded: (yRed &* r &+ yGreen &* g &+ yBlue &* b &+ (16 << 16 + 1 << 15)) >> 16)
        }

        /// Cb from the sums of four pixels' R, G, B bytes (16 to 240 by construction).
        @inline(__always)
        func blueDifference(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            UInt8(truncatingIfNeeded: (cbRed &* r &+ cbGreen &* g &+ cbBlue &* b &+ (128 << 18 + 1 << 17)) >> 18)
        }

        /// Cr from the sums of four pixels' R, G, B bytes (16 to 240 by construction).
        @inline(__always)
        func redDifference(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            UInt8(truncatingIfNeeded: (crRed &* r &+ crGreen &* g &+ crBlue &* b &+ (128 << 18 + 1 << 17)) >> 18)
        }
    }

    private let matrix = Matrix()

    /// 16 pixels' R, G and B, as 32-bit lanes.
    private struct Channels {
        let red: SIMD16<Int32>
        let green: SIMD16<Int32>
        let blue: SIMD16<Int32>

        /// Reads 16 RGBA pixels from `pixels`.
        @inline(__always)
        init(_ pixels: UnsafePointer<UInt8>) {
            let words = SIMD16<Int32>(truncatingIfNeeded: UnsafeRawPointer(pixels).loadUnaligned(as: SIMD16<UInt32>.self))
            // Little-endian words: R in the low byte.
            red = words & 0xFF
            green = (words &>> 8) & 0xFF
            blue = (words &>> 16) & 0xFF
        }
    }

    /// Cb and Cr, one lane each, from sums of four pixels' R, G and B (a 2 × 2 block, or one pixel times four).
    @inline(__always)
    private static func chroma<Sums: SIMD>(
        _ r: Sums, _ g: Sums, _ b: Sums, _ matrix: Matrix
    ) -> (cb: Sums, cr: Sums) where Sums.Scalar == Int32 {
        let blueDifference = r &* matrix.cbRed &+ g &* matrix.cbGreen &+ b &* matrix.cbBlue &+ (128 << 18 + 1 << 17)
        let redDifference = r &* matrix.crRed &+ g &* matrix.crGreen &+ b &* matrix.crBlue &+ (128 << 18 + 1 << 17)
        return (blueDifference &>> 18, redDifference &>> 18)
    }

    /// Y of 16 pixels, stored at `target`.
    @inline(__always)
    private static func storeLuma(_ pixels: Channels, _ matrix: Matrix, at target: UnsafeMutablePointer<UInt8>) {
        var sum = pixels.red &* matrix.yRed
        sum &+= pixels.green &* matrix.yGreen
        sum &+= pixels.blue &* matrix.yBlue
        let luma = SIMD16<UInt8>(truncatingIfNeeded: (sum &+ (16 << 16 + 1 << 15)) &>> 16)
        UnsafeMutableRawPointer(target).storeBytes(of: luma, as: SIMD16<UInt8>.self)
    }

    /// Converts `rgba` (width × height × 4 bytes, rows `width × 4` apart) into `frame`'s planes.
    func convert(_ rgba: UnsafePointer<UInt8>, into frame: CodecFrame) {
        let data = frame.pointer.pointee.data
        let lines = frame.pointer.pointee.linesize
        guard let first = data.0, let second = data.1, let third = data.2 else { return }
        let strides = (Int(lines.0), Int(lines.1), Int(lines.2))
        let matrix = matrix
        let (width, height) = (width, height)
        switch chroma {
        case .rgb:
            // gbrp: planes G, B, R.
            for row in 0..<height {
                let source = rgba + row * width * 4
                let (green, blue, red) = (first + row * strides.0, second + row * strides.1, third + row * strides.2)
                for x in 0..<width {
                    red[x] = source[4 &* x]
                    green[x] = source[4 &* x &+ 1]
                    blue[x] = source[4 &* x &+ 2]
                }
            }
        case .yuv444:
            for row in 0..<height {
                let source = rgba + row * width * 4
                let (luma, cb, cr) = (first + row * strides.0, second + row * strides.1, third + row * strides.2)
                let vectorPixels = width / 16 * 16
                for x in stride(from: 0, to: vectorPixels, by: 16) {
                    let pixels = Channels(source + 4 * x)
                    Self.storeLuma(pixels, matrix, at: luma + x)
                    let (blue, red) = Self.chroma(pixels.red &<< 2, pixels.green &<< 2, pixels.blue &<< 2, matrix)
                    UnsafeMutableRawPointer(cb + x).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: blue), as: SIMD16<UInt8>.self)
                    UnsafeMutableRawPointer(cr + x).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: red), as: SIMD16<UInt8>.self)
                }
                for x in vectorPixels..<width {
                    let (r, g, b) = (Int32(source[4 &* x]), Int32(source[4 &* x &+ 1]), Int32(source[4 &* x &+ 2]))
                    luma[x] = matrix.luma(r, g, b)
                    cb[x] = matrix.blueDifference(r << 2, g << 2, b << 2)
                    cr[x] = matrix.redDifference(r << 2, g << 2, b << 2)
                }
            }
        case .yuv420, .yuva420:
            // With alpha kept, a block's chroma is its colours weighted by their alpha: a clear or faint pixel
            // beside an opaque one must not pull the opaque one's colour towards its own (the player shows the
            // colour times the alpha, so the faint pixel's colour barely shows either way).
            let weighsByAlpha = chroma == .yuva420
            for pairRow in 0..<(height / 2) {
                let top = rgba + 2 * pairRow * width * 4
                let bottom = top + width * 4
                let lumaTop = first + 2 * pairRow * strides.0
                let lumaBottom = lumaTop + strides.0
                let (cb, cr) = (second + pairRow * strides.1, third + pairRow * strides.2)
                // Sixteen pixels of both rows at a time, then the rest one pair at a time.
                let vectorPairs = weighsByAlpha ? 0 : width / 16 * 8
                for block in stride(from: 0, to: vectorPairs, by: 8) {
                    let upper = Channels(top + 8 * block)
                    let lower = Channels(bottom + 8 * block)
                    Self.storeLuma(upper, matrix, at: lumaTop + 2 * block)
                    Self.storeLuma(lower, matrix, at: lumaBottom + 2 * block)
                    let r = upper.red.evenHalf &+ upper.red.oddHalf &+ lower.red.evenHalf &+ lower.red.oddHalf
                    let g = upper.green.evenHalf &+ upper.green.oddHalf &+ lower.green.evenHalf &+ lower.green.oddHalf
                    let b = upper.blue.evenHalf &+ upper.blue.oddHalf &+ lower.blue.evenHalf &+ lower.blue.oddHalf
                    let (blue, red) = Self.chroma(r, g, b, matrix)
                    UnsafeMutableRawPointer(cb + block).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: blue), as: SIMD8<UInt8>.self)
                    UnsafeMutableRawPointer(cr + block).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: red), as: SIMD8<UInt8>.self)
                }
                for pair in vectorPairs..<(width / 2) {
                    let (left, right) = (8 &* pair, 8 &* pair &+ 4)
                    let (r0, g0, b0) = (Int32(top[left]), Int32(top[left &+ 1]), Int32(top[left &+ 2]))
                    let (r1, g1, b1) = (Int32(top[right]), Int32(top[right &+ 1]), Int32(top[right &+ 2]))
                    let (r2, g2, b2) = (Int32(bottom[left]), Int32(bottom[left &+ 1]), Int32(bottom[left &+ 2]))
                    let (r3, g3, b3) = (Int32(bottom[right]), Int32(bottom[right &+ 1]), Int32(bottom[right &+ 2]))
                    lumaTop[2 &* pair] = matrix.luma(r0, g0, b0)
                    lumaTop[2 &* pair &+ 1] = matrix.luma(r1, g1, b1)
                    lumaBottom[2 &* pair] = matrix.luma(r2, g2, b2)
                    lumaBottom[2 &* pair &+ 1] = matrix.luma(r3, g3, b3)
                    var (r, g, b) = (r0 &+ r1 &+ r2 &+ r3, g0 &+ g1 &+ g2 &+ g3, b0 &+ b1 &+ b2 &+ b3)
                    if weighsByAlpha {
                        let (a0, a1) = (Int32(top[left &+ 3]), Int32(top[right &+ 3]))
                        let (a2, a3) = (Int32(bottom[left &+ 3]), Int32(bottom[right &+ 3]))
                        let weight = a0 &+ a1 &+ a2 &+ a3
                        if weight > 0 {
                            // Four times the weighted mean, rounded: the scale of a sum of four.
                            func mean(_ c0: Int32, _ c1: Int32, _ c2: Int32, _ c3: Int32) -> Int32 {
                                (4 &* (c0 &* a0 &+ c1 &* a1 &+ c2 &* a2 &+ c3 &* a3) &+ weight / 2) / weight
                            }
                            (r, g, b) = (mean(r0, r1, r2, r3), mean(g0, g1, g2, g3), mean(b0, b1, b2, b3))
                        }
                    }
                    cb[pair] = matrix.blueDifference(r, g, b)
                    cr[pair] = matrix.redDifference(r, g, b)
                }
            }
            if chroma == .yuva420, let alphaPlane = data.3 {
                for row in 0..<height {
                    let source = rgba + row * width * 4
                    let alpha = alphaPlane + row * Int(lines.3)
                    for x in 0..<width { alpha[x] = source[4 &* x &+ 3] }
                }
            }
        }
    }
}
