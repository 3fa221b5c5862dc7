/// One write check of `graphql-bridge compare --check-writes`: a game's favourite flag set through one API to the
/// opposite of what that API showed, read back through both, then the previous state written back through the
/// same API and read back through both again.
///
/// In the JSON report (`"writeChecks"`):
///
/// ```json
/// {"api": "graphql", "game": "6x45", "previous": false, "favorite": true, "answer": true, "rest": true,
///  "graphql": true, "restoredRest": false, "restoredGraphql": false, "restored": true, "passed": true}
/// ```
public struct WriteCheck: Sendable, Hashable, Codable {
    /// The API the writes went through.
    public var api: ComparedAPI
    /// The game whose favourite flag was written.
    public var game: String
    /// The flag as that API showed it before the check; `nil` when that read failed (nothing was written then).
    public var previous: Bool?
    /// The value written (the opposite of ``previous``).
    public var favorite: Bool
    /// `isFavorite` in the write's own answer; `nil` when the write failed.
    public var answer: Bool?
    /// `isFavorite` read back through REST after the write; `nil` when that read failed.
    public var rest: Bool?
    /// `isFavorite` read back through GraphQL after the write; `nil` when that read failed.
    public var graphql: Bool?
    /// `isFavorite` read through REST after the previous state was written back; `nil` when that read failed.
    public var restoredRest: Bool?
    /// `isFavorite` read through GraphQL after the previous state was written back; `nil` when that read failed.
    public var restoredGraphql: Bool?
    /// Whether the API written through shows the previous state again: the run left the flag as it found it.
    public var restored: Bool
    /// Whether the check passed: no request failed, the write's answer and both read-backs show the value
    /// written, and after the restore both APIs show the previous state.
    public var passed: Bool
    /// The requests that failed (a read, the write, the restore), in words; `nil` when none did.
    public var error: String?

    /// Creates a check's result; ``restored`` and ``passed`` are derived from the others.
    public init(
        api: ComparedAPI, game: String, previous: Bool?, favorite: Bool, answer: Bool?, rest: Bool?, graphql: Bool?,
        restoredRest: Bool?, restoredGraphql: Bool?, error: String?
    ) {
        self.api = api
        self.game = game
        self.previous = previous
        self.favorite = favorite
        self.answer = answer
        self.rest = rest
        self.graphql = graphql
        self.restoredRest = restoredRest
        self.restoredGraphql = restoredGraphql
        self.error = error
        let restoredThroughWrittenAPI = api == .rest ? restoredRest : restoredGraphql
        restored = previous != nil && restoredThroughWrittenAPI == previous
        passed =
            error == nil && answer == favorite && rest == favorite && graphql == favorite
            && restoredRest == previous && restoredGraphql == previous && restored
    }

    /// Whether a request of the check failed or the flag was not left as found (exit status 2), as opposed to
    /// the APIs answering with the wrong state (exit status 1).
    public var isFailure: Bool { error != nil || !restored }
}
