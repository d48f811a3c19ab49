//! JSON text of large results, written faster than `serde_json::to_string` and byte for byte
//! the same: the JS binding's one bulk exception.
//!
//! Why: the largest results (a PodConfig merge of 50,000 pods, a controller pass over 50,000
//! nodes) are tens of megabytes of JSON, and the package must put each through in under a second
//! in wasm (BENCHMARKS.md, "50,000 pods or nodes through the package"). Through serde_json's
//! writer every fragment goes through `io::Write` and every string is scanned for escapes one
//! byte at a time, which took about as long as the work itself; a JS value built field by field
//! (serde-wasm-bindgen, the binding's path for every other result) crosses the boundary once per
//! field. This is a serde [`Serializer`](serde::Serializer) that writes into one buffer, tests
//! eight bytes at a time for escapes and copies unescaped strings whole, and formats `Display`
//! values (times) into one reused buffer. What it writes is what serde_json writes (serde_json's
//! escapes and number formats; the tests compare the two on every shape the results use), so
//! callers parse exactly what they would parse from serde_json.

pub mod strict;

use std::cell::Cell;
use std::fmt::Write as _;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, Serialize};

/// What can go wrong: only a value serde_json could not write either (a map key that is not a
/// string or a number).
pub type Error = serde_json::Error;

thread_local! {
    /// Set while [`to_string`] runs: a [`Raw`] may then hand its text to the writer as it is.
    static RAW_OK: Cell<bool> = const { Cell::new(false) };
}

/// The newtype name under which a [`Raw`] reaches the writer.
const RAW_TOKEN: &str = "$kubegate::json::Raw";

/// `serde_json::to_string(value)`, faster.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    to_string_sized(value, 0)
}

/// [`to_string`] into a buffer of `capacity` bytes to begin with: a caller that knows about how
/// long the text will be (a pass returns roughly what it was given) spares the buffer's
/// doublings, each a copy of everything written so far.
pub fn to_string_sized<T: Serialize + ?Sized>(value: &T, capacity: usize) -> Result<String, Error> {
    let mut w = Writer {
        out: Vec::with_capacity(capacity),
        scratch: String::new(),
        raw_next: false,
    };
    let before = RAW_OK.with(|ok| ok.replace(true));
    let written = value.serialize(&mut w);
    RAW_OK.with(|ok| ok.set(before));
    written?;
    // Every byte written is ASCII or copied whole from a `str`, so this cannot fail.
    String::from_utf8(w.out).map_err(|e| ser::Error::custom(e.to_string()))
}

/// Bytes serde_json escapes inside a string: the control characters, `"` and `\`.
#[inline(always)]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Whether any of eight bytes needs an escape, tested at once (the exact SWAR tests for a zero
/// byte and for a byte below a bound).
#[inline(always)]
fn word_needs_escape(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH != 0;
    let below_space = w.wrapping_sub(ONES * 0x20) & !w & HIGH != 0;
    below_space || has_zero(w ^ (ONES * u64::from(b'"'))) || has_zero(w ^ (ONES * u64::from(b'\\')))
}

fn plain(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        if <[u8; 8]>::try_from(w).is_ok_and(|a| word_needs_escape(u64::from_le_bytes(a))) {
            return false;
        }
    }
    !words.remainder().iter().any(|&b| needs_escape(b))
}

