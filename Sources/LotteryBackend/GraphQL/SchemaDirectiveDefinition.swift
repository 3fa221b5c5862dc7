/// A directive the schema knows: its arguments and where it may be used.
struct SchemaDirectiveDefinition: Sendable {
    /// The directive's arguments.
    let arguments: [SchemaArgumentDefinition]
    /// The locations it may appear at (`FIELD`, `FRAGMENT_SPREAD`, ...).
    let locations: Set<String>
}
