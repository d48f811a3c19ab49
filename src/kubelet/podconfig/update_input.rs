//! A merge's input read from JSON text, for callers that hold it as text: the bulk path of the
//! npm package, where an update of [`super::MAX_PODS`] pods is a large JSON text.
//!
//! Why a decoder beside [`MergeInput`]'s: that one builds a `serde_json::Value` tree of the whole
//! update and then a [`Pod`] of each value; [`UpdateInput::from_slice`] decodes each pod straight
//! into a [`Pod`] (see [`DecodePod`]), with no tree for the update, and of the pods of a REMOVE
//! reads only the metadata (a REMOVE emits the stored pods; this needs `op` before `pods`, the
//! order the npm package writes, and text in the other order is decoded in full). Beside `op` and `pods` it accepts
//! what a [`PodUpdate`](super::PodUpdate) a source emitted carries, so that one can be fed back as
//! it is: `source` (not read: the source is the merge's own argument) and `reasons` (not read).
//!
//! A pod that is not one is not an error of the decoding: it is kept as the reason, and the merge
//! reports it by its index after checking the operation, as [`PodConfig::merge_input`] does.
//! Anything else amiss (a repeated, unknown or missing field, bad JSON) refuses the text, and the
//! text is decoded again by a decoder over a `Value` for the path of the refused field.
//!
//! [`PodConfig::merge_input`]: super::PodConfig::merge_input

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::config::MergeInput;
use super::pod::{DecodePod, Pod, PodError};
use crate::json::strict::{self, PathError};

/// One update for [`PodConfig::merge_decoded_at`](super::PodConfig::merge_decoded_at): the
/// operation as named, and each pod or why it is not one.
#[derive(Debug)]
pub struct UpdateInput {
    pub op: String,
    pub pods: Vec<Result<Pod, PodError>>,
}

impl UpdateInput {
    /// Decodes `{ op, pods, source?, reasons? }` from JSON text (UTF-8 bytes). The error of
    /// refused text names the path of the refused field; `None` as path for text that is not
    /// JSON.
    pub fn from_slice(bytes: &[u8]) -> Result<UpdateInput, PathError> {
        if let Ok(input) = strict::from_slice::<UpdateInput>(bytes) {
            return Ok(input);
        }
        let value: Value = serde_json::from_slice(bytes)?;
        let input: Reported = strict::from_value_at(value)?;
        Ok(UpdateInput {
            op: input.op,
            pods: input.pods.into_iter().map(Pod::from_value).collect(),
        })
    }
}

impl From<MergeInput> for UpdateInput {
    fn from(input: MergeInput) -> Self {
        UpdateInput {
            op: input.op,
            pods: input.pods.into_iter().map(Pod::from_value).collect(),
        }
    }
}

impl<'de> Deserialize<'de> for UpdateInput {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UpdateInput, D::Error> {
        d.deserialize_map(UpdateVisitor)
    }
}

struct UpdateVisitor;

impl<'de> Visitor<'de> for UpdateVisitor {
    type Value = UpdateInput;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a pod update")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UpdateInput, A::Error> {
        use serde::de::Error;
        let (mut op, mut pods) = (None::<String>, None);
        let (mut source, mut reasons) = (false, false);
        while let Some(key) = map.next_key_seed(crate::json::KeySeed)? {
            match &*key {
                "op" if op.is_none() => op = Some(map.next_value()?),
                "pods" if pods.is_none() => {
                    let pod = DecodePod {
                        metadata_only: op.as_deref() == Some("REMOVE"),
                    };
                    pods = Some(map.next_value_seed(PodsSeed(pod))?);
                }
                "source" if !source => {
                    source = true;
                    map.next_value::<Option<String>>()?;
                }
                "reasons" if !reasons => {
                    reasons = true;
                    map.next_value::<IgnoredAny>()?;
                }
                // The message is never shown: refused text is decoded again for its error.
                _ => return Err(A::Error::custom("not a pod update")),
            }
        }
        Ok(UpdateInput {
            op: op.ok_or_else(|| A::Error::custom("no op"))?,
            // No `pods`: an update of none, as `MergeInput` reads it.
            pods: pods.unwrap_or_default(),
        })
    }
}

