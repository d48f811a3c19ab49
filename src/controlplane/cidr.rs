//! Service CIDRs and the ClusterIP range allocator, parsed and computed by hand.
//!
//! Upstream: Go's `net.ParseCIDR`, `k8s.io/utils/net` (`RangeSize`, `GetIndexedIP`),
//! `pkg/controlplane/services.go` `ServiceIPRange` and
//! `pkg/registry/core/service/ipallocator` (`NewCIDRRange`), Kubernetes ≈ v1.28–1.33.
//!
//! * The `kubernetes` Service's ClusterIP is index 1 of the service CIDR (its first usable
//!   address); a range smaller than 8 addresses is refused, and so is one `RangeSize` counts
//!   as empty (`/0` and `/1` in IPv4, `::/0` and `::/1`), however many addresses it holds.
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

    fn host_bits(&self) -> u32 {
        u32::from(self.width() - self.prefix)
    }

    /// `RangeSize` of `k8s.io/utils/net`: the number of addresses, except that a range of 31 or
    /// more host bits in IPv4 (`/1`, `/0`) and of 127 or more in IPv6 counts as 0, and one of 63
    /// or more host bits as Go's `math.MaxInt64` (an `int64` cannot hold it). Those are
    /// upstream's answers, so `10.0.0.0/1` is refused as a service range smaller than 8
    /// addresses, as the apiserver refuses it.
    pub fn range_size(&self) -> i64 {
        let host_bits = self.host_bits();
        if (!self.v6 && host_bits >= 31) || (self.v6 && host_bits >= 127) {
            0
        } else if host_bits >= 63 {
            i64::MAX
        } else {
            1i64 << host_bits
        }
    }

    /// `(*net.IPNet).Contains`: `ip` is of the family and shares the network's prefix bits.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let (bits, v6) = to_bits(ip);
        v6 == self.v6 && self.holds(bits)
    }

    /// Whether the address `bits` (of this network's family) lies under its prefix.
    fn holds(&self, bits: u128) -> bool {
        let host_bits = self.host_bits();
        host_bits >= 128 || bits >> host_bits == self.network >> host_bits
    }

    /// `GetIndexedIP`: the network's address plus `index`, which must still lie in the network
    /// (an IPv4 address carried past 255.255.255.255 leaves the family, so it does not).
    pub fn indexed_ip(&self, index: u128) -> Result<IpAddr, RangeError> {
        let limit = if self.v6 {
            u128::MAX
        } else {
            u128::from(u32::MAX)
        };
        match self.network.checked_add(index) {
            Some(bits) if bits <= limit && self.holds(bits) => Ok(from_bits(bits, self.v6)),
            _ => Err(RangeError::new(format!(
                "can't generate IP with index {index} from subnet. subnet too small. subnet: {:?}",
                self.to_string()
            ))),
        }
    }
}

impl fmt::Display for IpNet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", from_bits(self.network, self.v6), self.prefix)
    }
}

/// `ServiceIPRange`: the range and the `kubernetes` Service's ClusterIP (index 1).
pub fn service_ip_range(net: &IpNet) -> Result<IpAddr, RangeError> {
    if net.range_size().min(1 << 16) < 8 {
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
        let mut max = net.range_size();
        if net.v6 {
            max = max.min(65536);
        } else {
            max -= 1;
        }
        // Less the network address; a count below 0 (a whole-mask range, or one `RangeSize`
        // counts as 0) is 0, as upstream clamps it. `max` lies in -1..=2^30 or 0..=65536 here,
        // so the subtraction cannot overflow.
        let max = u128::try_from(max - 1).unwrap_or(0);
        IpRange {
            net,
            base: net.network.saturating_add(1),
            max,
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
    fn range_size_is_upstreams() {
        let size = |s: &str| IpNet::parse(s).map(|n| n.range_size()).ok();
        assert_eq!(size("10.0.0.0/24"), Some(256));
        assert_eq!(size("10.0.0.0/31"), Some(2));
        assert_eq!(size("10.0.0.0/32"), Some(1));
        assert_eq!(size("0.0.0.0/2"), Some(1 << 30));
        assert_eq!(size("0.0.0.0/1"), Some(0));
        assert_eq!(size("0.0.0.0/0"), Some(0));
        assert_eq!(size("fd00::/64"), Some(i64::MAX));
        assert_eq!(size("fd00::/66"), Some(1 << 62));
        assert_eq!(size("::/1"), Some(0));
        // A range RangeSize counts as 0 is refused as too small, whatever its real size.
        for whole in ["0.0.0.0/0", "128.0.0.0/1", "::/0"] {
            let e = IpNet::parse(whole)
                .ok()
                .and_then(|n| service_ip_range(&n).err())
                .map(|e| e.to_string());
            assert_eq!(
                e.as_deref(),
                Some("the service cluster IP range must be at least 8 IP addresses"),
                "{whole}"
            );
        }
        let ip = |s: &str| IpNet::parse(s).ok().and_then(|n| service_ip_range(&n).ok());
        assert_eq!(
            ip("0.0.0.0/2").map(|i| i.to_string()).as_deref(),
            Some("0.0.0.1")
        );
        assert_eq!(
            ip("fd00::/64").map(|i| i.to_string()).as_deref(),
            Some("fd00::1")
        );
    }

    #[test]
    fn indexed_ip_stays_in_the_network() {
        let at = |s: &str, i: u128| {
            IpNet::parse(s).ok().map(|n| {
                n.indexed_ip(i)
                    .map(|ip| ip.to_string())
                    .map_err(|e| e.to_string())
            })
        };
        assert_eq!(at("10.0.0.0/30", 3), Some(Ok("10.0.0.3".to_string())));
        assert_eq!(
            at("10.0.0.0/30", 4),
            Some(Err("can't generate IP with index 4 from subnet. subnet too small. subnet: \"10.0.0.0/30\"".to_string()))
        );
        assert!(matches!(at("255.255.255.255/32", 1), Some(Err(_))));
        assert_eq!(at("0.0.0.0/0", 1), Some(Ok("0.0.0.1".to_string())));
        assert!(matches!(
            at("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128", 1),
            Some(Err(_))
        ));
        let mut r = IpRange::new(IpNet::parse("0.0.0.0/0").unwrap_or_else(|e| panic!("{e}")));
        assert!(r
            .allocate(parse_ip("10.0.0.1").unwrap_or_else(|| panic!()))
            .is_err());
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
