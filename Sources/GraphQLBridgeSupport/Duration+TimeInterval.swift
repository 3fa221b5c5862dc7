import Foundation

extension Duration {
    /// The duration in seconds, as a `TimeInterval` (`Double`): what Foundation's APIs (`Date`, `Thread.sleep`,
    /// `URLRequest.timeoutInterval`) take.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, the fraction dropped (toward zero): for messages and millisecond APIs.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
