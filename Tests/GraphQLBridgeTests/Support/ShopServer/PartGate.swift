import Foundation

/// Holds the parts of an incrementally delivered answer after the first (``ShopServer/Options/partGate``) until the
/// test opens it: what the client shows before that is what arrived first. A hang detector only: a gate never opened
/// lets the parts go after minutes.
final class PartGate: @unchecked Sendable {
    // `@unchecked`: `isOpen` is only read and written under `condition`'s lock.
    private let condition = NSCondition()
    private var isOpen = false

    /// A closed gate.
    init() {}

    /// Lets every part go, now and later.
    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling (server) thread until the gate is open.
    func pass() {
        condition.lock()
        let deadline = Date().addingTimeInterval(300)
        while !isOpen {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }
}
