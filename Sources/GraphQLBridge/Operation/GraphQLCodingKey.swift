/// A coding key made from any string or index; used by generated code and the runtime for dynamic keys.
public struct GraphQLCodingKey: CodingKey, Sendable, Hashable {
    /// The key's string value.
    public var stringValue: String
    /// The key's index, for array elements.
    public var intValue: Int?

    /// A key for an object member.
    public init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    /// A key for an object member.
    public init?(stringValue: String) { self.init(stringValue) }

    /// A key for an array element.
    public init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
