extension StringProtocol {
    /// The text without leading and trailing HTTP optional whitespace (spaces and tabs).
    package func trimmingOWS() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
