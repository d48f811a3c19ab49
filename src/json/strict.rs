//! Decoding as Go's JSON decoder does where serde's derive is looser: a JSON array is refused
//! wherever a struct is expected, at any depth.
//!
//! Why: serde's derived `Deserialize` fills a struct from an array, field by field in
//! declaration order, so `{"status": [..]}` would read as a node status and `fields: [["a",
//! "G"]]` as field entries. Kubernetes' decoders (Go's `encoding/json` and its fork in
//! `sigs.k8s.io/json`) refuse an array for a struct, so every entry point that decodes a
//! caller's JSON into a derived type goes through this one adapter and answers the same way.
//! The adapter only wraps visitors; valid input decodes exactly as before and about as fast.
//!
//! Why by hand: this is Kubernetes fidelity that serde has no switch for (no container
//! attribute or serde_json option refuses the sequence form of a struct), and wrapping the
//! deserializer keeps each type's derive as it is. Repeated, unknown and differently cased keys
//! are not this module's: the derive refuses a repeated field, and the kubelet's strict and
//! lenient file decoding (`kubelet::config::file`) judges unknown and case-folded keys itself.

use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// `serde_json::from_str` with the rule of this module.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(StrictDe(&mut d))?;
    d.end()?;
    Ok(value)
}

/// `serde_json::from_slice` with the rule of this module.
pub fn from_slice<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_slice(bytes);
    let value = T::deserialize(StrictDe(&mut d))?;
    d.end()?;
    Ok(value)
}

/// `serde_json::from_value` with the rule of this module.
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, serde_json::Error> {
    T::deserialize(StrictDe(value))
}

/// `T::deserialize` with the rule of this module, for any deserializer.
pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    T::deserialize(StrictDe(d))
}

/// `d` with the rule of this module, for a type whose derived decoder is an inherent function
/// (`#[serde(remote = "Self")]`) that its own `Deserialize` impl wraps.
pub fn deserializer<'de, D: Deserializer<'de>>(d: D) -> impl Deserializer<'de, Error = D::Error> {
    StrictDe(d)
}

/// The deserializer of this module: the one beneath, with struct visitors refusing sequences.
struct StrictDe<D>(D);

/// A visitor passed through; `struct_of` refuses a sequence in its name.
struct StrictVisitor<V> {
    inner: V,
    struct_of: bool,
}

macro_rules! forward_deserialize {
    ($($method:ident),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(visitor)
        }
    )*};
}

/// Methods whose visitor may see a sequence, a map or an inner value: wrapped, so that the rule
/// reaches what they hold.
macro_rules! wrap_deserialize {
    ($($method:ident),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(StrictVisitor {
                inner: visitor,
                struct_of: false,
            })
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for StrictDe<D> {
    type Error = D::Error;

    forward_deserialize!(
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_unit,
        deserialize_identifier,
        deserialize_ignored_any
    );
    wrap_deserialize!(
        deserialize_any,
        deserialize_option,
        deserialize_seq,
        deserialize_map
    );

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(
            name,
            StrictVisitor {
                inner: visitor,
                struct_of: false,
            },
        )
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_struct(
            name,
            fields,
            StrictVisitor {
                inner: visitor,
                struct_of: true,
            },
        )
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! forward_visit {
    ($($method:ident: $ty:ty),*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
            self.inner.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for StrictVisitor<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.inner.expecting(f)
    }

    forward_visit!(
        visit_bool: bool, visit_i8: i8, visit_i16: i16, visit_i32: i32, visit_i64: i64,
        visit_i128: i128, visit_u8: u8, visit_u16: u16, visit_u32: u32, visit_u64: u64,
        visit_u128: u128, visit_f32: f32, visit_f64: f64, visit_char: char, visit_str: &str,
        visit_borrowed_str: &'de str, visit_string: String, visit_bytes: &[u8],
        visit_borrowed_bytes: &'de [u8], visit_byte_buf: Vec<u8>
    );

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.inner.visit_some(StrictDe(d))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.inner.visit_newtype_struct(StrictDe(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        if self.struct_of {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        }
        self.inner.visit_seq(StrictAccess(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.inner.visit_map(StrictAccess(map))
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.inner.visit_enum(data)
    }
}

/// A map's values or a sequence's items, each decoded through [`StrictDe`]: the rule holds at
/// every depth (`authentication: {x509: []}`, a list of structs).
struct StrictAccess<A>(A);

/// A seed decoded through [`StrictDe`].
struct StrictSeed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for StrictSeed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(StrictDe(d))
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for StrictAccess<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(seed)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.0.next_value_seed(StrictSeed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for StrictAccess<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(StrictSeed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        a: Option<String>,
        b: Option<bool>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        inner: Option<Inner>,
        list: Option<Vec<Inner>>,
        map: Option<BTreeMap<String, Inner>>,
        tuple: Option<(u8, u8)>,
    }

    const SEQ: &str = "invalid type: sequence, expected struct Inner";

    #[test]
    fn an_array_is_refused_for_a_struct_at_every_depth() {
        for text in [
            r#"{"inner": ["x", true]}"#,
            r#"{"list": [["x", true]]}"#,
            r#"{"map": {"k": ["x", false]}}"#,
        ] {
            let err = super::from_str::<Outer>(text).unwrap_err().to_string();
            assert!(err.starts_with(SEQ), "{text}: {err}");
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            let err = super::from_value::<Outer>(value).unwrap_err().to_string();
            assert_eq!(err, SEQ, "{text}");
            let err = super::from_slice::<Outer>(text.as_bytes())
                .unwrap_err()
                .to_string();
            assert!(err.starts_with(SEQ), "{text}: {err}");
            // serde's derive alone takes it.
            assert!(serde_json::from_str::<Outer>(text).is_ok(), "{text}");
        }
        let top = super::from_str::<Inner>(r#"["x"]"#)
            .unwrap_err()
            .to_string();
        assert!(top.starts_with(SEQ), "{top}");
    }

    #[test]
    fn valid_input_decodes_as_serde_json_does() {
        let text =
            r#"{"inner": {"a": "x"}, "list": [{"b": true}], "map": {"k": {}}, "tuple": [1, 2]}"#;
        let ours: Outer = super::from_str(text).unwrap();
        assert_eq!(ours, serde_json::from_str::<Outer>(text).unwrap());
        let value = json!({"inner": null, "tuple": [3, 4]});
        let ours: Outer = super::from_value(value.clone()).unwrap();
        assert_eq!(ours, serde_json::from_value::<Outer>(value).unwrap());
        assert!(super::from_str::<Outer>("{} x").is_err());
    }
}
