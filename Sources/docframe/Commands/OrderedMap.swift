import Foundation

/// A bounded concurrent map whose results are handed out in input order: `work` runs on up to
/// `jobs` threads, `emit` runs on the calling thread for item 0, 1, 2, ... as soon as each (and
/// every earlier one) is done. At most a small window of finished results waits in memory.
enum OrderedMap {
    static func run<T: Sendable>(count: Int, jobs: Int, work: @escaping @Sendable (Int) -> T, emit: (Int, T) -> Void) {
        guard count > 0 else { return }
        if jobs <= 1 {
            for i in 0..<count { emit(i, work(i)) }
            return
        }
        let window = max(jobs * 4, 8)
        let state = OrderedMapState<T>(count: count)
        let queue = DispatchQueue(label: "docframe.ordered-map", attributes: .concurrent)
        let slots = DispatchSemaphore(value: window)
        var next = 0
        var launched = 0
        let group = DispatchGroup()
        let workers = DispatchSemaphore(value: jobs)
        while next < count {
            // Launch while the window has room, then emit whatever is ready in order.
            while launched < count, launched - next < window {
                slots.wait()
                workers.wait()
                let i = launched
                launched += 1
                group.enter()
                queue.async {
                    let result = work(i)
                    state.store(result, at: i)
                    workers.signal()
                    group.leave()
                }
            }
            let result = state.take(at: next)
            emit(next, result)
            slots.signal()
            next += 1
        }
        group.wait()
    }
}

/// The shared slots of `OrderedMap`, guarded by a condition variable.
final class OrderedMapState<T: Sendable>: @unchecked Sendable {
    private var results: [Int: T] = [:]
    private let condition = NSCondition()

    init(count: Int) {}

    func store(_ value: T, at index: Int) {
        condition.lock()
        results[index] = value
        condition.broadcast()
        condition.unlock()
    }

    func take(at index: Int) -> T {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        return results.removeValue(forKey: index)!
    }
}
