// libFuzzer entry point for the switch journal parser (SwitchJournal.parse, in PickerKit): the bytes of a
// `.pickerreel-manifest` that a pull request could commit inside its goldens. Built by `make fuzz-build-journal`
// with `swiftc -sanitize=fuzzer,address` together with the PickerKit sources, as the spec fuzzer is.
//
// Beyond "no trap, no sanitizer report", every input must keep `SwitchJournal.brokenPromise`'s promises, which the
// test suite also checks on every seed in Fixtures/journal-corpus (SwitchJournalTests).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    if let broken = SwitchJournal.brokenPromise(parsing: Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError("fuzz: \(broken)")
    }
    return 0
}
