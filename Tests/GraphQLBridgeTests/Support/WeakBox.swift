/// A weak reference, to prove that something was freed.
struct WeakBox<Object: AnyObject>: @unchecked Sendable {
    // @unchecked: a test-only box; the weak reference is read on the test's task.
    weak var value: Object?
    init(_ value: Object?) { self.value = value }
}
