import Foundation
import GraphQLBridgeSupport

/// The data set as the draw clock changes it: each request reads it as it is at that moment (one consistent
/// snapshot per request), and both APIs read the same one, so a REST read of a draw agrees with the event that
/// announced it.
final class LiveDataSet: Sendable {
    private let snapshot: Locked<LotteryDataSet>

    init(_ dataSet: LotteryDataSet) {
        snapshot = Locked(dataSet)
    }

    /// The data set now.
    var current: LotteryDataSet { snapshot.value }

    /// Changes the data set in one step; `change` returns the new data set (or `nil` to keep it) and a result.
    func update<Result>(_ change: (LotteryDataSet) -> (LotteryDataSet?, Result)) -> Result {
        snapshot.withLock { snapshot in
            let (changed, result) = change(snapshot)
            if let changed { snapshot = changed }
            return result
        }
    }
}
