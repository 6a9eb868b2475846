/// The options of `pickerreel preview`.
package struct PreviewOptions: Equatable, Sendable {
    /// The port tried first when none is given; an easy one to keep a browser tab on.
    package static let defaultPort = 8470

    /// The spec file to show.
    package var specPath: String
    /// The port on 127.0.0.1; nil tries `defaultPort`, then any free port.
    package var port: Int?
    /// Opens the page in the user's browser (`xdg-open`).
    package var openBrowser = false

    /// The options for the spec at `specPath`, on the default port, not opened in a browser.
    package init(specPath: String, port: Int? = nil, openBrowser: Bool = false) {
        self.specPath = specPath
        self.port = port
        self.openBrowser = openBrowser
    }
}
