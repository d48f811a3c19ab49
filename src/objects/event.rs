//! An event as `record.EventRecorder.Event` takes it: a type and a reason. Each area wraps it with
//! what it reports around it (the node, the time, the message, the reporting controller), and
//! keeps its reason strings exactly as upstream records them.

use serde::{Deserialize, Serialize};

/// `v1.EventTypeNormal`.
pub const EVENT_NORMAL: &str = "Normal";
/// `v1.EventTypeWarning`.
pub const EVENT_WARNING: &str = "Warning";

/// A recorded event's type and reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "NodeEvent"))]
pub struct Event {
    #[serde(rename = "type")]
    #[cfg_attr(feature = "typescript", ts(type = "\"Normal\" | \"Warning\""))]
    pub type_: String,
    pub reason: String,
}

impl Event {
    pub fn normal(reason: &str) -> Self {
        Event {
            type_: EVENT_NORMAL.to_string(),
            reason: reason.to_string(),
        }
    }

    pub fn warning(reason: &str) -> Self {
        Event {
            type_: EVENT_WARNING.to_string(),
            reason: reason.to_string(),
        }
    }
}
