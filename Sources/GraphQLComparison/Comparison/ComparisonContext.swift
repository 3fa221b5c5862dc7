import Foundation
import GraphQLMigration

/// What an app's code tells a running comparison from inside the plan's closures: the responses its transports
/// received (for the bytes per API and for `--record`) and the warnings of a read (GraphQL field errors that came
/// with partial data).
///
/// Both calls do nothing outside a comparison's read, so a transport hook can call them unconditionally:
///
/// ```swift
/// // The app's REST session hook (LegacyAPIClient's metrics callback in the lottery app):
/// ComparisonContext.received(.rest, body: data, url: url, status: status)
/// // GraphQL: add ComparisonRecordingMiddleware() (GraphQLBridgeTesting) to the client's middlewares.
/// // In a plan's GraphQL closure:
/// for error in response.warnings { ComparisonContext.warn("GraphQL field error at \(error.path): \(error.message)") }
/// ```
///
/// The context is a task-local value: calls made in the task that runs the closure, or in its child tasks, reach
/// it; a callback that runs on another thread (a URLSession delegate) does not.
public enum ComparisonContext {
    /// The read in progress in this task, if any.
    @TaskLocal static var currentRead: ComparisonRead?

    /// Whether the current task is inside a comparison's read.
    public static var isReading: Bool { currentRead != nil }

    /// Reports a response received through `api` during the current read: its body (recorded with `--record`,
    /// counted in the bytes per API), and what identifies the request.
    /// - Parameters:
    ///   - api: the API the response came through.
    ///   - body: the response body, as received.
    ///   - url: the request's URL.
    ///   - status: the HTTP status.
    ///   - operation: the GraphQL operation's name, if any.
    public static func received(
        _ api: ComparisonAPI, body: Data, url: URL? = nil, status: Int? = nil, operation: String? = nil
    ) {
        currentRead?.received(api, body: body, url: url, status: status, operation: operation)
    }

    /// Adds a warning to the entity or list being read: something to know that is not a failure (a GraphQL field
    /// error that came with partial data, the fields it names being `nil`).
    public static func warn(_ message: String) {
        currentRead?.warn(message)
    }
}
