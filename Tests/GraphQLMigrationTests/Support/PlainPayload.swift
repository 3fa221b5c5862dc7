/// A payload type that is not `Equatable`, so enums carrying it are compared structurally.
struct PlainPayload {
    var code: String
    var count: Int
}
