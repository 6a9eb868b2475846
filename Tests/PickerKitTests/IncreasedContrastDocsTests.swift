import Foundation
import TestSupport
import Testing

@testable import PickerKit

/// Issue 35, part 3: docs/ios-appearance.md's Increase Contrast tables are what the code draws, value for value, so
/// the values it says were checked against a device's (and the source it names) are the ones the tool uses.
@Suite("Increase Contrast values: the docs table is the code's")
struct IncreasedContrastDocsTests {
    /// The colour a cell of the tables gives: `#RRGGBB`, `rgba(R, G, B, A)` with A a decimal or `N/255`, or nil for
    /// `unchanged`.
    static func color(_ cell: String) throws -> RGBAColor? {
        if cell == "unchanged" { return nil }
        if cell.hasPrefix("#") { return RGBAColor(hex: try #require(UInt32(cell.dropFirst(), radix: 16), "\(cell)")) }
        let numbers = try #require(cell.hasPrefix("rgba(") ? cell.dropFirst(5).dropLast().split(separator: ",") : nil, "\(cell)")
        let parts = numbers.map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(parts.count == 4, "\(cell)")
        let channels = try parts.prefix(3).map { try #require(Double($0), "\(cell)") / 255 }
        let alphaParts = parts[3].split(separator: "/").compactMap { Double($0) }
        let alpha = alphaParts.count == 2 ? alphaParts[0] / alphaParts[1] : try #require(alphaParts.first, "\(cell)")
        return RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    @Test func everyRowOfTheTablesIsTheValueDrawn() throws {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/ios-appearance.md"), encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "## Increase Contrast").dropFirst().first)
        let body = try #require(section.components(separatedBy: "\n## ").first)
        var named: Set<NamedColor> = []
        for line in body.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| name") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].components(separatedBy: " / ")[0]
            let color = try #require(NamedColor(rawValue: name), "\(line)")
            for (scheme, cell) in [(ColorScheme.light, cells[1]), (.dark, cells[2])] {
                #expect(color.increasedContrastValue(in: scheme) == (try Self.color(cell)), "\(name) \(scheme)")
            }
            named.insert(color)
        }
        let withValues = NamedColor.allCases.filter {
            $0 != .accent && ($0.increasedContrastValue(in: .light) != nil || $0.increasedContrastValue(in: .dark) != nil)
        }
        #expect(named == Set(withValues), "the tables name \(named.count) colours; the code changes \(withValues.count)")
        #expect(docs.contains("lightHighContrast.ts") && docs.contains("darkHighContrast.ts"))
    }
}
