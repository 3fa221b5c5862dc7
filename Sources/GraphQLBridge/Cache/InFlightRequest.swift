import Foundation

/// A query request in flight, shared by identical queries made while it runs.
struct InFlightRequest: Sendable {
    /// Tells two registrations apart.
    let id = UUID()
    /// The response: its head and body, or the error.
    let task: Task<(HTTPResponse, Data), any Error>
}
