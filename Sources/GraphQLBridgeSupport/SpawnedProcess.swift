import Foundation

#if os(Linux)
    import Glibc

    /// A child process, with `Foundation.Process`'s surface (the part this package's tests use: no working
    /// directory), started with `posix_spawn` on Linux (`package` access: not part of any product's API). On other
    /// platforms it is `Foundation.Process` itself.
    ///
    /// Why not `Foundation.Process` on Linux: its `run()` lists `/proc/self/fd` to close the parent's descriptors in
    /// the child and copies each entry's whole 256-byte `d_name`, reading past glibc's directory buffer; when the
    /// entries fill that buffer (more than about 1,350 open descriptors, which a parallel test run reaches) and the
    /// next page is not mapped, the parent crashes with SIGSEGV ("Bad pointer dereference" in `memmove` under
    /// `Process.run()`). That is swift-corelibs-foundation's bug, fixed by swiftlang/swift-corelibs-foundation#5472
    /// and not in Swift 6.3.1. Here no directory is listed where glibc closes the descriptors itself (2.34 and later),
    /// and where it cannot, the entries' names are read in place.
    ///
    /// The child gets the standard input, output and error set (a `Pipe`, whose other end the parent keeps, a
    /// `FileHandle`, or `nil` or `FileHandle.nullDevice` for `/dev/null`; unset: the parent's own) and no other
    /// descriptor of the parent; it runs in a process group of its own, as `Foundation.Process` starts it, with no
    /// signal blocked and every signal's action the default. Its exit is waited for on a thread of its own (never one
    /// of Swift concurrency's), which then calls ``terminationHandler``.
    ///
    /// `@unchecked Sendable`: what changes once it runs (its process id, whether it runs, how it ended) is behind a
    /// lock; its configuration is set before ``run()`` and only read after, as `Foundation.Process`'s is.
    package final class SpawnedProcess: @unchecked Sendable {
        /// What ``run()`` throws: the `posix_spawn` step that failed and its `errno`.
        package struct SpawnError: Error, CustomStringConvertible {
            /// The executable.
            package var path: String
            /// The step that failed.
            package var step: String
            /// Its `errno`.
            package var code: Int32

            package var description: String {
                "cannot start \(path): \(step) failed: \(String(cString: strerror(code))) (errno \(code))"
            }
        }

        /// Why the process ended.
        package enum TerminationReason: Sendable {
            /// It exited (``terminationStatus`` is its exit status).
            case exit
            /// A signal ended it (``terminationStatus`` is the signal's number).
            case uncaughtSignal
        }

        private struct State {
            var pid: pid_t = 0
            var running = false
            var status: Int32 = 0
            var reason = TerminationReason.exit
        }

        private let state = Locked(State())
        private let exited = NSCondition()

        /// The executable to run.
        package var executableURL: URL?
        /// Its arguments (not its name).
        package var arguments: [String]?
        /// Its environment; `nil`: the parent's.
        package var environment: [String: String]?
        /// Its standard input: a `Pipe` (it reads the pipe), a `FileHandle`, `nil` (`/dev/null`); unset: the parent's.
        package var standardInput: Any? = FileHandle.standardInput
        /// Its standard output: a `Pipe` (the parent reads the pipe), a `FileHandle`, `nil` (`/dev/null`); unset: the
        /// parent's.
        package var standardOutput: Any? = FileHandle.standardOutput
        /// Its standard error, as ``standardOutput``.
        package var standardError: Any? = FileHandle.standardError
        /// Called once, on the thread that waited for it, when the process has ended.
        package var terminationHandler: (@Sendable (SpawnedProcess) -> Void)?

        /// A process to configure, then ``run()``.
        package init() {}

        /// Its process id (0 before ``run()``).
        package var processIdentifier: Int32 { state.withLock { $0.pid } }

        /// Whether it has started and not ended.
        package var isRunning: Bool { state.withLock { $0.running } }

        /// Its exit status, or the number of the signal that ended it (read after it ended).
        package var terminationStatus: Int32 { state.withLock { $0.status } }

        /// Why it ended (read after it ended).
        package var terminationReason: TerminationReason { state.withLock { $0.reason } }

        /// Sends `SIGTERM`.
        package func terminate() { send(SIGTERM) }

        /// Sends `SIGINT`.
        package func interrupt() { send(SIGINT) }

        private func send(_ signal: Int32) {
            let (pid, running) = state.withLock { ($0.pid, $0.running) }
            if running, pid > 0 { kill(pid, signal) }
        }

        /// Blocks until the process has ended (at once when it never started).
        package func waitUntilExit() {
            exited.lock()
            while state.withLock({ $0.running }) { exited.wait() }
            exited.unlock()
        }

        /// Starts the process.
        /// - Throws: ``SpawnError`` when it cannot be started (no executable set, one that cannot run, no `/dev/null`).
        package func run() throws {
            guard let executable = executableURL?.path else {
                throw SpawnError(path: "(none)", step: "executableURL", code: EINVAL)
            }
            func check(_ code: Int32, _ step: String) throws {
                if code != 0 { throw SpawnError(path: executable, step: step, code: code) }
            }
            var actions = posix_spawn_file_actions_t()
            try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
            defer { posix_spawn_file_actions_destroy(&actions) }
            var attributes = posix_spawnattr_t()
            try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
            defer { posix_spawnattr_destroy(&attributes) }
            // No signal blocked (a Dispatch thread blocks them all, and a child inherits its parent thread's mask: a
            // `terminate()` would not end it), every signal's action the default (not this process's ignored SIGPIPE).
            var none = sigset_t()
            sigemptyset(&none)
            var all = sigset_t()
            sigfillset(&all)
            try check(posix_spawnattr_setsigmask(&attributes, &none), "posix_spawnattr_setsigmask")
            try check(posix_spawnattr_setsigdefault(&attributes, &all), "posix_spawnattr_setsigdefault")
            let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
            try check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")

            // The child's standard streams, and the parent's ends of its pipes (closed in the parent once it started).
            var nullDevice: FileHandle?
            var childEnds: [FileHandle] = []
            var kept: Set<Int32> = [0, 1, 2]
            for (target, stream, reads) in [
                (STDIN_FILENO, standardInput, true), (STDOUT_FILENO, standardOutput, false),
                (STDERR_FILENO, standardError, false),
            ] {
                let source: Int32
                switch stream {
                case let pipe as Pipe:
                    let end = reads ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                    childEnds.append(end)
                    source = end.fileDescriptor
                // (`FileHandle.nullDevice` has no descriptor on Linux: -1.)
                case let handle as FileHandle where handle.fileDescriptor >= 0:
                    source = handle.fileDescriptor
                default:
                    if nullDevice == nil { nullDevice = FileHandle(forUpdatingAtPath: "/dev/null") }
                    guard let handle = nullDevice else {
                        throw SpawnError(path: executable, step: "/dev/null", code: ENOENT)
                    }
                    source = handle.fileDescriptor
                }
                if source != target {
                    try check(
                        posix_spawn_file_actions_adddup2(&actions, source, target), "posix_spawn_file_actions_adddup2")
                }
                kept.insert(target)
            }
            // Every other descriptor of the parent closed in the child, after the dups above (which read them): all at
            // once in the child where glibc can (2.34 and later: none opened meanwhile by another thread is left open),
            // else each one open now.
            if let closeFrom = Self.addCloseFrom {
                try check(closeFrom(&actions, 3), "posix_spawn_file_actions_addclosefrom_np")
            } else {
                for descriptor in Self.openDescriptors() where !kept.contains(descriptor) {
                    try check(
                        posix_spawn_file_actions_addclose(&actions, descriptor), "posix_spawn_file_actions_addclose")
                }
            }

            let argv = [executable] + (arguments ?? [])
            let environ = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
            var pid: pid_t = 0
            let code = Self.withCStrings(argv) { argvPointers in
                Self.withCStrings(environ) { environPointers in
                    posix_spawn(&pid, executable, &actions, &attributes, argvPointers, environPointers)
                }
            }
            try? nullDevice?.close()
            try check(code, "posix_spawn")
            for end in childEnds { try? end.close() }
            state.withLock {
                $0.pid = pid
                $0.running = true
            }
            let child = pid
            let thread = Thread { [self] in
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1, errno == EINTR {}
                // `WIFSIGNALED`, `WTERMSIG` and `WEXITSTATUS` are macros Swift does not import.
                let signal = status & 0x7f
                let signalled = signal != 0 && signal != 0x7f
                state.withLock {
                    $0.running = false
                    $0.status = signalled ? signal : (status >> 8) & 0xff
                    $0.reason = signalled ? .uncaughtSignal : .exit
                }
                exited.lock()
                exited.broadcast()
                exited.unlock()
                terminationHandler?(self)
            }
            thread.name = "SpawnedProcess \(child)"
            thread.start()
        }

        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; a GNU extension Swift's `Glibc` does not
        /// import), looked up once; `nil` without it.
        private static let addCloseFrom: AddCloseFrom? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(symbol, to: AddCloseFrom.self)
        }()

        /// The descriptors open in this process (besides the one that lists them): `/proc/self/fd`'s entries, each name
        /// read in place up to its end (never a copy of the whole `d_name` field: the bug this type avoids).
        package static func openDescriptors() -> [Int32] {
            guard let directory = opendir("/proc/self/fd") else { return [] }
            defer { closedir(directory) }
            let own = dirfd(directory)
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
            var descriptors: [Int32] = []
            while let entry = readdir(directory) {
                let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
                if let descriptor = Int32(name), descriptor != own { descriptors.append(descriptor) }
            }
            return descriptors
        }

        /// Calls `body` with `strings` as a `NULL`-terminated array of C strings.
        private static func withCStrings<Result>(
            _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
        ) -> Result {
            let pointers = strings.map { strdup($0) } + [nil]
            defer { for pointer in pointers { free(pointer) } }
            return body(pointers)
        }
    }
#else
    /// `Foundation.Process`, which on Linux is this package's `posix_spawn` child (see the Linux declaration).
    package typealias SpawnedProcess = Process
#endif