/// A JSON string literal, escaped as serde_json escapes it (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
/// `\t`, and `\u00XX` with lower-case hex for the other control characters).
pub fn write_str(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if plain(bytes) {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    // Runs between escapes are copied whole.
    let mut rest = bytes;
    while let Some(at) = rest.iter().position(|&b| needs_escape(b)) {
        let (run, tail) = rest.split_at(at);
        out.extend_from_slice(run);
        let Some((&b, tail)) = tail.split_first() else {
            rest = tail;
            break;
        };
        rest = tail;
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                out.extend_from_slice(b"\\u00");
                // Both nibbles of a byte are below 16, HEX's length: the '0' is unreachable.
                out.push(HEX.get(usize::from(b >> 4)).copied().unwrap_or(b'0'));
                out.push(HEX.get(usize::from(b & 0xf)).copied().unwrap_or(b'0'));
            }
        }
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// JSON text already in the form serde_json writes a decoded `Value` in (see [`canonical`]).
/// [`to_string`] copies it as it is; any other serializer gets the value it stands for.
///
/// Why: most of a stored pod is JSON the merge never looks into; kept as its text it costs a
/// fraction of a `Value` tree in memory and nothing to write out again.
#[derive(Clone, Copy, Debug)]
pub struct Raw<'a>(pub &'a str);

impl Serialize for Raw<'_> {
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if RAW_OK.with(Cell::get) {
            serializer.serialize_newtype_struct(RAW_TOKEN, self.0)
        } else {
            serde_json::from_str::<serde_json::Value>(self.0)
                .map_err(ser::Error::custom)?
                .serialize(serializer)
        }
    }
}

/// Decodes one JSON value straight into the text `serde_json::to_string` would write for the
/// `serde_json::Value` it decodes to (object keys sorted, the last of a repeated key kept, no
/// spaces, numbers and escapes as serde_json writes them), without building the `Value`.
///
/// Also returns a hash that two values share whenever they are equal by the loose rules of
/// `kubelet::podconfig::pod` (`null` and `""` equal each other and an absent key, numbers
/// equal by value; see [`ZERO_HASH`] and [`EMPTY_OBJECT_HASH`]): different hashes prove two
/// values different without decoding them again.
pub fn canonical<'de, D: Deserializer<'de>>(deserializer: D) -> Result<(String, u64), D::Error> {
    let mut out = Vec::new();
    let hash = CanonicalSeed(&mut out).deserialize(deserializer)?;
    // Only ASCII and whole `str`s are written, so this cannot fail.
    let text = String::from_utf8(out).map_err(de::Error::custom)?;
    Ok((text, hash))
}

/// The [`canonical`] hash of `null` and `""`.
pub const ZERO_HASH: u64 = 0;
/// The [`canonical`] hash of an object all of whose values hash to [`ZERO_HASH`] (`{}` too).
pub const EMPTY_OBJECT_HASH: u64 = 0x6f62_6a65_6374_7b7d;
const ARRAY_HASH: u64 = 0x6172_7261_795b_5d00;

fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95)
}

fn str_hash(s: &str) -> u64 {
    if s.is_empty() {
        return ZERO_HASH;
    }
    let mut words = s.as_bytes().chunks_exact(8);
    let mut h = mix(1, s.len() as u64);
    for w in &mut words {
        h = mix(h, <[u8; 8]>::try_from(w).map_or(0, u64::from_le_bytes));
    }
    for &b in words.remainder() {
        h = mix(h, u64::from(b));
    }
    h | 1
}

/// Numbers hash by value: an integer and a float that compare equal hash alike.
fn number_hash(v: f64) -> u64 {
    // -0.0 == 0.0.
    let v = if v == 0.0 { 0.0 } else { v };
    mix(2, v.to_bits()) | 1
}

/// Appends the canonical text of one value to its buffer.
struct CanonicalSeed<'a>(&'a mut Vec<u8>);

