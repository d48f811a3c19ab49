//! MD5 (RFC 1321), the hash the kubelet uses to give a static pod without a UID a stable one
//! (`applyDefaults` in `pkg/kubelet/config/common.go`: the hex MD5 of the pod's JSON followed by
//! `host:<node>file:<path>` or `url:<url>`). Not used for anything security-related.
//!
//! Why hand-written rather than the `md-5` crate: the whole algorithm is some sixty lines with a
//! constant table, while the crate brings `digest`, `block-buffer`, `crypto-common` and their
//! array crates into every build (two cores, and a wasm bundle that ships to browsers). What
//! matters for fidelity is the hashed input (built in `manifest.rs`), not the hash, and the hash
//! is pinned here by RFC 1321's own test suite and, through the npm package, under wasm
//! (`tests/js/podconfig.test.mjs`).
//!
//! The round constants are RFC 1321's table `T[i] = floor(2^32 * |sin(i)|)` written out: deriving
//! them with `f64::sin` at run time would make the result depend on the platform's `sin`, which
//! neither Rust nor wasm promises to be correctly rounded.

/// Per-step left-rotation amounts (RFC 1321 section 3.4, rounds 1 to 4).
const S: [u32; 64] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
    14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15,
    21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

/// RFC 1321's table T[1..=64].
const T: [u32; 64] = [
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
];

/// The 16-byte MD5 digest of `data`.
pub fn digest(data: &[u8]) -> [u8; 16] {
    // Padding: a 1 bit, zeros up to 56 mod 64, then the bit length little-endian.
    let mut msg = data.to_vec();
    let bit_len = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    msg.resize(msg.len() + (56 + 64 - msg.len() % 64) % 64, 0);
    msg.extend_from_slice(&bit_len.to_le_bytes());

    let mut state = [0x67452301u32, 0xefcdab89, 0x98badcfe, 0x10325476];
    for chunk in msg.chunks_exact(64) {
        let mut m = [0u32; 16];
        for (word, bytes) in m.iter_mut().zip(chunk.chunks_exact(4)) {
            let mut le = [0u8; 4];
            le.copy_from_slice(bytes);
            *word = u32::from_le_bytes(le);
        }
        let [mut a, mut b, mut c, mut d] = state;
        for (i, (shift, t)) in S.iter().zip(T.iter()).enumerate() {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            // g < 16 by construction, so the 0 is unreachable; `get` keeps the no-indexing rule
            // without a branch that runs.
            let word = m.get(g).copied().unwrap_or(0);
            let f = f.wrapping_add(a).wrapping_add(*t).wrapping_add(word);
            a = d;
            d = c;
            c = b;
            b = b.wrapping_add(f.rotate_left(*shift));
        }
        for (s, v) in state.iter_mut().zip([a, b, c, d]) {
            *s = s.wrapping_add(v);
        }
    }
    let mut out = [0u8; 16];
    for (dst, v) in out.chunks_exact_mut(4).zip(state) {
        dst.copy_from_slice(&v.to_le_bytes());
    }
    out
}

/// Lower-case hex of the digest (`hex.EncodeToString(hasher.Sum(nil))`).
pub fn hex_digest(data: &[u8]) -> String {
    digest(data).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::{hex_digest, T};

    /// RFC 1321 appendix A.5, the reference implementation's whole test suite.
    #[test]
    fn rfc1321_test_suite() {
        for (input, want) in [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                "abcdefghijklmnopqrstuvwxyz",
                "c3fcd3d76192e4007dfb496cca67e13b",
            ),
            (
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f",
            ),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ] {
            assert_eq!(hex_digest(input.as_bytes()), want, "{input:?}");
        }
    }

    /// Lengths around the padding boundary (55, 56, 63, 64 bytes) take one or two extra blocks.
    #[test]
    fn padding_boundaries() {
        for (len, want) in [
            (55, "ef1772b6dff9a122358552954ad0df65"),
            (56, "3b0c8ac703f828b04c6c197006d17218"),
            (63, "b06521f39153d618550606be297466d5"),
            (64, "014842d480b571495a4a0363793f7367"),
            (1000, "cabe45dcc9ae5b66ba86600cca6b8ba8"),
        ] {
            assert_eq!(hex_digest(&vec![b'a'; len]), want, "{len} bytes");
        }
    }

    /// The hash as the kubelet's file source uses it: the UID of a static pod without one is the
    /// MD5 of its defaulted JSON (keys sorted, as serde_json writes a map) and its origin. The
    /// same literal is asserted through the npm package (`tests/js/podconfig.test.mjs`).
    #[test]
    fn static_pod_uid() {
        use crate::kubelet::podconfig::manifest::{decode_single_pod, Origin};
        const WEB: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.25\n";
        let pod = decode_single_pod(
            WEB,
            &Origin::File("/etc/kubernetes/manifests/web.yaml"),
            "Node-A",
        )
        .unwrap();
        assert_eq!(pod.uid(), "f16e96f365ba9d742f1a18a40ca4b4f2");
        let hashed = concat!(
            r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"},"spec":{"containers":[{"image":"nginx:1.25","#,
            r#""imagePullPolicy":"IfNotPresent","name":"nginx","terminationMessagePath":"/dev/termination-log","#,
            r#""terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","enableServiceLinks":true,"#,
            r#""restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"#,
            r#""terminationGracePeriodSeconds":30}}host:Node-Afile:/etc/kubernetes/manifests/web.yaml"#,
        );
        assert_eq!(hex_digest(hashed.as_bytes()), pod.uid());
    }

    /// The written-out table is the formula RFC 1321 gives for it.
    #[test]
    fn table_is_the_sine_formula() {
        for (i, t) in T.iter().enumerate() {
            let want = ((i as f64 + 1.0).sin().abs() * 4_294_967_296.0) as u32;
            assert_eq!(*t, want, "T[{}]", i + 1);
        }
    }
}
