/// An enum that is not `Equatable`, with payloads.
enum PlainEvent {
    case started
    case failed(PlainPayload)
    case moved(x: Int, y: Int)
}
