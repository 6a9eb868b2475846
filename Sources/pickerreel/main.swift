import Foundation
import PickerReelCLI
import PickerRender

// A thin entry point: everything lives in PickerReelCLI so tests can call it.
SignalCleanup.install()
let status = PickerReelTool.run(Array(CommandLine.arguments.dropFirst()))
// When a signal stopped the work, its handler is removing the unfinished output and will exit with
// 128 + signal; wait for it rather than racing it with an ordinary exit status.
while StagingRegistry.shared.isCancelled { pause() }
exit(status)
