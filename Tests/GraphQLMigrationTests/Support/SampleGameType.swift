/// A game type with a payload-free unknown case.
enum SampleGameType: Sendable, Equatable {
    case lotto
    case keno
    case unknown
}
