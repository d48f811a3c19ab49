//! The one shape of an error's kind.
//!
//! Every area's error type (a [`FeatureGateError`](crate::featuregate::FeatureGateError), a
//! [`KubeletConfigError`](crate::kubelet::config::KubeletConfigError), an
//! [`ImportError`](crate::import::ImportError)...) keeps its details private and answers
//! `kind()` with a small `Copy` enum declared by [`error_kind!`]: a program matches on it instead
//! of on the text, serde writes it as its camelCase name, and with the `typescript` feature ts-rs
//! exports it as a union of those names. The name is also what the JS `Error` of the npm package
//! carries as `kind`, so the Rust and the JS caller branch on the same words.
//!
//! The text stays `Display`'s (Kubernetes' own words); where the value at fault was written
//! (file, line, flag, field) has accessors of its own; the error underneath is `source()`.

/// Declares an error-kind enum: each variant with the name it serializes to (camelCase), plus
/// [`as_str`](#method.as_str) and a `Display` that print that name.
macro_rules! error_kind {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $text)] $variant, )+
        }

        impl $name {
            /// The kind's camelCase name, as serde writes it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

error_kind! {
    /// What kind of error a value parser reports: a [`VersionError`](crate::version::VersionError),
    /// [`DurationError`](crate::duration::DurationError), `QuantityError` or
    /// [`TimeError`](crate::timestamp::TimeError).
    pub enum ValueErrorKind {
        /// Not a Kubernetes version (`1.31`, `v1.31.2`).
        InvalidVersion = "invalidVersion",
        /// Not a Go duration (`10s`, `1h30m`).
        InvalidDuration = "invalidDuration",
        /// Not a resource quantity (`100Mi`, `0.5`).
        InvalidQuantity = "invalidQuantity",
        /// Not an RFC 3339 time.
        InvalidTime = "invalidTime",
    }
}

#[cfg(test)]
mod tests {
    error_kind! {
        /// A kind for the test.
        pub enum SampleKind {
            First = "first",
            SecondOne = "secondOne",
        }
    }

    #[test]
    fn a_kind_serializes_and_prints_its_camel_case_name() {
        for k in [SampleKind::First, SampleKind::SecondOne] {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.as_str()));
            assert_eq!(k.to_string(), k.as_str());
        }
        assert_eq!(SampleKind::SecondOne.as_str(), "secondOne");
    }
}
