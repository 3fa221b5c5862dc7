import GraphQLBridge

/// A live model with a game's draw updates beside it (``DrawUpdatePump``): the base source gives the models; the
/// pump runs from the first model asked for until the watch ends.
struct LiveModelSource<Model: Sendable, Failure: Error>: ModelWatchSource {
    var base: any ModelWatchSource<Model, Failure>
    let pump: DrawUpdatePump<Model>

    mutating func nextModel() async throws(Failure) -> Model? {
        pump.start()
        do {
            guard let model = try await base.nextModel() else {
                pump.stop()
                return nil
            }
            pump.observe(model)
            return model
        } catch {
            pump.stop()
            throw error
        }
    }
}
