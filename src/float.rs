//! Decimal text to `f64`, correctly rounded: what `str::parse::<f64>` returns, for the same
//! inputs, without the table that core's parser carries into every wasm; and the other way, the
//! shortest digits that read back as a given `f64` ([`shortest`]).
//!
//! Why: core's parser (Eisel–Lemire) reads a 10 KB table of 128-bit powers of five, random
//! bytes that no compressor shrinks. With its code it was 12 to 13 KB of each of the package's
//! wasm files gzipped (the gate core's 129 KB became 117 KB), for the few floats kubegate reads:
//! a YAML scalar such as `0.5`, a float flag, a metrics sample. Here the floats people write
//! take Clinger's exact path (at most 15 significant digits and a power of ten up to 10^22, both
//! exact in an `f64`, so one multiplication or division rounds once); any other input takes the
//! exact decimal algorithm (binary shifts of a decimal digit string, the slow path of Go's
//! `strconv` and of core itself), which needs no table and is fast enough for text a person
//! wrote.
//!
//! [`shortest`] is what Go's `strconv` writes (the shortest digits that read back as the float,
//! the nearest of them where several do, an exact tie going to the even digit; Rust's formatting
//! differs only there, rounding ties up), found by rounding the float's exact decimal value down
//! and up to p digits and reading each back with the parser above. Why
//! not Rust's formatting: it is 14 KB of code and tables, and only the YAML writer needs it; in
//! the gate core's wasm nothing else did (serde's messages about floats are written by hand).
//!
//! The grammar is core's: an optional sign, then `inf`, `infinity` or `nan` in any case, or
//! digits with an optional `.` (at least one digit on either side) and an optional exponent
//! (`e` or `E`, an optional sign, at least one digit). No spaces, no underscores. Callers that
//! follow Go's rules check them around this, as they did around core's parser.

/// Significant digits kept exactly; a digit past them only says whether anything non-zero was
/// dropped, which is all correct rounding needs (the bound is Go's, with room to spare: a
/// halfway case between two doubles has at most 767 significant digits).
const MAX_DIGITS: usize = 800;

/// The largest shift applied at once: a digit times 2^60 plus a carry still fits in a `u64`.
const MAX_SHIFT: u32 = 60;

/// `text.parse::<f64>().ok()`.
pub(crate) fn parse(text: &str) -> Option<f64> {
    let (negative, value) = read(text)?;
    let magnitude = match value {
        Value::Infinity => f64::INFINITY,
        Value::NaN => f64::NAN,
        Value::Finite(d) => d.into_f64(),
    };
    Some(if negative { -magnitude } else { magnitude })
}

// Only eviction thresholds read an f32 (the node area).
#[cfg_attr(not(feature = "node-status"), allow(dead_code))]
/// `text.parse::<f32>().ok()`: rounded once, to the nearest `f32` (Go's `ParseFloat(s, 32)`),
/// not through an `f64`, which would round twice.
pub(crate) fn parse_f32(text: &str) -> Option<f32> {
    let (negative, value) = read(text)?;
    let magnitude = match value {
        Value::Infinity => f32::INFINITY,
        Value::NaN => f32::NAN,
        Value::Finite(d) => f32::from_bits(d.into_bits(F32) as u32),
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// The shortest significant digits that read back as `f` (finite, not zero), the nearest to it
/// where several do, and the decimal exponent of the first: `-0.00012345` is
/// `(true, "12345", -4)`. The digits of Rust's `{:e}`, except where `f` is exactly halfway
/// between the two nearest: there Go takes the even digit (as `strconv` does), Rust the upper.
pub(crate) fn shortest(f: f64) -> (bool, String, i32) {
    let exact = Decimal::exact(f);
    // Whether some p digits read back only grows with p (the p+1-digit neighbours of `f` lie
    // between it and the p-digit ones), and 17 always do: a binary search over p.
    let (mut lo, mut hi) = (1, 17);
    let mut found = None; // the answer at `hi`, once a search step has computed it
    while lo < hi {
        let mid = (lo + hi) / 2;
        match exact.nearest_reading_back(f, mid) {
            Some(answer) => {
                hi = mid;
                found = Some(answer);
            }
            None => lo = mid + 1,
        }
    }
    let (digits, first) = found
        .or_else(|| exact.nearest_reading_back(f, hi))
        .unwrap_or_else(|| (exact.digits.clone(), exact.point - 1));
    let text = digits.iter().map(|&d| char::from(b'0' + d)).collect();
    (f < 0.0, text, i32::try_from(first).unwrap_or(0))
}

/// An IEEE 754 binary format: the bits of its mantissa (without the implicit one) and its
/// exponent bias.
#[derive(Clone, Copy)]
struct Format {
    mantissa_bits: u32,
    bias: i32,
}

const F64: Format = Format {
    mantissa_bits: 52,
    bias: 1023,
};
#[cfg_attr(not(feature = "node-status"), allow(dead_code))]
const F32: Format = Format {
    mantissa_bits: 23,
    bias: 127,
};

enum Value {
    Infinity,
    NaN,
    Finite(Decimal),
}

/// The sign and the value of `text` in core's grammar.
fn read(text: &str) -> Option<(bool, Value)> {
    let bytes = text.as_bytes();
    let (negative, body) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, bytes),
    };
    let value = if body.eq_ignore_ascii_case(b"inf") || body.eq_ignore_ascii_case(b"infinity") {
        Value::Infinity
    } else if body.eq_ignore_ascii_case(b"nan") {
        Value::NaN
    } else {
        Value::Finite(Decimal::read(body)?)
    };
    Some((negative, value))
}

