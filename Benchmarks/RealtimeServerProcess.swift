import Foundation
import LotteryBackend

/// The realtime benchmark's server in a child process (`Benchmarks realtime-server`), so that the client's memory
/// per subscription is measured without the server's: the embedded backend on a free port, driven by lines on
/// standard input (`count`, `sell GAME`, `quit`), each answered by one line.
struct RealtimeServerProcess {
    static let command = "realtime-server"

    let process: Process
    let input: FileHandle
    let output: FileHandle
    let port: Int

    /// The child's side: serves until standard input ends.
    static func serve() -> Never {
        let server: EmbeddedLotteryServer
        do {
            server = try EmbeddedLotteryServer.start(
                options: EmbeddedBackendOptions(heartbeatInterval: .seconds(600), maximumConnections: 8_192))
        } catch {
            FileHandle.standardError.write(Data("realtime-server: \(error)\n".utf8))
            exit(2)
        }
        let output = FileHandle.standardOutput
        output.write(Data("LISTENING \(server.port)\n".utf8))
        while let line = Swift.readLine() {
            let words = line.split(separator: " ").map(String.init)
            let answer: String
            switch words.first {
            case "count": answer = String(server.openSubscriptionCount)
            case "sell" where words.count == 2:
                answer = server.drawClock.sellTickets(gameId: words[1]).map { String($0.ticketsSold) } ?? "none"
            case "quit": exit(0)
            default: answer = "unknown command"
            }
            output.write(Data((answer + "\n").utf8))
        }
        exit(0)
    }

    /// Starts the child (this same executable) and reads its port.
    static func start() throws -> RealtimeServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [command]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let child = RealtimeServerProcess(
            process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading, port: 0)
        let first = child.readLine()
        guard first.hasPrefix("LISTENING "), let port = Int(first.dropFirst("LISTENING ".count)) else {
            process.terminate()
            throw CacheBenchmark.Problem("the server process did not start: \(first)")
        }
        return RealtimeServerProcess(process: process, input: child.input, output: child.output, port: port)
    }

    /// Sends one command and returns the answer line.
    func ask(_ command: String) -> String {
        input.write(Data((command + "\n").utf8))
        return readLine()
    }

    func stop() {
        _ = try? input.write(contentsOf: Data("quit\n".utf8))
        process.waitUntilExit()
    }

    private func readLine() -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = output.readData(ofLength: 1)
            guard let first = byte.first else { break }
            if first == 0x0A { break }
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
