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
//!
//! The same wrappers name where an error arose ([`from_value_at`]): they stand at every map,
//! sequence and variant, so each notes its position as an error passes out, and the positions
//! are read back as keys from the value. A second wrapper around the deserializer
//! (serde_path_to_error) compiled another copy of every input type's decoder, with a capturing
//! wrapper around every key's.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

thread_local! {
    /// While [`from_value_at`] runs: the positions an error passed out of, innermost first.
    /// `None` otherwise: the core's own decoding notes nothing.
    static PATH: RefCell<Option<Vec<Position>>> = const { RefCell::new(None) };
}

/// Where in its container an error arose: the `n`th item of a sequence, or the `n`th entry of a
/// map (an enum's variant is its map's only entry), counted as serde_json's `Map` iterates.
#[derive(Clone, Copy)]
enum Position {
    Item(usize),
    Entry(usize),
}

/// An error of [`from_value_at`]: serde_json's, and where in the value it arose.
#[derive(Debug)]
pub struct PathError {
    path: Option<String>,
    error: serde_json::Error,
}

impl PathError {
    /// The refused value's path, written as serde_path_to_error writes it (`faults[0].at`);
    /// `None` for the value as a whole.
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.error.fmt(f)
    }
}

/// An error of the value as a whole (text that is not JSON): no path.
impl From<serde_json::Error> for PathError {
    fn from(error: serde_json::Error) -> Self {
        PathError { path: None, error }
    }
}

impl std::error::Error for PathError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// `serde_json::from_str` with the rule of this module.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(StrictDe::<_, false>(&mut d))?;
    d.end()?;
    Ok(value)
}

/// `serde_json::from_slice` with the rule of this module.
pub fn from_slice<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_slice(bytes);
    let value = T::deserialize(StrictDe::<_, false>(&mut d))?;
    d.end()?;
    Ok(value)
}

/// `serde_json::from_value` with the rule of this module. Decoded from the value by reference,
/// as [`from_value_at`] decodes: the same decoders serve both.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, serde_json::Error> {
    T::deserialize(StrictDe::<_, true>(&value))
}

/// [`from_value`] of a borrowed value (an item of a larger document): the same decoders again.
pub fn from_value_ref<'de, T: Deserialize<'de>>(value: &'de Value) -> Result<T, serde_json::Error> {
    T::deserialize(StrictDe::<_, true>(value))
}

/// [`from_value`], naming on an error the path of the value refused.
pub fn from_value_at<T: DeserializeOwned>(value: Value) -> Result<T, PathError> {
    let before = PATH.with(|p| p.replace(Some(Vec::new())));
    let decoded = T::deserialize(StrictDe::<_, true>(&value));
    // Set to `Some` just above, and a nested call puts back what it found: the empty list is
    // unreachable.
    let positions = PATH.with(|p| p.replace(before)).unwrap_or_default();
    decoded.map_err(|error| PathError {
        path: path_text(&value, &positions),
        error,
    })
}

/// `T::deserialize` with the rule of this module, for any deserializer.
pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    T::deserialize(StrictDe::<_, false>(d))
}

/// `d` with the rule of this module, for a type whose derived decoder is an inherent function
/// (`#[serde(remote = "Self")]`) that its own `Deserialize` impl wraps. It notes no positions:
/// under [`from_value_at`] the deserializer it wraps already does.
pub fn deserializer<'de, D: Deserializer<'de>>(d: D) -> impl Deserializer<'de, Error = D::Error> {
    StrictDe::<_, false>(d)
}

