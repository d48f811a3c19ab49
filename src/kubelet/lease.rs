//! The node lease heartbeat (`staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go`,
//! wired in `pkg/kubelet/kubelet.go`, ≈ v1.17–1.34).
//!
//! Since node leases, the 10s heartbeat is a tiny Lease update instead of a whole node status
//! patch; this is what keeps large clusters' API write rates low. The constants and the backoff
//! schedule live here; the simulator drives them.

use crate::duration::Duration;

pub use crate::objects::NODE_LEASE_NAMESPACE;
/// Default `nodeLeaseDurationSeconds`.
pub const DEFAULT_LEASE_DURATION_SECONDS: i64 = 40;
/// Renew interval = lease duration × 0.25.
pub const RENEW_INTERVAL_FRACTION: f64 = 0.25;
/// `maxUpdateRetries`.
pub const MAX_UPDATE_RETRIES: u32 = 5;
/// `maxBackoff` for ensuring the lease exists.
pub const MAX_BACKOFF: Duration = Duration(7_000_000_000);
/// `JitterUntil` factor for the renew loop.
pub const JITTER_FACTOR: f64 = 0.04;

/// The renew interval for a lease duration in seconds, in milliseconds.
pub fn renew_interval_ms(lease_duration_seconds: i64) -> i64 {
    (lease_duration_seconds as f64 * 1000.0 * RENEW_INTERVAL_FRACTION) as i64
}

/// `backoffEnsureLease`: the sleep before retry `n` (0-based) is 200ms, 400ms, ... capped at 7s.
pub fn ensure_backoff_ms(n: u32) -> i64 {
    let ms = 100i64.saturating_mul(1i64 << (n + 1).min(16));
    ms.min(MAX_BACKOFF.as_millis())
}

/// `updateFailedError`.
pub fn update_failed_message() -> String {
    format!("failed {MAX_UPDATE_RETRIES} attempts to update lease")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule() {
        assert_eq!(renew_interval_ms(40), 10_000);
        let b: Vec<i64> = (0..8).map(ensure_backoff_ms).collect();
        assert_eq!(b, vec![200, 400, 800, 1600, 3200, 6400, 7000, 7000]);
        assert_eq!(update_failed_message(), "failed 5 attempts to update lease");
    }
}
