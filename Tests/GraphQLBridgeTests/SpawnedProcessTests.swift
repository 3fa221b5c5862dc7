import Foundation
import GraphQLBridgeSupport
import Testing

#if os(Linux)
    import Glibc

    /// `SpawnedProcess`, the tests' child processes on Linux (`posix_spawn`, not `Foundation.Process`, whose `run()`
    /// crashes a process with many descriptors open: swift-corelibs-foundation#5472).
    @Suite("A spawned child process")
    struct SpawnedProcessTests {
        /// What a finished child gave.
        struct Finished: Sendable {
            var status: Int32
            var reason: SpawnedProcess.TerminationReason
            var output: String
            var stillRunning: Bool
        }

        /// Runs `script` with `/bin/sh -c` on a thread of its own (its waits block), its standard output through a
        /// pipe, `environment` its environment (`nil`: this process's).
        static func shell(_ script: String, environment: [String: String]? = nil) async throws -> Finished {
            try await DedicatedThread.run(name: "spawned shell") {
                let process = SpawnedProcess()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", script]
                process.environment = environment
                process.standardInput = FileHandle.nullDevice
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return Finished(
                    status: process.terminationStatus, reason: process.terminationReason,
                    output: String(decoding: data, as: UTF8.self), stillRunning: process.isRunning)
            }
        }

        @Test("its output, exit status and reason; its environment; its handler called once it ended")
        func exitStatus() async throws {
            // (Its standard input `FileHandle.nullDevice`: `/dev/null`, read to its end at once.)
            let finished = try await Self.shell("cat; echo \"out $GRAPHQLBRIDGE_SPAWN_TEST\"; exit 3")
            #expect(finished.output == "out \n")
            #expect(finished.status == 3)
            #expect(finished.reason == .exit)
            #expect(!finished.stillRunning)
            let set = try await Self.shell(
                "printf %s \"$GRAPHQLBRIDGE_SPAWN_TEST\"", environment: ["GRAPHQLBRIDGE_SPAWN_TEST": "set"])
            #expect(set.output == "set")

            let child = SpawnedProcess()
            child.executableURL = URL(fileURLWithPath: "/bin/sh")
            child.arguments = ["-c", "exit 4"]
            child.standardOutput = nil
            let handled = Locked<[Int32]>([])
            child.terminationHandler = { finished in handled.withLock { $0.append(finished.terminationStatus) } }
            try child.run()
            try await HangDetector.waitUntil("the termination handler") { !handled.withLock { $0 }.isEmpty }
            #expect(handled.withLock { $0 } == [4])
            #expect(!child.isRunning)
        }

        @Test("a signal ends it: the signal's number and reason")
        func signalled() async throws {
            let process = SpawnedProcess()
            process.executableURL = URL(fileURLWithPath: "/bin/sleep")
            process.arguments = ["600"]
            process.standardOutput = nil
            try process.run()
            #expect(process.isRunning)
            #expect(process.processIdentifier > 0)
            process.terminate()
            try await HangDetector.waitUntil("the child to end") { !process.isRunning }
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == SIGTERM)
        }

        @Test("an executable that cannot run: a typed error that names it")
        func cannotRun() {
            let process = SpawnedProcess()
            process.executableURL = URL(fileURLWithPath: "/nonexistent/graphqlbridge-tool")
            #expect(throws: SpawnedProcess.SpawnError.self) { try process.run() }
            #expect(!process.isRunning)
            process.waitUntilExit()
        }

        @Test("the child holds none of the parent's other descriptors: a pipe's reader gets its end of file")
        func noInheritedDescriptors() async throws {
            // A pipe of the parent's that is not close-on-exec: a child holding its write end would keep its reader
            // waiting for the end of file.
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            defer { close(ends[0]) }
            let finished = try await Self.shell("ls /proc/$$/fd")
            close(ends[1])
            let descriptors = Set(finished.output.split(separator: "\n").compactMap { Int32($0) })
            #expect(descriptors.isSubset(of: [0, 1, 2, 3, 10, 255]), "the shell's own only: \(descriptors.sorted())")
            #expect(ends[1] < 3 || !descriptors.contains(ends[1]))
            var byte: UInt8 = 0
            #expect(read(ends[0], &byte, 1) == 0, "end of file: no child holds the write end")
        }

        @Test("with more than 1,500 descriptors open (where Foundation's Process.run() can crash), it starts and ends")
        func manyDescriptors() async throws {
            var opened: [Int32] = []
            defer { for descriptor in opened { close(descriptor) } }
            for _ in 0..<1_600 {
                let descriptor = open("/dev/null", O_RDONLY)
                try #require(descriptor >= 0)
                opened.append(descriptor)
            }
            // (The listing the spawn falls back on without glibc's closefrom reads each entry's name in place.)
            #expect(Set(SpawnedProcess.openDescriptors()).isSuperset(of: opened))
            for _ in 0..<20 {
                let finished = try await Self.shell("echo ok")
                #expect(finished.output == "ok\n")
                #expect(finished.status == 0)
            }
        }
    }
#endif
