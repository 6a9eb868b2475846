import FoundationEssentials
import PickerKit
import PickerReel
import PickerRender

/// `pickerreel environment [--digest | --json] [--libraries-only] [--check RECORD]`: this machine's render
/// environment (the libraries' versions and the font files fontconfig can choose, with their SHA-256), as a digest a
/// cache key can name, a JSON record, or a check against a record made elsewhere.
struct EnvironmentCommand {
    static let optionTable = [
        OptionDefinition(name: "--digest", short: nil, valueName: nil, help: "Print the digest alone (64 hex digits), for a cache key."),
        OptionDefinition(name: "--json", short: nil, valueName: nil, help: "Print the record as JSON: digest, libraries, fonts."),
        OptionDefinition(
            name: "--libraries-only", short: nil, valueName: nil,
            help: "Leave the installed fonts out: for renders whose fonts are all their own (style.font.file)."),
        OptionDefinition(
            name: "--check", short: nil, valueName: "FILE",
            help: "Compare with a record --json wrote: exit 0 the same, 1 naming each difference, 2 not a record."),
    ]

    static let help = usageText(
        command: "environment", operands: "",
        summary: "Print this machine's render environment: the libraries and font files a picture depends on, and its digest.",
        options: optionTable,
        details: """
            Everything outside the specs that can change a picture: the versions of cairo, pango, HarfBuzz,
            FreeType and fontconfig, and every font file fontconfig can choose from (the installed fonts, or those
            FONTCONFIG_FILE lists) by file name with its SHA-256. The digest is the SHA-256 of that record: two
            machines have the same digest exactly when their pictures of a spec are drawn alike. Name it in a
            cache key (the GitHub Action's Output cache, the Bazel rules' @pickerreel_environment) so that a
            runner with another stack never takes pictures drawn on this one (docs/scale.md).

            A spec with style.font.file draws with its own font alone: --libraries-only is its environment.
            A font file fontconfig lists through a link is read through it, as FreeType reads it; one that cannot
            be read, or is not a regular file, is recorded as "unreadable".
            """)

