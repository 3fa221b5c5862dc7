import Foundation

/// Short descriptions of JSON syntax errors for configuration messages.
enum JSONProblem {
    /// The most useful part of a `JSONSerialization` error: its debug description (which names the line and
    /// column on most platforms), or the localized description.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String, !detail.isEmpty {
            return detail
        }
        return nsError.localizedDescription
    }
}
