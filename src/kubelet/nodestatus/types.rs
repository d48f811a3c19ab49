//! The node objects the setters work on now live in [`crate::objects`]; this path keeps the names
//! the setters have always been imported by.

pub use crate::objects::{
    ConditionStatus, Event, Node, NodeCondition, NodeSpec, NodeStatus, ObjectMeta, Taint,
    TaintEffect, CONDITION_FALSE, CONDITION_TRUE, CONDITION_UNKNOWN, NODE_DISK_PRESSURE,
    NODE_MEMORY_PRESSURE, NODE_NETWORK_UNAVAILABLE, NODE_PID_PRESSURE, NODE_READY,
};
