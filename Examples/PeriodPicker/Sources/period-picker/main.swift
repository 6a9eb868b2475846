// The README's "Use it from Swift", as a program: describe a picker in Swift, render a frame, a WebP and an MP4, write a
// folder of PNG frames and a GIF all or nothing, and write the spec as JSON for the command-line tool.
import Foundation
import PickerReel

let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Output/period")
do {
    var spec = try PickerSpec(
        items: ["Day", "Week", "Month"], initial: "Day",
        changes: [.select("Week", after: 0.3), .select("Month", after: 0.6, curve: .easeInOut)])
    spec.style.highlight.color = .indigo  // SwiftUI's colour names; .hex("#5856D6") too
    let renderer = try Renderer(spec)  // validates again: a spec made invalid in code throws SpecError
    let png: Data = try renderer.png(at: 0.5)  // also png(frame:), svg(at:), image(at:)
    let webp: Data = try renderer.webp()  // and gif(), apng(), animatedSVG(), contactSheet()
    let mp4: Data = try renderer.mp4(options: VideoOptions(chroma: .yuv444))  // webm(options:) too
    let summary = try renderer.write(formats: [.png, .gif], to: folder)  // the CLI's staged write
    let json: Data = try spec.jsonData()  // what `pickerreel` reads; PickerSpec(json:) reads it back
    try json.write(to: folder.deletingLastPathComponent().appendingPathComponent("period.json"))
    print(
        "PNG at 0.5 s: \(png.count) bytes; WebP: \(webp.count) bytes; MP4: \(mp4.count) bytes; \(summary.files.count) files in \(summary.folder)"
    )
} catch let error as SpecError {
    FileHandle.standardError.write(Data("period-picker: \(error)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("period-picker: \(error)\n".utf8))
    exit(1)
}
