//! What table, checked table and certificate files share: the checksum,
//! the header's name and fingerprint, and reading that says what is wrong
//! (a file cut short, an old format) instead of "failed to fill whole
//! buffer".

use std::io::{Read, Write};

use super::{FileKind, SolveError};

/// The longest game name a header holds, in bytes; a longer name is cut (at
/// a character boundary) when written, and a header that says more is
/// refused. The name is only shown in messages: the fingerprint decides.
pub(super) const MAX_NAME_BYTES: usize = 64;

/// The multiplier of the checksum (odd: every step is a bijection).
const CHECKSUM_MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

/// The checksum of format 2 files: a 64-bit hash of every byte before it,
/// eight bytes at a time (see [`FORMAT_MAGIC`](super::FORMAT_MAGIC)).
///
/// Each step `h = (h.rotate_left(23) ^ w) · M` is a bijection of `h` for a
/// given word and of the word for a given `h`, so a file that differs from
/// the written one in a single word always fails; other damage passes with
/// a chance of about 2^−64. Not a defence against a forger (anyone can
/// recompute it), a guard against disks, copies and editors.
#[derive(Clone, Copy, Debug)]
pub(super) struct Checksum {
    state: u64,
    tail: [u8; 8],
    tail_len: usize,
    len: u64,
}

impl Checksum {
    pub(super) fn new() -> Checksum {
        Checksum {
            state: CHECKSUM_MULTIPLIER,
            tail: [0; 8],
            tail_len: 0,
            len: 0,
        }
    }

    #[inline(always)]
    fn mix(state: u64, word: u64) -> u64 {
        (state.rotate_left(23) ^ word).wrapping_mul(CHECKSUM_MULTIPLIER)
    }

