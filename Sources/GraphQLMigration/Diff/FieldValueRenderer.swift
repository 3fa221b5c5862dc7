import Foundation

/// Renders values as text for ``FieldDifference``.
///
/// Top-level strings are shown as they are; strings inside collections, payloads and
/// structs are quoted like Swift's `debugDescription`. Dates are ISO 8601 in UTC with
/// fractional seconds (to the microsecond) only when there are any, and with the exact number
/// of seconds when the microseconds do not tell the whole value; URLs as their exact string.
/// Two values the diff finds different are never shown as the same text (``renderDistinct(_:_:)``).
package enum FieldValueRenderer {
    private static let maximumDepth = 12

    /// The value as text; `precise` ignores `CustomStringConvertible` and shows the stored
    /// properties and enum payloads instead.
    package static func render(_ value: Any, nested: Bool = false, precise: Bool = false) -> String {
        render(value, nested: nested, precise: precise, depth: 0)
    }

    /// The two values of a difference as texts that differ: the usual rendering, or the precise one
    /// when the usual texts are equal, or, when even those are equal (a type whose `==` sees what
    /// reflection does not), the texts marked as the two sides.
    package static func renderDistinct(_ lhs: Any, _ rhs: Any) -> (String, String) {
        let usual = (render(lhs), render(rhs))
        if usual.0 != usual.1 { return usual }
        let precise = (render(lhs, precise: true), render(rhs, precise: true))
        if precise.0 != precise.1 { return precise }
        let lhsType = String(reflecting: type(of: lhs))
        let rhsType = String(reflecting: type(of: rhs))
        if lhsType != rhsType { return ("\(precise.0) as \(lhsType)", "\(precise.1) as \(rhsType)") }
        return ("\(precise.0) (left value)", "\(precise.1) (right value, not == to the left one)")
    }

    /// The texts of dictionary keys as the diff's paths show them: each key's usual text, or its
    /// precise text where two keys share the usual one, numbered (`#2`) where even that is shared.
    package static func distinctKeyTexts(_ keys: [Any]) -> [String] {
        var texts = keys.map { render($0, nested: true) }
        func collisions() -> [String: Int] {
            var counts: [String: Int] = [:]
            for text in texts { counts[text, default: 0] += 1 }
            return counts
        }
        var counts = collisions()
        for index in texts.indices where counts[texts[index], default: 0] > 1 {
            texts[index] = render(keys[index], nested: true, precise: true)
        }
        counts = collisions()
        var seen: [String: Int] = [:]
        for index in texts.indices where counts[texts[index], default: 0] > 1 {
            let text = texts[index]
            seen[text, default: 0] += 1
            if let occurrence = seen[text], occurrence > 1 { texts[index] = "\(text)#\(occurrence)" }
        }
        return texts
    }

    private static func render(_ value: Any, nested: Bool, precise: Bool, depth: Int) -> String {
        guard depth <= maximumDepth else { return "…" }
        guard let wrapped = FieldValue.flattenOptional(value) else { return "nil" }
        let value = FieldValue.unwrapAnyHashable(wrapped)
        if let text = renderAtomic(value, nested: nested) { return text }

        let mirror = Mirror(reflecting: value)
        let element = { (child: Any) in render(child, nested: true, precise: precise, depth: depth + 1) }
        switch mirror.displayStyle {
        case .collection?:
            return "[" + mirror.children.map { element($0.value) }.joined(separator: ", ") + "]"
        case .set?:
            let items: [(value: Any, text: String)] = mirror.children.map { (value: $0.value, text: element($0.value)) }
            return "[" + items.sorted(by: FieldValue.precedes).map { $0.text }.joined(separator: ", ") + "]"
        case .dictionary?:
            let entries = FieldValue.entries(of: mirror)
                .map { (value: $0.key, text: element($0.key), rendered: element($0.value)) }
                .sorted { FieldValue.precedes(($0.value, $0.text), ($1.value, $1.text)) }
            if entries.isEmpty { return "[:]" }
            return "[" + entries.map { "\($0.text): \($0.rendered)" }.joined(separator: ", ") + "]"
        case .tuple?:
            return "("
                + renderFields(FieldValue.children(of: mirror), precise: precise, depth: depth, labelPositions: false)
                + ")"
        case .enum?:
            if !precise, let custom = value as? CustomStringConvertible { return custom.description }
            guard let payload = mirror.children.first else { return String(describing: value) }
            let caseName = payload.label ?? ""
            if Mirror(reflecting: payload.value).displayStyle == .tuple {
                return caseName + element(payload.value)
            }
            return caseName + "(" + element(payload.value) + ")"
        default:
            if !precise, let custom = value as? CustomStringConvertible { return custom.description }
            let children = FieldValue.children(of: mirror)
            if children.isEmpty { return String(describing: value) }
            return String(describing: type(of: value)) + "("
                + renderFields(children, precise: precise, depth: depth, labelPositions: true) + ")"
        }
    }

    private static func renderFields(
        _ children: [FieldValue.Child], precise: Bool, depth: Int, labelPositions: Bool
    ) -> String {
        children.enumerated().map { position, child in
            let text = render(child.value, nested: true, precise: precise, depth: depth + 1)
            let isPositional = child.label == String(position)
            return isPositional && !labelPositions ? text : "\(child.label): \(text)"
        }.joined(separator: ", ")
    }

    private static func renderAtomic(_ value: Any, nested: Bool) -> String? {
        switch value {
        case let string as String: return nested ? String(reflecting: string) : string
        case let string as Substring: return nested ? String(reflecting: String(string)) : String(string)
        case let character as Character: return nested ? String(reflecting: character) : String(character)
        case let date as Date: return iso8601(date)
        case let url as URL:
            // `==` compares the relative string and the base, so both are shown when there is a base.
            guard let base = url.baseURL else { return url.relativeString }
            return "\(url.relativeString) (relative to \(base.absoluteString))"
        case let uuid as UUID: return uuid.uuidString
        case let decimal as Decimal: return decimal.description
        case let data as Data: return render(data)
        case let zone as TimeZone: return zone.identifier
        case let locale as Locale: return locale.identifier
        default: return nil
        }
    }

    private static func render(_ data: Data) -> String {
        let shown = data.prefix(32).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return data.count <= 32 ? "0x\(shown) (\(data.count) bytes)" : "0x\(shown)… (\(data.count) bytes)"
    }

    /// `2026-11-28T18:00:00Z`, or `2026-11-28T18:00:00.25Z` when there is a fraction of a second;
    /// when the microseconds do not give the date back exactly, the exact seconds since 2001 follow
    /// (`2026-11-28T18:00:00.25Z (817581600.2500001 s since 2001-01-01)`), so two different dates
    /// never read the same.
    package static func iso8601(_ date: Date) -> String {
        let text = microsecondText(date)
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        if microseconds.isFinite, Date(timeIntervalSince1970: microseconds / 1_000_000) == date { return text }
        return "\(text) (\(date.timeIntervalSinceReferenceDate) s since 2001-01-01)"
    }

    private static func microsecondText(_ date: Date) -> String {
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard microseconds.isFinite, abs(microseconds) < 9e18 else { return String(describing: date) }
        let total = Int64(microseconds)
        var seconds = total / 1_000_000
        var fraction = total % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        let base = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(Date.ISO8601FormatStyle())
        guard fraction != 0, base.hasSuffix("Z") else { return base }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return base.dropLast() + "." + digits + "Z"
    }
}
