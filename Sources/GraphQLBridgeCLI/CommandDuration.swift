/// Durations as the commands take them (`--draw-interval`, `--incremental-delay`): a positive whole number and a
/// unit, `500ms`, `30s`, `2m`, `1h`.
package enum CommandDuration {
    /// `500ms`, `30s`, `2m`, `1h`: a duration as the options take it.
    package static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 3_600_000 == 0 { return "\(milliseconds / 3_600_000)h" }
        if milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }

    /// A duration written as a positive whole number and a unit: `500ms`, `30s`, `2m`, `1h`.
    package static func parse(_ text: String, option: String) throws(UsageError) -> Duration {
        let units: [(suffix: String, duration: (Int64) -> Duration)] = [
            ("ms", { .milliseconds($0) }), ("s", { .seconds($0) }), ("m", { .seconds($0 * 60) }),
            ("h", { .seconds($0 * 3600) }),
        ]
        for unit in units where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count)
            guard let value = Int64(digits), value > 0, value <= 1_000_000 else { break }
            return unit.duration(value)
        }
        throw UsageError("\(option) takes a positive duration such as 500ms, 30s, 2m or 1h, found '\(text)'")
    }
}
