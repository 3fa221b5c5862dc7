import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import LegacyModels

/// Runs a game's `.drawUpdates` subscription beside a live model, for as long as the model is watched: each event
/// goes to `onEvent` with the last model the watch gave (to refetch it when the event is a draw it does not hold,
/// or to compare the event with REST in a shadow). When the subscription fails, `onFailure` runs instead (the
/// watch then polls). Started by the first `nextModel()`; stopped when the watch ends or the source is released.
final class DrawUpdatePump<Model: Sendable>: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var lastModel: Model?
    }

    private let state = Locked(State())
    private let events: @Sendable () -> ModelWatch<DrawInfo, APIError>
    private let onEvent: @Sendable (DrawInfo, Model?) async -> Void
    private let onFailure: @Sendable (APIError) async -> Void

    init(
        events: @escaping @Sendable () -> ModelWatch<DrawInfo, APIError>,
        onEvent: @escaping @Sendable (DrawInfo, Model?) async -> Void,
        onFailure: @escaping @Sendable (APIError) async -> Void
    ) {
        self.events = events
        self.onEvent = onEvent
        self.onFailure = onFailure
    }

    deinit { stop() }

    /// Starts the subscription (once).
    func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [events, onEvent, onFailure, weak self] in
                do throws(APIError) {
                    for try await draw in events() {
                        await onEvent(draw, self?.model)
                    }
                } catch {
                    if Task.isCancelled { return }
                    await onFailure(error)
                }
            }
        }
    }

    /// The model the watch gave last.
    var model: Model? { state.withLock { $0.lastModel } }

    /// Remembers the model the watch just gave.
    func observe(_ model: Model) {
        state.withLock { $0.lastModel = model }
    }

    /// Stops the subscription (the server sees it end).
    func stop() {
        state.withLock { state in
            let current = state.task
            state.task = nil
            return current
        }?.cancel()
    }
}
