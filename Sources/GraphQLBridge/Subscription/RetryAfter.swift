import Foundation

/// A server's `Retry-After` (RFC 9110 §10.2.3) on a `429 Too Many Requests` or `503 Service Unavailable`: how long
/// to wait before the next try, as delta-seconds (`Retry-After: 4`) or an HTTP-date
/// (`Retry-After: Fri, 04 Dec 2026 14:00:00 GMT`).
///
/// A date in the past is a wait of 0; a wait longer than ``maximum`` (5 minutes) is cut to it, so a server's typo
/// (or a year-long date) cannot park a subscription; a value that is neither form is ignored.
enum RetryAfter {
    /// The longest wait taken from the header: 5 minutes.
    static let maximum: Duration = .seconds(300)

    /// The statuses whose `Retry-After` is obeyed.
    static let statuses: Set<Int> = [429, 503]

    /// The wait `headers` ask for on a response with `status`; `nil` when the status is not 429 or 503, or the
    /// header is absent or malformed. `now` is the time a date is measured from.
    static func delay(status: Int, headers: HTTPHeaders, now: Date = Date()) -> Duration? {
        guard statuses.contains(status), let value = GraphQLHTTPClient.fieldValue(headers, "Retry-After") else {
            return nil
        }
        return delay(value, now: now)
    }

    /// The wait a `Retry-After` value asks for; `nil` when it is neither delta-seconds nor an HTTP-date.
    static func delay(_ value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // delta-seconds: 1*DIGIT; a number too long for Int is past the maximum anyway.
            guard let seconds = Int(text), seconds < Int(maximum.components.seconds) else { return maximum }
            return .seconds(seconds)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        guard seconds < Double(maximum.components.seconds) else { return maximum }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
