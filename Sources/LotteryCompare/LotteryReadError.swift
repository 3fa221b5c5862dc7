/// A read of the lottery plan that failed: the client's error in words, with what to do when there is something to do.
struct LotteryReadError: Error, Sendable, CustomStringConvertible {
    var description: String
}
