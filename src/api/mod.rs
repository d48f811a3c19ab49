//! How Kubernetes adds an unstable field or enum value to a stable API.
//!
//! A stable API version cannot change shape, yet new features need new fields and new enum
//! values before they are stable. Kubernetes solves this with feature gates consulted in two
//! places of every registry strategy:
//!
//! * [`gating`]: `PrepareForCreate` / `PrepareForUpdate` silently **drop** a field whose gate is
//!   off, unless the old object already uses it (so data written while the gate was on survives
//!   an update while it is off, and a rollback to an older server loses nothing). Schemas for the
//!   guide's Frobber and for real types are in [`schemas`].
//! * [`enums`]: validation of enum values with **options** (usually named after gates) that
//!   exclude values, and **ratcheting**: an unchanged value is not re-validated on update.
//!   [`frobber`] is the guide's `OnTuesday` restart-policy example.
//!
//! All errors print exactly as `k8s.io/apimachinery/pkg/util/validation/field` prints them
//! ([`field`]).
//!
//! Gate values are passed in as a lookup `&dyn Fn(&str) -> Option<bool>` (a `BTreeMap` works via
//! `&|g| map.get(g).copied()`); a gate the lookup does not know is an error, never a default.

pub mod enums;
pub mod field;
pub mod frobber;
pub mod gating;
pub mod schemas;
