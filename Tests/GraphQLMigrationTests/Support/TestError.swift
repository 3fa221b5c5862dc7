/// Errors thrown by test closures, compared by value.
enum TestError: Error, Equatable {
    case control
    case candidate(Int)
    case rest
    case graphQL(String)
}
