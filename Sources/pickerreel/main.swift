import Foundation
import PickerReelCLI

// A thin entry point: everything lives in PickerReelCLI so tests can call it.
SignalCleanup.install()
exit(SignalCleanup.exitStatus(PickerReelTool.run(Array(CommandLine.arguments.dropFirst()))))
