/// Why a benchmark could not run or did not pass its correctness check, as printed for the user.
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong and, for missing inputs, what to do about it.
    var description: String
    /// The process exit status it leads to: 1 for a failed check, 2 for a missing or unusable input.
    var exitStatus: Int32

    init(_ description: String, exitStatus: Int32 = 1) {
        self.description = description
        self.exitStatus = exitStatus
    }
}
