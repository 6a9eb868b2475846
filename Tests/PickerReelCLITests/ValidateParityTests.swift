import Foundation
import TestSupport
import Testing

/// One spec at an edge of the limits, and whether it is meant to be valid.
struct EdgeSpec: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var valid: Bool
    var testDescription: String { name }

    static let all: [EdgeSpec] = [
        EdgeSpec(name: "empty-label-no-padding", json: #"{"items":[""],"style":{"padding":0}}"#, valid: true),
        EdgeSpec(
            name: "padding-1e-300", json: #"{"items":[""],"style":{"padding":0,"segmentPadding":{"horizontal":1e-300}}}"#, valid: true),
        EdgeSpec(
            name: "padding-7e-23", json: #"{"items":[""],"style":{"padding":0,"segmentPadding":{"horizontal":7e-23,"vertical":7e-23}}}"#,
            valid: true),
        EdgeSpec(name: "one-frame", json: #"{"items":["A"],"selection":{"tail":0}}"#, valid: true),
        EdgeSpec(
            name: "one-fps",
            json: #"{"items":["A","B"],"selection":{"initial":"A","sequence":[{"select":"B","after":0}],"tail":0},"output":{"fps":1}}"#,
            valid: true),
        // A picker 3,636 pt tall: its sheet of 240 frames is far beyond the picture limits at one pixel a point.
        EdgeSpec(
            name: "tall-sheet",
            json: """
                {"items":[\((0..<64).map { "\"Item \($0)\"" }.joined(separator: ","))],"style":{"orientation":"vertical","font":{"size":40}},
                "selection":{"initial":"Item 0","sequence":[{"select":"Item 63","after":0.1,"duration":2}]},"output":{"fps":120,"scale":0.25}}
                """, valid: true),
        EdgeSpec(
            name: "longest-label",
            json: #"{"items":["\#(String(repeating: "W", count: 200))"],"style":{"font":{"size":12}},"output":{"scale":0.25}}"#,
            valid: true),
        EdgeSpec(
            name: "clear-everything",
            json:
                #"{"items":["A","B"],"style":{"background":"clear","labelColor":"clear","highlight":{"color":"clear"}},"selection":{"initial":"A","sequence":[{"select":"B","after":0.1}]}}"#,
            valid: true),
        EdgeSpec(
            name: "translucent-highlight",
            json:
                ##"{"items":["A","B"],"style":{"background":"#FFFFFF00","highlight":{"color":"#0000FF80","opacity":1}},"selection":{"initial":"A","sequence":[{"select":"B","after":0.1}]}}"##,
            valid: true),
        EdgeSpec(
            name: "overshooting-bezier",
            json:
                #"{"items":["A","B","C"],"animation":{"curve":{"bezier":[0.5,-10,0.5,10]}},"selection":{"initial":"A","sequence":[{"select":"C","after":0.1}]}}"#,
            valid: true),
        EdgeSpec(
            name: "fade-out-then-jump",
            json:
                #"{"items":["A","B","C"],"selection":{"initial":"A","sequence":[{"select":null,"after":0.1},{"select":"C","after":0.1}]}}"#,
            valid: true),
        EdgeSpec(
            name: "largest-radius",
            json:
                #"{"items":["A","B"],"style":{"highlight":{"cornerRadius":4096}},"selection":{"initial":"A","sequence":[{"select":"B","after":0.1}]}}"#,
            valid: true),
        EdgeSpec(
            name: "right-to-left-and-emoji",
            json:
                #"{"items":["שלום","مرحبا","👩‍👩‍👧‍👦","e\u0301\u0301\u0301"],"selection":{"initial":"שלום","sequence":[{"select":"e\u0301\u0301\u0301","after":0.1}]}}"#,
            valid: true),
        EdgeSpec(name: "largest-font", json: #"{"items":["W"],"style":{"font":{"size":512}},"output":{"scale":0.25}}"#, valid: true),
        EdgeSpec(
            name: "largest-scale", json: #"{"items":["A"],"style":{"padding":0,"font":{"size":1}},"output":{"scale":8}}"#, valid: true),
        EdgeSpec(
            name: "largest-lengths", json: #"{"items":["A","B"],"style":{"spacing":4096,"padding":4096},"output":{"scale":0.25}}"#,
            valid: true),
        EdgeSpec(
            name: "nearly-10000-frames",
            json:
                #"{"items":["A","B"],"selection":{"initial":"A","sequence":[{"select":"B","after":0.1,"duration":41.5}],"tail":0.0125},"output":{"fps":240,"scale":0.25}}"#,
            valid: true),
        EdgeSpec(name: "heaviest-weight", json: #"{"items":[1,2,-3],"style":{"font":{"weight":1000}}}"#, valid: true),
        EdgeSpec(
            name: "spring-too-slow",
            json:
                #"{"items":["A","B"],"animation":{"curve":{"spring":{"response":10,"dampingFraction":0.01}}},"selection":{"initial":"A","sequence":[{"select":"B","after":0.1}]}}"#,
            valid: false),
        EdgeSpec(
            name: "too-large-at-scale-8", json: #"{"items":["A","B"],"style":{"spacing":4096,"padding":4096},"output":{"scale":8}}"#,
            valid: false),
        EdgeSpec(
            name: "too-wide-64-labels",
            json:
                #"{"items":[\#((0..<64).map { "\"\(String(format: "%03d", $0))\(String(repeating: "W", count: 197))\"" }.joined(separator: ","))],"output":{"scale":0.25}}"#,
            valid: false),
        EdgeSpec(name: "too-many-frames", json: #"{"items":["A"],"selection":{"tail":41.67},"output":{"fps":240}}"#, valid: false),
        EdgeSpec(name: "nul-label", json: #"{"items":["Mon\u0000day"]}"#, valid: false),
        EdgeSpec(name: "negative-spacing", json: #"{"items":["A","B"],"style":{"spacing":-1}}"#, valid: false),
    ]
}

/// `validate` says ok for exactly the specs that `render` renders, in every format (issue 9: it said ok to specs whose
/// sheet then trapped, hung or was refused).
@Suite("validate agrees with render")
struct ValidateParityTests {
    @Test(arguments: EdgeSpec.all)
    func validateAcceptsExactlyWhatEveryFormatRenders(_ edge: EdgeSpec) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(edge.json, named: "\(edge.name).json", in: work)
        let validate = try runTool(["validate", spec], timeLimit: 60)
        #expect(!validate.trapped && !validate.timedOut, "\(validate)")
        #expect(validate.status == (edge.valid ? 0 : 2), "\(validate)")
        for format in ["png", "svg", "svg-animated", "sheet", "gif"] {
            let output = work.appendingPathComponent(format)
            let render = try runTool(["render", spec, "-o", output.path, "--format", format, "-q"], timeLimit: 120)
            #expect(!render.trapped && !render.timedOut, "\(format): \(render)")
            #expect(render.status == validate.status, "\(format): \(render)")
            if render.status == 0 {
                #expect(!(try snapshot(of: output)).isEmpty, "\(format): nothing written")
            } else {
                // The same one line as validate, naming the spec and the field.
                #expect(render.errorLines.count == 1, "\(format): \(render)")
                #expect(render.stderr == validate.stderr, "\(format): \(render)")
                #expect(!FileManager.default.fileExists(atPath: output.path), "\(format)")
            }
        }
    }
}
