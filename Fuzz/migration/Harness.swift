// Fuzz target `migration` (scripts/fuzz.sh migration): GraphQLMigration compiled with this harness. The input is
// remote configuration JSON applied to MigrationSettings: an error leaves the settings as they were; a success
// sets exactly what the configuration says. A crash or a failed check is a bug.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMigration(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let json = Data(bytes: start, count: count)
    let settings = MigrationSettings(MigrationConfiguration())
    settings.setMode(.shadow, for: "Sentinel")
    do {
        try settings.apply(json: json)
        let configuration = try MigrationConfiguration(json: json)
        for model in ["Sentinel", "GameInfo", "DrawInfo", "ImageInfo"] {
            guard settings.mode(for: model) == MigrationSettings(configuration).mode(for: model) else {
                fatalError("applying the configuration does not give its mode for \(model)")
            }
        }
    } catch {
        guard settings.mode(for: "Sentinel") == .shadow else {
            fatalError("a configuration that fails to apply changed the settings: \(error)")
        }
    }
    return 0
}