/// The `pods` list, each decoded by the [`DecodePod`] it carries.
struct PodsSeed(DecodePod);

impl<'de> DeserializeSeed<'de> for PodsSeed {
    type Value = Vec<Result<Pod, PodError>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PodsSeed {
    type Value = Vec<Result<Pod, PodError>>;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of pods")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut pods = Vec::new();
        while let Some(pod) = seq.next_element_seed(self.0)? {
            pods.push(pod);
        }
        Ok(pods)
    }
}

/// [`UpdateInput`] with each pod a `Value`: the decoder that reports why an update is refused.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Reported {
    op: String,
    #[serde(default)]
    pods: Vec<Value>,
    #[serde(default, rename = "source")]
    _source: Option<String>,
    #[serde(default, rename = "reasons")]
    _reasons: Option<Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An update as the tests compare it (the operation and each pod's JSON or error), or the
    /// path and text of the refusal.
    type Outcome = Result<(String, Vec<Result<Value, String>>), (Option<String>, String)>;

    fn compared(input: UpdateInput) -> (String, Vec<Result<Value, String>>) {
        let pods = input.pods.into_iter();
        let pods = pods.map(|p| p.map(Value::from).map_err(|e| e.to_string()));
        (input.op, pods.collect())
    }

    /// What the reporting decoder makes of `text`.
    fn reported(text: &str) -> Outcome {
        let value: Value = serde_json::from_str(text).map_err(|e| (None, e.to_string()))?;
        let input: Reported = strict::from_value_at(value)
            .map_err(|e| (e.path().map(str::to_string), e.to_string()))?;
        let pods = input.pods.into_iter().map(Pod::from_value).collect();
        Ok(compared(UpdateInput { op: input.op, pods }))
    }

    fn decoded(text: &str) -> Outcome {
        UpdateInput::from_slice(text.as_bytes())
            .map(compared)
            .map_err(|e| (e.path().map(str::to_string), e.to_string()))
    }

    #[test]
    fn accepts_and_refuses_what_the_reporting_decoder_does() {
        let pod =
            r#"{"metadata":{"name":"p","namespace":"ns","uid":"u1"},"spec":{"containers":[]}}"#;
        for text in [
            format!(r#"{{"op":"SET","pods":[{pod}]}}"#),
            format!(r#"{{"pods":[{pod}],"op":"ADD"}}"#),
            r#"{"op":"SET"}"#.to_string(),
            format!(r#"{{"op":"SET","pods":[{pod}, 7, {{"metadata":{{}}}}]}}"#),
            format!(
                r#"{{"op":"UPDATE","source":"file","reasons":[{{"message":"m"}}],"pods":[{pod}]}}"#
            ),
            r#"{"op":"BOGUS","pods":[]}"#.to_string(),
            // Refused: the same error and path from both.
            r#"{"pods":[]}"#.to_string(),
            r#"{"op":"SET","extra":1}"#.to_string(),
            r#"{"op":"SET","op":"ADD"}"#.to_string(),
            r#"{"op":1}"#.to_string(),
            r#"{"op":"SET","pods":{}}"#.to_string(),
            r#"{"op":"SET","source":7}"#.to_string(),
            r#"["SET"]"#.to_string(),
            r#"{"op":"#.to_string(),
        ] {
            assert_eq!(decoded(&text), reported(&text), "{text}");
        }
    }

    #[test]
    fn a_remove_reads_only_the_metadata_of_its_pods() {
        let text = r#"{"op":"REMOVE","pods":[{"metadata":{"name":"p","namespace":"ns","uid":"u1"},"spec":{"containers":[{"name":"c"}]}}]}"#;
        let input = UpdateInput::from_slice(text.as_bytes()).unwrap();
        let pod = input.pods.into_iter().next().unwrap().unwrap();
        assert_eq!(pod.uid(), "u1");
        assert_eq!(Value::from(pod).get("spec"), None);
    }
}
