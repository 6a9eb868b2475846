/// Decides where each picture of an animated format starts, so the animation plays at its own pace.
///
/// Times are whole ticks of the format's grid (centiseconds for GIF, milliseconds for WebP, a fraction of a frame
/// for APNG). The rules:
/// - a picture starts only where the picture changes (a run of identical frames is one picture);
/// - it starts at its source frame's time, already rounded to the grid by the caller, so rounding never
///   accumulates;
/// - a change that would start less than `minimumDelay` after the previous picture, or less than
///   `minimumDelay` before the end, is dropped, and the latest picture is shown at the next start instead
///   (viewers slow down shorter delays: browsers play a GIF delay under 2 cs, or an APNG or WebP delay under
///   11 ms, as 100 ms);
/// - the last distinct picture is always shown at the end, since an animation that stops stays on its last
///   frame: it gets the last `minimumDelay` ticks when there is room, or replaces the last picture.
///
/// Frames are fed one at a time, so an encoder can write as it goes while holding back only its last picture
/// (which `finish` may replace). Pure: only times, no pictures.
package struct FrameScheduler {
    /// Where a picture starts and which source frame it shows.
    package struct Segment: Equatable, Sendable {
        /// The tick at which it appears.
        package var start: Int
        /// The source frame it shows.
        package var sourceIndex: Int

        /// A segment.
        package init(start: Int, sourceIndex: Int) {
            self.start = start
            self.sourceIndex = sourceIndex
        }
    }

    /// What the end of the animation does with a picture that has not been shown yet.
    package enum Ending: Equatable, Sendable {
        /// Every picture has been shown.
        case nothing
        /// A last segment shows it for the final `minimumDelay` ticks.
        case append(Segment)
        /// It replaces the picture of the last segment, which has no room to share.
        case replaceLast(sourceIndex: Int)
    }

    /// The tick at which the animation ends.
    package let end: Int
    /// The shortest time between two starts, in ticks.
    package let minimumDelay: Int
    /// The start of the last segment, nil before the first frame.
    private var lastStart: Int?
    /// The latest picture not yet on screen, when the last change could not start a segment of its own.
    private var pending: Int?

    /// A scheduler for an animation ending at tick `end`.
    package init(end: Int, minimumDelay: Int) {
        self.end = end
        self.minimumDelay = minimumDelay
    }

    /// Takes source frame `index`, whose rounded time is `start` ticks, and returns the segment that starts
    /// with it, if any.
    ///
    /// The first frame always starts a segment at tick 0, whatever its time. `repeatsPrevious` says that the
    /// frame looks exactly like the one before; frames must come in order.
    package mutating func add(index: Int, start: Int, repeatsPrevious: Bool) -> Segment? {
        guard let lastStart else {
            lastStart = 0
            return Segment(start: 0, sourceIndex: index)
        }
        if !repeatsPrevious { pending = index }
        guard let source = pending else { return nil }
        guard start - lastStart >= minimumDelay && end - start >= minimumDelay else { return nil }
        self.lastStart = start
        pending = nil
        return Segment(start: start, sourceIndex: source)
    }

    /// What to do with the last picture once every frame has been added.
    package mutating func finish() -> Ending {
        guard let source = pending, let lastStart else { return .nothing }
        pending = nil
        if end - lastStart >= 2 * minimumDelay {
            let segment = Segment(start: end - minimumDelay, sourceIndex: source)
            self.lastStart = segment.start
            return .append(segment)
        }
        return .replaceLast(sourceIndex: source)
    }

    /// A segment with how long it lasts: until the next segment starts, or until the end for the last.
    package struct Hold: Equatable, Sendable {
        /// The tick at which it appears.
        package let start: Int
        /// The source frame it shows.
        package let sourceIndex: Int
        /// How many ticks it stays on screen (0 for an animation that ends where it starts).
        package let ticks: Int

        /// A hold.
        package init(start: Int, sourceIndex: Int, ticks: Int) {
            self.start = start
            self.sourceIndex = sourceIndex
            self.ticks = ticks
        }
    }

    /// The plan every animated format shares: its segments, each lasting until the next starts.
    ///
    /// The segments are `segments(starts:end:repeatsPrevious:minimumDelay:)`'s, the last lasting until `end`. A format
    /// then writes each hold as the frames its clock allows (`pieces(of:maximum:minimum:)`, or APNG's fractions).
    package static func holds(starts: [Int], end: Int, repeatsPrevious: [Bool], minimumDelay: Int) -> [Hold] {
        let segments = segments(starts: starts, end: end, repeatsPrevious: repeatsPrevious, minimumDelay: minimumDelay)
        return segments.indices.map { position in
            let segmentEnd = position + 1 < segments.count ? segments[position + 1].start : end
            return Hold(
                start: segments[position].start, sourceIndex: segments[position].sourceIndex,
                ticks: max(segmentEnd - segments[position].start, 0))
        }
    }

    /// A hold of `ticks` as the delays of container frames that each last at most `maximum`.
    ///
    /// One piece when it fits, otherwise as few as fit, never leaving a piece under `minimum` (for a GIF's 65,535 cs,
    /// a WebP frame's 24-bit milliseconds). A negative length is one piece of 0.
    package static func pieces(of ticks: Int, maximum: Int, minimum: Int) -> [Int] {
        var remaining = max(ticks, 0)
        var pieces: [Int] = []
        while remaining > maximum {
            let piece = remaining - maximum < minimum ? maximum - minimum : maximum
            pieces.append(piece)
            remaining -= piece
        }
        pieces.append(remaining)
        return pieces
    }

    /// Every segment of an animation at once: `starts[k]` is frame k's rounded time in ticks.
    ///
    /// `starts` and `repeatsPrevious` have one entry per frame; with no frames there are no segments.
    package static func segments(starts: [Int], end: Int, repeatsPrevious: [Bool], minimumDelay: Int) -> [Segment] {
        var scheduler = FrameScheduler(end: end, minimumDelay: minimumDelay)
        var segments: [Segment] = []
        for index in starts.indices {
            let repeats = index < repeatsPrevious.count ? repeatsPrevious[index] : false
            if let segment = scheduler.add(index: index, start: starts[index], repeatsPrevious: repeats) { segments.append(segment) }
        }
        switch scheduler.finish() {
        case .nothing: break
        case .append(let segment): segments.append(segment)
        case .replaceLast(let source): if !segments.isEmpty { segments[segments.count - 1].sourceIndex = source }
        }
        return segments
    }
}
