import Foundation

/// Finds a target's configuration file and the files it names, so the build command declares them as inputs.
enum CodegenInputs {
    static let example = """
        {
          "schema": "schema.graphqls",
          "operations": ["Operations.graphql"],
          "scalars": { "Long": "Int64", "DateTime": "Date" },
          "access": "public"
        }
        """

    /// The target's `graphql-codegen.json`: among its source files, or anywhere in its folder (also in excluded
    /// subfolders).
    static func findConfiguration(targetName: String, directory: URL?, sourceFiles: [URL]) throws -> URL {
        let name = GraphQLCodegenPlugin.configurationFileName
        var found = sourceFiles.filter { $0.lastPathComponent == name }
        if found.isEmpty, let directory, let enumerator = FileManager.default.enumerator(atPath: directory.path) {
            while let relative = enumerator.nextObject() as? String {
                if (relative as NSString).lastPathComponent == name {
                    found.append(directory.appendingPathComponent(relative))
                }
            }
        }
        found.sort { $0.path < $1.path }
        guard let first = found.first else {
            throw PluginSetupError(
                message:
                    "target '\(targetName)' uses the plugin but has no \(name). Add one next to its .graphql files "
                    + "(paths in it are relative to its folder), for example:\n\(example)")
        }
        guard found.count == 1 else {
            throw PluginSetupError(
                message:
                    "target '\(targetName)' has several \(name) files (\(found.map(\.path).joined(separator: ", "))); "
                    + "keep one per target.")
        }
        return first
    }

    /// The schema and operation files the configuration names (folders expanded to their `.graphql` files).
    static func read(configuration: URL) throws -> [URL] {
        let data: Data
        do {
            data = try Data(contentsOf: configuration)
        } catch {
            throw PluginSetupError(message: "cannot read \(configuration.path): \(error.localizedDescription)")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw PluginSetupError(
                message: "\(configuration.path) is not valid JSON (\(detail)). It should look like:\n\(example)")
        }
        guard let object = json as? [String: Any] else {
            throw PluginSetupError(
                message: "\(configuration.path) is not a JSON object. It should look like:\n\(example)")
        }
        let base = configuration.deletingLastPathComponent()
        var inputs: [URL] = []
        for key in ["schema", "operations"] {
            let paths: [String]
            if let text = object[key] as? String {
                paths = [text]
            } else if let list = object[key] as? [String], !list.isEmpty {
                paths = list
            } else {
                throw PluginSetupError(
                    message: "\(configuration.path) has no \"\(key)\": name the \(key) file(s) relative to the file's "
                        + "folder, for example:\n\(example)")
            }
            for path in paths {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                    throw PluginSetupError(
                        message:
                            "\(configuration.path) names the \(key) '\(path)', but \(url.standardizedFileURL.path) "
                            + "does not exist; fix the path (it is relative to the configuration file's folder).")
                }
                if isDirectory.boolValue {
                    inputs += graphQLFiles(in: url)
                } else {
                    inputs.append(url)
                }
            }
        }
        return inputs
    }

    /// The `.graphql` and `.graphqls` files in a folder, recursively, sorted.
    static func graphQLFiles(in directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let ext = (relative as NSString).pathExtension
            if ext == "graphql" || ext == "graphqls" { files.append(relative) }
        }
        return files.sorted().map { directory.appendingPathComponent($0) }
    }
}
