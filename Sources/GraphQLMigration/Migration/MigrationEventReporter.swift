/// Receives a ``MigrationRouter``'s ``MigrationEvent``s (fallbacks): log them, count them.
///
/// `report` is awaited before the router returns, so it should be quick.
public protocol MigrationEventReporter: Sendable {
    /// Handles one event.
    func report(_ event: MigrationEvent) async
}
