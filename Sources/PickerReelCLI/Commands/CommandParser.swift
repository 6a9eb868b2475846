import FoundationEssentials
import Glibc
import PickerCompare
import PickerKit
import PickerReel

/// Turns the tool's arguments into a `Command`, with no side effects, so tests can call it directly.
package enum CommandParser {
    static let commandSummaries: [(name: String, summary: String)] = [
        ("render", "Render one or more specs: PNG or SVG frames, GIF, APNG, WebP, MP4, WebM, animated SVG, contact sheet."),
        ("frame", "Render one frame, by time or index, to a PNG or SVG file."),
        ("layout", "Print the canvas and segment frames as JSON."),
        ("timeline", "Print the highlight of every frame as JSON."),
        ("validate", "Check specs without rendering."),
        ("tokens", "List every field whose value comes from a design token, with the token and its file."),
        ("audit", "Measure WCAG contrast on every frame (labels, highlight, icons) and report the worst moments."),
        ("compare", "Compare PNG files or folders against approved ones (exit 1 when they differ)."),
        ("merge-reports", "Merge sharded compare runs' JSON reports into one report (exit 1 when any file differs)."),
        ("preview", "Serve a page on 127.0.0.1 that plays a spec as it renders and reloads when it is saved."),
        ("environment", "Print the libraries and font files pictures depend on, and their digest (for a cache key)."),
    ]

    static let renderOptions = [
        OptionDefinition(
            name: "--output", short: "-o", valueName: "DIR",
            help: "Parent folder: each spec renders into DIR/<spec name>/ (default: Output)."),
        OptionDefinition(
            name: "--format", short: "-f", valueName: "LIST",
            help: "Comma-separated formats: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: png)."),
        OptionDefinition(
            name: "--gif-matte", short: nil, valueName: "COLOR",
            help: "GIF: colour translucent pixels are blended over, or none (default: white on a clear background)."),
        OptionDefinition(
            name: "--webp-quality", short: nil, valueName: "0-100",
            help: "WebP: lossy at this quality (default: lossless, which keeps text crisp)."),
        OptionDefinition(
            name: "--video-chroma", short: nil, valueName: "420|444|alpha|rgb",
            help: "MP4/WebM: 420 plays everywhere (default); 444 sharper colour; alpha and rgb WebM only."),
        OptionDefinition(
            name: "--video-matte", short: nil, valueName: "COLOR",
            help: "MP4/WebM: the opaque colour clear pixels are blended over (default: white)."),
        OptionDefinition(
            name: "--crf", short: nil, valueName: "N",
            help: "MP4/WebM quality, lower is better: 0-51 for MP4 (default 20), 0-63 for WebM (default 30)."),
        OptionDefinition(
            name: "--shard", short: nil, valueName: "K/N",
            help: "Render only shard K of N: the specs split by cost (frames × pixels × formats), the same on every machine."),
        OptionDefinition(name: "--jobs", short: "-j", valueName: "N", help: "Worker threads (default: one per core)."),
        OptionDefinition(
            name: "--memory", valueName: "SIZE",
            help: "Memory the pictures may take at once, such as 512M or 2G (default 1G): fewer threads draw large pictures."),
        OptionDefinition(
            name: "--png-level", short: nil, valueName: "N",
            help: "PNG compression, 0 (none) to 12 (smallest, far slowest) (default: \(PNGCompression.standard.level))."),
        OptionDefinition(
            name: "--variant", short: nil, valueName: "SUFFIX",
            help: "Render only this variant of each spec: dark, rtl-ax2@3x, …, or default for the spec's own.", repeatable: true),
        OptionDefinition(
            name: "--times", short: nil, valueName: "LIST",
            help: "PNG pictures of only these moments, in seconds (0,0.5,1.2), named <name>.0.500s.png, not every frame."),
        OptionDefinition(
            name: "--every", short: nil, valueName: "SECONDS",
            help: "PNG pictures of the moments 0, SECONDS, 2×SECONDS, … to the end, as --times."),
        OptionDefinition(
            name: "--force", short: nil, valueName: nil,
            help: "Render every spec, even one whose folder's manifest says it is up to date."),
        OptionDefinition(
            name: "--verify", short: nil, valueName: nil,
            help: "Render afresh, whatever the manifests say, and exit 1 naming each file that differs; write nothing."),
        OptionDefinition(
            name: "--audit", short: nil, valueName: nil,
            help: "Also measure WCAG contrast on every frame into the manifest, so compare says when a change moves a ratio."),
        OptionDefinition(name: "--quiet", short: "-q", valueName: nil, help: "Print nothing but errors."),
        rootOption,
    ]
    /// `--root`, on every command that reads specs.
    static let rootOption = OptionDefinition(
        name: "--root", valueName: "DIR",
        help: "Icons and images must be inside DIR (default: the repository holding the spec, else the spec's folder).")
    static let variantOption = [
        OptionDefinition(
            name: "--variant", short: nil, valueName: "SUFFIX",
            help: "One of the spec's variants (dark, rtl-ax2@3x, …); default: the spec's own appearance."),
        rootOption,
    ]
    static let frameOptions = [
        OptionDefinition(name: "--time", short: "-t", valueName: "SECONDS", help: "The moment to draw, in seconds from the start."),
        OptionDefinition(name: "--index", short: "-i", valueName: "N", help: "The frame to draw, counting from 0."),
        OptionDefinition(name: "--output", short: "-o", valueName: "FILE", help: "The file to write: .png or .svg."),
        OptionDefinition(
            name: "--variant", short: nil, valueName: "SUFFIX",
            help: "One of the spec's variants (dark, rtl-ax2@3x, …); default: the spec's own appearance."),
        rootOption,
    ]

    /// The top-level help.
    package static var toolHelp: String {
        let width = (commandSummaries.map(\.name.count).max() ?? 0) + 3
        let commands = commandSummaries.map { "  " + $0.name.padded(to: width) + $0.summary }
        return """
            PickerReel: pictures of a segmented picker's highlight animating, from a JSON spec.

            Usage: pickerreel <command> [options]

            Commands:
            \(commands.joined(separator: "\n"))

            Run 'pickerreel <command> --help' for a command's options.
            Exit status: 0 success, 1 differences found (compare), 2 bad input or usage.

            """
    }

    static let renderHelp = usageText(
        command: "render",
        operands: "[SPEC…]",
        summary: "Render every frame of each spec into frame-0000.png, frame-0001.png, … With no SPEC, renders the built-in seed demo.",
        options: renderOptions,
        details: """
            Each spec renders into <DIR>/<spec name>/, where DIR is -o or Output, whether one spec is given or a
            glob matches many; specs render in parallel across cores. A folder changes only when its render is
            complete: a failed or interrupted render leaves it exactly as it was, and a second render into the
            same folder at the same time fails at once. Only the files of the formats written are replaced.

            Each folder gets pickerreel-manifest.json: the digests of the spec and its files, the tool, the
            options and library versions that made it, and every file written. A spec whose folder's manifest
            records the same inputs, with every file there at its recorded size and SHA-256, is "up to date":
            nothing is drawn or written. --force renders it anyway. A manifest is a cache, never evidence: --verify
            renders every spec afresh into a scratch folder, compares each output folder with it (missing, extra
            and changed files; links are differences) and exits 1 naming every file that differs, writing nothing.

            A spec with "variants" renders each as if it were a spec named <name>-<suffix> (period-dark-rtl@3x):
            into DIR/<name>-<suffix>/ with <name>-<suffix>.gif and so on; its own appearance keeps <name>.
            --variant picks some of them.

            Per-frame formats write frame-0000.png (or .svg), …; svg-animated writes <name>.svg, sheet writes
            <name>-sheet.png, gif <name>.gif, apng <name>.png, webp <name>.webp, mp4 <name>.mp4 and webm
            <name>.webm, lottie <name>.lottie.json in the same folder. For a README on GitHub choose webp (lossless, plays in an <img>);
            for Slack and older tools gif; for video players and <video> mp4 or webm.

            --audit also measures WCAG 2.2 contrast on every frame (as pickerreel audit does) and records each
            label's, icon's and the highlight's worst ratio in the manifest; compare --update carries it into the
            goldens, and a later compare of a changed folder says "Week: text 4.8:1 → 3.9:1, below 4.5:1".

            --times 0,0.5,1.2 (or --every 0.25) writes the PNG pictures of only those moments, named
            <name>.0.000s.png, <name>.0.500s.png, … as assertPickerSnapshot names its goldens, so goldens made by
            the tool, the GitHub Action (its times input) and Swift tests are laid out the same way.

            SPEC arguments are files: a pattern such as 'specs/*.json' is expanded by the shell, so leave it
            unquoted.

            --png-level trades encoding time for file size (libdeflate's levels); the pixels are the same at
            every level. docs/performance.md has the measured trade-off.
            """)
    static let frameHelp = usageText(
        command: "frame", operands: "SPEC",
        summary: "Render one frame, for documentation images.", options: frameOptions)
    static let layoutHelp = usageText(
        command: "layout", operands: "SPEC",
        summary: "Print {\"canvas\": {width, height, scale}, \"segments\": [{item, x, y, width, height}]} as JSON, in points.",
        options: variantOption)
    static let timelineHelp = usageText(
        command: "timeline", operands: "SPEC",
        summary: "Print {fps, duration, frames: [{index, time, highlight: {x, y, width, height, cornerRadius, opacity} or null}]} as JSON.",
        options: variantOption)
    static let tokensHelp = usageText(
        command: "tokens", operands: "SPEC",
        summary:
            "Print each field whose value came from a DTCG design token (\"{group.token}\"): the field, the token, its file and the value, for every variant (or the one --variant names), so a reviewer sees what a token change moves.",
        options: variantOption)
    static let validateHelp = usageText(
        command: "validate", operands: "SPEC…", summary: "Check each spec (JSON, fields, limits) without rendering.",
        options: [rootOption])

    /// Parses the arguments after the program name.
    ///
    /// Throws `UsageError` for an unknown command or option, a missing argument, or a malformed value.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let name = arguments.first else { return .help(text: toolHelp) }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "--help", "-h", "help":
            if let topic = rest.first, let text = help(for: topic) { return .help(text: text) }
            return .help(text: toolHelp)
        case "--version", "version":
            return .version
        case "render":
            let parsed = try parseArguments(rest, options: renderOptions, command: name)
            if parsed.has("--help") { return .help(text: renderHelp) }
            var options = RenderOptions()
            options.specPaths = parsed.positional
            options.outputPath = parsed.value("--output")
            if options.outputPath == "" {
                throw UsageError(command: name, message: "--output \"\": give a folder, such as Output or . for the current folder")
            }
            options.variants = parsed.values("--variant")
            options.quiet = parsed.has("--quiet")
            options.force = parsed.has("--force")
            options.verify = parsed.has("--verify")
            options.audit = parsed.has("--audit")
            if options.verify, options.force {
                throw UsageError(command: name, message: "--verify writes nothing and --force writes everything; give one of them")
            }
            options.root = try root(parsed, command: name)
            if let list = parsed.value("--format") {
                options.formats = try parseFormats(list)
            }
            if let shard = parsed.value("--shard") {
                guard let parsed = Shard(parsing: shard) else {
                    throw UsageError(
                        command: name, message: "--shard \(OptionValue.shown(shard)): expected K/N with 1 ≤ K ≤ N, such as 2/4")
                }
                options.shard = parsed
            }
            if let matte = parsed.value("--gif-matte") {
                if matte == "none" {
                    options.gifMatte = .noMatte
                } else if let color = PickerColor(matte), color.isOpaque {
                    options.gifMatte = .color(color)
                } else {
                    throw UsageError(command: name, message: WriteOptionRules.gifMatte(OptionValue.shown(matte)))
                }
            }
            if let quality = parsed.value("--webp-quality") {
                guard let number = Int(quality), WriteOptionRules.webpQualities.contains(number) else {
                    throw UsageError(command: name, message: WriteOptionRules.webpQuality(OptionValue.shown(quality)))
                }
                options.webpQuality = number
            }
            if let chroma = parsed.value("--video-chroma") {
                guard let value = VideoOptions.Chroma(rawValue: chroma) else {
                    throw UsageError(command: name, message: "--video-chroma \(OptionValue.shown(chroma)): expected 420, 444, alpha or rgb")
                }
                if value == .alpha || value == .rgb, options.formats.contains(.mp4) {
                    throw UsageError(
                        command: name,
                        message:
                            "--video-chroma \(chroma) needs WebM, and the formats include mp4 (H.264 holds 420 or 444); render the MP4 separately"
                    )
                }
                options.video.chroma = value
            }
            if let matte = parsed.value("--video-matte") {
                guard let color = PickerColor(matte), color.isOpaque else {
                    throw UsageError(command: name, message: WriteOptionRules.videoMatte(OptionValue.shown(matte)))
                }
                options.video.matte = color
            }
            if let crf = parsed.value("--crf") {
                guard let number = Int(crf), WriteOptionRules.crfs(for: options.formats).contains(number) else {
                    throw UsageError(command: name, message: WriteOptionRules.crf(OptionValue.shown(crf), formats: options.formats))
                }
                options.video.crf = number
            }
            if let jobs = parsed.value("--jobs") {
                guard let count = Int(jobs), (1...256).contains(count) else {
                    throw UsageError(command: name, message: "--jobs \(OptionValue.shown(jobs)): expected a whole number from 1 to 256")
                }
                options.jobs = count
            }
            if let memory = parsed.value("--memory") { options.memory = try Self.memoryBudget(memory, command: name) }
            switch (parsed.value("--times"), parsed.value("--every")) {
            case (.some, .some):
                throw UsageError(command: name, message: "--times and --every cannot be used together")
            case (let list?, nil):
                options.times = try parseTimes(list)
            case (nil, let step?):
                guard let seconds = OptionValue.decimal(step), seconds >= 0.001 else {
                    throw UsageError(
                        command: name, message: "--every \(OptionValue.shown(step)): expected a decimal number of seconds, 0.001 or more")
                }
                options.every = seconds
            case (nil, nil):
                break
            }
            if !options.times.isEmpty || options.every != nil {
                guard WriteOptionRules.takesMoments(options.formats) else {
                    throw UsageError(command: name, message: WriteOptionRules.momentFormats(options.every == nil ? "--times" : "--every"))
                }
            }
            if let level = parsed.value("--png-level") {
                guard let number = Int(level), PNGCompression.levels.contains(number) else {
                    let levels = "\(PNGCompression.levels.lowerBound) to \(PNGCompression.levels.upperBound)"
                    throw UsageError(
                        command: name, message: "--png-level \(OptionValue.shown(level)): expected a whole number from \(levels)")
                }
                options.pngLevel = number
            }
            return .render(options)
        case "frame":
            let parsed = try parseArguments(rest, options: frameOptions, command: name)
            if parsed.has("--help") { return .help(text: frameHelp) }
            let spec = try single(parsed.positional, command: name, what: "SPEC")
            guard let output = parsed.value("--output") else {
                throw UsageError(command: name, message: "-o FILE is required (a .png or .svg file)")
            }
            guard output.hasSuffix(".png") || output.hasSuffix(".svg") else {
                throw UsageError(command: name, message: "-o \(OptionValue.shown(output)): the file name must end in .png or .svg")
            }
            let moment: FrameOptions.Moment
            switch (parsed.value("--time"), parsed.value("--index")) {
            case (let time?, nil):
                guard let seconds = OptionValue.decimal(time), seconds >= 0 else {
                    throw UsageError(
                        command: name, message: "--time \(OptionValue.shown(time)): expected a decimal number of seconds, 0 or more")
                }
                moment = .time(seconds)
            case (nil, let index?):
                guard let number = Int(index), number >= 0 else {
                    throw UsageError(command: name, message: "--index \(OptionValue.shown(index)): expected a whole number, 0 or more")
                }
                moment = .index(number)
            case (nil, nil):
                throw UsageError(command: name, message: "give --time SECONDS or --index N")
            default:
                throw UsageError(command: name, message: "give --time or --index, not both")
            }
            return .frame(
                FrameOptions(
                    specPath: spec, moment: moment, outputPath: output, variant: parsed.value("--variant"),
                    root: try root(parsed, command: name)))
        case "compare":
            return try CompareCommand.parse(rest)
        case "audit":
            return try AuditCommand.parse(rest)
        case "merge-reports":
            return try MergeReportsCommand.parse(rest)
        case "preview":
            return try PreviewCommand.parse(rest)
        case "environment":
            return try EnvironmentCommand.parse(rest)
        case "layout", "timeline", "validate", "tokens":
            let parsed = try parseArguments(rest, options: name == "validate" ? [rootOption] : variantOption, command: name)
            if parsed.has("--help") { return .help(text: help(for: name) ?? toolHelp) }
            let root = try root(parsed, command: name)
            if name == "validate" {
                guard !parsed.positional.isEmpty else { throw UsageError(command: name, message: "give at least one SPEC file") }
                return .validate(specPaths: parsed.positional, root: root)
            }
            let spec = try single(parsed.positional, command: name, what: "SPEC")
            let variant = parsed.value("--variant")
            if name == "tokens" { return .tokens(specPath: spec, variant: variant, root: root) }
            return name == "layout"
                ? .layout(specPath: spec, variant: variant, root: root) : .timeline(specPath: spec, variant: variant, root: root)
        default:
            let guess = Suggestion.closest(to: name, in: commandSummaries.map(\.name), maximumDistance: 2)
            let hint = guess.map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(command: "", message: "unknown command '\(name)'\(hint)")
        }
    }

    static func help(for command: String) -> String? {
        switch command {
        case "render": return renderHelp
        case "frame": return frameHelp
        case "layout": return layoutHelp
        case "timeline": return timelineHelp
        case "validate": return validateHelp
        case "tokens": return tokensHelp
        case "compare": return CompareCommand.help
        case "audit": return AuditCommand.help
        case "merge-reports": return MergeReportsCommand.help
        case "preview": return PreviewCommand.help
        case "environment": return EnvironmentCommand.help
        default: return nil
        }
    }

    /// `--root DIR` when given: a folder that exists (checked here, so that a typo is not reported as every icon being
    /// outside it).
    ///
    /// Throws `UsageError` for an empty value or one that is not a folder.
    static func root(_ parsed: ParsedArguments, command: String) throws(UsageError) -> String? {
        guard let root = parsed.value("--root") else { return nil }
        var status = stat()
        guard !root.isEmpty, stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw UsageError(
                command: command, message: "--root \(root.isEmpty ? "\"\"" : OptionValue.shown(root)): expected a folder that exists")
        }
        return root
    }

    private static func single(_ positional: [String], command: String, what: String) throws(UsageError) -> String {
        guard positional.count == 1, let only = positional.first else {
            throw UsageError(
                command: command,
                message: positional.isEmpty ? "give one \(what) file" : "give one \(what) file, not \(positional.count)")
        }
        return only
    }
}