/// A non-negative decimal `0.d1 d2 d3 ... × 10^point`, its digits (0 to 9) without leading or
/// trailing zeros.
struct Decimal {
    digits: Vec<u8>,
    point: i64,
    /// A non-zero digit was dropped past [`MAX_DIGITS`].
    truncated: bool,
}

impl Decimal {
    /// The exact value of `|f|` (finite, not zero): its mantissa times a power of two, which
    /// never has more than 767 significant digits, so nothing is dropped.
    fn exact(f: f64) -> Decimal {
        let bits = f.abs().to_bits();
        let biased = (bits >> 52) as i32;
        let fraction = bits & ((1 << 52) - 1);
        let (mantissa, mut exp2) = if biased == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), biased - 1075)
        };
        let digits: Vec<u8> = mantissa.to_string().bytes().map(|b| b - b'0').collect();
        let mut d = Decimal {
            point: digits.len() as i64,
            digits: Vec::new(),
            truncated: false,
        };
        d.set_digits(digits);
        while exp2 != 0 {
            let step = exp2.unsigned_abs().min(MAX_SHIFT);
            if exp2 > 0 {
                d.shift_left(step);
                exp2 -= step as i32;
            } else {
                d.shift_right(step);
                exp2 += step as i32;
            }
        }
        d
    }

    /// Of the two p-digit numbers around this exact value of `f` (rounded down and up), the
    /// nearer that reads back as `f` (a tie goes to the even digit), as its digits without
    /// trailing zeros and the exponent of the first; `None` when neither does.
    fn nearest_reading_back(&self, f: f64, p: usize) -> Option<(Vec<u8>, i64)> {
        let first = self.point - 1;
        let Some((kept, rest)) = self.digits.split_at_checked(p) else {
            return Some((self.digits.clone(), first)); // exact in p digits
        };
        let mut down = kept.to_vec();
        while down.last() == Some(&0) {
            down.pop();
        }
        // Rounded up: 9.99 becomes 10.0, one digit and one place up.
        let mut up = kept.to_vec();
        while up.last() == Some(&9) {
            up.pop();
        }
        let up_first = match up.last_mut() {
            Some(d) => {
                *d += 1;
                first
            }
            None => {
                up = vec![1];
                first + 1
            }
        };
        // Both candidates are decimals already (no leading or trailing zeros): read them as the
        // parser reads its text, without writing text.
        let reads_back = |ds: &[u8], first: i64| {
            let d = Decimal {
                digits: ds.to_vec(),
                point: first + 1,
                truncated: false,
            };
            d.into_f64() == f.abs()
        };
        let (down_ok, up_ok) = (reads_back(&down, first), reads_back(&up, up_first));
        // Nearer above: the dropped digits past one half; at exactly one half (a 5 and nothing
        // after it), only when that makes the last digit even.
        let round_up = match rest {
            [] => false,
            [5] => kept.last().is_some_and(|d| d % 2 == 1),
            [d, ..] => *d >= 5,
        };
        match (down_ok, up_ok) {
            (true, true) if round_up => Some((up, up_first)),
            (true, _) => Some((down, first)),
            (false, true) => Some((up, up_first)),
            (false, false) => None,
        }
    }

    /// The unsigned part of the grammar, or `None` where core's parser fails.
    fn read(body: &[u8]) -> Option<Decimal> {
        let mut d = Decimal {
            digits: Vec::new(),
            point: 0,
            truncated: false,
        };
        let mut rest = body;
        let mut any_digit = false;
        while let Some((&b, tail)) = rest.split_first().filter(|(b, _)| b.is_ascii_digit()) {
            d.push(b - b'0', true);
            any_digit = true;
            rest = tail;
        }
        if let Some((b'.', tail)) = rest.split_first() {
            rest = tail;
            while let Some((&b, tail)) = rest.split_first().filter(|(b, _)| b.is_ascii_digit()) {
                d.push(b - b'0', false);
                any_digit = true;
                rest = tail;
            }
        }
        if !any_digit {
            return None;
        }
        if let Some((b'e' | b'E', tail)) = rest.split_first() {
            let (negative, mut digits) = match tail.split_first() {
                Some((b'-', t)) => (true, t),
                Some((b'+', t)) => (false, t),
                _ => (false, tail),
            };
            if digits.is_empty() {
                return None;
            }
            // Saturates far beyond any exponent that still changes the result (10^±400),
            // like core's, which stops counting at 65,536.
            let mut exponent: i64 = 0;
            while let Some((&b, tail)) = digits.split_first() {
                if !b.is_ascii_digit() {
                    return None;
                }
                exponent = (exponent * 10 + i64::from(b - b'0')).min(1 << 40);
                digits = tail;
            }
            d.point = d
                .point
                .saturating_add(if negative { -exponent } else { exponent });
        } else if !rest.is_empty() {
            return None;
        }
        while d.digits.last() == Some(&0) {
            d.digits.pop();
        }
        Some(d)
    }

    /// One digit of the text, of the integer part or of the fraction.
    fn push(&mut self, digit: u8, integer_part: bool) {
        if self.digits.is_empty() && digit == 0 {
            // A leading zero: before the point it says nothing; after it, the value is ten
            // times smaller.
            if !integer_part {
                self.point -= 1;
            }
            return;
        }
        if self.digits.len() < MAX_DIGITS {
            self.digits.push(digit);
        } else if digit != 0 {
            self.truncated = true;
        }
        if integer_part {
            self.point += 1;
        }
    }

    fn into_f64(self) -> f64 {
        match self.clinger() {
            Some(exact) => exact,
            None => f64::from_bits(self.into_bits(F64)),
        }
    }

    /// The bits of the nearest value of `format` (ties to even).
    fn into_bits(mut self, format: Format) -> u64 {
        let infinity = ((2 * format.bias + 1) as u64) << format.mantissa_bits;
        // Past these the value is zero or infinite in either format; they keep the loops
        // below short.
        if self.digits.is_empty() || self.point < -330 {
            return 0;
        }
        if self.point > 310 {
            return infinity;
        }
        // Scale into [1/2, 1), counting the powers of two taken out.
        let mut exp2: i32 = 0;
        while self.point > 0 {
            let shift = shift_for(self.point);
            self.shift_right(shift);
            exp2 += shift as i32;
        }
        while self.point < 0 || (self.point == 0 && self.digits.first().is_some_and(|&d| d < 5)) {
            let shift = shift_for(-self.point);
            self.shift_left(shift);
            exp2 -= shift as i32;
        }
        // [1/2, 1) times 2^exp2 is [1, 2) times 2^(exp2 - 1), the form of a double.
        let mut exp2 = exp2 - 1;
        // Below the smallest normal exponent the value is subnormal: keep the exponent there
        // and move the scale into the digits.
        let min_exp = 1 - format.bias;
        if exp2 < min_exp {
            // At most about 1,000 (the text's value is at least 10^-331): in steps a shift
            // takes.
            let mut rest = min_exp - exp2;
            while rest > 0 {
                let step = rest.min(MAX_SHIFT as i32);
                self.shift_right(step as u32);
                rest -= step;
            }
            exp2 = min_exp;
        }
        if exp2 > format.bias {
            return infinity;
        }
        // The implicit one and the mantissa's bits.
        let implicit = 1u64 << format.mantissa_bits;
        self.shift_left(format.mantissa_bits + 1);
        let mut mantissa = self.rounded_integer();
        if mantissa == implicit << 1 {
            // Rounding carried into a new bit.
            mantissa >>= 1;
            exp2 += 1;
            if exp2 > format.bias {
                return infinity;
            }
        }
        let biased = if mantissa & implicit == 0 {
            0 // subnormal (or zero)
        } else {
            (exp2 + format.bias) as u64
        };
        (biased << format.mantissa_bits) | (mantissa & (implicit - 1))
    }

    /// The exact value where both factors are exact in an `f64`, so their product or quotient
    /// is rounded once, correctly.
    fn clinger(&self) -> Option<f64> {
        if self.truncated || self.digits.len() > 15 {
            return None;
        }
        let exponent = self.point - self.digits.len() as i64;
        if !(-22..=22).contains(&exponent) {
            return None;
        }
        let whole = self.digits.iter().fold(0u64, |n, &d| n * 10 + u64::from(d)) as f64;
        let scale = (0..exponent.unsigned_abs()).fold(1.0f64, |p, _| p * 10.0);
        Some(if exponent < 0 {
            whole / scale
        } else {
            whole * scale
        })
    }

    /// Multiplies by 2^shift (`shift` ≤ [`MAX_SHIFT`]).
    fn shift_left(&mut self, shift: u32) {
        let mut out = Vec::with_capacity(self.digits.len() + 20);
        let mut carry: u64 = 0;
        for &d in self.digits.iter().rev() {
            let n = (u64::from(d) << shift) + carry;
            out.push((n % 10) as u8);
            carry = n / 10;
        }
        while carry > 0 {
            out.push((carry % 10) as u8);
            carry /= 10;
        }
        out.reverse();
        self.point += out.len() as i64 - self.digits.len() as i64;
        self.set_digits(out);
    }

    /// Divides by 2^shift (`shift` ≤ [`MAX_SHIFT`]).
    fn shift_right(&mut self, shift: u32) {
        let mask = (1u64 << shift) - 1;
        let mut digits = self.digits.iter();
        // Read digits until the quotient has one.
        let mut n: u64 = 0;
        let mut read: i64 = 0;
        while n >> shift == 0 {
            match digits.next() {
                Some(&d) => n = n * 10 + u64::from(d),
                None if n == 0 => {
                    self.digits.clear();
                    return;
                }
                None => n *= 10,
            }
            read += 1;
        }
        self.point -= read - 1;
        let mut out = Vec::with_capacity(self.digits.len() + 20);
        for &d in digits {
            out.push((n >> shift) as u8);
            n = (n & mask) * 10 + u64::from(d);
        }
        while n > 0 {
            out.push((n >> shift) as u8);
            n = (n & mask) * 10;
        }
        self.set_digits(out);
    }

    /// New digits, at most [`MAX_DIGITS`] kept, trailing zeros dropped.
    fn set_digits(&mut self, mut digits: Vec<u8>) {
        if digits.len() > MAX_DIGITS {
            if digits
                .get(MAX_DIGITS..)
                .is_some_and(|t| t.iter().any(|&d| d != 0))
            {
                self.truncated = true;
            }
            digits.truncate(MAX_DIGITS);
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        self.digits = digits;
    }

    /// The integer part, rounded half to even (a dropped non-zero digit breaks a tie upwards).
    fn rounded_integer(&self) -> u64 {
        // Below 0.1: rounds to zero.
        let Ok(whole) = usize::try_from(self.point) else {
            return 0;
        };
        let mut n = (0..whole).fold(0u64, |n, i| {
            n.wrapping_mul(10)
                .wrapping_add(u64::from(self.digits.get(i).copied().unwrap_or(0)))
        });
        let round_up = match self.digits.get(whole) {
            None => false,
            Some(&5) if whole + 1 == self.digits.len() => {
                self.truncated || (whole > 0 && n % 2 == 1)
            }
            Some(&d) => d >= 5,
        };
        if round_up {
            n += 1;
        }
        n
    }
}

