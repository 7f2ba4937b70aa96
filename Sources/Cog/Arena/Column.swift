/// One arena column: a growable run of trivial values (`Int32` ids, flags,
/// stamps, frame records) in memory the graph owns outright.
///
/// A `ContiguousArray` stored in a class pays, on every write, a call to
/// check that its buffer is uniquely referenced, plus a bounds check, and
/// may retain the buffer around calls; the propagate and settle loops write
/// columns on every step. A column is a bare pointer instead: reads and
/// writes are one load or store (bounds are checked in debug builds only),
/// and writing an element does not mutate the column itself, so the class
/// property is never accessed for modification. Growth doubles the
/// capacity, like an array; nothing ever shrinks, so a graph that keeps its
/// shape reuses the same memory and allocates nothing.
///
/// Only trivial (bitwise-copyable) elements: the owner frees the memory with
/// `deallocate()` and nothing is deinitialized. Copies of a column share
/// its memory, so only its owner may keep one.
@usableFromInline
nonisolated struct Column<Element>: RandomAccessCollection, @unchecked Sendable {
    // @unchecked: the memory is only touched by its MainActor owner; the
    // conformance lets that owner's nonisolated deinit free it.
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    @usableFromInline var count: Int = 0
    @usableFromInline var capacity: Int = 0

    @inlinable init() {}

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }
    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "Column index out of range")
            return base.unsafelyUnwrapped[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "Column index out of range")
            base.unsafelyUnwrapped[index] = newValue
        }
        nonmutating _modify {
            assert(index >= 0 && index < count, "Column index out of range")
            yield &base.unsafelyUnwrapped[index]
        }
    }

    /// The address of the first element, for a loop that indexes the
    /// column through a local pointer. A column that never allocated gives
    /// a null address, unchecked even in debug builds: no index is valid
    /// there, so nothing dereferences it.
    @inlinable
    var elements: UnsafeMutablePointer<Element> { unsafeBitCast(base, to: UnsafeMutablePointer<Element>.self) }

    @inlinable
    var last: Element? { count == 0 ? nil : base.unsafelyUnwrapped[count - 1] }

    @inlinable
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    @usableFromInline
    mutating func grow() {
        let wanted = Swift.max(16, capacity * 2)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: wanted)
        if let old = base {
            fresh.moveInitialize(from: old, count: count)
            old.deallocate()
        }
        base = fresh
        capacity = wanted
    }

    @inlinable
    @discardableResult
    mutating func removeLast() -> Element {
        assert(count > 0, "removeLast on an empty Column")
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    @inlinable
    mutating func popLast() -> Element? {
        if count == 0 { return nil }
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    /// Empties the column and keeps its memory.
    @inlinable
    mutating func removeAll(keepingCapacity: Bool) {
        precondition(keepingCapacity, "a Column always keeps its capacity")
        count = 0
    }

    /// Sorts the elements from `start` to the end in place by `key`, without
    /// allocating (the standard library's sort allocates a run stack for
    /// anything longer than a few elements): a tail already in order, or in
    /// reverse order, costs a pass or two; any other a heapsort.
    func sortTail<Key: Comparable>(from start: Int, by key: (Element) -> Key) {
        let length = count - start
        guard length > 1 else { return }
        let elements = UnsafeMutableBufferPointer(start: base.unsafelyUnwrapped + start, count: length)
        var ascending = 1
        while ascending < length, key(elements[ascending - 1]) <= key(elements[ascending]) { ascending += 1 }
        guard ascending < length else { return }
        // A push that reached the reactions from their last registered
        // backwards queues them in reverse: one pass reverses it.
        var descending = 1
        while descending < length, key(elements[descending - 1]) >= key(elements[descending]) { descending += 1 }
        if descending == length {
            var (low, high) = (0, length - 1)
            while low < high {
                elements.swapAt(low, high)
                (low, high) = (low + 1, high - 1)
            }
            return
        }
        for root in stride(from: length / 2 - 1, through: 0, by: -1) {
            Self.siftDown(elements, root: root, length: length, by: key)
        }
        for end in stride(from: length - 1, to: 0, by: -1) {
            elements.swapAt(0, end)
            Self.siftDown(elements, root: 0, length: end, by: key)
        }
    }

    private static func siftDown<Key: Comparable>(
        _ elements: UnsafeMutableBufferPointer<Element>, root: Int, length: Int, by key: (Element) -> Key
    ) {
        var parent = root
        while true {
            var largest = parent
            let left = 2 * parent + 1
            if left < length, key(elements[largest]) < key(elements[left]) { largest = left }
            if left + 1 < length, key(elements[largest]) < key(elements[left + 1]) { largest = left + 1 }
            guard largest != parent else { return }
            elements.swapAt(parent, largest)
            parent = largest
        }
    }

    /// Frees the memory; the owner's deinit calls it once.
    func deallocate() {
        base?.deallocate()
    }
}

nonisolated extension Int {
    /// The index of arena id `id` (a node, edge or row): never negative
    /// (`Graph.none` is tested before any use as an index), so it widens
    /// by zero-extension, which loading the 32-bit id has done already.
    /// `Int(id)` sign-extends: one more instruction, and one more cycle on
    /// every hop of a walk, where each id is loaded from the one before.
    ///
    /// Used in the push and settle walks and the run's subscriber loop
    /// (`Graph`). The read paths keep `Int(id)`: widened this way, their
    /// ids were compared with `Graph.none` as 64-bit values and held one
    /// more register (deepPropagation +4.3% instructions, measured).
    @inlinable @inline(__always)
    init(id: Int32) {
        self.init(UInt32(bitPattern: id))
    }
}

nonisolated extension Unmanaged {
    /// Runs `body` on the referenced object without retaining it; the
    /// caller guarantees that something else keeps it alive meanwhile.
    ///
    /// A MainActor wrapper around `_withUnsafeGuaranteedRef`: a MainActor
    /// closure literal handed straight to that standard-library function is
    /// compiled with a dynamic executor check on every call (measured: about
    /// 110 instructions each); handed to this MainActor function, it is
    /// inlined with no check.
    @MainActor @inlinable @inline(__always)
    func withGuaranteed<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}
