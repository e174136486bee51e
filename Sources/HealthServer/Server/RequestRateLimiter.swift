import Foundation
import HealthKitModel
import HealthLocking

/// Requests per credential, as token buckets: each credential may make `burst` requests at once and `rate` a second
/// after that; beyond it requests are refused with 429 until the bucket refills. Buckets idle for a minute are dropped.
final class RequestRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let rate: Double
    private let burst: Double
    private let buckets = Locked<[String: Bucket]>([:])

    /// A limiter of `rate` requests a second with bursts of `burst`.
    init(rate: Double, burst: Int) {
        self.rate = max(rate, 0)
        self.burst = Double(max(burst, 1))
    }

    /// Takes one request from `key`'s bucket; throws ``ServerError/tooManyRequests(_:)`` when it is empty.
    func take(_ key: String, now: Date = Date()) throws {
        let allowed = buckets.withLock { buckets -> Bool in
            if buckets.count > 10_000 { buckets = buckets.filter { now.timeIntervalSince($0.value.updated) < 60 } }
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + now.timeIntervalSince(bucket.updated) * rate)
            bucket.updated = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[key] = bucket
            return allowed
        }
        if !allowed {
            throw ServerError.tooManyRequests("too many requests with this credential; slow down (at most \(Int(rate)) a second)")
        }
    }
}
