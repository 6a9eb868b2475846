import Foundation
import TestSupport
import Testing

@testable import PickerKit

/// Issue 35, part 3: docs/ios-appearance.md's Increase Contrast table is what the code draws, value for value, so
/// the values it says are unverified (and the source it compared them with) are the ones the tool uses.
@Suite("Increase Contrast values: the docs table is the code's")
struct IncreasedContrastDocsTests {
    @Test func everyRowOfTheTableIsTheValueDrawn() throws {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/ios-appearance.md"), encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "## Increase Contrast").dropFirst().first)
        var rows = 0
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && line.contains("#") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].replacingOccurrences(of: " †", with: "").components(separatedBy: " / ")[0]
            let color = try #require(NamedColor(rawValue: name), "\(line)")
            for (scheme, cell) in [(ColorScheme.light, cells[1]), (.dark, cells[2])] {
                let hex = try #require(UInt32(cell.dropFirst(), radix: 16), "\(line)")
                #expect(color.increasedContrastValue(in: scheme) == RGBAColor(hex: hex), "\(name) \(scheme)")
            }
            rows += 1
        }
        let withValues = NamedColor.allCases.filter { $0.increasedContrastValue(in: .light) != nil && $0 != .accent }
        #expect(rows == withValues.count, "the table has \(rows) rows; the code has \(withValues.count) colours")
        #expect(docs.contains("Not verified against a citable text"))
    }
}