/// The path of innermost-first positions in `value`, as serde_path_to_error writes it: keys
/// joined by `.`, an item's index as `[n]`, `?` where the value holds no such entry.
fn path_text(value: &Value, positions: &[Position]) -> Option<String> {
    let mut out = String::new();
    let mut at = Some(value);
    for position in positions.iter().rev() {
        let key = match (*position, at) {
            (Position::Item(i), _) => {
                out.push_str(&format!("[{i}]"));
                at = at.and_then(|v| v.get(i));
                continue;
            }
            (Position::Entry(i), Some(Value::Object(map))) => map.iter().nth(i),
            // A unit variant written as its name.
            (Position::Entry(_), Some(Value::String(name))) => {
                at = None;
                Some((name, value))
            }
            (Position::Entry(_), _) => None,
        };
        if !out.is_empty() {
            out.push('.');
        }
        match key {
            Some((key, inner)) => {
                out.push_str(key);
                at = at.and(Some(inner));
            }
            None => {
                out.push('?');
                at = None;
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Notes `position` as an error passes out of it, if a path is tracked.
#[cold]
#[inline(never)]
fn passing(position: Position) {
    PATH.with(|p| {
        if let Some(path) = p.borrow_mut().as_mut() {
            path.push(position);
        }
    });
}

/// The deserializer of this module: the one beneath, with struct visitors refusing sequences;
/// `TRACK`: its maps, sequences and variants note the positions errors pass out of.
struct StrictDe<D, const TRACK: bool>(D);

/// A visitor passed through; `struct_of` refuses a sequence in its name.
struct StrictVisitor<V, const TRACK: bool> {
    inner: V,
    struct_of: bool,
}

impl<V, const TRACK: bool> StrictVisitor<V, TRACK> {
    fn new(inner: V, struct_of: bool) -> Self {
        StrictVisitor { inner, struct_of }
    }
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
    ($($method:ident $(($($arg:ident: $ty:ty),*))?),*) => {$(
        fn $method<V: Visitor<'de>>(
            self,
            $($($arg: $ty,)*)?
            visitor: V,
        ) -> Result<V::Value, D::Error> {
            self.0.$method($($($arg,)*)? StrictVisitor::<V, TRACK>::new(visitor, false))
        }
    )*};
}

impl<'de, D: Deserializer<'de>, const TRACK: bool> Deserializer<'de> for StrictDe<D, TRACK> {
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
        deserialize_map,
        deserialize_newtype_struct(name: &'static str),
        deserialize_tuple(len: usize),
        deserialize_tuple_struct(name: &'static str, len: usize),
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    );

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_struct(name, fields, StrictVisitor::<V, TRACK>::new(visitor, true))
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

impl<'de, V: Visitor<'de>, const TRACK: bool> Visitor<'de> for StrictVisitor<V, TRACK> {
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
        self.inner.visit_some(StrictDe::<D, TRACK>(d))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.inner.visit_newtype_struct(StrictDe::<D, TRACK>(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        if self.struct_of {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        }
        self.inner.visit_seq(StrictAccess::<A, TRACK>::new(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.inner.visit_map(StrictAccess::<A, TRACK>::new(map))
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        self.inner.visit_enum(StrictAccess::<A, TRACK>::new(data))
    }
}

/// A map's values, a sequence's items or an enum's variant, each decoded through
/// [`StrictDe`]: the rule holds at every depth (`authentication: {x509: []}`, a list of
/// structs). It counts entries and items for the position of an error passing out.
struct StrictAccess<A, const TRACK: bool> {
    inner: A,
    count: usize,
}

impl<A, const TRACK: bool> StrictAccess<A, TRACK> {
    fn new(inner: A) -> Self {
        StrictAccess { inner, count: 0 }
    }

    /// `result`, its error passing out of `position`.
    fn noting<T, E>(result: Result<T, E>, position: Position) -> Result<T, E> {
        if TRACK && result.is_err() {
            passing(position);
        }
        result
    }
}

/// A seed decoded through [`StrictDe`].
struct StrictSeed<S, const TRACK: bool>(S);

impl<'de, S: DeserializeSeed<'de>, const TRACK: bool> DeserializeSeed<'de>
    for StrictSeed<S, TRACK>
{
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(StrictDe::<D, TRACK>(d))
    }
}

impl<'de, A: MapAccess<'de>, const TRACK: bool> MapAccess<'de> for StrictAccess<A, TRACK> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let entry = self.count;
        self.count += 1;
        Self::noting(self.inner.next_key_seed(seed), Position::Entry(entry))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        let entry = self.count.saturating_sub(1);
        let value = self.inner.next_value_seed(StrictSeed::<V, TRACK>(seed));
        Self::noting(value, Position::Entry(entry))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

impl<'de, A: SeqAccess<'de>, const TRACK: bool> SeqAccess<'de> for StrictAccess<A, TRACK> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        let item = self.count;
        self.count += 1;
        let value = self.inner.next_element_seed(StrictSeed::<T, TRACK>(seed));
        Self::noting(value, Position::Item(item))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

impl<'de, A: de::EnumAccess<'de>, const TRACK: bool> de::EnumAccess<'de>
    for StrictAccess<A, TRACK>
{
    type Error = A::Error;
    type Variant = StrictAccess<A::Variant, TRACK>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), A::Error> {
        let (name, variant) = self.inner.variant_seed(seed)?;
        Ok((name, StrictAccess::new(variant)))
    }
}

/// A variant's content: its errors pass out of the variant, its map's only entry.
impl<'de, A: de::VariantAccess<'de>, const TRACK: bool> de::VariantAccess<'de>
    for StrictAccess<A, TRACK>
{
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        Self::noting(self.inner.unit_variant(), Position::Entry(0))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        let value = self
            .inner
            .newtype_variant_seed(StrictSeed::<T, TRACK>(seed));
        Self::noting(value, Position::Entry(0))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        let value = self
            .inner
            .tuple_variant(len, StrictVisitor::<V, TRACK>::new(visitor, false));
        Self::noting(value, Position::Entry(0))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let value = self
            .inner
            .struct_variant(fields, StrictVisitor::<V, TRACK>::new(visitor, true));
        Self::noting(value, Position::Entry(0))
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

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Fault {
        #[allow(dead_code)]
        at: u32,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    enum Shape {
        Point(#[allow(dead_code)] u32),
        Box {
            #[allow(dead_code)]
            side: u32,
        },
    }

    #[derive(Debug, Deserialize)]
    struct Scenario {
        #[allow(dead_code)]
        faults: Vec<Fault>,
        #[allow(dead_code)]
        by_name: Option<BTreeMap<String, Vec<u32>>>,
        #[allow(dead_code)]
        shape: Option<Shape>,
        #[allow(dead_code)]
        pair: Option<(u32, Fault)>,
    }

    /// The path of a refused value, as serde_path_to_error wrote it.
    #[test]
    fn a_refused_value_is_named_by_its_path() {
        for (value, path, message) in [
            (
                json!({"faults": [{"at": 1}, {"at": "x"}]}),
                Some("faults[1].at"),
                "invalid type: string \"x\", expected u32",
            ),
            (
                json!({"faults": [{"at": 1, "when": 2}]}),
                Some("faults[0].when"),
                "unknown field `when`, expected `at`",
            ),
            (
                json!({"faults": [], "by_name": {"a b": [1, -1]}}),
                Some("by_name.a b[1]"),
                "invalid value: integer `-1`, expected u32",
            ),
            (
                json!({"faults": [], "shape": {"box": {"side": "s"}}}),
                Some("shape.box.side"),
                "invalid type: string \"s\", expected u32",
            ),
            (
                json!({"faults": [], "shape": {"point": true}}),
                Some("shape.point"),
                "invalid type: boolean `true`, expected u32",
            ),
            (
                json!({"faults": [], "pair": [1, {"at": null}]}),
                Some("pair[1].at"),
                "invalid type: null, expected u32",
            ),
            (json!({}), None, "missing field `faults`"),
            (
                json!([]),
                None,
                "invalid type: sequence, expected struct Scenario",
            ),
        ] {
            let err = super::from_value_at::<Scenario>(value.clone()).unwrap_err();
            assert_eq!(err.path(), path, "{value}");
            assert_eq!(err.to_string(), message, "{value}");
        }
        // The core's own decoding notes nothing, before or after.
        let value = json!({"faults": [{"at": "x"}]});
        assert!(super::from_value::<Scenario>(value.clone()).is_err());
        let err = super::from_value_at::<Scenario>(value).unwrap_err();
        assert_eq!(err.path(), Some("faults[0].at"));
        super::PATH.with(|p| assert!(p.borrow().is_none()));
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
