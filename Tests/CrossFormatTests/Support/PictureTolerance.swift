import AnimationTestSupport
import PickerReel

/// How far one format's picture may be from the PNG frame at the same moment, and why: the format's known loss.
///
/// Each kind measures a pair of pictures and says whether the difference is within the loss; the measurement's
/// `worst` is the figure the matrix reports (pixels outside the tolerance, or levels beyond it).
struct PictureTolerance: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        /// Lossless formats: every visible pixel equal (`visiblyDifferingPixels`).
        case exact
        /// Another rasteriser of the same vectors (`RasterDifference`): each channel of each pixel within the range
        /// the other picture shows in the 3 × 3 pixels around it, widened by `edgeShare` of that range's width, give or
        /// take `levels`, in both directions; at most `strayPixels` beyond. A partial last column or row (a canvas
        /// that does not end on a whole pixel: the PNG paints it whole, an SVG covers only the canvas's part) and the
        /// boxes of colour glyphs (`ColourGlyphBoxes`) are left out.
        case rasterised(
            levels: Int, edgeShare: Double, strayPixels: Int, partialColumn: Int?, partialRow: Int?, colourGlyphs: [PixelBox])
        /// GIF: the PNG frame with GIF's one-bit alpha (over `matte`, red, green and blue bytes, or thresholded at
        /// 128 without one) must have exactly the GIF's transparent pixels; colours may differ by `levels` per
        /// channel in a pixel (palette error spread by dithering) and by `meanLevels` in the mean of each 4 × 4
        /// block (dithering keeps local means).
        case palette(matte: [UInt8]?, levels: Int, meanLevels: Double)
        /// Lossy video: the PNG frame over `matte` (red, green and blue bytes) against the opaque decoded frame; the
        /// mean absolute difference over every channel of the picture within `meanLevels`, and of each 8 × 8 block's
        /// mean colour within `blockLevels` (coding noise averages out in a block, a shifted edge does not).
        case video(matte: [UInt8], meanLevels: Double, blockLevels: Double)
    }

    let kind: Kind
    /// Why this much, in a sentence.
    let reason: String

    var description: String {
        switch kind {
        case .exact: return "exact"
        case .rasterised(let levels, let edgeShare, let strayPixels, _, _, let colourGlyphs):
            return "3×3 range ± \(Self.decimal(edgeShare)) of its width ± \(levels) levels, ≤ \(strayPixels) px beyond"
                + (colourGlyphs.isEmpty ? "" : ", \(colourGlyphs.count) emoji boxes left out")
        case .palette(_, let levels, let meanLevels): return "alpha exact, ±\(levels) levels a pixel, ±\(meanLevels) a 4×4 mean"
        case .video(_, let meanLevels, let blockLevels):
            return "over the matte: mean ±\(Self.decimal(meanLevels)) levels, each 8×8 block's mean ±\(Self.decimal(blockLevels))"
        }
    }

    /// What a comparison found.
    struct Measurement: Sendable {
        /// True when the difference is within the tolerance.
        let passes: Bool
        /// The figure for the matrix: differing pixels (exact), stray pixels and the largest excess
        /// (rasterised), or the largest pixel and block-mean differences (palette).
        let worst: String
        /// Numbers to compare across moments: the larger is the worse.
        let severity: Double
    }

    /// Measures `actual` (the format's picture) against `expected` (the PNG frame).
    func measure(expected: RGBAImage, actual: RGBAImage) -> Measurement {
        guard expected.width == actual.width, expected.height == actual.height else {
            return Measurement(
                passes: false, worst: "size \(actual.width)×\(actual.height), not \(expected.width)×\(expected.height)", severity: .infinity
            )
        }
        switch kind {
        case .exact:
            let count = visiblyDifferingPixels(expected, actual)
            return Measurement(passes: count == 0, worst: "\(count) px", severity: Double(count))
        case .rasterised(let levels, let edgeShare, let strayPixels, let partialColumn, let partialRow, let colourGlyphs):
            let found = RasterDifference(
                expected, actual, edgeShare: edgeShare, ignoredColumn: partialColumn, ignoredRow: partialRow, ignoredBoxes: colourGlyphs)
            let stray = found.strayPixels(beyond: levels)
            return Measurement(
                passes: stray <= strayPixels, worst: "\(stray) px beyond, largest excess \(found.largestExcess)",
                severity: Double(stray) + Double(found.largestExcess) / 1000)
        case .palette(let matte, let levels, let meanLevels):
            let found = PaletteDifference(expected: expected.withGIFAlpha(matte: matte), actual: actual)
            return Measurement(
                passes: found.alphaMismatches == 0 && found.largestPixelError <= levels && found.largestBlockMeanError <= meanLevels,
                worst:
                    "alpha \(found.alphaMismatches) px, pixel ±\(found.largestPixelError), mean ±\(Self.decimal(found.largestBlockMeanError))",
                severity: Double(found.alphaMismatches) * 1000 + Double(found.largestPixelError) + found.largestBlockMeanError)
        case .video(let matte, let meanLevels, let blockLevels):
            let (mean, block) = Self.videoDifference(expected: expected, over: matte, actual: actual)
            return Measurement(
                passes: mean <= meanLevels && block <= blockLevels, worst: "mean ±\(Self.decimal(mean)), 8×8 block ±\(Self.decimal(block))",
                severity: mean * 100 + block)
        }
    }

    /// The mean absolute difference of every channel, and the largest difference of an 8 × 8 block's mean in a
    /// channel, between `expected` blended over `matte` and `actual` (whose alpha is ignored).
    static func videoDifference(expected: RGBAImage, over matte: [UInt8], actual: RGBAImage) -> (mean: Double, block: Double) {
        let (width, height) = (expected.width, expected.height)
        var total = 0.0
        var worstBlock = 0.0
        let blocksAcross = (width + 7) / 8
        var blockSums = [Double](repeating: 0, count: blocksAcross * ((height + 7) / 8) * 3)
        var blockCounts = [Int](repeating: 0, count: blocksAcross * ((height + 7) / 8))
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let alpha = Double(expected.pixels[index + 3]) / 255
                let block = (y / 8) * blocksAcross + x / 8
                blockCounts[block] += 1
                for channel in 0..<3 {
                    let over = Double(expected.pixels[index + channel]) * alpha + Double(matte[channel]) * (1 - alpha)
                    let difference = over - Double(actual.pixels[index + channel])
                    total += abs(difference)
                    blockSums[block * 3 + channel] += difference
                }
            }
        }
        for block in blockCounts.indices where blockCounts[block] > 0 {
            for channel in 0..<3 { worstBlock = max(worstBlock, abs(blockSums[block * 3 + channel]) / Double(blockCounts[block])) }
        }
        return (total / Double(max(1, width * height * 3)), worstBlock)
    }

    static func decimal(_ value: Double) -> String {
        let text = String((value * 100).rounded() / 100)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension PictureTolerance {
    /// A `rasterised` tolerance for `renderer`'s pictures, leaving out its partial last column and row, if any, and
    /// its colour glyphs.
    ///
    /// `strayShare` of the picture's pixels may lie beyond: where a cross-fade lays two looks' glyphs over each other,
    /// cairo's image surface puts each glyph on a whole pixel (cairo 1.16) and an SVG rasteriser at its exact place, so
    /// a stem's pixel can mix the two looks in shares that neither picture shows nearby (measured: up to 18 pixels, a
    /// column of a stem, in 61,000).
    static func rasterised(for renderer: Renderer, levels: Int, edgeShare: Double, strayShare: Double, reason: String) throws
        -> PictureTolerance
    {
        let canvas = renderer.layout.canvas
        let scale = renderer.spec.output.scale
        let (width, height) = renderer.pixelSize
        let strayPixels = Int(Double(width * height) * strayShare)
        let partialColumn = Double(width) > canvas.width * scale + 1e-9 ? width - 1 : nil
        let partialRow = Double(height) > canvas.height * scale + 1e-9 ? height - 1 : nil
        return PictureTolerance(
            kind: .rasterised(
                levels: levels, edgeShare: edgeShare, strayPixels: strayPixels, partialColumn: partialColumn, partialRow: partialRow,
                colourGlyphs: try ColourGlyphBoxes.boxes(of: renderer)),
            reason: reason)
    }
}
