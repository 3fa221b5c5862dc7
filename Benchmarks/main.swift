// `Benchmarks [decode|codegen|cache|watch|client|persisted|realtime|compare|streams|pager|all] [options]`: run with
// `swift run -c release Benchmarks decode` (Benchmarks/README.md has the figures and how each was measured).
//
// Each benchmark is a `BenchmarkKind` case (see BenchmarkKind.swift); adding one is a new file with its
// runner and a new case there.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "all"

// The realtime benchmark's server, in a child process of its own (so the client's memory is measured alone).
if command == RealtimeServerProcess.command {
    RealtimeServerProcess.serve()
}

if ["help", "-h", "--help"].contains(command) {
    print(BenchmarkOptions.usage)
    exit(0)
}

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(parsing: Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n\n\(BenchmarkOptions.usage)\n".utf8))
    exit(2)
}

let selected: [BenchmarkKind]
if command == "all" {
    selected = BenchmarkKind.allCases
} else if let kind = BenchmarkKind(rawValue: command) {
    selected = [kind]
} else {
    FileHandle.standardError.write(Data("error: unknown benchmark \"\(command)\"\n\n\(BenchmarkOptions.usage)\n".utf8))
    exit(2)
}

var exitStatus: Int32 = 0
for kind in selected {
    let status = kind.run(options: options)
    if status != 0 { exitStatus = status }
}
exit(exitStatus)
