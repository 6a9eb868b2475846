import FoundationEssentials
import PickerCompare
import PickerKit
import PickerReel
import Synchronization

/// The options of `pickerreel audit`.
package struct AuditOptions: Equatable, Sendable {
    /// Spec files; empty audits the built-in seed demo.
    package var specPaths: [String] = []
    /// The variants to audit, by suffix; empty audits every variant each spec lists.
    package var variants: [String] = []
    /// `--root`, as `RenderOptions.root`.
    package var root: String?
    /// Every `--report`, in the order given (compare's kinds).
    package var reports: [CompareReportRequest] = []
    /// `--require`: the criteria whose failure fails the run; empty reports only.
    package var required: Set<AccessibilityCriterion> = []
    /// `--memory`: how much the audits side by side may hold at once; one that alone needs more is refused.
    package var memory = MemoryBudget.standard

    /// The defaults: the built-in demo, every variant, a text report, nothing required.
    package init() {}
}

/// `pickerreel audit SPEC…`: WCAG 2.2 contrast measured on every frame of every variant (`Renderer.audit`), reported
/// through compare's report writers (`CompareRun.writeAudit`).
struct AuditCommand {
    static let optionTable = [
        OptionDefinition(
            name: "--variant", short: nil, valueName: "SUFFIX",
            help: "Audit only this variant of each spec: dark, rtl-ax2@3x, …, or default for the spec's own.", repeatable: true),
        OptionDefinition(
            name: "--report", short: "-r", valueName: "KIND",
            help: "Also report as: json (standard output; json=FILE), junit FILE, github, html DIR.", repeatable: true),
        OptionDefinition(
            name: "--require", short: nil, valueName: "CRITERIA",
            help: "Exit 1 when these fail on any frame: 1.4.3, 1.4.11, comma-separated, or all (default: report only)."),
        OptionDefinition(
            name: "--memory", valueName: "SIZE",
            help: "Memory the audits may take at once, such as 512M or 2G (default 1G): fewer specs are audited side by side."),
        CommandParser.rootOption,
    ]

    static let help = usageText(
        command: "audit", operands: "[SPEC…]",
        summary:
            "Measure WCAG 2.2 contrast on every frame of every variant, and report each spec-variant's worst moment. With no SPEC, audits the built-in seed demo.",
        options: optionTable,
        details: """
            1.4.3 Contrast (Minimum), AA: each label against the colours beneath its glyphs at that moment
            (track, highlight, its shadow, a label mid-fade), 4.5:1, or 3:1 for large-scale text (24 pt, or
            18.67 pt bold). 1.4.11 Non-text Contrast, AA: the highlight against what surrounds it, and template
            icons against what is beneath them, 3:1. Measured from the frames' pixels as the PNG frames hold them,
            translucent pixels seen over white (docs/accessibility.md says how).

            A report by default (exit 0): Apple's own controls are below some of these levels. --require 1.4.3
            (or 1.4.11, or both, or all) exits 1 when a required criterion fails on any frame.
            Reports as compare's: --report json (json=FILE), junit FILE, github, html DIR (a strip over time).

            Each audit holds two drawers of its picture and its glyph masks; audits side by side share --memory,
            and one that alone needs more is refused before anything is drawn (exit 2).

            Exit status: 0 audited (and every required criterion met), 1 a required criterion failed, 2 bad input.
            """)

