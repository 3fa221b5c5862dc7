extension GameType: Decodable {
    /// Decodes a game type from its REST `game_type` JSON number; unknown codes give `.unknown`.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not an integer JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(code: try container.decode(Int.self))
    }
}
