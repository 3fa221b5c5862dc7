import Foundation
import GraphQLBridgeSupport
import GraphQLServer

/// The embedded backend's draw clock: moves games' draws on (``DrawAdvancer``) and publishes every draw that
/// changed to the `drawUpdated` subscribers of its game, over every transport, and to both APIs' reads.
///
/// Advance it by hand (``advance(gameId:)``, what tests do), or on a schedule (``start(every:)``, or
/// ``EmbeddedBackendOptions/drawInterval`` at start, which advances every active game at each tick).
///
/// `@unchecked Sendable`: `timer` is a `Locked` (a timer source is not `Sendable` on every platform); the rest is
/// constant.
public final class DrawClock: @unchecked Sendable {
    let live: LiveDataSet
    let hub: RealtimeHub<DataSetDraw>
    private let timer = Locked<(any DispatchSourceTimer)?>(nil)

    init(live: LiveDataSet, hub: RealtimeHub<DataSetDraw>) {
        self.live = live
        self.hub = hub
    }

    deinit { stop() }

    /// Moves `gameId` on by one step and publishes the draws that changed (returned in order); empty for an
    /// unknown game.
    @discardableResult
    public func advance(gameId: String) -> [DataSetDraw] {
        let changed = live.update { dataSet -> (LotteryDataSet?, [DataSetDraw]) in
            guard let (updated, draws) = DrawAdvancer.advance(gameId, in: dataSet) else { return (nil, []) }
            return (updated, draws)
        }
        hub.publish(changed)
        return changed
    }

    /// Sells `count` tickets of `gameId`'s next draw while it is on sale (its `ticketsSold`, a live counter) and
    /// publishes the draw; `nil` when the game has no draw on sale.
    @discardableResult
    public func sellTickets(gameId: String, count: Int64 = 1) -> DataSetDraw? {
        let sold = live.update { dataSet -> (LotteryDataSet?, DataSetDraw?) in
            guard let (updated, draw) = DrawAdvancer.sell(count, of: gameId, in: dataSet) else { return (nil, nil) }
            return (updated, draw)
        }
        if let sold { hub.publish([sold]) }
        return sold
    }

    /// Moves every active game on by one step; returns the draws that changed.
    @discardableResult
    public func advanceAll() -> [DataSetDraw] {
        live.current.games.filter(\.isActive).flatMap { advance(gameId: $0.id) }
    }

    /// The data set as the clock has made it.
    public var dataSet: LotteryDataSet { live.current }

    /// Advances every active game each `interval`, until ``stop()`` (a second call replaces the schedule).
    public func start(every interval: Duration) {
        let milliseconds = max(1, Int(clamping: interval.wholeMilliseconds))
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "LotteryBackend.DrawClock"))
        source.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        source.setEventHandler { [weak self] in self?.advanceAll() }
        let previous = timer.withLock { timer -> (any DispatchSourceTimer)? in
            let previous = timer
            timer = source
            return previous
        }
        previous?.cancel()
        source.resume()
    }

    /// Stops the schedule (draws still move on ``advance(gameId:)``).
    public func stop() {
        timer.withLock { timer in
            let current = timer
            timer = nil
            return current
        }?.cancel()
    }

    /// Calls `observer` with every draw the clock changes, in order (for a server's log).
    public func observe(_ observer: @escaping @Sendable (DataSetDraw) -> Void) {
        hub.observe(observer)
    }
}
