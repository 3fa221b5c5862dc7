import Observation

/// An `@Observable` class: its stored properties are backed by `_name` storage.
@Observable
final class ObservableProfile {
    var name: String
    var score: Int

    init(name: String, score: Int) {
        self.name = name
        self.score = score
    }
}
