import Foundation

/// Why a lottery data set could not be loaded.
public enum LotteryDataSetError: Error, Equatable, CustomStringConvertible {
    /// The bundled `dataset.json` is not in the module's resource bundle.
    case resourceMissing(name: String)
    /// The bundled resource exists but could not be read.
    case unreadable(name: String, reason: String)
    /// The data is not JSON, or not in the data set format; `path` is the JSON path of the offending value
    /// (e.g. `$.draws[3].date`).
    case invalid(path: String, reason: String)
    /// Two entities share an id (`kind` is `image`, `game` or `draw`), at `path`.
    case duplicate(kind: String, id: String, path: String)

    /// A sentence saying what is wrong and where.
    public var description: String {
        switch self {
        case .resourceMissing(let name):
            return "the data set resource \(name) is missing from the LotteryBackend bundle"
        case .unreadable(let name, let reason):
            return "the data set resource \(name) could not be read: \(reason)"
        case .invalid(let path, let reason):
            return "invalid data set at \(path): \(reason)"
        case .duplicate(let kind, let id, let path):
            return "duplicate \(kind) id \"\(id)\" at \(path)"
        }
    }
}

extension LotteryDataSetError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
