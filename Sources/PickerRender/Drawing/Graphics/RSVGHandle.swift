import CPickerRSVG

/// Owns one librsvg handle and releases it, once: made right after librsvg hands the handle over, so that an
/// initializer that throws later (a document whose proportions are refused) cannot free it twice or leak it.
final class RSVGHandle {
    /// The handle; valid for the object's lifetime.
    let pointer: OpaquePointer
    private let unref: @convention(c) (UnsafeMutableRawPointer) -> Void

    /// Takes ownership of `pointer`, released with librsvg's `g_object_unref` from `library`.
    init(_ pointer: OpaquePointer, library: picker_rsvg) {
        self.pointer = pointer
        unref = library.g_object_unref
    }

    deinit {
        unref(UnsafeMutableRawPointer(pointer))
    }
}
