import Foundation

/// Where a server's error put its `null` in the records: a field of one record (or an element of that field's
/// lists), written as ``CacheValue/missing``. A watcher of a partial answer reads `null` there, with the error, only
/// while its read reaches this very record's field: when the path leads to another object (the featured user is now
/// someone else), the error is not that object's, and its missing field is a miss (the server is asked).
struct ErrorNull: Sendable, Hashable {
    /// The record's key (`User:ann`, or a root field's record, `QUERY_ROOT.featuredUser`).
    var record: String
    /// The field's key in that record (`bio`, `friends({"first":2})`).
    var field: String
    /// The indices of the list element, outermost first; empty for the field itself.
    var indices: [Int] = []
}
