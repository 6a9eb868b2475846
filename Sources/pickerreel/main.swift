import FoundationEssentials
import Glibc
import PickerReel
import PickerReelCLI

// A thin entry point: everything lives in PickerReelCLI so tests can call it.
StandardDescriptors.reserveClosed()
// An argument that is not UTF-8 (a file name's raw bytes) would reach the tool with each bad byte turned into U+FFFD,
// naming another file, or none: refuse it, as one line.
for index in 1..<Int(CommandLine.argc) {
    guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
    let shown = PlainText.escaped(String(cString: raw))
    let problem = "argument \(index) is not UTF-8 text (a file name with bytes that are not UTF-8); rename it"
    let line = Array("pickerreel: error: \(shown): \(problem)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
SignalCleanup.install()
let status = PickerReelTool.run(Array(CommandLine.arguments.dropFirst()))
// When a signal stopped the work, its handler is leaving the output folders whole and will exit with
// 128 + signal; wait for it rather than racing it with an ordinary exit status.
while Renderer.writesAreInterrupted { pause() }
exit(status)
