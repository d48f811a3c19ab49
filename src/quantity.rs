//! Resource quantities ("100Mi", "10e9", "2000m"), as `k8s.io/apimachinery/pkg/api/resource`.
//!
//! Node capacity, eviction thresholds and observed signals are quantities. Kubernetes compares them
//! by value ("1Gi" equals "1073741824"), so we keep an exact value in nano-units (upstream's
//! smallest scale; finer fractions round up, as `resource.Quantity` does).

use std::fmt;

/// An exact quantity in units of 10^-9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Quantity(pub i128);

/// `resource.ErrFormatWrong` and friends; the text is upstream's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantityError {
    message: &'static str,
}

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

impl std::error::Error for QuantityError {}

impl QuantityError {
    /// Always [`ValueErrorKind::InvalidQuantity`](crate::ValueErrorKind::InvalidQuantity).
    pub fn kind(&self) -> crate::ValueErrorKind {
        crate::ValueErrorKind::InvalidQuantity
    }
}

const FORMAT_WRONG: QuantityError = QuantityError {
    message: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
};
const NUMERIC: QuantityError = QuantityError {
    message: "unable to parse quantity's suffix",
};

const NANO: i128 = 1_000_000_000;

impl Quantity {
    pub fn from_units(v: i64) -> Self {
        Quantity(i128::from(v) * NANO)
    }

    // A byte scanner: every `bytes[i]` sits behind an `i < bytes.len()` test in the same
    // condition, so no index can pass the end (the fuzz tests in tests/hostile_parsers.rs agree).
    #[allow(clippy::indexing_slicing)]
    pub fn parse(s: &str) -> Result<Quantity, QuantityError> {
        let b = s.as_bytes();
        let mut i = 0;
        let neg = match b.first() {
            Some(b'-') => {
                i = 1;
                true
            }
            Some(b'+') => {
                i = 1;
                false
            }
            _ => false,
        };
        let num_start = i;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
            i += 1;
        }
        let num = &s[num_start..i];
        if num.is_empty() || num.matches('.').count() > 1 || num == "." {
            return Err(FORMAT_WRONG);
        }
        let suffix = &s[i..];
        // (base 10 exponent, base 2 exponent)
        let (exp10, exp2): (i32, u32) = match suffix {
            "" => (0, 0),
            "n" => (-9, 0),
            "u" => (-6, 0),
            "m" => (-3, 0),
            "k" => (3, 0),
            "M" => (6, 0),
            "G" => (9, 0),
            "T" => (12, 0),
            "P" => (15, 0),
            "E" => (18, 0),
            "Ki" => (0, 10),
            "Mi" => (0, 20),
            "Gi" => (0, 30),
            "Ti" => (0, 40),
            "Pi" => (0, 50),
            "Ei" => (0, 60),
            s if s.starts_with(['e', 'E']) => {
                let e: i32 = s[1..].parse().map_err(|_| NUMERIC)?;
                if !(-30..=30).contains(&e) {
                    return Err(NUMERIC);
                }
                (e, 0)
            }
            s if s.bytes().all(|c| b"eEinumkKMGTP+-0123456789".contains(&c)) => {
                return Err(NUMERIC)
            }
            _ => return Err(FORMAT_WRONG),
        };
        // A number without a `.` has no fraction: not a default, the plain reading.
        let (int_part, frac_part) = num.split_once('.').unwrap_or((num, ""));
        let mut mant: i128 = 0;
        let mut scale: i32 = 0;
        for c in int_part.bytes().chain(frac_part.bytes()) {
            mant = mant
                .checked_mul(10)
                .and_then(|m| m.checked_add(i128::from(c - b'0')))
                .ok_or(NUMERIC)?;
        }
        scale -= frac_part.len() as i32;
        // value = mant * 10^(scale+exp10) * 2^exp2, expressed in nanos (×10^9), rounding up.
        let mut v = mant.checked_mul(1i128 << exp2).ok_or(NUMERIC)?;
        let p = scale + exp10 + 9;
        if p >= 0 {
            v = v
                .checked_mul(10i128.checked_pow(p as u32).ok_or(NUMERIC)?)
                .ok_or(NUMERIC)?;
        } else {
            let d = 10i128.checked_pow((-p) as u32).ok_or(NUMERIC)?;
            v = (v + d - 1) / d;
        }
        Ok(Quantity(if neg { -v } else { v }))
    }

    /// The value as a float in whole units (for percentages and rates).
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / NANO as f64
    }

    /// A string equal for equal values, whatever the spelling.
    pub fn canonical_key(self) -> String {
        self.0.to_string()
    }
}

impl std::str::FromStr for Quantity {
    type Err = QuantityError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Quantity::parse(s)
    }
}

impl fmt::Display for Quantity {
    /// Whole units when exact, else milli-units: enough for traces (not upstream's canonical form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % NANO == 0 {
            write!(f, "{}", self.0 / NANO)
        } else if self.0 % 1_000_000 == 0 {
            write!(f, "{}m", self.0 / 1_000_000)
        } else {
            write!(f, "{}n", self.0)
        }
    }
}

impl serde::Serialize for Quantity {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Quantity {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Raw {
            S(String),
            I(i64),
        }
        match Raw::deserialize(d)? {
            Raw::S(s) => Quantity::parse(&s).map_err(serde::de::Error::custom),
            Raw::I(i) => Ok(Quantity::from_units(i)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        let q = |s: &str| Quantity::parse(s).unwrap();
        assert_eq!(q("1Gi"), q("1073741824"));
        assert_eq!(q("2000m"), q("2"));
        assert_eq!(q("10e9"), q("10G"));
        assert_eq!(q("100Mi").as_f64(), 104857600.0);
        assert_eq!(q("1.5"), q("1500m"));
        assert_eq!(q("-1k"), Quantity(-1000 * NANO));
        assert_eq!(q("1n"), Quantity(1));
        assert_eq!(q("0.1n"), Quantity(1));
    }

    #[test]
    fn errors() {
        for s in ["", "abc", "1.2.3", "Mi", "."] {
            assert_eq!(Quantity::parse(s), Err(FORMAT_WRONG), "{s}");
        }
        assert_eq!(Quantity::parse("1Zi"), Err(FORMAT_WRONG));
        assert_eq!(Quantity::parse("1iM"), Err(NUMERIC));
    }
}
