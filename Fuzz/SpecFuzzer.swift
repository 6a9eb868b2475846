// libFuzzer entry point for the spec decoder and everything that follows from a valid spec without C
// libraries: layout (with a fixed-size measurer), timeline, limits, per-frame highlights, and keyframes.
// Built by `make fuzz` with `swiftc -sanitize=fuzzer,address` together with the PickerKit sources.

/// Measures every character as 9 × 20 points, so layouts are deterministic without fonts.
struct FixedMeasurer: TextMeasurer {
    func logicalExtents(of text: String, font: ResolvedFont) -> Rect {
        Rect(x: 0, y: 0, width: Double(text.unicodeScalars.count) * 9 * font.size / 17, height: 20 * font.size / 17)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let spec = try? PickerSpec.decode(bytes, file: "fuzz.json") else { return 0 }
    let layout = PickerLayout(spec: spec, measurer: FixedMeasurer())
    let timeline = Timeline(spec: spec, layout: layout)
    guard (try? RenderLimits.check(spec: spec, layout: layout, timeline: timeline, file: "fuzz.json")) != nil else { return 0 }
    var visible = 0
    for index in 0..<timeline.frameCount {
        if let highlight = timeline.highlight(forFrame: index) {
            // Everything drawn must be finite and inside sane bounds.
            let values = [highlight.rect.x, highlight.rect.y, highlight.rect.width, highlight.rect.height, highlight.opacity]
            if values.contains(where: { !$0.isFinite }) || highlight.opacity > 1 || highlight.cornerRadius < 0 {
                fatalError("fuzz: non-finite or out-of-range highlight \(highlight) at frame \(index)")
            }
            visible += 1
        }
    }
    let track = timeline.opacityKeyframes(samplesPerSecond: 60)
    if zip(track.times, track.times.dropFirst()).contains(where: { $0 > $1 }) {
        fatalError("fuzz: keyframe times go backwards")
    }
    _ = timeline.rectKeyframes(samplesPerSecond: 60)
    return visible > Int.max - 1 ? 1 : 0
}
