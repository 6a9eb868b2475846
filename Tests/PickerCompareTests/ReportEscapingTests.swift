import Foundation
import Testing

@testable import PickerCompare

/// The report's escaping gives what Foundation's APIs gave before the tool stopped linking Foundation.
@Suite("Report escaping")
struct ReportEscapingTests {
    /// A file's URL in the HTML report is each part percent-encoded as `addingPercentEncoding` with
    /// `.alphanumerics` and `-._~` does on Linux: ASCII letters and digits kept, spaces, `#`, `%`, letters of other
    /// scripts, emoji and the rest encoded.
    @Test func urlPartsArePercentEncodedAsFoundationEncodesThem() throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        for path in ["frames/frame-0001.png", "a b/c#d.png", "ünï/cödé.png", "100%.png", "🏳️‍🌈/x?y=z&w", "a//b/", "日本/語.png", "e\u{301}.png"] {
            let foundation = path.split(separator: "/", omittingEmptySubsequences: false)
                .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
            #expect(HTMLReport.url(path) == foundation, "\(path)")
        }
    }

    /// HTML and GitHub annotations escape as chained `replacingOccurrences` did, also in `\r\n`; an `&` before a
    /// combining mark, which Foundation on Linux left as it was, is escaped too.
    @Test func htmlAndAnnotationsEscapeAsBefore() {
        #expect(HTMLReport.html("&\u{301}") == "&amp;\u{301}")
        for text in ["a&b<c>\"d\"", "100%: a,b", "plain"] {
            let html = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            #expect(HTMLReport.html(text) == html, "\(text.debugDescription)")
            let data = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
            #expect(GitHubReport.data(text) == data, "\(text.debugDescription)")
            let property = data.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
            #expect(GitHubReport.property(text) == property, "\(text.debugDescription)")
        }
        // Line breaks and other control characters are shown as escapes first (`PlainText`), so no name makes a
        // second line in an annotation or the page.
        #expect(HTMLReport.html("line\r\nbreak\u{1B}") == #"line\r\nbreak\u{1B}"#)
        #expect(GitHubReport.data("line\r\n%0A") == #"line\r\n%250A"#)
    }
}
