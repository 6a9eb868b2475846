import FoundationEssentials
import PickerReel
import PickerReelCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A thin entry point: everything lives in PickerReelCLI so tests can call it.
StandardDescriptors.reserveClosed()
SignalCleanup.install()
let status = PickerReelTool.run(Array(CommandLine.arguments.dropFirst()))
// When a signal stopped the work, its handler is leaving the output folders whole and will exit with
// 128 + signal; wait for it rather than racing it with an ordinary exit status.
while OutputFolders.shared.isInterrupted { pause() }
exit(status)
