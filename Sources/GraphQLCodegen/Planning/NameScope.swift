/// The member names of one generated declaration: hands out unique names, adding a suffix on a collision.
struct NameScope {
    private(set) var used: Set<String>

    /// A scope with names that are already taken.
    init(reserved: Set<String> = []) { self.used = reserved }

    /// Claims `name`, or the first free of `name` + suffix, `name` + suffix + `2`, ...; returns the claimed name.
    mutating func claim(_ name: String, suffix: String = "_") -> String {
        var candidate = name
        if used.contains(candidate) || SwiftNames.unusableMemberNames.contains(candidate) {
            candidate = name + suffix
            var counter = 2
            while used.contains(candidate) {
                candidate = name + suffix + String(counter)
                counter += 1
            }
        }
        used.insert(candidate)
        return candidate
    }

    /// Whether `name` is taken.
    func contains(_ name: String) -> Bool { used.contains(name) }
}
