import Foundation
import GraphQLMigration

/// The options of a comparison command, as ``ComparisonCommand`` parses them.
public struct ComparisonCommandOptions: Sendable {
    /// `--format`: text (default), json, html or junit.
    public var format: ComparisonReportFormat = .text
    /// `--output FILE`: where the report goes; standard output when `nil`.
    public var output: String?
    /// `--models A,B`: the models to compare; every model when `nil`.
    public var models: Set<String>?
    /// `--ignore PATTERN`, `--tolerance PATH=VALUE`, `--unordered PATH`.
    public var diffOptions = FieldDiffOptions()
    /// `--concurrency N` (1 to 64, default 4).
    public var concurrency = 4
    /// `--quiet`: no progress on standard error.
    public var quiet = false
    /// `--check-writes`.
    public var checkWrites = false
    /// `--no-noise-check` turns it off.
    public var noiseCheck = true
    /// `--strict`: unstable fields fail the run.
    public var strict = false
    /// `--record DIR`.
    public var record: String?

    /// Default options.
    public init() {}

    /// Parses the options (without the program name).
    /// - Throws: ``ComparisonUsageError`` saying what is wrong and how to write it, for an unknown argument too.
    public init(parsing arguments: [String]) throws(ComparisonUsageError) {
        var reader = ComparisonArguments(arguments)
        let formatText = try reader.value("--format") ?? "text"
        output = try reader.value("--output")
        let modelsText = try reader.value("--models")
        let concurrencyText = try reader.value("--concurrency")
        let ignore = try reader.values("--ignore")
        let tolerances = try reader.values("--tolerance")
        let unordered = try reader.values("--unordered")
        record = try reader.value("--record")
        quiet = reader.flag("--quiet")
        checkWrites = reader.flag("--check-writes")
        noiseCheck = !reader.flag("--no-noise-check")
        strict = reader.flag("--strict")
        if let first = reader.remaining.first {
            throw ComparisonUsageError("unknown argument '\(first)'")
        }

        guard let format = ComparisonReportFormat(rawValue: formatText) else {
            throw ComparisonUsageError(
                "unknown --format '\(formatText)'; use text or json (or html for a page, junit for CI)")
        }
        self.format = format
        if let modelsText {
            let names = modelsText.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard !names.isEmpty else { throw ComparisonUsageError("--models needs at least one model") }
            models = Set(names)
        }
        if let concurrencyText {
            guard let value = Int(concurrencyText), (1...64).contains(value) else {
                throw ComparisonUsageError(
                    "--concurrency takes a whole number from 1 to 64, not '\(concurrencyText)'")
            }
            concurrency = value
        }
        for text in ignore {
            do {
                diffOptions.ignoring.append(try FieldPathPattern(validating: text))
            } catch {
                throw ComparisonUsageError("--ignore \(error)")
            }
        }
        for text in tolerances {
            do {
                diffOptions.tolerances.append(try FieldTolerance(parsing: text))
            } catch {
                throw ComparisonUsageError("--tolerance \(error)")
            }
        }
        for text in unordered {
            do {
                diffOptions.unordered.append(try FieldPathPattern(validating: text))
            } catch {
                throw ComparisonUsageError("--unordered \(error)")
            }
        }
        if let output, output.isEmpty { throw ComparisonUsageError("--output needs a file name") }
        if let record, record.isEmpty { throw ComparisonUsageError("--record needs a folder") }
    }

    /// The run's configuration.
    public var configuration: ComparisonConfiguration {
        ComparisonConfiguration(
            models: models, concurrency: concurrency, noiseCheck: noiseCheck, strict: strict, options: diffOptions,
            checkWrites: checkWrites, recordDirectory: record.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }

    /// Why ``models`` cannot be compared by a plan of the `known` models: the first unknown name, with the list.
    /// `nil` when every name is known (or all models are compared). A tool checks it before starting anything.
    public func modelProblem(known: [String]) -> String? {
        guard let models else { return nil }
        guard let unknown = models.sorted().first(where: { !known.contains($0) }) else { return nil }
        return "unknown model '\(unknown)' in --models; the models are \(known.joined(separator: ", "))"
    }

    /// Why the report cannot be written to ``output``, checked before the run so that a wrong path does not lose the
    /// report after the whole run: the folder must exist and be writable, and the file, if there, must not be a
    /// folder. `nil` when it can (or when the report goes to standard output).
    public func outputProblem() -> String? {
        guard let output else { return nil }
        let file = URL(fileURLWithPath: output)
        let folder = file.deletingLastPathComponent()
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return "cannot write the report to \(output): the folder \(folder.path) does not exist; create it or "
                + "give another --output (checked before comparing anything)"
        }
        guard manager.isWritableFile(atPath: folder.path) else {
            return "cannot write the report to \(output): the folder \(folder.path) is not writable; give another "
                + "--output"
        }
        if manager.fileExists(atPath: file.path, isDirectory: &isFolder) {
            if isFolder.boolValue { return "--output \(output) is a folder; give a file name" }
            if !manager.isWritableFile(atPath: file.path) {
                return "cannot write the report to \(output): the file is not writable"
            }
        }
        return nil
    }
}
