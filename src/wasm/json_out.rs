//! The gate core's results and every thrown error's fields as JSON text, written by hand.
//!
//! Why not serde_json: these few shapes are all the gate core's wasm (`kubegate/gates`) ever
//! writes, and serde's serializer machinery for them was a tenth of that wasm. What is written
//! is byte for byte what serde_json writes for the same value through the types' own
//! `Serialize` (field names and order, `null`s, fields skipped when absent, escapes): the tests
//! compare the two on every shape, so the types' serde attributes stay the one contract (and
//! the TypeScript types generated from them stay true).

use std::collections::BTreeMap;

use super::error::{ErrorFields, ErrorLocation, ErrorProblem};
use crate::featuregate::{FeatureSpec, FeatureState, PreRelease, Reason, Warning};
use crate::releases::gates::{Component, GateFacts, GateHistory, HistoryRow};
use crate::version::Version;

/// A value that writes itself as JSON text.
pub(crate) trait ToJson {
    fn write(&self, out: &mut Vec<u8>);
}

/// `value` as JSON text.
pub(crate) fn to_text<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    value.write(&mut out);
    // Every byte written is ASCII or copied whole from a `str`.
    String::from_utf8(out).unwrap_or_default()
}

/// The fields of one object, written in order.
pub(crate) struct Object<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl<'o> Object<'o> {
    pub(crate) fn open(out: &'o mut Vec<u8>) -> Object<'o> {
        out.push(b'{');
        Object { out, first: true }
    }

    pub(crate) fn field(&mut self, name: &str, value: &dyn ToJson) -> &mut Self {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        crate::json::write_str(self.out, name);
        self.out.push(b':');
        value.write(self.out);
        self
    }

    /// A field serde skips when it is `None` (`skip_serializing_if = "Option::is_none"`).
    fn present<T: ToJson>(&mut self, name: &str, value: &Option<T>) -> &mut Self {
        if let Some(v) = value {
            self.field(name, v);
        }
        self
    }

    pub(crate) fn close(&mut self) {
        self.out.push(b'}');
    }
}

impl ToJson for bool {
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(if *self { b"true" } else { b"false" });
    }
}

impl ToJson for u32 {
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.to_string().as_bytes());
    }
}

impl ToJson for str {
    fn write(&self, out: &mut Vec<u8>) {
        crate::json::write_str(out, self);
    }
}

impl ToJson for String {
    fn write(&self, out: &mut Vec<u8>) {
        self.as_str().write(out);
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write(&self, out: &mut Vec<u8>) {
        (**self).write(out);
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            Some(v) => v.write(out),
            None => out.extend_from_slice(b"null"),
        }
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(b'[');
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            v.write(out);
        }
        out.push(b']');
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write(&self, out: &mut Vec<u8>) {
        self.as_slice().write(out);
    }
}

impl<T: ToJson> ToJson for BTreeMap<String, T> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::open(out);
        for (k, v) in self {
            o.field(k, v);
        }
        o.close();
    }
}

/// A version as its text (`opt_version` and `collect_str` in the types' serde attributes).
impl ToJson for Version {
    fn write(&self, out: &mut Vec<u8>) {
        self.to_string().write(out);
    }
}

impl ToJson for PreRelease {
    fn write(&self, out: &mut Vec<u8>) {
        self.name().write(out);
    }
}

impl ToJson for Reason {
    fn write(&self, out: &mut Vec<u8>) {
        let name = match self {
            Reason::Explicit => "Explicit",
            Reason::AllAlpha => "AllAlpha",
            Reason::AllBeta => "AllBeta",
            Reason::Override => "Override",
            Reason::Default => "Default",
        };
        name.write(out);
    }
}

impl ToJson for FeatureSpec {
    fn write(&self, out: &mut Vec<u8>) {
        Object::open(out)
            .field("default", &self.default)
            .field("lockToDefault", &self.lock_to_default)
            .field("preRelease", &self.pre_release)
            .field("version", &self.version)
            .present("minCompatibilityVersion", &self.min_compatibility_version)
            .close();
    }
}

impl ToJson for FeatureState {
    fn write(&self, out: &mut Vec<u8>) {
        Object::open(out)
            .field("name", &self.name)
            .field("preRelease", &self.pre_release)
            .field("spec", &self.spec)
            .field("default", &self.default)
            .field("enabled", &self.enabled)
            .field("locked", &self.locked)
            .field("reason", &self.reason)
            .field("explicitlySet", &self.explicitly_set)
            .present("stageSince", &self.stage_since)
            .close();
    }
}

impl ToJson for Warning {
    fn write(&self, out: &mut Vec<u8>) {
        Object::open(out)
            .field("message", &self.message)
            .field("feature", &self.feature)
            .field("value", &self.value)
            .present("oldValue", &self.old_value)
            .close();
    }
}

