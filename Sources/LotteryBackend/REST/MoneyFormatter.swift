/// Renders money for the REST API: minor units to a decimal string of major units with exactly two
/// decimals, by integer arithmetic (`10000` -> `"100.00"`, `5` -> `"0.05"`,
/// `Int64.max` -> `"92233720368547758.07"`).
public enum MoneyFormatter {
    /// The REST rendering of an amount in minor units.
    public static func majorUnits(fromMinor minor: Int64) -> String {
        let magnitude = minor.magnitude
        let whole = magnitude / 100
        let cents = magnitude % 100
        let sign = minor < 0 ? "-" : ""
        return "\(sign)\(whole).\(cents < 10 ? "0" : "")\(cents)"
    }
}
