/// A ``MigrationEventReporter`` that keeps every event in memory, in order: for tests and
/// in-app diagnostics.
public actor RecordingMigrationEventReporter: MigrationEventReporter {
    /// Every event reported so far, oldest first.
    public private(set) var events: [MigrationEvent] = []

    /// An empty recorder.
    public init() {}

    /// Records `event`.
    public func report(_ event: MigrationEvent) {
        events.append(event)
    }

    /// Forgets every event.
    public func removeAll() {
        events.removeAll()
    }
}
