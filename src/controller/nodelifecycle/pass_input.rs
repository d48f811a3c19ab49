//! A pass's input read from JSON text, for callers that hold it as text: the bulk path of the
//! npm package, where a cluster's nodes with their leases and pods are megabytes of JSON.
//!
//! Why a second decoder beside [`MonitorInput`]'s: a pass reads three fields of each lease and
//! pod and keeps none, so decoding them into owned strings only to drop them again costs
//! allocations per lease and pod, decoding and freeing. [`PassInput::from_slice`] decodes leases
//! and pods as views that borrow their strings from the text, and nodes as [`Node`]s (a pass
//! returns them). It accepts exactly what [`MonitorInput`] accepts: the same fields, types,
//! defaults and unknown-field rules (the tests below compare the two on valid and refused
//! input). A string with an escape cannot be borrowed, so such input, and every input the
//! borrowed decoder refuses, is decoded again as a [`MonitorInput`], whose decoder names the
//! path of a refused field.
//!
//! The pass entries that take a [`PassInput`] ([`NodeLifecycleController::monitor_pass_input`],
//! [`NodeLifecycleController::no_execute_pass_input`]) refuse an input past [`MAX_NODES`] nodes
//! or [`MAX_PODS`] pods before any work.

use serde::Deserialize;
use serde_json::Value;

use super::config::NodeLifecycleError;
use super::report::{MonitorInput, MonitorResult, PodView};
use super::{lease_index, NodeLifecycleController, MAX_NODES, MAX_PODS};
use crate::json::strict::{self, PathError};
use crate::objects::{Node, NODE_LEASE_NAMESPACE};
use crate::timestamp::Time;

/// One pass's input (`monitorNodeHealth` or the NoExecute tainting pass): decoded from JSON text
/// by [`PassInput::from_slice`], or made of a [`MonitorInput`] (`From`).
pub struct PassInput<'a>(Decoded<'a>);

enum Decoded<'a> {
    Borrowed(Borrowed<'a>),
    Owned(MonitorInput),
}

/// [`MonitorInput`] with its leases and pods borrowing their strings from the text.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Borrowed<'a> {
    now: Time,
    #[serde(default)]
    nodes: Vec<Node>,
    #[serde(default, borrow)]
    leases: Vec<LeaseView<'a>>,
    #[serde(default, borrow)]
    pods: Vec<PodView<'a>>,
}

/// [`crate::objects::Lease`], borrowed.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LeaseView<'a> {
    #[serde(borrow)]
    metadata: LeaseMetaView<'a>,
    #[serde(default, borrow)]
    spec: LeaseSpecView<'a>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LeaseMetaView<'a> {
    name: &'a str,
    // A lease's namespace defaults to the node lease namespace, as `LeaseMeta`'s does.
    #[serde(default = "node_lease_namespace")]
    namespace: &'a str,
}

fn node_lease_namespace() -> &'static str {
    NODE_LEASE_NAMESPACE
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct LeaseSpecView<'a> {
    // Not read by a pass; decoded so that what a `Lease` refuses is refused here too.
    #[serde(default, borrow)]
    holder_identity: Option<&'a str>,
    #[serde(default)]
    lease_duration_seconds: Option<i32>,
    #[serde(default)]
    renew_time: Option<Time>,
}

