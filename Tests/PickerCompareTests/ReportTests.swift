import Foundation
import PickerCompare
import Testing

@Suite("Reports")
struct ReportTests {
    static let summary = ComparisonSummary(files: [
        FileComparison(
            name: "a.png",
            outcome: .compared(PixelComparison(differentPixels: 3, antialiasedPixels: 2, size: ImageSize(width: 8, height: 6))),
            matches: false,
            diffPath: "diffs/a.png"
        ),
        FileComparison(
            name: "b.png",
            outcome: .compared(PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: ImageSize(width: 4, height: 4))),
            matches: true
        ),
        FileComparison(
            name: "c.png",
            outcome: .differentSizes(expected: ImageSize(width: 8, height: 6), actual: ImageSize(width: 9, height: 6)),
            matches: false
        ),
        FileComparison(name: "d.png", outcome: .missing(.actual), matches: false),
    ])

    @Test("the JSON report has the documented keys, sorted")
    func json() throws {
        let expected = """
            {"files":[\
            {"antialiasedPixels":2,"differentPixels":3,"height":6,"match":false,"name":"a.png","ratio":0.0625,"width":8},\
            {"antialiasedPixels":0,"differentPixels":0,"height":4,"match":true,"name":"b.png","ratio":0,"width":4},\
            {"height":{"actual":6,"expected":6},"match":false,"name":"c.png","width":{"actual":9,"expected":8}},\
            {"match":false,"missing":"actual","name":"d.png"}\
            ],"match":false}

            """
        #expect(try CompareReport(Self.summary).json() == expected)
    }

    @Test("the JSON report decodes back to the same report")
    func roundTrip() throws {
        let report = CompareReport(Self.summary)
        let decoded = try JSONDecoder().decode(CompareReport.self, from: Data(report.json().utf8))
        #expect(decoded == report)
    }

    @Test("the text report has a line per file and a summary")
    func text() {
        #expect(
            TextReport.text(Self.summary) == """
                a.png: differ, 3 pixels differ (6.25%), 2 anti-aliased; diff in diffs/a.png
                b.png: match, 0 pixels differ (0%), 0 anti-aliased
                c.png: differ, sizes differ: expected 8×6, actual 9×6
                d.png: differ, missing from actual
                3 of 4 files differ.

                """
        )
        #expect(TextReport.text(ComparisonSummary(files: [])) == "No PNG files to compare.\n")
    }
}
