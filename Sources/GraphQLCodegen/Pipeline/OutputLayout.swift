/// How generated declarations are split into files.
public enum OutputLayout: Sendable, Hashable {
    /// One file per declaration: `Schema/<Enum>.swift`, `Fragments/<Fragment>.swift`,
    /// `Operations/<Operation>.swift` (the command line's layout).
    case filePerDeclaration
    /// Every declaration in one file with this name (the build plugin's layout).
    case singleFile(String)
}
