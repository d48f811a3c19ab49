//! `metav1.ObjectMeta`, reduced to what kubegate reads (`name`, `namespace`, `labels`,
//! `creationTimestamp`); every other field is kept verbatim in `extra`, so an object passed in
//! comes back out unchanged except for what the rules touch.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::timestamp::Time;

/// Object metadata. `name` and `namespace` are `omitempty` as upstream's are; the bootstrap
/// controller's objects always carry a namespace, so theirs is always written.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl ObjectMeta {
    /// Metadata naming `namespace/name`, as the bootstrap controller creates its objects.
    pub fn named(namespace: &str, name: &str) -> Self {
        ObjectMeta {
            namespace: namespace.to_string(),
            name: name.to_string(),
            ..ObjectMeta::default()
        }
    }
}
