extension SwitchJournal {
    /// What `parse` promises for any bytes, checked on `bytes`: nil when it holds, else the broken promise in words.
    ///
    /// The fuzz target (`Fuzz/JournalFuzzer.swift`, `make fuzz-journal`) calls it on every input and the test suite
    /// on every seed in Fixtures/journal-corpus, so the two check one thing: a refusal has a bounded message; an
    /// accepted journal lists only names the tool writes, none twice, within the limits, and reads back the same
    /// once written (so recovery never refuses a journal the tool wrote).
    package static func brokenPromise(parsing bytes: [UInt8]) -> String? {
        let journal: SwitchJournal
        do {
            journal = try parse(bytes)
        } catch {
            let size = error.reason.utf8.count
            return size == 0 || size > 2_000 ? "a refusal's message is \(size) bytes" : nil
        }
        let names = journal.write + journal.remove
        if names.count > maximumEntries || Set(names).count != names.count {
            return "\(names.count) names accepted, some twice or past the limit"
        }
        if let foreign = names.first(where: { !ToolFileName.isWritten($0) }) {
            return "accepted a name the tool does not write: \(foreign.debugDescription)"
        }
        if let refusal = journal.refusal { return "an accepted journal would be refused when written: \(refusal)" }
        return (try? parse(journal.bytes)) == journal ? nil : "the journal does not read back as written"
    }
}
