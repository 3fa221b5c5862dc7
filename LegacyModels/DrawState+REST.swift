extension DrawState: Decodable {
    /// Decodes a draw state from its REST `state` JSON string; unknown strings give `.unknown`.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not a JSON string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawState: try container.decode(String.self))
    }
}