impl ToJson for GateFacts {
    fn write(&self, out: &mut Vec<u8>) {
        Object::open(out)
            .field("name", &self.name)
            .field("preRelease", &self.pre_release)
            .field("default", &self.default)
            .field("lockToDefault", &self.lock_to_default)
            .field("stageSince", &self.stage_since)
            .field("since", &self.since)
            .field("removed", &self.removed)
            .field("source", &self.source)
            .field("fromWebsite", &self.from_website)
            .field("components", &self.components)
            .field("componentsCarried", &self.components_carried)
            .field("readByNone", &self.read_by_none)
            .close();
    }
}

impl ToJson for Component {
    fn write(&self, out: &mut Vec<u8>) {
        self.name().write(out);
    }
}

impl ToJson for HistoryRow {
    fn write(&self, out: &mut Vec<u8>) {
        Object::open(out)
            .field("release", &self.release)
            .field("fromPatch", &u32::from(self.from_patch))
            .field("toPatch", &self.to_patch.map(u32::from))
            .field("preRelease", &self.pre_release)
            .field("default", &self.default)
            .field("lockToDefault", &self.lock_to_default)
            .field("components", &self.components)
            .field("componentsCarried", &self.components_carried)
            .field("source", &self.source)
            .field("fromWebsite", &self.from_website)
            .close();
    }
}

impl ToJson for GateHistory {
    fn write(&self, out: &mut Vec<u8>) {
        Object::open(out)
            .field("name", &self.name)
            .field("since", &self.since)
            .field("removed", &self.removed)
            .field("reference", &self.reference)
            .field("rows", &self.rows)
            .close();
    }
}

impl ErrorLocation {
    /// The location's fields, flattened into the object being written (`#[serde(flatten)]`).
    fn write_into(&self, o: &mut Object) {
        o.present("file", &self.file)
            .present("line", &self.line)
            .present("flag", &self.flag)
            .present("field", &self.field);
    }
}

impl ToJson for ErrorProblem {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::open(out);
        o.present("kind", &self.kind)
            .field("message", &self.message)
            .present("feature", &self.feature);
        if let Some(span) = &self.span {
            let mut s = Vec::new();
            Object::open(&mut s)
                .field("start", &span.start)
                .field("end", &span.end)
                .close();
            o.field("span", &RawText(s));
        }
        self.at.write_into(&mut o);
        o.close();
    }
}

impl ToJson for ErrorFields {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::open(out);
        o.field("kind", &self.kind).present("path", &self.path);
        self.at.write_into(&mut o);
        o.present("problems", &self.problems).close();
    }
}

/// JSON text written beforehand, copied as it is.
struct RawText(Vec<u8>);

impl ToJson for RawText {
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0);
    }
}

/// Asserts that `value` is written as serde_json writes it.
#[cfg(test)]
pub(crate) fn same<T: ToJson + serde::Serialize + ?Sized>(value: &T) {
    assert_eq!(to_text(value), serde_json::to_string(value).unwrap());
}

#[cfg(test)]
mod tests {
    use super::super::error::ErrorSpan;
    use super::*;
    use crate::featuregate::FeatureGate;
    use crate::releases::kubernetes_features;
    use crate::releases::{gates, Release};

    use super::same;

    #[test]
    fn gate_results_are_written_as_serde_json_writes_them() {
        let features = kubernetes_features();
        same(&features);
        let mut gate = FeatureGate::new();
        gate.add_versioned(features).unwrap();
        let mut warnings = gate.set("AllAlpha=true,AllBeta=false").unwrap();
        warnings.push(Warning {
            message: "m \"q\" \\ \n\t\u{1}\u{7f}é".into(),
            feature: "F".into(),
            value: true,
            old_value: Some(false),
        });
        same(&warnings);
        same(&gate.feature_states());
        same(&gate.get_all());
        same(&gate.get_all_versioned());
        same(gate.dependencies());
        same(&gate.known_features());
        for release in [
            Release::all().next().unwrap(),
            Release::all().last().unwrap(),
        ] {
            same(&gates::facts_in(release));
            same(&gates::features_in(release));
        }
        for name in [
            "NodeSwap",
            "APIListChunking",
            "ServiceAccountNodeAudienceRestriction",
        ] {
            same(&gates::history(name).unwrap());
        }
        let mut mc = FeatureSpec::new(Version::new(1, 35), PreRelease::Beta, true);
        mc = mc.with_min_compatibility(Version::new(1, 34)).locked();
        same(&vec![mc]);
    }

    #[test]
    fn error_fields_are_written_as_serde_json_writes_them() {
        let mut f = ErrorFields::kind("kubeletConfig");
        same(&f);
        f.path = Some("a.b[0]".into());
        f.at = ErrorLocation {
            file: Some("/etc/k\"\u{1f}.yaml".into()),
            line: Some(u32::MAX),
            flag: Some("--port".into()),
            field: Some("port".into()),
        };
        same(&f);
        f.problems = Some(vec![
            ErrorProblem::default(),
            ErrorProblem {
                kind: Some("syntax".into()),
                message: "m".into(),
                feature: Some("F".into()),
                span: Some(ErrorSpan { start: 0, end: 2 }),
                at: ErrorLocation {
                    line: Some(3),
                    ..ErrorLocation::default()
                },
            },
        ]);
        same(&f);
    }
}
