/// A setup failure of the generator property test (a missing fixture or tool), with what is wrong.
struct PropertyTestError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
