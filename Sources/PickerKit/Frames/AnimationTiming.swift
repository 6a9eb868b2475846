/// The checks every animation encoder makes of the timing it is given, in one place so their messages agree.
package enum AnimationTiming {
    /// Why `frameCount` frames at `fps` lasting `duration` seconds cannot be encoded by a format that holds at most
    /// `maximumDuration` seconds, or nil when they can: the rate must be finite and positive, there must be a
    /// frame, and the duration and the last frame's time must be within the format's range.
    package static func problem(frameCount: Int, fps: Double, duration: Double, maximumDuration: Double) -> String? {
        guard fps.isFinite, fps > 0 else { return "the frame rate \(fps) is not a positive number" }
        guard frameCount > 0 else { return "there are no frames" }
        guard duration.isFinite, duration >= 0, duration <= maximumDuration else {
            return "the duration \(duration) s is not a number of seconds from 0 to \(maximumDuration)"
        }
        let lastTime = Double(frameCount - 1) / fps
        guard lastTime <= maximumDuration else { return "the last frame is at \(lastTime) s, beyond \(maximumDuration) s" }
        return nil
    }
}
