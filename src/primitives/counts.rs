use crate::kernel::Packed;
use crate::moves::PitSet;

/// A set of seed counts (every count a pit can hold, 0 to 255), as a 256-bit
/// mask: which counts capture, which relay. `const`, `Copy`, one load and
/// one shift to test. Every set is exact: `Counts::of(&[200])` is 200 alone.
///
/// ```
/// use mancala_rules::primitives::Counts;
///
/// let relay = Counts::of(&[3]).union(Counts::at_least(5));
/// assert!(relay.contains(3) && relay.contains(5) && relay.contains(200));
/// assert!(!relay.contains(4));
/// assert!(Counts::of(&[200]).contains(200) && !Counts::of(&[200]).contains(201));
/// ```
///
/// With serde a set is a list of counts, each a number or an inclusive
/// range (`{"from": 5}` for every count from 5 up, `{"from": 2, "to": 6}`):
/// `[3, {"from": 5}]` is Djenon-aboure's relay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Counts([u64; 4]);

impl Counts {
    /// No count.
    pub const NONE: Counts = Counts([0; 4]);

    /// Whether no count is in the set.
    ///
    /// ```
    /// use mancala_rules::primitives::Counts;
    ///
    /// assert!(Counts::NONE.is_empty());
    /// assert!(!Counts::of(&[2]).is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// Exactly these counts.
    #[must_use]
    pub const fn of(counts: &[u8]) -> Counts {
        let mut words = [0u64; 4];
        let mut i = 0;
        while i < counts.len() {
            words[(counts[i] >> 6) as usize] |= 1 << (counts[i] & 63);
            i += 1;
        }
        Counts(words)
    }

    /// Every count from `min` up.
    #[must_use]
    pub const fn at_least(min: u8) -> Counts {
        let mut words = [0u64; 4];
        let first = (min >> 6) as usize;
        words[first] = u64::MAX << (min & 63);
        let mut word = first + 1;
        while word < 4 {
            words[word] = u64::MAX;
            word += 1;
        }
        Counts(words)
    }

    /// Counts in either set.
    #[must_use]
    pub const fn union(self, other: Counts) -> Counts {
        let (a, b) = (self.0, other.0);
        Counts([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// Whether `count` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, count: u8) -> bool {
        self.0[(count >> 6) as usize] >> (count & 63) & 1 == 1
    }

    /// The pits of `pits` (0-based) holding a count in the set.
    ///
    /// Without a branch that depends on the board: each count of the set is
    /// compared with every pit at once, and the counts from the set's open
    /// end up (`at_least`) with one comparison more.
    ///
    /// ```
    /// use mancala_rules::primitives::Counts;
    ///
    /// let relay = Counts::of(&[3]).union(Counts::at_least(5));
    /// assert_eq!(relay.pits_in(&[3, 4, 5, 0, 200, 1]).to_string(), "1 3 5");
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn pits_in<const P: usize>(self, pits: &[u8; P]) -> PitSet {
        PitSet::from_bits(self.pits_of(Packed::load(pits))).intersection(PitSet::first(P))
    }

    /// [`pits_in`](Counts::pits_in) on the packed board, as a bit set; the
    /// bits of the padding above the board may be set too.
    #[inline(always)]
    pub(crate) fn pits_of<const P: usize>(self, board: Packed<P>) -> u32 {
        // Every count from `open_end` up is in the set (256: none is).
        let open_end = self.open_end();
        let mut bits = if open_end < 256 {
            board.at_least(open_end as u8)
        } else {
            0
        };
        // Each count below it, one comparison each.
        let mut word = 0;
        while word < 4 && word * 64 < open_end as usize {
            let below_end = open_end.saturating_sub(word as u32 * 64);
            let mut below = if below_end >= 64 {
                self.0[word]
            } else {
                self.0[word] & ((1u64 << below_end) - 1)
            };
            while below != 0 {
                bits |= board.equal((word as u32 * 64 + below.trailing_zeros()) as u8);
                below &= below - 1;
            }
            word += 1;
        }
        bits
    }

    /// The least count from which every count up to 255 is in the set; 256
    /// if 255 is not.
    #[inline(always)]
    const fn open_end(self) -> u32 {
        let mut end = 256;
        let mut word = 4;
        while word > 0 {
            word -= 1;
            let ones = self.0[word].leading_ones();
            end -= ones;
            if ones < 64 {
                break;
            }
        }
        end
    }

    /// The set as four 64-bit words (counts 0 to 63, 64 to 127, ...), for
    /// [`Rules::fingerprint`](crate::Rules::fingerprint).
    pub(crate) const fn words(self) -> [u64; 4] {
        self.0
    }
}

/// One item of a set's serde form: a count or an inclusive range.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
enum CountsItem {
    One(u8),
    Range(CountsRange),
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CountsRange {
    from: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<u8>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Counts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let open_end = self.open_end();
        let mut seq = serializer.serialize_seq(None)?;
        for count in (0..open_end.min(256)).filter_map(|c| u8::try_from(c).ok()) {
            if self.contains(count) {
                seq.serialize_element(&CountsItem::One(count))?;
            }
        }
        if let Ok(from) = u8::try_from(open_end) {
            seq.serialize_element(&CountsItem::Range(CountsRange { from, to: None }))?;
        }
        seq.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Counts {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Counts, D::Error> {
        let items = Vec::<CountsItem>::deserialize(deserializer).map_err(|_| {
            serde::de::Error::custom(
                "a set of counts is a list of counts 0 to 255, each a number or a range {\"from\": A, \"to\": B}",
            )
        })?;
        let mut set = Counts::NONE;
        for item in items {
            set = set.union(match item {
                CountsItem::One(count) => Counts::of(&[count]),
                CountsItem::Range(CountsRange { from, to: None }) => Counts::at_least(from),
                CountsItem::Range(CountsRange { from, to: Some(to) }) if from <= to => {
                    let above = to.checked_add(1).map_or(Counts::NONE, Counts::at_least);
                    let range = Counts::at_least(from);
                    Counts([
                        range.0[0] & !above.0[0],
                        range.0[1] & !above.0[1],
                        range.0[2] & !above.0[2],
                        range.0[3] & !above.0[3],
                    ])
                }
                CountsItem::Range(CountsRange { from, to: Some(to) }) => {
                    return Err(serde::de::Error::custom(format!(
                        "the range from {from} to {to} is empty: from must not be above to"
                    )))
                }
            });
        }
        Ok(set)
    }
}
