// libFuzzer entry point for a snapshot's environment record, `<name>.environment.json` beside its goldens
// (`RenderEnvironment.readRecord`): within its limits, every library's and font's name and version escaped and cut
// short, then compared with an environment as a failing snapshot compares it.
//
// Built by `make fuzz-build` like the graphics fuzzer; run by `make fuzz-environment` from
// Fixtures/environment-corpus. A finding is anything that stops the process, or the fatalError below: a string
// that reaches a message with a control character in it, or longer than the limit.
import PickerRender

/// An environment to compare records with, made once (its libraries' versions are this process's).
let fuzzEnvironment = RenderEnvironment(fonts: ["Inter-Regular.otf": String(repeating: "0", count: 64)])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvironmentRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let record = try? RenderEnvironment.readRecord(bytes) else { return 0 }
    let limit = RenderEnvironment.recordTextLimit + 1
    for text in Array(record.libraries.keys) + Array(record.libraries.values) + Array(record.fonts.keys) + Array(record.fonts.values) {
        if text.count > limit || text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            fatalError("fuzz: a record's text reaches messages unsafe: \(text.debugDescription)")
        }
    }
    let changes = record.changes(to: fuzzEnvironment, sameInputs: false) + fuzzEnvironment.changes(to: record)
    if changes.contains(where: { $0.contains("\n") || $0.count > 4 * limit }) { fatalError("fuzz: a change line is unsafe") }
    return 0
}
