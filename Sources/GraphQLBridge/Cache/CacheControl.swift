import Foundation

/// The parts of a response's `Cache-Control` header the cache obeys: `max-age=N` (the data's lifetime, in
/// seconds) and `no-store` (do not keep it).
struct CacheControl: Sendable, Hashable {
    /// `max-age`, when given as a whole number of seconds.
    var maxAge: Duration?
    /// Whether `no-store` was given.
    var noStore = false

    /// Parses a header value (`nil`: no header).
    init(_ header: String?) {
        guard let header else { return }
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard let name = parts.first else { continue }
            if name == "no-store" { noStore = true }
            if name == "max-age", parts.count == 2 {
                let text = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if let seconds = Int64(text), seconds >= 0 { maxAge = .seconds(seconds) }
            }
        }
    }
}