impl<'a> PassInput<'a> {
    /// Decodes the JSON text of a [`MonitorInput`] (UTF-8 bytes), borrowing what it can (see the
    /// module doc). The error of refused input is [`MonitorInput`]'s decoder's, with the path of
    /// the refused field; `None` as path for text that is not JSON.
    pub fn from_slice(bytes: &'a [u8]) -> Result<PassInput<'a>, PathError> {
        if let Ok(input) = strict::from_slice::<Borrowed>(bytes) {
            return Ok(PassInput(Decoded::Borrowed(input)));
        }
        let value: Value = serde_json::from_slice(bytes)?;
        let input: MonitorInput = strict::from_value_at(value)?;
        Ok(PassInput(Decoded::Owned(input)))
    }

    /// [`PassInput::from_slice`] of a string.
    pub fn from_json(text: &'a str) -> Result<PassInput<'a>, PathError> {
        Self::from_slice(text.as_bytes())
    }

    /// The pass's time.
    pub fn now(&self) -> Time {
        match &self.0 {
            Decoded::Borrowed(input) => input.now,
            Decoded::Owned(input) => input.now,
        }
    }

    /// How many nodes and pods the input lists.
    fn sizes(&self) -> (usize, usize) {
        match &self.0 {
            Decoded::Borrowed(input) => (input.nodes.len(), input.pods.len()),
            Decoded::Owned(input) => (input.nodes.len(), input.pods.len()),
        }
    }

    /// Refuses an input past the limits of one pass ([`MAX_NODES`], [`MAX_PODS`]).
    pub fn check_limits(&self) -> Result<(), NodeLifecycleError> {
        let (nodes, pods) = self.sizes();
        if nodes > MAX_NODES {
            return Err(NodeLifecycleError::limit(format!(
                "{nodes} nodes; the limit is {MAX_NODES} per pass"
            )));
        }
        if pods > MAX_PODS {
            return Err(NodeLifecycleError::limit(format!(
                "{pods} pods; the limit is {MAX_PODS} per pass"
            )));
        }
        Ok(())
    }

    /// The input as a [`MonitorInput`] (copying the borrowed leases' and pods' strings).
    pub fn into_owned(self) -> MonitorInput {
        match self.0 {
            Decoded::Owned(input) => input,
            Decoded::Borrowed(input) => MonitorInput {
                now: input.now,
                nodes: input.nodes,
                leases: input
                    .leases
                    .iter()
                    .map(|l| crate::objects::Lease {
                        metadata: crate::objects::LeaseMeta {
                            name: l.metadata.name.to_string(),
                            namespace: l.metadata.namespace.to_string(),
                        },
                        spec: crate::objects::LeaseSpec {
                            holder_identity: l.spec.holder_identity.map(str::to_string),
                            lease_duration_seconds: l.spec.lease_duration_seconds,
                            renew_time: l.spec.renew_time,
                        },
                    })
                    .collect(),
                pods: input
                    .pods
                    .iter()
                    .map(|p| super::report::PodRef {
                        namespace: p.namespace.map(str::to_string),
                        name: p.name.to_string(),
                        node_name: p.node_name.to_string(),
                    })
                    .collect(),
            },
        }
    }
}

impl From<MonitorInput> for PassInput<'_> {
    fn from(input: MonitorInput) -> Self {
        PassInput(Decoded::Owned(input))
    }
}

impl NodeLifecycleController {
    /// One `monitorNodeHealth` pass ([`Self::monitor_node_health_owned`]) over a [`PassInput`],
    /// refused whole past the limits of one pass ([`PassInput::check_limits`]).
    pub fn monitor_pass_input(
        &mut self,
        input: PassInput<'_>,
    ) -> Result<MonitorResult, NodeLifecycleError> {
        input.check_limits()?;
        Ok(match input.0 {
            Decoded::Borrowed(input) => {
                let leases = lease_index(
                    input
                        .leases
                        .iter()
                        .map(|l| (l.metadata.namespace, l.metadata.name, l.spec.renew_time)),
                );
                self.monitor_listed(input.now, input.nodes, &leases, &input.pods)
            }
            Decoded::Owned(input) => self.monitor_node_health_owned(input),
        })
    }

