/// A draw status with an unknown case carrying the server's value.
enum SampleDrawState: Sendable, Equatable {
    case announced
    case completed
    case cancelled
    case unknown(String)
}
