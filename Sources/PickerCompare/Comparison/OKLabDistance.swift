import FoundationEssentials
import Glibc

/// Colour distances in OKLab with the HyAB metric, |ΔLr| + √(Δa² + Δb²), black to white being 1.
///
/// OKLab is Björn Ottosson's (2020), HyAB that of Abasi and others (2019), and Lr Ottosson's toe-corrected
/// lightness. This is pixelmatch's
/// metric since its commit 5087218, with its toe correction (4cad52e) and anti-aliasing blend (c6fee35).
///
/// Translucent pixels are blended over a fixed checkerboard of dark (48) and light (207) channel values that
/// depends only on the pixel's position, so two pixels that differ only where alpha hides the colour over white
/// still differ. sRGB to linear and the cube root go through the same interpolated tables as pixelmatch's, so
/// the counts agree with it exactly.
struct OKLabDistance: PixelDistance {
    /// The largest HyAB distance that still counts as the same colour.
    let threshold: Double

    /// The distance for `threshold`, clamped to 0...1.
    init(threshold: Double) {
        self.threshold = max(0, min(1, threshold))
    }

    func exceedsThreshold(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let one: OKLabColor
        let other: OKLabColor
        if first[offset + 3] == 255 && second[offset + 3] == 255 {
            one = OKLabColor(opaque: first[offset], first[offset + 1], first[offset + 2])
            other = OKLabColor(opaque: second[offset], second[offset + 1], second[offset + 2])
        } else {
            let backdrop = Self.checkerboard(atByte: offset)
            one = OKLabColor(blending: first, offset, over: backdrop)
            other = OKLabColor(blending: second, offset, over: backdrop)
        }
        return one.exceeds(threshold, from: other)
    }

    /// pixelmatch's brightness slope for anti-aliasing.
    ///
    /// The luma of both pixels blended over white, and when that is equal but alpha is not, half the alpha
    /// difference, so only pixels equal in both count as equal.
    func brightnessDifference(_ pixels: UnsafeBufferPointer<UInt8>, _ center: Int, _ neighbour: Int) -> Double {
        let r1 = Double(pixels[center])
        let g1 = Double(pixels[center + 1])
        let b1 = Double(pixels[center + 2])
        let a1 = Double(pixels[center + 3])
        let r2 = Double(pixels[neighbour])
        let g2 = Double(pixels[neighbour + 1])
        let b2 = Double(pixels[neighbour + 2])
        let a2 = Double(pixels[neighbour + 3])
        let alphaDifference = a1 - a2
        if r1 == r2 && g1 == g2 && b1 == b2 && alphaDifference == 0 { return 0 }
        guard a1 < 255 || a2 < 255 else { return Luma.of(r1 - r2, g1 - g2, b1 - b2) }
        let difference = Luma.of(
            (r1 * a1 - r2 * a2 - 255 * alphaDifference) / 255,
            (g1 * a1 - g2 * a2 - 255 * alphaDifference) / 255,
            (b1 * a1 - b2 * a2 - 255 * alphaDifference) / 255)
        return difference == 0 && alphaDifference != 0 ? alphaDifference / 2 : difference
    }

    /// The backdrop channel values under the pixel at byte offset `offset`: each 48 or 207, by position.
    static func checkerboard(atByte offset: Int) -> (Double, Double, Double) {
        let position = Double(offset)
        let red = 48 + 159 * Double(offset % 2)
        let green = 48 + 159 * Double(Int(position / 1.618033988749895) % 2)
        let blue = 48 + 159 * Double(Int(position / 2.618033988749895) % 2)
        return (red, green, blue)
    }
}

/// One colour on the way to OKLab.
///
/// The cube roots of its LMS cone responses (l, m, s), and its toe-corrected lightness Lr. Differences of a and b are linear in those of l, m, s, so a and b are never formed.
struct OKLabColor {
    var l: Double
    var m: Double
    var s: Double
    var lightness: Double

    /// An opaque sRGB colour given as bytes.
    init(opaque red: UInt8, _ green: UInt8, _ blue: UInt8) {
        let tables = OKLabTables.shared
        self.init(
            linearRed: tables.linear[Int(red)], linearGreen: tables.linear[Int(green)], linearBlue: tables.linear[Int(blue)])
    }

