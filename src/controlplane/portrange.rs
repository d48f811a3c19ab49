//! Node port ranges and the NodePort allocator.
//!
//! Upstream: `k8s.io/apimachinery/pkg/util/net/port_range.go` (the `--service-node-port-range`
//! syntax `min-max`, `min+offset` or a single port; error texts copied) and
//! `pkg/registry/core/service/portallocator` (the bitmap over the range).

use std::collections::BTreeSet;
use std::fmt;

use super::cidr::RangeError;

/// `utilnet.PortRange`: `base` .. `base + size - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortRange {
    pub base: i32,
    pub size: i32,
}

/// Go's `strconv.Atoi` for the pieces of a range, with its error text.
fn atoi(s: &str) -> Result<i32, RangeError> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(RangeError::new(format!(
            "strconv.Atoi: parsing {:?}: invalid syntax",
            s
        )));
    }
    s.parse::<i64>()
        .ok()
        .and_then(|v| i32::try_from(v).ok())
        .ok_or_else(|| {
            RangeError::new(format!("strconv.Atoi: parsing {:?}: value out of range", s))
        })
}

impl PortRange {
    /// `PortRange.Set` (what `ParsePortRange` calls). An empty string is the empty range.
    pub fn parse(value: &str) -> Result<PortRange, RangeError> {
        let value = value.trim();
        if value.is_empty() {
            return Ok(PortRange { base: 0, size: 0 });
        }
        let hyphen = value.find('-');
        let plus = value.find('+');
        let (low, high) = match (hyphen, plus) {
            (None, None) => {
                let p = atoi(value)?;
                (p, p)
            }
            (Some(h), None) => (atoi(&value[..h])?, atoi(&value[h + 1..])?),
            (None, Some(p)) => {
                let low = atoi(&value[..p])?;
                let offset = atoi(&value[p + 1..])?;
                (low, low.saturating_add(offset))
            }
            (Some(_), Some(_)) => {
                return Err(RangeError::new(format!(
                    "unable to parse port range: {value}"
                )))
            }
        };
        if low > 65535 || high > 65535 {
            return Err(RangeError::new(format!(
                "the port range cannot be greater than 65535: {value}"
            )));
        }
        if high < low {
            return Err(RangeError::new(format!(
                "end port cannot be less than start port: {value}"
            )));
        }
        Ok(PortRange {
            base: low,
            size: 1 + high - low,
        })
    }

    pub fn contains(&self, p: i32) -> bool {
        p >= self.base && (p - self.base) < self.size
    }
}

impl fmt::Display for PortRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.size == 0 {
            return Ok(());
        }
        write!(f, "{}-{}", self.base, self.base + self.size - 1)
    }
}

/// Why [`PortAllocator::allocate`] refused a port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortAllocError {
    /// `portallocator.ErrAllocated`.
    Allocated,
    /// `portallocator.ErrNotInRange`.
    NotInRange { valid_ports: String },
}

impl fmt::Display for PortAllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortAllocError::Allocated => f.write_str("provided port is already allocated"),
            PortAllocError::NotInRange { valid_ports } => write!(
                f,
                "provided port is not in the valid range. The range of valid ports is {valid_ports}"
            ),
        }
    }
}

impl std::error::Error for PortAllocError {}

/// The bitmap allocator over a node port range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortAllocator {
    range: PortRange,
    used: BTreeSet<i32>,
}

impl PortAllocator {
    pub fn new(range: PortRange) -> Self {
        PortAllocator {
            range,
            used: BTreeSet::new(),
        }
    }

    pub fn range(&self) -> PortRange {
        self.range
    }

    pub fn allocate(&mut self, port: i32) -> Result<(), PortAllocError> {
        if !self.range.contains(port) {
            return Err(PortAllocError::NotInRange {
                valid_ports: self.range.to_string(),
            });
        }
        if !self.used.insert(port) {
            return Err(PortAllocError::Allocated);
        }
        Ok(())
    }

    pub fn has(&self, port: i32) -> bool {
        self.used.contains(&port)
    }

    pub fn release(&mut self, port: i32) {
        self.used.remove(&port);
    }

    /// Allocated ports, ascending (`ForEach` order).
    pub fn ports(&self) -> Vec<i32> {
        self.used.iter().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_all_notations() {
        assert_eq!(
            PortRange::parse("30000-32767"),
            Ok(PortRange {
                base: 30000,
                size: 2768
            })
        );
        assert_eq!(
            PortRange::parse("30000+10"),
            Ok(PortRange {
                base: 30000,
                size: 11
            })
        );
        assert_eq!(
            PortRange::parse(" 80 "),
            Ok(PortRange { base: 80, size: 1 })
        );
        assert_eq!(PortRange::parse(""), Ok(PortRange { base: 0, size: 0 }));
        assert_eq!(
            PortRange::parse("30000-32767")
                .map(|r| r.to_string())
                .as_deref(),
            Ok("30000-32767")
        );
    }

    #[test]
    fn errors_are_upstreams() {
        let e = |s: &str| PortRange::parse(s).err().map(|e| e.to_string());
        assert_eq!(
            e("1-2+3").as_deref(),
            Some("unable to parse port range: 1-2+3")
        );
        assert_eq!(
            e("100-70000").as_deref(),
            Some("the port range cannot be greater than 65535: 100-70000")
        );
        assert_eq!(
            e("200-100").as_deref(),
            Some("end port cannot be less than start port: 200-100")
        );
        assert_eq!(
            e("abc").as_deref(),
            Some("strconv.Atoi: parsing \"abc\": invalid syntax")
        );
        assert_eq!(
            e("-5").as_deref(),
            Some("strconv.Atoi: parsing \"\": invalid syntax")
        );
    }
}
