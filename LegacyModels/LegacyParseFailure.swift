/// Why a REST scalar (money, integer string, date, number list, URL) could not be parsed.
///
/// Internal: the decoding helpers turn it into a `DecodingError.dataCorrupted` at the field's coding path.
struct LegacyParseFailure: Error, Equatable, Sendable {
    /// A sentence naming the value and what was expected.
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