    /// `doNoExecuteTaintingPass` ([`Self::do_no_execute_tainting_pass`]) over the nodes of a
    /// [`PassInput`] at its time, the nodes as the pass left them in the result; refused whole
    /// past the limits of one pass ([`PassInput::check_limits`]).
    pub fn no_execute_pass_input(
        &mut self,
        input: PassInput<'_>,
    ) -> Result<MonitorResult, NodeLifecycleError> {
        input.check_limits()?;
        let (now, mut nodes) = match input.0 {
            Decoded::Borrowed(input) => (input.now, input.nodes),
            Decoded::Owned(input) => (input.now, input.nodes),
        };
        let mut out = self.do_no_execute_tainting_pass(now, &mut nodes);
        out.nodes = nodes;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::nodelifecycle::ControllerConfig;

    fn is_borrowed(input: &PassInput) -> bool {
        matches!(input.0, Decoded::Borrowed(_))
    }

    /// What the owned decoder makes of `text`: the input, or the error's path and text.
    fn owned(text: &str) -> Result<MonitorInput, (Option<String>, String)> {
        let value: Value = serde_json::from_str(text).map_err(|e| (None, e.to_string()))?;
        strict::from_value_at::<MonitorInput>(value)
            .map_err(|e| (e.path().map(str::to_string), e.to_string()))
    }

    fn decoded(text: &str) -> Result<MonitorInput, (Option<String>, String)> {
        PassInput::from_json(text)
            .map(PassInput::into_owned)
            .map_err(|e| (e.path().map(str::to_string), e.to_string()))
    }

    const NOW: &str = r#""now":"2024-05-01T10:00:00Z""#;

    #[test]
    fn accepts_and_refuses_exactly_what_the_owned_decoder_does() {
        let cases = [
            format!("{{{NOW}}}"),
            format!(
                r#"{{{NOW},"nodes":[{{"metadata":{{"name":"n1"}}}}],"leases":[{{"metadata":{{"name":"n1"}},"spec":{{"renewTime":"2024-05-01T09:59:59Z","holderIdentity":"n1","leaseDurationSeconds":40}}}}],"pods":[{{"name":"p","nodeName":"n1"}},{{"namespace":"ns","name":"q","nodeName":"n1"}}]}}"#
            ),
            format!(r#"{{{NOW},"leases":[{{"metadata":{{"name":"n1","namespace":"other"}}}}]}}"#),
            // Escapes cannot be borrowed: decoded by the owned decoder, the same result.
            format!(r#"{{{NOW},"pods":[{{"name":"p\u0041","nodeName":"n\"1"}}]}}"#),
            format!(r#"{{{NOW},"leases":[{{"metadata":{{"name":"n\n1"}}}}]}}"#),
            // Refused: the same error and path from both.
            r#"{"nodes":[]}"#.to_string(),
            format!(r#"{{{NOW},"extra":1}}"#),
            format!(r#"{{{NOW},"pods":[{{"name":"p"}}]}}"#),
            format!(r#"{{{NOW},"pods":[{{"name":"p","nodeName":"n","x":1}}]}}"#),
            format!(r#"{{{NOW},"pods":[["p","n"]]}}"#),
            format!(r#"{{{NOW},"leases":[{{"metadata":{{"name":7}}}}]}}"#),
            format!(
                r#"{{{NOW},"leases":[{{"metadata":{{"name":"n"}},"spec":{{"renewTime":"soon"}}}}]}}"#
            ),
            format!(
                r#"{{{NOW},"leases":[{{"metadata":{{"name":"n"}},"spec":{{"leaseDurationSeconds":1.5}}}}]}}"#
            ),
            r#"{"now":"yesterday"}"#.to_string(),
            r#"{"now":"#.to_string(),
            "[]".to_string(),
            format!(r#"{{{NOW},{NOW}}}"#),
        ];
        for text in &cases {
            assert_eq!(decoded(text), owned(text), "{text}");
        }
        assert!(is_borrowed(&PassInput::from_json(&cases[1]).unwrap()));
        assert!(!is_borrowed(&PassInput::from_json(&cases[3]).unwrap()));
    }

    #[test]
    fn a_pass_entry_refuses_an_input_past_the_limits_before_any_work() {
        let mut ctl = NodeLifecycleController::new(&ControllerConfig::default()).unwrap();
        let nodes: Vec<String> = (0..=MAX_NODES)
            .map(|i| format!(r#"{{"metadata":{{"name":"n{i}"}}}}"#))
            .collect();
        let text = format!(r#"{{{NOW},"nodes":[{}]}}"#, nodes.join(","));
        let e = ctl
            .monitor_pass_input(PassInput::from_json(&text).unwrap())
            .unwrap_err();
        assert_eq!(e.to_string(), "50001 nodes; the limit is 50000 per pass");
        assert_eq!(
            e.kind(),
            crate::controller::nodelifecycle::NodeLifecycleErrorKind::Limit
        );
        assert_eq!(e.field(), None);
        let mut input = MonitorInput {
            now: Time::parse("2024-05-01T10:00:00Z").unwrap(),
            ..MonitorInput::default()
        };
        input.pods = vec![super::super::report::PodRef::default(); MAX_PODS + 1];
        let e = ctl.no_execute_pass_input(input.into()).unwrap_err();
        assert_eq!(e.to_string(), "500001 pods; the limit is 500000 per pass");
    }

    #[test]
    fn borrowed_and_owned_inputs_give_the_same_passes() {
        let at = |now: &str| {
            format!(
                r#"{{"now":"{now}","nodes":[{{"metadata":{{"name":"n1"}},"status":{{"conditions":[{{"type":"Ready","status":"True","lastHeartbeatTime":"2024-05-01T10:00:00Z","lastTransitionTime":"2024-05-01T10:00:00Z"}}]}}}}],"leases":[{{"metadata":{{"name":"n1"}},"spec":{{"renewTime":"2024-05-01T10:00:00Z"}}}}],"pods":[{{"namespace":"ns","name":"p","nodeName":"n1"}}]}}"#
            )
        };
        let mut a = NodeLifecycleController::new(&ControllerConfig::default()).unwrap();
        let mut b = a.clone();
        // Ready at first, then silent past the grace period: the second pass marks its pod.
        for now in ["2024-05-01T10:00:01Z", "2024-05-01T10:05:00Z"] {
            let text = at(now);
            let input = PassInput::from_json(&text).unwrap();
            assert!(is_borrowed(&input));
            let from_text = a.monitor_pass_input(input).unwrap();
            let from_owned = b.monitor_node_health(&owned(&text).unwrap());
            assert_eq!(from_text, from_owned);
        }
        let t = at("2024-05-01T10:06:00Z");
        let last = a.monitor_pass_input(PassInput::from_json(&t).unwrap());
        assert_eq!(last, Ok(b.monitor_node_health(&owned(&t).unwrap())));
        let tainted = a.no_execute_pass_input(PassInput::from_json(&t).unwrap());
        let mut nodes = owned(&t).unwrap().nodes;
        let mut expected = b.do_no_execute_tainting_pass(owned(&t).unwrap().now, &mut nodes);
        expected.nodes = nodes;
        assert_eq!(tainted, Ok(expected));
    }
}
