import Foundation
import PickerReel

var spec = try PickerSpec(
    items: ["Day", "Week", "Month"], initial: "Day",
    changes: [.select("Week", after: 0.5), .select("Month", after: 0.8)])
spec.style.highlight.color = .indigo  // SwiftUI's colour names; .hex("#5856D6") too
spec.style.highlight.opacity = 0.25
let renderer = try Renderer(spec)  // validates: a spec made invalid in code throws SpecError
let frame: Data = try renderer.png(at: 0.6)  // one moment; also svg(at:), image(at:)
let gif: Data = try renderer.gif()  // and webp(), apng(), mp4(), webm(), animatedSVG(), contactSheet()
try renderer.write(formats: [.png, .gif], to: URL(fileURLWithPath: "Output/period"))  // all or nothing, as the CLI
print("a frame of \(frame.count) bytes, a GIF of \(gif.count) bytes")
