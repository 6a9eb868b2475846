/// A finished animated WebP: its bytes and a description of the frames in it.
package struct EncodedWebP: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    package let bytes: [UInt8]
    /// Which source frame each WebP frame shows, from when and for how long.
    package let plan: WebPFramePlan

    /// The frames handed to libwebp, in order: the plan's.
    ///
    /// libwebp stores each as the rectangle that changed,
    /// with its own choice of blending and disposal, and may add a 1 × 1 frame of its own to carry a hold past
    /// 24 bits of milliseconds; the picture on screen at every moment is the one these frames say.
    package var frames: [WebPFramePlan.Frame] { plan.frames }
}
