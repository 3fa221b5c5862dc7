import Foundation
import GraphQLParser

/// Finds and reads GraphQL files: a path may be a file or a folder (every file with one of the extensions inside,
/// recursively, sorted by path).
public enum SourceFiles {
    /// The files a list of paths stands for, folders expanded, in order, without duplicates.
    /// - Parameters:
    ///   - paths: Files or folders.
    ///   - extensions: The extensions of the files taken from folders (`["graphql"]`).
    /// - Throws: ``SourceLoadingError`` for a path that does not exist, or a folder without such files.
    public static func expand(_ paths: [String], extensions: Set<String>) throws(SourceLoadingError) -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SourceLoadingError(path: path, message: "no such file or folder")
            }
            if !isDirectory.boolValue {
                if !result.contains(path) { result.append(path) }
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            var found: [String] = []
            if let enumerator = manager.enumerator(atPath: path) {
                while let relative = enumerator.nextObject() as? String {
                    let ext = (relative as NSString).pathExtension
                    guard extensions.contains(ext) else { continue }
                    let full = base + "/" + relative
                    var nestedIsDirectory: ObjCBool = false
                    if manager.fileExists(atPath: full, isDirectory: &nestedIsDirectory), !nestedIsDirectory.boolValue {
                        found.append(full)
                    }
                }
            }
            if found.isEmpty {
                let names = extensions.sorted().map { "*.\($0)" }.joined(separator: ", ")
                throw SourceLoadingError(path: path, message: "the folder has no \(names) files")
            }
            for file in found.sorted() where !result.contains(file) { result.append(file) }
        }
        return result
    }

    /// Reads a file as a GraphQL source named after its path.
    /// - Throws: ``SourceLoadingError`` when it cannot be read or is not UTF-8 text.
    public static func read(_ path: String) throws(SourceLoadingError) -> Source {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SourceLoadingError(path: path, message: "cannot read the file (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SourceLoadingError(path: path, message: "the file is not UTF-8 text")
        }
        return Source(text, name: path)
    }
}