    /// Parses the arguments after the word `audit`.
    ///
    /// Throws `UsageError` for an unknown option, a report kind that is unknown or lacks its path, a report given
    /// twice, or criteria the audit does not measure.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let parsed = try parseArguments(CompareCommand.joiningReportPaths(arguments), options: optionTable, command: "audit")
        if parsed.has("--help") { return .help(text: help) }
        var options = AuditOptions()
        options.specPaths = parsed.positional
        options.variants = parsed.values("--variant")
        options.root = try CommandParser.root(parsed, command: "audit")
        if let memory = parsed.value("--memory") { options.memory = try CommandParser.memoryBudget(memory, command: "audit") }
        var kinds: Set<String> = []
        for value in parsed.values("--report") {
            let request: CompareReportRequest
            do {
                request = try CompareCommand.report(value)
            } catch {
                throw UsageError(command: "audit", message: error.message)
            }
            let kind = String(value.prefix { $0 != "=" })
            guard kinds.insert(kind).inserted else { throw UsageError(command: "audit", message: "--report \(kind) is given twice") }
            options.reports.append(request)
        }
        if kinds.contains("github"), options.reports.contains(.json(path: nil)) {
            throw UsageError(
                command: "audit",
                message:
                    "--report json prints to standard output, which --report github keeps for its annotations; write it to a file: --report json=FILE"
            )
        }
        if let list = parsed.value("--require") {
            switch AccessibilityCriterion.parse(list: list) {
            case .success(let criteria) where !criteria.isEmpty:
                options.required = criteria
            case .success, .failure:
                let known = AccessibilityCriterion.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    command: "audit",
                    message:
                        "--require \(list.isEmpty ? "\"\"" : OptionValue.shown(list)): expected WCAG criteria the audit measures, \(known), comma-separated, or all"
                )
            }
        }
        return .audit(options)
    }

    let options: AuditOptions
    let console: Console

    /// Audits every spec-variant (in parallel), writes the reports, and returns the exit status: 0 audited, 1 a
    /// required criterion failed, 2 bad input (printed; no report written).
    func run() -> Int32 {
        var loading = RenderOptions()
        loading.specPaths = options.specPaths
        loading.variants = options.variants
        loading.root = options.root
        guard let sources = RenderCommand(options: loading, console: console).loadSources() else { return ExitCode.badInput }
        let root = InspectCommands.url(options.root)
        let results = AuditSlots(count: sources.count)
        // Audits side by side take their share of --memory before drawing; one that alone needs more is refused.
        let shared = SharedMemoryBudget(options.memory)
        let budget = options.memory
        // A lane per core, each taking the next spec-variant (each makes its own cairo and Pango objects).
        let lane: @Sendable () -> Void = {
            while let index = results.next() {
                let source = sources[index]
                do {
                    let renderer = try Renderer(source.spec, variant: source.variant, file: source.path, root: root)
                    try renderer.plan.checkAudit(within: budget)
                    let audit = try shared.withShare(of: renderer.plan.auditBytes) { () throws(RenderError) in
                        try renderer.audit(name: source.name, file: source.path)
                    }
                    results.store(.success(audit), at: index)
                } catch {
                    results.store(.failure(error), at: index)
                }
            }
        }
        let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, sources.count))
        let threads = (1..<lanes).compactMap { _ in LaneThread(lane) }
        lane()
        for thread in threads { thread.join() }
        var audits: [ContrastAudit] = []
        var failed = false
        for (index, result) in results.all.enumerated() {
            switch result {
            case .success(let audit)?: audits.append(audit)
            case .failure(let error)?:
                console.err(ErrorLine.text(for: error, context: sources[index].displayName, variant: sources[index].variant?.suffix))
                failed = true
            case nil: failed = true
            }
        }
        guard !failed else { return ExitCode.badInput }
        var reporting = CompareOptions(expected: "", actual: "")
        reporting.reports = options.reports
        do {
            let verdict = try CompareRun(reporting).writeAudit(
                ContrastAuditReport(audits: audits, required: options.required), printing: console.compareOutput)
            return verdict == .matches ? ExitCode.success : ExitCode.differences
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
    }
}

/// The audits of the spec-variants as the lanes finish them, and which one is next.
private final class AuditSlots: Sendable {
    private let state: Mutex<(next: Int, results: [Result<ContrastAudit, any Error>?])>

    init(count: Int) { state = Mutex((0, Array(repeating: nil, count: count))) }

    /// The next spec-variant to audit, or nil when every one is taken.
    func next() -> Int? {
        state.withLock { state in
            guard state.next < state.results.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func store(_ result: Result<ContrastAudit, any Error>, at index: Int) { state.withLock { $0.results[index] = result } }

    var all: [Result<ContrastAudit, any Error>?] { state.withLock { $0.results } }
}
