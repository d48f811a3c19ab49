//! Service CIDRs and the ClusterIP range allocator, parsed and computed by hand.
//!
//! Upstream: Go's `net.ParseCIDR`, `k8s.io/utils/net` (`RangeSize`, `GetIndexedIP`),
//! `pkg/controlplane/services.go` `ServiceIPRange` and
//! `pkg/registry/core/service/ipallocator` (`NewCIDRRange`), Kubernetes ≈ v1.28–1.33.
//!
//! * The `kubernetes` Service's ClusterIP is index 1 of the service CIDR (its first usable
//!   address); a range smaller than 8 addresses is refused.
//! * The allocatable range never includes the network address, nor the IPv4 broadcast address,
//!   and an IPv6 range is capped at 65536 addresses (the allocator keeps a bitmap).

use std::collections::BTreeSet;
use std::fmt;
use std::net::IpAddr;

/// A parsed CIDR, host bits cleared (Go's `*net.IPNet`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    network: u128,
    prefix: u8,
    v6: bool,
}

/// The IP family name Kubernetes uses (`IPv4`, `IPv6`).
pub fn family_name(v6: bool) -> &'static str {
    if v6 {
        "IPv6"
    } else {
        "IPv4"
    }
}

/// Go `net.ParseIP`: a dotted IPv4 (no leading zeros) or an IPv6 address; `None` otherwise.
pub fn parse_ip(s: &str) -> Option<IpAddr> {
    s.parse::<IpAddr>().ok()
}

fn to_bits(ip: IpAddr) -> (u128, bool) {
    match ip {
        IpAddr::V4(v4) => (u128::from(u32::from(v4)), false),
        IpAddr::V6(v6) => (u128::from(v6), true),
    }
}

fn from_bits(bits: u128, v6: bool) -> IpAddr {
    if v6 {
        IpAddr::V6(bits.into())
    } else {
        // The value always fits: IPv4 arithmetic stays within the 32-bit network.
        IpAddr::V4(u32::try_from(bits).unwrap_or(u32::MAX).into())
    }
}

/// A service IP range or node port range that cannot be read or used; `Display` is upstream's
/// text (`the service cluster IP range must be at least 8 IP addresses`, Go's `strconv.Atoi`
/// errors, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeError {
    message: String,
}

impl RangeError {
    pub(crate) fn new(message: String) -> Self {
        RangeError { message }
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RangeError {}

/// A malformed CIDR; prints Go's `net.ParseCIDR` error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CidrError {
    pub input: String,
}

impl fmt::Display for CidrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid CIDR address: {}", self.input)
    }
}

impl std::error::Error for CidrError {}

impl IpNet {
    /// Go `net.ParseCIDR`: `addr/prefix`, the prefix in plain decimal digits within the family's
    /// bit length; host bits are masked off.
    pub fn parse(s: &str) -> Result<IpNet, CidrError> {
        let err = || CidrError {
            input: s.to_string(),
        };
        let (addr, prefix) = s.split_once('/').ok_or_else(err)?;
        let ip = parse_ip(addr).ok_or_else(err)?;
        if prefix.is_empty() || prefix.len() > 3 || !prefix.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let prefix: u8 = prefix.parse().map_err(|_| err())?;
        let (bits, v6) = to_bits(ip);
        let width = if v6 { 128 } else { 32 };
        if prefix > width {
            return Err(err());
        }
        let host_bits = u32::from(width - prefix);
        let mask = if host_bits >= 128 {
            0
        } else {
            !((1u128 << host_bits) - 1)
        };
        Ok(IpNet {
            network: bits & mask,
            prefix,
            v6,
        })
    }

    pub fn is_v6(&self) -> bool {
        self.v6
    }

    pub fn prefix(&self) -> u8 {
        self.prefix
    }

    fn width(&self) -> u8 {
        if self.v6 {
            128
        } else {
            32
        }
    }

    /// `RangeSize`: the number of addresses, saturating at `u128::MAX` for `::/0`.
    pub fn size(&self) -> u128 {
        let host_bits = u32::from(self.width() - self.prefix);
        1u128.checked_shl(host_bits).unwrap_or(u128::MAX)
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let (bits, v6) = to_bits(ip);
        v6 == self.v6 && (bits.wrapping_sub(self.network)) < self.size() && bits >= self.network
    }

    /// `GetIndexedIP`.
    pub fn indexed_ip(&self, index: u128) -> Result<IpAddr, RangeError> {
        if index >= self.size() {
            return Err(RangeError::new(format!(
                "can't generate IP with index {index} from subnet. subnet too small. subnet: {:?}",
                self.to_string()
            )));
        }
        Ok(from_bits(self.network + index, self.v6))
    }
}

impl fmt::Display for IpNet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", from_bits(self.network, self.v6), self.prefix)
    }
}

/// `ServiceIPRange`: the range and the `kubernetes` Service's ClusterIP (index 1).
pub fn service_ip_range(net: &IpNet) -> Result<IpAddr, RangeError> {
    if net.size().min(1 << 16) < 8 {
        return Err(RangeError::new(
            "the service cluster IP range must be at least 8 IP addresses".to_string(),
        ));
    }
    net.indexed_ip(1)
}

