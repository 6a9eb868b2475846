/// Why a journal found in a destination is not one the tool would act on: the words that follow its path.
struct JournalProblem: Error, Equatable {
    /// What is wrong, such as "names .bashrc, which is not a file PickerReel writes".
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
