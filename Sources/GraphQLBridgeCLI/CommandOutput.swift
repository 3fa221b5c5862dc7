import Foundation

/// Where a command writes: standard output for results, standard error for progress and errors.
public struct CommandOutput: Sendable {
    /// Writes to standard output.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    public var standardError: @Sendable (String) -> Void

    /// Creates an output with the two writers.
    public init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's standard output and standard error.
    public static let process = CommandOutput(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) })
}

/// A command-line mistake: the message says what is wrong and how to fix it; exit status 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// Reads `--name value` and `--name=value` options and bare flags from an argument list.
package struct ArgumentReader {
    /// The arguments not consumed yet.
    package private(set) var remaining: [String]
    /// Every option name the command asked for, for "did you mean" on an unknown one.
    var known: Set<String> = []

    /// A reader of `arguments` (without the command's name).
    package init(_ arguments: [String]) { self.remaining = arguments }

    /// Removes and returns the value of an option (the last one when repeated); `nil` when absent.
    package mutating func value(_ name: String) throws(UsageError) -> String? {
        try values(name).last
    }

    /// Removes and returns every value of a repeatable option.
    package mutating func values(_ name: String) throws(UsageError) -> [String] {
        known.insert(name)
        var found: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
                    throw UsageError("\(name) needs a value")
                }
                found.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes a flag and says whether it was there.
    package mutating func flag(_ name: String) -> Bool {
        known.insert(name)
        let before = remaining.count
        remaining.removeAll { $0 == name }
        return remaining.count != before
    }

    /// Fails on anything not consumed (the command adds where to find its options).
    package func finish(command: String) throws(UsageError) {
        if let first = remaining.first {
            let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
            throw UsageError(
                "unknown argument '\(first)' for '\(command)'" + Suggestion.hint(for: name, among: known.sorted()))
        }
    }
}

extension UsageError: LocalizedError {
    /// The same as ``description``, so that `localizedDescription` says it too.
    public var errorDescription: String? { description }
}