/// Why [`IpRange::allocate`] refused an address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IpAllocError {
    /// `ipallocator.ErrAllocated`.
    Allocated,
    /// `ipallocator.ErrNotInRange`.
    NotInRange { ip: String, valid_range: String },
}

impl fmt::Display for IpAllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IpAllocError::Allocated => f.write_str("provided IP is already allocated"),
            IpAllocError::NotInRange { ip, valid_range } => write!(
                f,
                "the provided IP ({ip}) is not in the valid range. The range of valid IPs is {valid_range}"
            ),
        }
    }
}

impl std::error::Error for IpAllocError {}

/// The bitmap allocator over one service CIDR (`ipallocator.Range`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpRange {
    net: IpNet,
    base: u128,
    max: u128,
    used: BTreeSet<u128>,
}

impl IpRange {
    /// `NewCIDRRange`.
    pub fn new(net: IpNet) -> IpRange {
        let mut max = net.size();
        if net.v6 {
            max = max.min(65536);
        } else {
            max = max.saturating_sub(1);
        }
        IpRange {
            net,
            base: net.network.saturating_add(1),
            max: max.saturating_sub(1),
            used: BTreeSet::new(),
        }
    }

    pub fn cidr(&self) -> IpNet {
        self.net
    }

    fn offset(&self, ip: IpAddr) -> Option<u128> {
        if !self.net.contains(ip) {
            return None;
        }
        let (bits, _) = to_bits(ip);
        let off = bits.checked_sub(self.base)?;
        (off < self.max).then_some(off)
    }

    pub fn allocate(&mut self, ip: IpAddr) -> Result<(), IpAllocError> {
        let off = self.offset(ip).ok_or_else(|| IpAllocError::NotInRange {
            ip: ip.to_string(),
            valid_range: self.net.to_string(),
        })?;
        if !self.used.insert(off) {
            return Err(IpAllocError::Allocated);
        }
        Ok(())
    }

    pub fn has(&self, ip: IpAddr) -> bool {
        self.offset(ip).is_some_and(|o| self.used.contains(&o))
    }

    pub fn release(&mut self, ip: IpAddr) {
        if let Some(o) = self.offset(ip) {
            self.used.remove(&o);
        }
    }

    /// Allocated addresses in ascending order (the bitmap's `ForEach` order).
    pub fn addresses(&self) -> Vec<IpAddr> {
        self.used
            .iter()
            .map(|o| from_bits(self.base + o, self.net.v6))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let n = IpNet::parse("10.0.0.7/24").ok();
        assert_eq!(n.map(|n| n.to_string()).as_deref(), Some("10.0.0.0/24"));
        let n = IpNet::parse("fd00:1234::1/108").ok();
        assert_eq!(n.map(|n| n.to_string()).as_deref(), Some("fd00:1234::/108"));
        for bad in [
            "10.0.0.0",
            "10.0.0.0/33",
            "10.0.0/24",
            "x/8",
            "10.0.0.0/+8",
            "::/129",
            "10.0.0.0/",
            "010.0.0.0/8",
        ] {
            let e = IpNet::parse(bad).err().map(|e| e.to_string());
            assert_eq!(e, Some(format!("invalid CIDR address: {bad}")), "{bad}");
        }
    }

    #[test]
    fn service_ip_is_index_one() {
        let ip = |s: &str| {
            IpNet::parse(s)
                .ok()
                .and_then(|n| service_ip_range(&n).ok())
                .map(|i| i.to_string())
        };
        assert_eq!(ip("10.0.0.0/24").as_deref(), Some("10.0.0.1"));
        assert_eq!(ip("192.168.1.0/24").as_deref(), Some("192.168.1.1"));
        assert_eq!(ip("fd00:1234::/108").as_deref(), Some("fd00:1234::1"));
        assert_eq!(ip("192.168.1.0/30"), None);
        let e = IpNet::parse("192.168.1.0/30")
            .ok()
            .and_then(|n| service_ip_range(&n).err())
            .map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("the service cluster IP range must be at least 8 IP addresses")
        );
    }

    #[test]
    fn allocator_excludes_network_and_broadcast() {
        let mut r = IpRange::new(IpNet::parse("10.0.0.0/29").unwrap_or_else(|e| panic!("{e}")));
        let ip = |s: &str| parse_ip(s).unwrap_or_else(|| panic!("{s}"));
        assert!(r.allocate(ip("10.0.0.0")).is_err());
        assert!(r.allocate(ip("10.0.0.7")).is_err());
        assert!(r.allocate(ip("10.0.0.8")).is_err());
        assert_eq!(r.allocate(ip("10.0.0.6")), Ok(()));
        assert_eq!(r.allocate(ip("10.0.0.6")), Err(IpAllocError::Allocated));
        assert_eq!(r.addresses(), vec![ip("10.0.0.6")]);
    }
}
