import PickerKit
import PickerReel

/// The values of options that are lists or sizes: `--memory`, `--times`, `--format`.
extension CommandParser {
    /// The bytes of a size such as `512M`, `1.5G`, `2GiB` or `800000000` (K, M, G: powers of 1024); nil when it is
    /// not one, or over 1 TiB.
    static func byteCount(_ text: String) -> Int? {
        var number = text.uppercased()
        if number.hasSuffix("IB") { number.removeLast(2) } else if number.hasSuffix("B") { number.removeLast() }
        let units: [Character: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
        var unit = 1.0
        if let last = number.last, let scale = units[last] {
            unit = scale
            number.removeLast()
        }
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = OptionValue.decimal(number) else {
            return nil
        }
        let bytes = value * unit
        guard bytes.isFinite, bytes <= 1024 * 1024 * 1024 * 1024 else { return nil }
        return Int(bytes)
    }

    /// The budget `--memory SIZE` gives `command` (render and compare take the same sizes, with the same message).
    ///
    /// Throws `UsageError` for a value that is not a size from 64M to 1024G (1 TiB).
    static func memoryBudget(_ value: String, command: String) throws(UsageError) -> MemoryBudget {
        guard let bytes = byteCount(value), bytes >= 64 << 20 else {
            throw UsageError(
                command: command,
                message:
                    "--memory \(OptionValue.shown(value)): expected a size of at least 64M and at most 1024G, such as 512M or 2G (M and G are 1024² and 1024³ bytes)"
            )
        }
        return MemoryBudget(bytes: bytes)
    }

    /// `0,0.5,1.2` as seconds: each a decimal number from 0 to `MomentName.latest`, no two sharing a picture's name
    /// (milliseconds), and at most a spec's frame limit of them (counted before the list is split).
    static func parseTimes(_ list: String) throws(UsageError) -> [Double] {
        let limit = SpecLimits.maximumFrames
        let count = list.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
        guard count <= limit else {
            throw UsageError(command: "render", message: "--times: " + WriteOptionRules.momentCount(count))
        }
        var times: [Double] = []
        var labels: [String: String] = [:]
        for word in list.split(separator: ",", omittingEmptySubsequences: false) {
            let text = word.trimmingSpaces()
            guard let time = OptionValue.decimal(text), WriteOptionRules.moments.contains(time) else {
                throw UsageError(command: "render", message: WriteOptionRules.moment(OptionValue.shown(text)))
            }
            let label = MomentName.label(of: time)
            if let earlier = labels[label] {
                throw UsageError(
                    command: "render", message: WriteOptionRules.sameMillisecond(OptionValue.shown(earlier), OptionValue.shown(text)))
            }
            labels[label] = text
            times.append(time)
        }
        return times
    }

    static func parseFormats(_ list: String) throws(UsageError) -> [OutputFormat] {
        var formats: [OutputFormat] = []
        for word in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingSpaces()
            guard let format = OutputFormat(rawValue: name) else {
                let known = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    command: "render", message: "--format: unknown format '\(OptionValue.shown(name))'; known formats: \(known)")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
