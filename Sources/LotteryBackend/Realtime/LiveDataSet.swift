import Foundation

/// The data set as the draw clock changes it: each request reads it as it is at that moment (one consistent
/// snapshot per request), and both APIs read the same one, so a REST read of a draw agrees with the event that
/// announced it.
///
/// `@unchecked Sendable`: `snapshot` is only read or written while `lock` is held.
final class LiveDataSet: @unchecked Sendable {
    private let lock = NSLock()
    private var snapshot: LotteryDataSet

    init(_ dataSet: LotteryDataSet) {
        snapshot = dataSet
    }

    /// The data set now.
    var current: LotteryDataSet { lock.withLock { snapshot } }

    /// Changes the data set in one step; `change` returns the new data set (or `nil` to keep it) and a result.
    func update<Result>(_ change: (LotteryDataSet) -> (LotteryDataSet?, Result)) -> Result {
        lock.withLock {
            let (changed, result) = change(snapshot)
            if let changed { snapshot = changed }
            return result
        }
    }
}
