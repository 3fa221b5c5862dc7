/// One write check of `graphql-bridge compare --check-writes`: a favourite set through one API, read back
/// through both, then the previous state restored.
///
/// In the JSON report (`"writeChecks"`):
///
/// ```json
/// {"api": "graphql", "game": "6x45", "favorite": true, "answer": true, "rest": true, "graphql": true,
///  "restored": true, "passed": true}
/// ```
public struct WriteCheck: Sendable, Hashable, Codable {
    /// The API the write went through.
    public var api: ComparedAPI
    /// The game whose favourite flag was written.
    public var game: String
    /// The value written (the opposite of the game's state before the check).
    public var favorite: Bool
    /// `isFavorite` in the write's own answer; `nil` when the write failed.
    public var answer: Bool?
    /// `isFavorite` read back through REST after the write; `nil` when that read failed.
    public var rest: Bool?
    /// `isFavorite` read back through GraphQL after the write; `nil` when that read failed.
    public var graphql: Bool?
    /// Whether the previous state was written back and both APIs show it.
    public var restored: Bool
    /// Whether the check passed: no error, the answer and both read-backs show the value written, and the
    /// previous state was restored.
    public var passed: Bool
    /// What failed (a write, a read, the restore), in words; `nil` when nothing did.
    public var error: String?

    /// Creates a check's result; ``passed`` is derived from the others.
    public init(
        api: ComparedAPI, game: String, favorite: Bool, answer: Bool?, rest: Bool?, graphql: Bool?, restored: Bool,
        error: String?
    ) {
        self.api = api
        self.game = game
        self.favorite = favorite
        self.answer = answer
        self.rest = rest
        self.graphql = graphql
        self.restored = restored
        self.error = error
        passed = error == nil && answer == favorite && rest == favorite && graphql == favorite && restored
    }

    /// Whether a request of the check failed (as opposed to the APIs answering with the wrong state).
    public var isFailure: Bool { error != nil || !restored }
}