    /// The pixel at byte `offset` of `pixels` blended over `backdrop` by its alpha, in fractional sRGB values.
    init(blending pixels: UnsafeBufferPointer<UInt8>, _ offset: Int, over backdrop: (Double, Double, Double)) {
        let alpha = Double(pixels[offset + 3])
        let red = (Double(pixels[offset]) * alpha + backdrop.0 * (255 - alpha)) / 255
        let green = (Double(pixels[offset + 1]) * alpha + backdrop.1 * (255 - alpha)) / 255
        let blue = (Double(pixels[offset + 2]) * alpha + backdrop.2 * (255 - alpha)) / 255
        let tables = OKLabTables.shared
        self.init(linearRed: tables.linear(red), linearGreen: tables.linear(green), linearBlue: tables.linear(blue))
    }

    init(linearRed red: Double, linearGreen green: Double, linearBlue blue: Double) {
        let tables = OKLabTables.shared
        l = tables.cubeRoot(0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue)
        m = tables.cubeRoot(0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue)
        s = tables.cubeRoot(0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue)
        lightness = Self.toe(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s)
    }

    /// Whether the HyAB distance to `other` is above `threshold`, without a square root: it is at most the
    /// threshold exactly when |ΔLr| is below it and Δa² + Δb² ≤ (threshold − |ΔLr|)².
    func exceeds(_ threshold: Double, from other: OKLabColor) -> Bool {
        let rest = threshold - abs(lightness - other.lightness)
        guard rest > 0 else { return true }
        let dl = l - other.l
        let dm = m - other.m
        let ds = s - other.s
        let da = 1.9779984951 * dl - 2.4285922050 * dm + 0.4505937099 * ds
        let db = 0.0259040371 * dl + 0.7827717662 * dm - 0.8086757660 * ds
        return da * da + db * db > rest * rest
    }

    /// The HyAB distance to `other`, for reports and measurements.
    func distance(to other: OKLabColor) -> Double {
        let dl = l - other.l
        let dm = m - other.m
        let ds = s - other.s
        let da = 1.9779984951 * dl - 2.4285922050 * dm + 0.4505937099 * ds
        let db = 0.0259040371 * dl + 0.7827717662 * dm - 0.8086757660 * ds
        return abs(lightness - other.lightness) + (da * da + db * db).squareRoot()
    }

    /// Ottosson's toe: a lightness closer to CIE L* near black, still 0 at black and 1 at white.
    static func toe(_ lightness: Double) -> Double {
        let k1 = 0.206
        let k2 = 0.03
        let k3 = (1 + k1) / (1 + k2)
        let x = k3 * lightness - k1
        return 0.5 * (x + (x * x + 4 * k2 * k3 * lightness).squareRoot())
    }
}

/// The tables pixelmatch interpolates in: sRGB byte to linear light (257 entries, the last repeated), and the cube
/// root on 0...1 in 4,096 steps.
final class OKLabTables: Sendable {
    static let shared = OKLabTables()
    static let cubeRootSteps = 4096

    let linear: [Double]
    let cubeRoots: [Double]

    private init() {
        var linear = (0..<256).map { index -> Double in
            let value = Double(index) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        linear.append(linear[255])
        self.linear = linear
        cubeRoots = (0...(Self.cubeRootSteps + 1)).map { cbrt(Double($0) / Double(Self.cubeRootSteps)) }
    }

    /// Linear light of a fractional sRGB value from 0 to 255, interpolated.
    func linear(_ value: Double) -> Double {
        let clamped = max(0, min(255, value))
        let index = Int(clamped)
        return linear[index] + (linear[index + 1] - linear[index]) * (clamped - Double(index))
    }

    /// The cube root of `value` from 0 to about 1, interpolated.
    func cubeRoot(_ value: Double) -> Double {
        let position = max(0, value) * Double(Self.cubeRootSteps)
        let index = min(Int(position), Self.cubeRootSteps)
        return cubeRoots[index] + (cubeRoots[index + 1] - cubeRoots[index]) * (position - Double(index))
    }
}
