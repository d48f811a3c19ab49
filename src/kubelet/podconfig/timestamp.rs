//! The virtual clock's instants, written the way the kubelet writes them.
//!
//! The kubelet stamps every new pod with `kubernetes.io/config.seen` =
//! `kubetypes.NewTimestamp().GetString()`, i.e. `time.Now().Format(time.RFC3339Nano)`
//! (`pkg/kubelet/types/types.go`, v1.30). kubegate never reads the system clock: the caller passes
//! the instant. The instant is the crate's one time type, [`crate::timestamp::Time`] (nanoseconds,
//! so the annotation loses nothing; [`Time::rfc3339_nano`] prints it in UTC, the zone of a kubelet
//! in a container, which keeps output reproducible). The old names stay for callers.

pub use crate::timestamp::{Time, Time as Timestamp, TimeError as TimestampError};
