/// Why an animated WebP could not be read back, naming the file.
package struct WebPDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    package var path: String
    /// What is wrong, such as `libwebpdemux cannot parse it (not a WebP, or damaged)`.
    package var detail: String

    /// The message for the user: the path, then what is wrong.
    package var description: String { "\(path): not a WebP that can be read (\(detail))" }
}
