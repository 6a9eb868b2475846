/// The options of `pickerreel environment`: what it prints, or the record it checks this machine against.
package struct EnvironmentOptions: Equatable, Sendable {
    /// `--digest`: the digest alone, for a cache key.
    package var digestOnly = false
    /// `--json`: the record as JSON, with its digest.
    package var json = false
    /// `--libraries-only`: leave out the installed fonts, for renders whose fonts are all their own.
    package var librariesOnly = false
    /// `--check FILE`: compare with the JSON record in FILE instead of printing.
    package var check: String?

    /// The defaults: the readable record of the libraries and the installed fonts.
    package init() {}
}
