//! JSON for objects that type a few fields and keep every other one verbatim in an `extra` map
//! (`Node`, its `spec` and `status`, `ObjectMeta`).
//!
//! Why not `#[serde(flatten)]`, which says the same thing: flatten makes serde buffer every key
//! and every unknown value into an intermediate `Content` tree, re-read that tree into the map
//! afterwards, and route the whole struct through its generic fallback paths. A node pass decodes
//! and writes 50,000 nodes, and that detour was a fifth of the decode. [`kept_fields!`] writes the
//! two impls flatten would behave like, and nothing more: the object is read as a map (so the same
//! text is accepted or refused with the same message: `invalid type: ..., expected struct Node`,
//! ``duplicate field `spec` ``), known keys decode straight into their field, any other key's
//! value straight into `extra` (the last of repeated keys wins, as the map's own decode does), and
//! a missing field takes its default. Written out, the typed fields come first in declaration
//! order (skipped when their test says so), then `extra` in its own order, as flatten writes them.

use serde::de::{self, DeserializeSeed, Visitor};
use serde_json::{Map, Value};

/// The keys of an object that its type does not model, verbatim (an object's `extra`). A map
/// that derefs to `serde_json::Map`; its own type so the TypeScript declarations can say what
/// it is in JSON: the rest of the object's keys, any value (`[field: string]: unknown`, which a
/// flattened `Map<String, Value>` would declare as `JsonValue` and so mistype every typed field
/// beside it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnknownFields(pub Map<String, Value>);

impl std::ops::Deref for UnknownFields {
    type Target = Map<String, Value>;

    fn deref(&self) -> &Map<String, Value> {
        &self.0
    }
}

impl std::ops::DerefMut for UnknownFields {
    fn deref_mut(&mut self) -> &mut Map<String, Value> {
        &mut self.0
    }
}

impl From<Map<String, Value>> for UnknownFields {
    fn from(map: Map<String, Value>) -> Self {
        UnknownFields(map)
    }
}

/// Flattened into its object (`#[ts(flatten)]` on `extra`): an index signature of `unknown`,
/// which leaves the typed fields' types as they are.
#[cfg(feature = "typescript")]
impl ts_rs::TS for UnknownFields {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(_: &ts_rs::Config) -> String {
        "{ [field: string]: unknown }".to_string()
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }

    fn inline_flattened(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
}

/// An object key: one of the typed fields (by its JSON name) or any other key.
pub(super) enum Key {
    Known(&'static str),
    Other(String),
}

/// Reads a key, allocating only for keys that are not among `0`'s field names.
pub(super) struct KeySeed(pub(super) &'static [&'static str]);

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Key;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
        Ok(match self.0.iter().find(|k| **k == v) {
            Some(k) => Key::Known(k),
            None => Key::Other(v.to_owned()),
        })
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Key, E> {
        Ok(match self.0.iter().find(|k| **k == v) {
            Some(k) => Key::Known(k),
            None => Key::Other(v),
        })
    }
}

/// `kept_fields!(Type, "struct Type", { field: "jsonName" [skip_if path], ... })`: `Serialize`
/// and `Deserialize` for a struct whose remaining keys live in `extra: UnknownFields`.
/// Every typed field must implement `Default` (flatten's callers all mark theirs
/// `#[serde(default)]`).
macro_rules! kept_fields {
    ($ty:ident, $expecting:literal, { $($field:ident : $key:literal $(skip_if $skip:path)?),* $(,)? }) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut map = s.serialize_map(None)?;
                $(
                    if !(false $(|| $skip(&self.$field))?) {
                        map.serialize_entry($key, &self.$field)?;
                    }
                )*
                for (k, v) in self.extra.iter() {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = $ty;

                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str($expecting)
                    }

                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<$ty, A::Error> {
                        use $crate::objects::kept_fields::{Key, KeySeed};
                        const FIELDS: &[&str] = &[$($key),*];
                        $(let mut $field = None;)*
                        let mut extra = serde_json::Map::new();
                        while let Some(key) = map.next_key_seed(KeySeed(FIELDS))? {
                            match key {
                                $(Key::Known($key) => {
                                    if $field.is_some() {
                                        return Err(serde::de::Error::duplicate_field($key));
                                    }
                                    $field = Some(map.next_value()?);
                                })*
                                Key::Known(other) => {
                                    extra.insert(other.to_string(), map.next_value()?);
                                }
                                Key::Other(name) => {
                                    extra.insert(name, map.next_value()?);
                                }
                            }
                        }
                        // An absent field is its Go zero value, as encoding/json leaves it.
                        Ok($ty {
                            $($field: $field.unwrap_or_default(),)*
                            extra: $crate::objects::kept_fields::UnknownFields(extra),
                        })
                    }
                }
                d.deserialize_map(V)
            }
        }
    };
}

pub(super) use kept_fields;
