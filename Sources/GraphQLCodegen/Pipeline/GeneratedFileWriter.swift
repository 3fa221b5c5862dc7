import Foundation

/// Writes generated files into a folder without touching those whose contents did not change (so the build
/// system does not recompile them), and removes files an earlier run generated that are no longer generated.
public struct GeneratedFileWriter: Sendable {
    /// What a write did, as paths relative to the output folder, sorted.
    public struct Summary: Sendable, Hashable {
        /// Files created or changed.
        public var written: [String] = []
        /// Files left as they were, their contents being the same.
        public var unchanged: [String] = []
        /// Earlier generated files (starting with ``GeneratedFile/marker``) removed.
        public var removed: [String] = []

        /// Creates an empty summary.
        public init() {}
    }

    /// The output folder.
    public var directory: URL

    /// Creates a writer.
    /// - Parameter directory: The output folder (created when missing).
    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes the files.
    /// - Parameters:
    ///   - files: The files, with paths relative to ``directory``.
    ///   - removeStale: Remove `.swift` files in the folder that start with ``GeneratedFile/marker`` and are not
    ///     among `files`.
    /// - Returns: What was written, left alone and removed.
    /// - Throws: A file system error.
    public func write(_ files: [GeneratedFile], removeStale: Bool = true) throws -> Summary {
        var summary = Summary()
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) {
            let url = directory.appendingPathComponent(file.relativePath)
            let data = Data(file.contents.utf8)
            if let existing = try? Data(contentsOf: url), existing == data {
                summary.unchanged.append(file.relativePath)
                continue
            }
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            summary.written.append(file.relativePath)
        }
        if removeStale {
            let kept = Set(files.map(\.relativePath))
            for relative in generatedFiles() where !kept.contains(relative) {
                try manager.removeItem(at: directory.appendingPathComponent(relative))
                summary.removed.append(relative)
            }
        }
        return summary
    }

    /// The `.swift` files under the folder that start with the generated marker, relative, sorted.
    func generatedFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var result: [String] = []
        let marker = Data(GeneratedFile.marker.utf8)
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let url = directory.appendingPathComponent(relative)
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let head = (try? handle.read(upToCount: marker.count)) ?? Data()
            try? handle.close()
            if head == marker { result.append(relative) }
        }
        return result.sorted()
    }
}
