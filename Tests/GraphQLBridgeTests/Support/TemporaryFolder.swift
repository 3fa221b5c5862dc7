import Foundation

/// A folder of its own under the temporary directory; `defer { folder.remove() }` right after creating it.
struct TemporaryFolder {
    /// The folder.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphqlbridge-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// The names of the files in the folder.
    func entries() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    /// The size of `file` plus its `-wal` file, in bytes (0 for a file that does not exist).
    func bytesOnDisk(of file: URL) -> Int {
        [file.path, file.path + "-wal"].reduce(0) { total, path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}
