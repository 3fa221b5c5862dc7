#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the `codegen` benchmark and its Python subprocess on one CPU (Linux only).
///
/// The two processes take turns (a Swift round, then a graphql-core round). Left to the scheduler they often run on
/// different CPUs, so each wakes on a CPU that idled through the other's whole round; on this project's virtual
/// machine that makes millisecond-long operations up to 1.7x slower (parse of github_schema: 4.9 ms on a CPU kept
/// busy, 7.5 to 8.8 ms on one that idled), which hits the short Swift operations far more than graphql-core's long
/// ones. On one CPU, one of the two is always running there. `--no-pin` turns this off.
enum CPUAffinity {
    /// Pins this process, and the processes it starts from now on, to the CPU it is running on.
    /// - Returns: That CPU's number and a function that restores the previous affinity; `nil` where the platform
    ///   has no such call or it fails.
    static func pinToCurrentCPU() -> (cpu: Int, restore: () -> Void)? {
        #if os(Linux)
            // glibc declares these only under _GNU_SOURCE, so Swift does not import them: look them up instead.
            typealias GetCPU = @convention(c) () -> Int32
            typealias GetAffinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer?) -> Int32
            typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer?) -> Int32
            guard let library = dlopen(nil, RTLD_NOW),
                let getCPUSymbol = dlsym(library, "sched_getcpu"),
                let getSymbol = dlsym(library, "sched_getaffinity"),
                let setSymbol = dlsym(library, "sched_setaffinity")
            else { return nil }
            let getCPU = unsafeBitCast(getCPUSymbol, to: GetCPU.self)
            let getAffinity = unsafeBitCast(getSymbol, to: GetAffinity.self)
            let setAffinity = unsafeBitCast(setSymbol, to: SetAffinity.self)

            let maskBytes = 128  // glibc's cpu_set_t: 1,024 CPUs
            var previous = [UInt8](repeating: 0, count: maskBytes)
            guard previous.withUnsafeMutableBytes({ getAffinity(0, maskBytes, $0.baseAddress) }) == 0 else {
                return nil
            }
            let cpu = Int(getCPU())
            guard cpu >= 0, cpu < maskBytes * 8 else { return nil }
            var single = [UInt8](repeating: 0, count: maskBytes)
            single[cpu / 8] = UInt8(1) << UInt8(cpu % 8)  // bit `cpu` of little-endian words, as CPU_SET sets it
            guard single.withUnsafeBytes({ setAffinity(0, maskBytes, $0.baseAddress) }) == 0 else { return nil }
            let saved = previous
            return (cpu, { _ = saved.withUnsafeBytes { setAffinity(0, maskBytes, $0.baseAddress) } })
        #else
            return nil
        #endif
    }
}