/// How far to shift to move the decimal point by `places` digits toward 0: 2^shift has no more
/// than `places` digits, so the value never overshoots the range it is scaled into.
fn shift_for(places: i64) -> u32 {
    const SHIFTS: [u32; 19] = [
        0, 3, 6, 9, 13, 16, 19, 23, 26, 29, 33, 36, 39, 43, 46, 49, 53, 56, 59,
    ];
    usize::try_from(places)
        .ok()
        .and_then(|p| SHIFTS.get(p).copied())
        .unwrap_or(MAX_SHIFT)
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::{parse, shortest};

    /// What a parse says, compared by bits: a NaN by its sign alone (its payload is free).
    fn bits64(f: f64) -> (bool, u64) {
        (
            f.is_nan(),
            if f.is_nan() {
                u64::from(f.is_sign_negative())
            } else {
                f.to_bits()
            },
        )
    }

    fn bits32(f: f32) -> (bool, u64) {
        let bits = u64::from(f.to_bits());
        (
            f.is_nan(),
            if f.is_nan() {
                u64::from(f.is_sign_negative())
            } else {
                bits
            },
        )
    }

    /// Core's parser and ours give the same value, or both refuse.
    #[track_caller]
    fn same(text: &str) {
        let core = text.parse::<f64>().ok();
        assert_eq!(
            parse(text).map(bits64),
            core.map(bits64),
            "{text:?}: core reads {core:?}"
        );
    }

    /// [`same`] for `f32`.
    #[track_caller]
    fn same_f32(text: &str) {
        let core = text.parse::<f32>().ok();
        assert_eq!(
            super::parse_f32(text).map(bits32),
            core.map(bits32),
            "{text:?}: core reads {core:?}"
        );
    }

    /// A fixed sequence (xorshift64*), so every run checks the same cases.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    #[test]
    fn shortest_digits_are_rusts_but_exact_ties_go_to_even_as_in_go() {
        assert_eq!(
            shortest(6.670821084568533e14),
            (false, "6670821084568532".to_string(), 14)
        );
        assert_eq!(shortest(-0.00012345), (true, "12345".to_string(), -4));
        let mut rng = Rng(7);
        let mut floats = vec![
            f64::MIN_POSITIVE,
            f64::MAX,
            5e-324,
            1e-7,
            123456.0,
            1e21,
            0.1,
            0.3,
            9007199254740992.0,
            2f64.powi(-1022) * 3.0,
        ];
        floats.extend((0..5_000).map(|_| f64::from_bits(rng.next())));
        // Powers of two: the interval that reads back is twice as wide above as below.
        floats.extend((-1074..1024).map(|e| 2f64.powi(e)));
        for f in floats.into_iter().filter(|f| f.is_finite() && *f != 0.0) {
            let (negative, digits, exp) = shortest(f);
            assert_eq!(negative, f < 0.0);
            let sci = format!("{:e}", f.abs());
            let (mantissa, rust_exp) = sci.split_once('e').unwrap();
            let rust: String = mantissa.chars().filter(char::is_ascii_digit).collect();
            if (digits.as_str(), exp) == (rust.as_str(), rust_exp.parse().unwrap()) {
                continue;
            }
            // Rust rounds a value exactly halfway between two candidates up; Go, to the even.
            let exact = super::Decimal::exact(f);
            assert_eq!(
                exact.digits.len(),
                digits.len() + 1,
                "{f:e}: {digits} is not a tie"
            );
            assert_eq!(
                exact.digits.last(),
                Some(&5),
                "{f:e}: {digits} is not a tie"
            );
            assert!(
                digits.ends_with(['0', '2', '4', '6', '8']),
                "{f:e}: {digits}"
            );
        }
    }

    #[test]
    fn grammar_is_cores() {
        for text in [
            "",
            "+",
            "-",
            ".",
            "+.",
            "e",
            "1e",
            "1e+",
            "1e-",
            "e5",
            ".e5",
            "1.e5",
            ".5e-3",
            "5.",
            "-.5",
            "+5",
            "++5",
            "--5",
            "1_0",
            " 1",
            "1 ",
            "0x10",
            "1e5.5",
            "1.2.3",
            "1ee5",
            "inf",
            "-inf",
            "+INF",
            "Infinity",
            "-infinity",
            "infinit",
            "infinityy",
            "nan",
            "-NaN",
            "+nan",
            "nan1",
            "in",
            "1e+05",
            "1E-05",
            "00001",
            "0000.0000",
            "-0",
            "-0.0e99",
            "１",
        ] {
            same(text);
        }
        // Every string of up to four characters from the grammar's alphabet.
        let alphabet = b"0159.eE+-in";
        let mut text = Vec::new();
        for len in 1..=4u32 {
            for mut k in 0..alphabet.len().pow(len) {
                text.clear();
                for _ in 0..len {
                    text.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                same(std::str::from_utf8(&text).unwrap());
                same_f32(std::str::from_utf8(&text).unwrap());
            }
        }
    }

    #[test]
    fn hard_cases_round_as_core_does() {
        for text in [
            // Ties between two doubles, either way, and just past them.
            "9007199254740993",
            "9007199254740995",
            "9007199254740993.0000000000000000000000000000001",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            // The edges of the range: subnormals, the smallest normal, the largest double.
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072014e-308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e308",
            "1e309",
            "1e-400",
            "1e-324",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "0e99999999999999999999",
            // Exact in the fast path, and just outside it.
            "123456789012345",
            "1234567890123456",
            "1e22",
            "1e23",
            "1e-22",
            "1e-23",
            "0.1",
            "0.3",
            "85.5",
            "3.14159265358979323846264338327950288419716939937510",
        ] {
            same(text);
        }
        // Long mantissas: the halfway point of 1 and its successor written with 800+ digits.
        let mut long = String::from("1.00000000000000011102230246251565404236316680908203125");
        long.push_str(&"0".repeat(900));
        same(&long);
        long.push('1');
        same(&long);
        same(&format!("0.{}1", "0".repeat(400)));
        same(&format!("{}e-900", "7".repeat(1000)));
        for text in [
            // f32: ties, its subnormals and its largest value; a double rounding would miss
            // the first.
            "1.00000005960464477539062500000000001",
            "16777217",
            "16777219",
            "1.4e-45",
            "7e-46",
            "7.1e-46",
            "1.17549435e-38",
            "3.4028235e38",
            "3.4028236e38",
            "3.5e38",
            "10",
            "0.1",
            "99.5",
        ] {
            same_f32(text);
        }
    }

    #[test]
    fn every_double_reads_back() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let f = f64::from_bits(rng.next());
            if !f.is_finite() {
                continue;
            }
            same(&format!("{f:e}"));
            same(&format!("{f:.16e}"));
            same(&format!("{f:.20e}"));
            same(&format!("{f}"));
            let g = f32::from_bits(rng.next() as u32);
            if g.is_finite() {
                same_f32(&format!("{g:e}"));
                same_f32(&format!("{g:.12e}"));
            }
        }
    }

    #[test]
    fn random_decimals_round_as_core_does() {
        let mut rng = Rng(42);
        for _ in 0..20_000 {
            let digits: String = (0..1 + rng.below(30))
                .map(|_| char::from(b'0' + rng.below(10) as u8))
                .collect();
            let point = rng.below(digits.len() as u64 + 1) as usize;
            let exponent = rng.below(700) as i64 - 350;
            same(&format!(
                "{}.{}e{exponent}",
                &digits[..point],
                &digits[point..]
            ));
            same(&format!("{}e{}", digits, rng.below(40) as i64 - 20));
            same_f32(&format!(
                "{}.{}e{}",
                &digits[..point],
                &digits[point..],
                exponent / 8
            ));
        }
    }
}