    /// Parses the arguments after the word `environment`.
    ///
    /// Throws `UsageError` for an unknown option, an operand, or options that cannot go together.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let parsed = try parseArguments(arguments, options: optionTable, command: "environment")
        if parsed.has("--help") { return .help(text: help) }
        if let operand = parsed.positional.first {
            throw UsageError(command: "environment", message: "\(OptionValue.shown(operand)): this command takes no operand")
        }
        var options = EnvironmentOptions()
        options.digestOnly = parsed.has("--digest")
        options.json = parsed.has("--json")
        options.librariesOnly = parsed.has("--libraries-only")
        options.check = parsed.value("--check")
        if options.check == "" { throw UsageError(command: "environment", message: "--check \"\": give the record file --json wrote") }
        if [options.digestOnly, options.json, options.check != nil].filter({ $0 }).count > 1 {
            throw UsageError(command: "environment", message: "give one of --digest, --json and --check")
        }
        return .environment(options)
    }

    let options: EnvironmentOptions
    let console: Console

    /// The JSON record: the digest of the rest, then the libraries and fonts.
    struct Record: Encodable {
        var digest: String
        var libraries: [String: String]
        var fonts: [String: String]
    }

    /// The exit status: 0, or for `--check` 1 when the record differs and 2 when it cannot be read as one.
    func run() -> Int32 {
        let installed = RenderEnvironment.installed()
        let environment = options.librariesOnly ? installed.librariesOnly : installed
        if let file = options.check { return check(against: file, environment) }
        if options.digestOnly {
            console.out(environment.digest + "\n")
        } else if options.json {
            console.out(jsonText(Record(digest: environment.digest, libraries: environment.libraries, fonts: environment.fonts)))
        } else {
            console.out(readable(environment))
        }
        return ExitCode.success
    }

    /// The record for a reader: the digest, each library and each font (its digest's first 16 hex digits).
    private func readable(_ environment: RenderEnvironment) -> String {
        let names = environment.libraries.keys.sorted() + environment.fonts.keys.sorted()
        let width = min(48, (names.map(\.count).max() ?? 0) + 2)
        var lines = ["Render environment \(environment.digest)", "Libraries:"]
        for name in environment.libraries.keys.sorted() {
            lines.append("  " + PlainText.escaped(name).padded(to: width) + PlainText.escaped(environment.libraries[name] ?? ""))
        }
        if options.librariesOnly {
            lines.append("Fonts: left out (--libraries-only)")
        } else {
            lines.append("Fonts fontconfig can choose from (\(environment.fonts.count) files, SHA-256):")
            for name in environment.fonts.keys.sorted() {
                lines.append("  " + PlainText.escaped(name).padded(to: width) + String((environment.fonts[name] ?? "").prefix(16)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Compares `environment` with the record in `file`: read as input (no link followed, within
    /// `RenderEnvironment.recordLimits`, its digest checked against its libraries and fonts).
    private func check(against file: String, _ environment: RenderEnvironment) -> Int32 {
        let recorded: RenderEnvironment
        do {
            recorded = try Self.readRecord(file)
        } catch {
            console.err(ErrorLine.line("\(file): \(error.reason)") + "\n")
            return ExitCode.badInput
        }
        let changes = recorded.changes(to: environment)
        guard !changes.isEmpty else {
            console.out("same environment as \(PlainText.escaped(file)): \(environment.digest)\n")
            return ExitCode.success
        }
        // Phrases name what the record holds: escaped and cut short, so a record cannot write a second line.
        let shown = changes.prefix(20).map { "  " + Self.shortened(PlainText.escaped($0)) }
        let more = changes.count > 20 ? ["  and \(changes.count - 20) more"] : []
        console.out(
            (["another environment than \(PlainText.escaped(file)) (EXPECTED → this machine, ACTUAL):"] + shown + more)
                .joined(separator: "\n") + "\n")
        return ExitCode.differences
    }

    /// `phrase` cut to 160 characters, with an ellipsis when it was longer.
    static func shortened(_ phrase: String) -> String {
        phrase.count <= 160 ? phrase : String(phrase.prefix(159)) + "…"
    }

    /// Why a record file was not read.
    struct RecordProblem: Error {
        var reason: String
    }

    /// The environment in the record at `path`, which must be a regular file (not a link), at most
    /// `RenderEnvironment.recordLimits.maximumBytes`, with a `digest` equal to its libraries' and fonts'.
    static func readRecord(_ path: String) throws(RecordProblem) -> RenderEnvironment {
        let limit = RenderEnvironment.recordLimits.maximumBytes
        let url = URL(fileURLWithPath: path)
        let bytes: [UInt8]
        do {
            // Safe: the one file named, in its own folder, no link followed, at most `limit` bytes, never a FIFO.
            bytes = try FileScope(tree: url.deletingLastPathComponent().path, followsLinks: false)
                .read(url.lastPathComponent, maximumBytes: limit)
        } catch {
            throw RecordProblem(reason: error.reason(for: "an environment record"))
        }
        struct Digest: Decodable { var digest: String }
        do throws(RecordJSON.Failure) {
            let record = try RecordJSON.decode(RenderEnvironment.self, from: bytes, limits: RenderEnvironment.recordLimits)
            let stated = try RecordJSON.decode(Digest.self, from: bytes, limits: RenderEnvironment.recordLimits).digest
            guard stated == record.digest else {
                let reason =
                    "does not match the record's libraries and fonts (\(record.digest)); the record was changed after it was written"
                throw RecordJSON.Failure(path: "digest", reason: reason)
            }
            return record
        } catch {
            throw RecordProblem(reason: "not an environment record (pickerreel environment --json): \(error.message)")
        }
    }
}
