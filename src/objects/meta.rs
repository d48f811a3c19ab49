//! `metav1.ObjectMeta`, reduced to what kubegate reads (`name`, `namespace`, `labels`,
//! `creationTimestamp`); every other field is kept verbatim in `extra`, so an object passed in
//! comes back out unchanged except for what the rules touch.

use std::collections::BTreeMap;

use super::kept_fields::{kept_fields, UnknownFields};

use crate::timestamp::Time;

/// Object metadata. `name` and `namespace` are `omitempty` as upstream's are; the bootstrap
/// controller's objects always carry a namespace, so theirs is always written.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename_all = "camelCase", optional_fields)
)]
pub struct ObjectMeta {
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub namespace: String,
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub name: String,
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub creation_timestamp: Option<Time>,
    #[cfg_attr(feature = "typescript", ts(as = "Option<BTreeMap<String, String>>"))]
    pub labels: BTreeMap<String, String>,
    #[cfg_attr(feature = "typescript", ts(flatten))]
    pub extra: UnknownFields,
}

kept_fields!(ObjectMeta, "struct ObjectMeta", {
    namespace: "namespace" skip_if String::is_empty,
    name: "name" skip_if String::is_empty,
    creation_timestamp: "creationTimestamp" skip_if Option::is_none,
    labels: "labels" skip_if BTreeMap::is_empty,
});

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
