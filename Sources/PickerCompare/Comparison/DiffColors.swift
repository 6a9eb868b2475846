/// The colours of a diff picture, fixed so that anyone reading one knows what they see.
package enum DiffColors {
    /// A pixel that differs: red.
    package static let different: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
    /// A pixel that differs only by anti-aliasing (an edge moved by less than a pixel): yellow.
    package static let antialiased: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 0, 255)
}
