import Foundation
import PickerReel
import Testing

/// The property test's and the fuzzer's check of a Lottie document can fail: a document of another size, frame
/// rate or length, or not JSON, is named as such.
@Suite("Lottie output check")
struct LottieOutputCheckTests {
    @Test func aBrokenOrMismatchedLottieFails() throws {
        let renderer = try EncodedOutputCheckTests.renderer()
        let lottie = try renderer.encoded(.lottie)
        #expect(EncodedOutputCheck.problem(with: lottie, format: .lottie, renderer: renderer) == nil)
        #expect(EncodedOutputCheck.problem(with: Array(lottie.dropLast(10)), format: .lottie, renderer: renderer) != nil)
        let larger = try EncodedOutputCheckTests.renderer(scale: 2)
        #expect(EncodedOutputCheck.problem(with: lottie, format: .lottie, renderer: larger)?.contains("canvas") == true)
        let text = String(decoding: lottie, as: UTF8.self)
        let faster = text.replacingOccurrences(of: "\"fr\":10,", with: "\"fr\":20,")
        try #require(faster != text)
        #expect(EncodedOutputCheck.problem(with: Array(faster.utf8), format: .lottie, renderer: renderer)?.contains("fps") == true)
    }
}