impl<'de> DeserializeSeed<'de> for CanonicalSeed<'_> {
    type Value = u64;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<u64, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for CanonicalSeed<'_> {
    type Value = u64;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any valid JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<u64, E> {
        self.0
            .extend_from_slice(if v { b"true" as &[u8] } else { b"false" });
        Ok(if v { 3 } else { 5 })
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
        serde_json::to_writer(&mut *self.0, &v).map_err(E::custom)?;
        Ok(number_hash(v as f64))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        serde_json::to_writer(&mut *self.0, &v).map_err(E::custom)?;
        Ok(number_hash(v as f64))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
        // As `Value` holds it: a float that is not finite becomes null (which is also what
        // serde_json writes for one).
        serde_json::to_writer(&mut *self.0, &v).map_err(E::custom)?;
        Ok(if v.is_finite() {
            number_hash(v)
        } else {
            ZERO_HASH
        })
    }
    fn visit_str<E>(self, v: &str) -> Result<u64, E> {
        write_str(self.0, v);
        Ok(str_hash(v))
    }
    fn visit_unit<E>(self) -> Result<u64, E> {
        self.0.extend_from_slice(b"null");
        Ok(ZERO_HASH)
    }
    fn visit_none<E>(self) -> Result<u64, E> {
        self.0.extend_from_slice(b"null");
        Ok(ZERO_HASH)
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<u64, D::Error> {
        CanonicalSeed(self.0).deserialize(deserializer)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<u64, A::Error> {
        self.0.push(b'[');
        let mut hash = ARRAY_HASH;
        let mut first = true;
        loop {
            let mark = self.0.len();
            if !first {
                self.0.push(b',');
            }
            match seq.next_element_seed(CanonicalSeed(self.0))? {
                Some(h) => hash = mix(hash, h),
                None => {
                    self.0.truncate(mark);
                    break;
                }
            }
            first = false;
        }
        self.0.push(b']');
        Ok(hash | 1)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<u64, A::Error> {
        // The values are written after what the buffer holds, in arrival order; then the object,
        // in key order, after them; then the object is moved down over them. One buffer serves
        // every nesting level: no allocation per object for the values.
        let base = self.0.len();
        let mut entries: Vec<(std::borrow::Cow<'de, str>, std::ops::Range<usize>, u64)> =
            Vec::with_capacity(8);
        while let Some(key) = map.next_key_seed(KeySeed)? {
            let start = self.0.len();
            let h = map.next_value_seed(CanonicalSeed(&mut *self.0))?;
            entries.push((key, start..self.0.len(), h));
        }
        // Stable: of a repeated key the last stays last, and is the one kept. One key or none
        // is in order already.
        if entries.len() > 1 {
            crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(&b.0));
        }
        let object = self.0.len();
        self.0.push(b'{');
        let mut hash = EMPTY_OBJECT_HASH;
        let mut first = true;
        let mut it = entries.iter().peekable();
        while let Some((key, range, h)) = it.next() {
            if it.peek().is_some_and(|(next, _, _)| next == key) {
                continue;
            }
            let (key, h) = (key.as_ref(), *h);
            if !first {
                self.0.push(b',');
            }
            first = false;
            write_str(self.0, key);
            self.0.push(b':');
            self.0.extend_from_within(range.clone());
            // A key whose value is null or "" is the same as no key.
            if h != ZERO_HASH {
                hash = mix(mix(hash, str_hash(key)), h);
            }
        }
        self.0.push(b'}');
        let len = self.0.len() - object;
        self.0.copy_within(object.., base);
        self.0.truncate(base + len);
        Ok(if hash == EMPTY_OBJECT_HASH {
            hash
        } else {
            hash | 1
        })
    }
}

/// An object key, borrowed from the input when it has no escapes (`Cow`'s own `Deserialize`
/// always copies: an allocation for every key of every object).
pub struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = std::borrow::Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = std::borrow::Cow<'de, str>;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object key")
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(std::borrow::Cow::Borrowed(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(std::borrow::Cow::Owned(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(std::borrow::Cow::Owned(v))
    }
}

struct Writer {
    out: Vec<u8>,
    /// `collect_str` formats here (kept between calls, so a time costs no allocation).
    scratch: String,
    /// The next string is a [`Raw`]'s text: copied as it is, not quoted.
    raw_next: bool,
}

impl Writer {
    fn int(&mut self, v: impl std::fmt::Display) {
        self.scratch.clear();
        let _ = write!(self.scratch, "{v}");
        self.out.extend_from_slice(self.scratch.as_bytes());
    }
}

/// An open array or object: whether an element was written yet.
pub struct Compound<'a> {
    w: &'a mut Writer,
    first: bool,
    /// `}` to close after the inner `]` or `}` of an enum variant's `{"Variant": ...}`.
    variant: bool,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.w.out.push(b',');
        }
    }
    fn close(self, bracket: u8) {
        self.w.out.push(bracket);
        if self.variant {
            self.w.out.push(b'}');
        }
    }
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out
            .extend_from_slice(if v { b"true" as &[u8] } else { b"false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    // Floats are rare in these results: serde_json's own formatting keeps the text identical.
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, &v)
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, &v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        write_str(&mut self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        if std::mem::take(&mut self.raw_next) {
            self.out.extend_from_slice(v.as_bytes());
        } else {
            write_str(&mut self.out, v);
        }
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, v)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.raw_next = name == RAW_TOKEN;
        let written = value.serialize(&mut *self);
        self.raw_next = false;
        written
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push(b'{');
        write_str(&mut self.out, variant);
        self.out.push(b':');
        value.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push(b'[');
        Ok(Compound {
            w: self,
            first: true,
            variant: false,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push(b'{');
        write_str(&mut self.out, variant);
        self.out.extend_from_slice(b":[");
        Ok(Compound {
            w: self,
            first: true,
            variant: true,
        })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push(b'{');
        Ok(Compound {
            w: self,
            first: true,
            variant: false,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push(b'{');
        write_str(&mut self.out, variant);
        self.out.extend_from_slice(b":{");
        Ok(Compound {
            w: self,
            first: true,
            variant: true,
        })
    }
    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let _ = write!(scratch, "{value}");
        write_str(&mut self.out, &scratch);
        self.scratch = scratch;
        Ok(())
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.close(b']');
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(KeyWriter(&mut *self.w))?;
        self.w.out.push(b':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.close(b'}');
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.comma();
        write_str(&mut self.w.out, key);
        self.w.out.push(b':');
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Error> {
        self.close(b'}');
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result<(), Error> {
        ser::SerializeStruct::end(self)
    }
}

/// A map key: strings as they are; integers, booleans and chars quoted, as serde_json writes
/// them; a key of any other kind is serde_json's error too.
struct KeyWriter<'a>(&'a mut Writer);

fn key_must_be_a_string() -> Error {
    ser::Error::custom("key must be a string")
}

impl KeyWriter<'_> {
    fn quoted(self, v: impl std::fmt::Display) -> Result<(), Error> {
        self.0.out.push(b'"');
        self.0.int(v);
        self.0.out.push(b'"');
        Ok(())
    }
}

impl ser::Serializer for KeyWriter<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(&mut self.0.out, v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_f32(self, _v: f32) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        let mut scratch = std::mem::take(&mut self.0.scratch);
        scratch.clear();
        let _ = write!(scratch, "{value}");
        write_str(&mut self.0.out, &scratch);
        self.0.scratch = scratch;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    /// The canonical text of `text` against serde_json's own decode-then-write.
    fn canonical_same(text: &str) {
        let mut de = serde_json::Deserializer::from_str(text);
        let (ours, _) = canonical(&mut de).unwrap();
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(ours, serde_json::to_string(&value).unwrap(), "{text}");
    }

    #[test]
    fn canonical_text_is_what_serde_json_writes_for_the_decoded_value() {
        for text in [
            r#"{"b":1,"a":{"z":[1,-2,3.5,1e3,null,true,false],"y":"x"},"a":{"k":"last"}}"#,
            r#"{ "restartPolicy" : "Always", "containers": [ {"name":"c","image":"i"} ], "dnsPolicy": "" }"#,
            r#"{"esc\u0041pe":"tab\there \"q\" \u00e9 \ud83d\ude00 \u0001","":{},"e":[]}"#,
            r#"[{"b":0,"a":-0.0},18446744073709551615,-9223372036854775808,0.1,1.0E-7]"#,
            r#""just a string""#,
            r#"{"z":{"y":{"x":1,"w":[{"v":2,"u":{"t":3,"s":{"r":[{},{"q":1,"p":0}]}}}]},"a":0},"b":[{"d":1,"c":2},{"f":{},"e":[]}],"a\"":{"b":1,"a":2}}"#,
            "null",
            "12",
        ] {
            canonical_same(text);
        }
    }

    #[test]
    fn canonical_text_of_a_large_object_with_repeated_keys() {
        // Many keys, out of order, each repeated with another value: the last one is kept.
        let entries: Vec<String> = (0..120)
            .map(|i| format!(r#""k{}":{}"#, (i * 37) % 53, i))
            .collect();
        canonical_same(&format!("{{{}}}", entries.join(",")));
    }

    #[test]
    fn raw_text_is_copied_by_to_string_and_parsed_by_other_serializers() {
        let text = r#"{"a":[1,2.5,"x\ny"],"b":null}"#;
        let v = vec![Raw(text), Raw("3")];
        assert_eq!(to_string(&v).unwrap(), format!("[{text},3]"));
        assert_eq!(serde_json::to_string(&v).unwrap(), format!("[{text},3]"));
        // Outside `to_string` a raw text is never mistaken for a string.
        assert_eq!(serde_json::to_value(Raw("[true]")).unwrap(), json!([true]));
    }

    fn same<T: Serialize + ?Sized>(v: &T) {
        assert_eq!(to_string(v).unwrap(), serde_json::to_string(v).unwrap());
    }

    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    enum E {
        Unit,
        New(u8),
        Tuple(u8, String),
        Struct { a_b: Option<i32> },
    }

    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct S {
        name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
        nothing: Option<u8>,
        list: Vec<E>,
        #[serde(flatten)]
        extra: BTreeMap<String, serde_json::Value>,
        keyed: BTreeMap<u32, bool>,
        tuple: (i8, f32, char),
        unit: (),
    }

    #[test]
    fn every_shape_is_written_as_serde_json_writes_it() {
        same(
            &json!({"a": [1, -2, 3.5, 1e300, 0.1, -0.0, null, true, false, {}, [], u64::MAX, i64::MIN],
            "q\"uote\\back\nline\ttab\u{1}\u{1f}\u{7f}": "ü€𝄞\u{2028}\u{8}\u{c}\r", "": ""}),
        );
        same(&S {
            name: "n".into(),
            skipped: None,
            nothing: None,
            list: vec![
                E::Unit,
                E::New(7),
                E::Tuple(1, "x".into()),
                E::Struct { a_b: Some(-1) },
            ],
            extra: [("z".to_string(), json!({"k": [1.5]}))]
                .into_iter()
                .collect(),
            keyed: [(3, true), (10, false)].into_iter().collect(),
            tuple: (-3, 0.1, '"'),
            unit: (),
        });
        same(&Vec::<u8>::new());
        same(&BTreeMap::<String, u8>::new());
        same(&[f64::NAN, f64::INFINITY]);
        same(&crate::timestamp::Time::parse("2024-05-01T10:00:00.5Z").unwrap());
        assert!(to_string(&BTreeMap::from([(vec![1u8], 1u8)])).is_err());
    }

    #[test]
    fn every_character_is_escaped_as_serde_json_does() {
        let all: String = (0u8..=0x7f).map(char::from).collect::<String>() + "é\u{2029}";
        same(&all);
        // The eight-byte test, at every position of a word and of the tail after the words.
        let base = "abcdefghijklmnopqrsé";
        for c in (0u8..=0x7f)
            .map(char::from)
            .chain(['é', '\u{7ff}', '\u{ffff}'])
        {
            for at in 0..=base.chars().count() {
                let s: String = base
                    .chars()
                    .take(at)
                    .chain([c])
                    .chain(base.chars().skip(at))
                    .collect();
                same(&s);
            }
        }
    }
}