    pub(super) fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.tail_len > 0 {
            let take = bytes.len().min(8 - self.tail_len);
            self.tail[self.tail_len..self.tail_len + take].copy_from_slice(&bytes[..take]);
            self.tail_len += take;
            bytes = &bytes[take..];
            if self.tail_len < 8 {
                return;
            }
            self.state = Checksum::mix(self.state, u64::from_le_bytes(self.tail));
            self.tail_len = 0;
        }
        let mut words = bytes.chunks_exact(8);
        let mut state = self.state;
        for word in &mut words {
            let word: [u8; 8] = word.try_into().unwrap_or_default();
            state = Checksum::mix(state, u64::from_le_bytes(word));
        }
        self.state = state;
        let rest = words.remainder();
        self.tail[..rest.len()].copy_from_slice(rest);
        self.tail_len = rest.len();
    }

    /// The checksum of the bytes so far: the last word padded with zeros,
    /// then the byte count, then SplitMix64's finalizer.
    pub(super) fn value(&self) -> u64 {
        let mut state = self.state;
        if self.tail_len > 0 {
            let mut last = [0u8; 8];
            last[..self.tail_len].copy_from_slice(&self.tail[..self.tail_len]);
            state = Checksum::mix(state, u64::from_le_bytes(last));
        }
        let mut z = Checksum::mix(state, self.len);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A file being read: counts and checksums the bytes, and turns an early end
/// into [`SolveError::Truncated`].
pub(super) struct Source<R> {
    input: R,
    pub(super) kind: FileKind,
    read: u64,
    /// The input's size in bytes, where known (a file's).
    size: Option<u64>,
    checksum: Checksum,
}

impl<R: Read> Source<R> {
    pub(super) fn new(kind: FileKind, input: R) -> Source<R> {
        Source {
            input,
            kind,
            read: 0,
            size: None,
            checksum: Checksum::new(),
        }
    }

    /// A source whose input holds `size` bytes (a file of that size).
    pub(super) fn sized(kind: FileKind, input: R, size: u64) -> Source<R> {
        Source {
            size: Some(size),
            ..Source::new(kind, input)
        }
    }

    /// Whether the input is known to hold `bytes` more bytes: room for them
    /// may be taken before they are read.
    pub(super) fn holds(&self, bytes: u64) -> bool {
        self.size
            .is_some_and(|size| size.checked_sub(self.read).is_some_and(|left| left >= bytes))
    }

    /// Bytes read so far.
    pub(super) fn position(&self) -> u64 {
        self.read
    }

    /// Fills `buf`, or says where the file ended and what `expected` of it.
    fn fill(&mut self, buf: &mut [u8], expected: &dyn Fn() -> String) -> Result<(), SolveError> {
        let mut got = 0;
        while got < buf.len() {
            match self.input.read(&mut buf[got..]) {
                Ok(0) => {
                    return Err(SolveError::Truncated {
                        len: self.read + got as u64,
                        expected: expected(),
                    })
                }
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        self.read += got as u64;
        Ok(())
    }

    /// Reads `buf` (checksummed).
    pub(super) fn exact(&mut self, buf: &mut [u8], expected: &dyn Fn() -> String) -> Result<(), SolveError> {
        self.fill(buf, expected)?;
        self.checksum.update(buf);
        Ok(())
    }

    /// Reads `bytes` bytes through the checksum, keeping none of them.
    pub(super) fn skip(&mut self, mut bytes: u64, expected: &dyn Fn() -> String) -> Result<(), SolveError> {
        let mut chunk = [0u8; 1 << 16];
        while bytes > 0 {
            let count = bytes.min(chunk.len() as u64) as usize;
            self.exact(&mut chunk[..count], expected)?;
            bytes -= count as u64;
        }
        Ok(())
    }

    pub(super) fn u8(&mut self, expected: &dyn Fn() -> String) -> Result<u8, SolveError> {
        let mut byte = [0u8; 1];
        self.exact(&mut byte, expected)?;
        Ok(byte[0])
    }

    pub(super) fn u32(&mut self, expected: &dyn Fn() -> String) -> Result<u32, SolveError> {
        let mut bytes = [0u8; 4];
        self.exact(&mut bytes, expected)?;
        Ok(u32::from_le_bytes(bytes))
    }

    pub(super) fn u64(&mut self, expected: &dyn Fn() -> String) -> Result<u64, SolveError> {
        let mut bytes = [0u8; 8];
        self.exact(&mut bytes, expected)?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// The magic, checked: a format of this kind still read, or an error that says
    /// what the file is (an old format, or not this kind of file).
    pub(super) fn magic(&mut self, min_header: u64) -> Result<(), SolveError> {
        let kind = self.kind;
        let mut magic = [0u8; 8];
        self.exact(&mut magic, &|| {
            format!("a {kind} header is at least {min_header} bytes")
        })?;
        let expected = kind.magic();
        if kind.reads(&magic) {
            return Ok(());
        }
        if magic[..7] == expected[..7] && magic[7].is_ascii_digit() && magic[7] < expected[7] {
            return Err(SolveError::OldFormat {
                kind,
                version: magic[7] - b'0',
            });
        }
        let shown = String::from_utf8_lossy(&magic).into_owned();
        Err(SolveError::Format {
            kind,
            reason: format!(
                "it starts with \"{}\", not \"{}\"",
                crate::Escaped(&shown),
                String::from_utf8_lossy(&expected)
            ),
        })
    }

    /// The game's name of a header: a length byte (at most
    /// [`MAX_NAME_BYTES`]), then that many bytes of UTF-8.
    pub(super) fn name(&mut self, min_header: u64) -> Result<String, SolveError> {
        let kind = self.kind;
        let expected = || format!("a {kind} header is at least {min_header} bytes");
        let len = usize::from(self.u8(&expected)?);
        if len > MAX_NAME_BYTES {
            return Err(SolveError::Format {
                kind,
                reason: format!("its header gives a game name of {len} bytes, at most {MAX_NAME_BYTES}"),
            });
        }
        let mut name = vec![0u8; len];
        self.exact(&mut name, &|| {
            format!("its header gives a game name of {len} bytes")
        })?;
        String::from_utf8(name).map_err(|_| SolveError::Format {
            kind,
            reason: "the game's name in its header is not UTF-8".into(),
        })
    }

    /// The trailer: the checksum of everything read so far, then the end of
    /// the file.
    pub(super) fn finish(mut self) -> Result<(), SolveError> {
        let kind = self.kind;
        let computed = self.checksum.value();
        let mut stored = [0u8; 8];
        self.fill(&mut stored, &|| {
            format!("a {kind} file ends with an 8-byte checksum")
        })?;
        let stored = u64::from_le_bytes(stored);
        if stored != computed {
            return Err(SolveError::Corrupt {
                kind,
                reason: format!("its checksum is {stored:016x}, its contents give {computed:016x}"),
            });
        }
        let mut more = [0u8; 1];
        loop {
            match self.input.read(&mut more) {
                Ok(0) => return Ok(()),
                Ok(_) => {
                    return Err(SolveError::Format {
                        kind,
                        reason: format!("data after its checksum, which ends at byte {}", self.read),
                    })
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
}

/// A file being written: checksums what goes through, and ends with the
/// checksum.
pub(super) struct Sink<W> {
    out: W,
    written: u64,
    checksum: Checksum,
}

impl<W: Write> Sink<W> {
    pub(super) fn new(out: W) -> Sink<W> {
        Sink {
            out,
            written: 0,
            checksum: Checksum::new(),
        }
    }

    pub(super) fn write(&mut self, bytes: &[u8]) -> Result<(), SolveError> {
        self.out.write_all(bytes)?;
        self.checksum.update(bytes);
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// The header shared by every kind: magic, fingerprint, name (cut to
    /// [`MAX_NAME_BYTES`]).
    pub(super) fn header(&mut self, kind: FileKind, fingerprint: u64, name: &str) -> Result<(), SolveError> {
        self.write(&kind.magic())?;
        self.write(&fingerprint.to_le_bytes())?;
        let mut end = name.len().min(MAX_NAME_BYTES);
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        self.write(&[end as u8])?;
        self.write(&name.as_bytes()[..end])
    }

    /// Writes the checksum and flushes; returns the bytes written in all.
    pub(super) fn finish(mut self) -> Result<u64, SolveError> {
        self.out.write_all(&self.checksum.value().to_le_bytes())?;
        self.out.flush()?;
        Ok(self.written + 8)
    }
}

/// The checksum of `bytes`, for tests that change a file and want only the
/// reader's other checks to answer.
#[doc(hidden)]
pub fn reseal(file: &mut [u8]) {
    if let Some(body) = file.len().checked_sub(8) {
        let mut checksum = Checksum::new();
        checksum.update(&file[..body]);
        file[body..].copy_from_slice(&checksum.value().to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checksum does not depend on how the bytes are cut into reads.
    #[test]
    fn the_checksum_is_the_same_whatever_the_pieces() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 + 3) as u8).collect();
        let mut whole = Checksum::new();
        whole.update(&bytes);
        for step in [1, 3, 7, 8, 9, 64, 999] {
            let mut pieces = Checksum::new();
            for piece in bytes.chunks(step) {
                pieces.update(piece);
            }
            assert_eq!(pieces.value(), whole.value(), "pieces of {step}");
        }
        let mut shorter = Checksum::new();
        shorter.update(&bytes[..999]);
        assert_ne!(shorter.value(), whole.value());
    }
}
