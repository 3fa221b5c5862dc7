import Foundation

/// Reflection helpers shared by the diff and the renderer.
package enum FieldValue {
    /// A stored property (or element) found by reflection.
    package typealias Child = (label: String, value: Any)

    /// The value inside any number of optionals, or `nil` when one of them is `nil`.
    package static func flattenOptional(_ value: Any) -> Any? {
        var current = value
        while true {
            let mirror = Mirror(reflecting: current)
            guard mirror.displayStyle == .optional else { return current }
            guard let wrapped = mirror.children.first else { return nil }
            current = wrapped.value
        }
    }

    /// The base of an `AnyHashable`, any other value as it is.
    package static func unwrapAnyHashable(_ value: Any) -> Any {
        var current = value
        while type(of: current) == AnyHashable.self, let hashable = current as? AnyHashable {
            current = hashable.base
        }
        return current
    }

    /// Whether `value` is compared and rendered as a whole even though reflection might show
    /// stored properties (Foundation value types, numbers, strings).
    package static func isAtomic(_ value: Any) -> Bool {
        switch value {
        case is String, is Substring, is Character, is Bool, is any BinaryInteger, is any FloatingPoint,
            is Decimal, is Date, is URL, is UUID, is Data, is TimeZone, is Locale, is Calendar, is Duration:
            return true
        default:
            return false
        }
    }

    /// `lhs == rhs` through the values' own `Equatable` conformance (two NaNs count as equal);
    /// `nil` when the values are not `Equatable` or are of different types.
    package static func equals(_ lhs: Any, _ rhs: Any) -> Bool? {
        if let lhs = lhs as? Double, let rhs = rhs as? Double, lhs.isNaN, rhs.isNaN { return true }
        if let lhs = lhs as? Float, let rhs = rhs as? Float, lhs.isNaN, rhs.isNaN { return true }
        guard let lhs = lhs as? any Equatable else { return nil }
        return lhs.isEqual(toAny: rhs)
    }

    /// `lhs < rhs` through the values' own `Comparable` conformance; `nil` when the values are
    /// not `Comparable` or are of different types.
    package static func isLess(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let lhs = lhs as? any Comparable else { return nil }
        return lhs.isLess(thanAny: rhs)
    }

    /// The stored properties of a struct, class (inherited ones first) or tuple, with labels
    /// as written in the source: the backing storage of `@Observable` properties is named after
    /// the property, the storage of `lazy` properties is left out (it is `nil` until the property
    /// is read), and unlabeled children get their position as label.
    package static func children(of mirror: Mirror) -> [Child] {
        var chain = [mirror]
        while let superclass = chain[0].superclassMirror {
            chain.insert(superclass, at: 0)
        }
        let raw = chain.flatMap { $0.children.map { (label: $0.label, value: $0.value) } }
        let isObservable = raw.contains { $0.label == "_$observationRegistrar" }
        var children: [Child] = []
        for (position, child) in raw.enumerated() {
            guard var label = child.label else {
                children.append((label: String(position), value: child.value))
                continue
            }
            if label.hasPrefix("_$") { continue }
            // A `lazy var`'s storage is `nil` until the property is first read, so it tells when the
            // property was read, not what it is: it is not compared.
            if label.hasPrefix("$__lazy_storage_$_") { continue }
            if isObservable, label.hasPrefix("_") {
                label = String(label.dropFirst())
            } else if label.hasPrefix("."), mirror.displayStyle == .tuple {
                label = String(label.dropFirst())
            }
            children.append((label: label, value: child.value))
        }
        return children
    }

    /// What pairs a dictionary key with the other side's: the key itself (keys are `Hashable`), so
    /// two keys are paired only when they are equal, whatever their text.
    package static func pairingKey(_ key: Any) -> AnyHashable {
        if let hashable = key as? AnyHashable { return hashable }
        return AnyHashable(FieldValueRenderer.render(key, nested: true))
    }

    /// The entries of a dictionary's mirror as key-value pairs.
    package static func entries(of mirror: Mirror) -> [(key: Any, value: Any)] {
        mirror.children.compactMap { child in
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { return nil }
            return (key: pair[0].value, value: pair[1].value)
        }
    }

    /// Orders values deterministically: by type name, then `Comparable` order, then text.
    package static func precedes(_ lhs: (value: Any, text: String), _ rhs: (value: Any, text: String)) -> Bool {
        let lhsType = String(reflecting: type(of: lhs.value))
        let rhsType = String(reflecting: type(of: rhs.value))
        if lhsType != rhsType { return lhsType < rhsType }
        if let less = isLess(lhs.value, rhs.value) {
            if less { return true }
            if isLess(rhs.value, lhs.value) == true { return false }
        }
        return lhs.text < rhs.text
    }
}

extension Equatable {
    /// `self == other` when `other` is of the same type, `nil` otherwise.
    fileprivate func isEqual(toAny other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}

extension Comparable {
    /// `self < other` when `other` is of the same type, `nil` otherwise.
    fileprivate func isLess(thanAny other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self < other
    }
}
