/// A ``MigrationEventReporter`` that hands each event to a closure.
public struct ClosureMigrationEventReporter: MigrationEventReporter {
    private let handler: @Sendable (MigrationEvent) async -> Void

    /// A reporter that calls `report` with each event.
    public init(_ report: @escaping @Sendable (MigrationEvent) async -> Void) {
        handler = report
    }

    /// Calls the closure with `event`.
    public func report(_ event: MigrationEvent) async {
        await handler(event)
    }
}
