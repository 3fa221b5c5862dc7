/// The access level of the generated declarations.
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    /// `public`: for a library target that other modules import (the default).
    case `public`
    /// `internal` (no modifier written): for types used only inside the module that generates them.
    case `internal`

    /// The modifier written before a declaration, with its trailing space; empty for `internal`.
    public var modifier: String {
        switch self {
        case .public: "public "
        case .internal: ""
        }
    }
}
