import Foundation

/// Where graphql-core's test documents are: the folder named by the `GRAPHQL_CORE_FIXTURES` environment
/// variable, or `nil` when it is not set.
enum CorpusFixtures {
    static var directory: URL? {
        guard let path = ProcessInfo.processInfo.environment["GRAPHQL_CORE_FIXTURES"], !path.isEmpty else {
            return nil
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
