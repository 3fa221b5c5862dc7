import Foundation

/// What a private client cache takes from a response's `Cache-Control` and `Age` header fields (RFC 9111 §4.2, §5):
///
/// - `max-age=N`: the answer's freshness lifetime, in seconds, in place of the configured lifetimes. Given twice, or
///   not a whole number of seconds, it is invalid: the answer is stale at once (§4.2.1, which allows either the first
///   or "stale"; stale is the answer that never lies). A number too large to represent is 2³¹ s (§1.2.2).
/// - `no-cache`: the answer must be revalidated before it is used: stored (for `.cacheOnly` and offline use), never
///   fresh (a lifetime of zero), and never served in place of a failed request (§4.2.4). With field names
///   (`no-cache="Set-Cookie"`) it is taken as unqualified: the whole answer.
/// - `must-revalidate`: once stale, the answer is not served in place of a failed request (§4.2.4, §5.2.2.2).
/// - `no-store`: the answer is not stored.
/// - `s-maxage`, `proxy-revalidate`, `public`, `private`: for shared caches, ignored (this one is private).
/// - `Age: N`: how long the answer had already been stored (by a CDN or proxy) when it was sent; it counts
///   against the lifetime (§4.2.3). Not a whole number of seconds: the answer's age is unknown, and it is stale.
///
/// - `Expires`, without `max-age` (RFC 9111 §4.2.1, §5.3): the lifetime is `Expires` less `Date`, both the server's
///   clock; an `Expires` that is not an HTTP-date (`0`, `-1`), or one without a valid `Date`, is already expired.
///
/// Not obeyed: `Date` for the answer's age (the client's clock and the server's are not compared: a device whose
/// clock is off would find every answer stale, or fresh too long; a shared cache that keeps `Date` but sends no `Age`
/// is not seen), `stale-while-revalidate` and `stale-if-error` (RFC 5861), validators (`ETag`, `Last-Modified`: a
/// stale answer is fetched again whole), and `Pragma: no-cache`.
struct CacheControl: Sendable, Hashable {
    /// The largest delta-seconds value kept (RFC 9111 §1.2.2: 2³¹).
    static let largestDeltaSeconds: Int64 = 1 << 31

    /// The lifetime the server gave the answer, which replaces the configured ones: `max-age` (zero when it is
    /// invalid or given twice, or with `no-cache`); `nil` when it gave none.
    var lifetime: Duration?
    /// Whether the answer, once stale, must not be served in place of a failed request (`must-revalidate` or
    /// `no-cache`).
    var mustRevalidate = false
    /// Whether `no-store` was given.
    var noStore = false

    /// Parses a `Cache-Control` header value (`nil`: no header), with the response's `Expires` and `Date` values,
    /// which give the lifetime when `max-age` does not.
    init(_ header: String?, expires: String? = nil, date: String? = nil) {
        if let header { read(header) }
        if lifetime == nil, let expires { lifetime = Self.lifetime(expires: expires, date: date) }
    }

    /// Reads the directives of a `Cache-Control` header value.
    private mutating func read(_ header: String) {
        var maxAges = 0
        var noCache = false
        for directive in Self.directives(in: header) {
            switch directive.name {
            case "no-store":
                noStore = true
            case "no-cache":
                noCache = true
            case "must-revalidate":
                mustRevalidate = true
            case "max-age":
                maxAges += 1
                lifetime = directive.value.flatMap(Self.deltaSeconds).map { .seconds($0) } ?? .zero
            default:
                // s-maxage and proxy-revalidate are for shared caches; extensions are ignored (§5.2.3).
                break
            }
        }
        if maxAges > 1 { lifetime = .zero }
        if noCache {
            lifetime = .zero
            mustRevalidate = true
        }
    }

    /// The lifetime `Expires` gives: `Expires` less `Date` (zero when it is earlier), zero when either is not an
    /// HTTP-date.
    static func lifetime(expires: String, date: String?) -> Duration {
        guard let end = HTTPDate.parse(expires), let date, let start = HTTPDate.parse(date), end > start else {
            return .zero
        }
        return .seconds(min(Int64(end.timeIntervalSince(start)), largestDeltaSeconds))
    }

    /// The age an `Age` header value gives: `.zero` without one, `nil` when it is not a whole number of seconds
    /// (the answer's age is unknown).
    static func age(_ header: String?) -> Duration? {
        guard let header else { return .zero }
        return deltaSeconds(header.trimmingCharacters(in: .whitespaces)).map { .seconds($0) }
    }

    /// A `delta-seconds` value (RFC 9111 §1.2.2: digits only, at most 2³¹); `nil` when `text` is not one.
    static func deltaSeconds(_ text: some StringProtocol) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        guard let value = Int64(text) else { return largestDeltaSeconds }
        return min(value, largestDeltaSeconds)
    }

    /// The directives of a header value: each name lowercased, each value unquoted (`max-age="5"` is accepted, as
    /// RFC 9111 §5.2 asks of recipients).
    private static func directives(in header: String) -> [(name: String, value: String?)] {
        header.split(separator: ",").compactMap { directive in
            let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = parts.first else { return nil }
            let name = first.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { return nil }
            guard parts.count == 2 else { return (name, nil) }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (name, value)
        }
    }
}
