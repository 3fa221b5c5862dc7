/// Why a JSON text could not be parsed, and at which byte offset.
package struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// The byte offset in the input where the problem was found.
    public let offset: Int
    /// What was expected or found there.
    public let reason: String

    /// Creates an error.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `"<reason> at byte <offset>"`.
    public var description: String { "\(reason) at byte \(offset)" }
}
