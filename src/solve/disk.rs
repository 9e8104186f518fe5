//! A table served from its file: positioned reads, nothing loaded.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use super::file::Source;
use super::table::{level_len, read_header, read_levels, value_out_of_range};
use super::{BoardIndex, FileKind, Solvable, SolveError};
use crate::search::Oracle;
use crate::Board;

/// A table file (the format of [`FORMAT_MAGIC`](super::FORMAT_MAGIC), as
/// [`Table::write_to`](super::Table::write_to) writes it) served from disk:
/// each lookup reads one byte at its offset. So a table larger than memory
/// still serves the search as an [`Oracle`]; the operating system's page
/// cache keeps the parts in use in memory.
///
/// [`open`](DiskTable::open) checks the whole file once (header, length,
/// every value's range and the checksum); [`open_unverified`](DiskTable::open_unverified)
/// checks the header and the length only. Either way every lookup checks
/// the value it reads against its board's seeds: a corrupt byte is an error,
/// never a value.
///
/// ```
/// use mancala_rules::games::DjenonAboure;
/// use mancala_rules::solve::{DiskTable, Table};
/// use mancala_rules::Ruleset;
///
/// let table = Table::build(DjenonAboure, 6)?;
/// let path = std::env::temp_dir().join(format!("djenon-6-{}.tbl", std::process::id()));
/// table.write_to(std::fs::File::create(&path)?)?;
/// let disk = DiskTable::open(DjenonAboure, &path)?;
/// let pos = "0 0 0 0 0 2 | 1 0 0 0 0 0 0-0 S".parse()?;
/// assert_eq!(disk.value(&pos)?, table.value(&pos));
/// assert_eq!(disk.value(&DjenonAboure.start())?, None);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct DiskTable<R: Solvable> {
    rules: R,
    file: File,
    max_seeds: u32,
    index: BoardIndex,
    /// The file offset of each level's first value.
    offsets: Vec<u64>,
}

impl<R: Solvable> DiskTable<R> {
    /// Opens a table file for `rules` and checks all of it, as
    /// [`Table::read_from`](super::Table::read_from) does, without keeping
    /// it: the format, the rules' fingerprint, the board size, the length,
    /// every value's range and the checksum. This reads the whole file once
    /// (sequentially, a megabyte at a time, no more memory): about the time
    /// the disk takes to read it, seconds for the largest tables (2.5 GB).
    /// Every error names the file ([`SolveError::File`]).
    pub fn open(rules: R, path: impl AsRef<Path>) -> Result<DiskTable<R>, SolveError> {
        let path = path.as_ref();
        DiskTable::open_checked(rules, path, true).map_err(|e| e.in_file(path))
    }

    /// Opens a table file for `rules` reading only its header: the format,
    /// the rules' fingerprint and the board size are checked, and the
    /// file's length, but not the checksum nor the values before they are
    /// looked up. Instant whatever the size; each lookup still refuses a
    /// value out of its board's range, but a corrupt value within range is
    /// not caught. For files already checked by [`open`](DiskTable::open).
    pub fn open_unverified(rules: R, path: impl AsRef<Path>) -> Result<DiskTable<R>, SolveError> {
        let path = path.as_ref();
        DiskTable::open_checked(rules, path, false).map_err(|e| e.in_file(path))
    }

    fn open_checked(rules: R, path: &Path, verify: bool) -> Result<DiskTable<R>, SolveError> {
        // Rules the solver refuses, whatever the file.
        if let Some(reason) = rules.unsolvable() {
            return Err(SolveError::Rules(reason));
        }
        let file = File::open(path)?;
        let mut source = Source::new(FileKind::Table, BufReader::with_capacity(1 << 20, &file));
        let max_seeds = read_header(&rules, &mut source)?;
        let index = BoardIndex::try_new(R::Position::PITS, max_seeds)?;
        let mut offsets = Vec::new();
        let mut offset = source.position();
        for seeds in 0..=max_seeds {
            offsets.push(offset);
            offset += level_len(&index, seeds)?;
        }
        let expected = offset + 8;
        let actual = file.metadata()?.len();
        if actual < expected {
            return Err(SolveError::Truncated {
                len: actual,
                expected: format!(
                    "the table's header promises {expected} bytes (its levels and the checksum)"
                ),
            });
        }
        if actual > expected {
            return Err(SolveError::Format {
                kind: FileKind::Table,
                reason: format!("it holds {actual} bytes, its header promises {expected}"),
            });
        }
        if verify {
            read_levels(&mut source, &index, max_seeds, |_, _| {})?;
            source.finish()?;
        }
        Ok(DiskTable {
            rules,
            file,
            max_seeds,
            index,
            offsets,
        })
    }

    /// The rules the table is for.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The largest seed count on the board that the table covers.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// The board value of `pos` for the player to move (as
    /// [`Table::board_value`](super::Table::board_value)), read from the
    /// file; `Ok(None)` if the board holds more seeds than the table covers.
    /// A value larger than the board's seeds (the file changed since it
    /// was opened) is [`SolveError::Corrupt`].
    pub fn board_value(&self, pos: &R::Position) -> Result<Option<i32>, SolveError> {
        let Some((seeds, rank)) = self.index.seeds_and_rank(pos.pits()) else {
            return Ok(None);
        };
        let (Some(&offset), Some(count)) = (self.offsets.get(seeds as usize), self.index.count(seeds)) else {
            return Ok(None);
        };
        let at = offset + pos.to_move().index() as u64 * count + rank;
        let mut byte = [0u8; 1];
        read_at(&self.file, &mut byte, at)?;
        let value = byte[0] as i8;
        if u32::from(value.unsigned_abs()) > seeds {
            return Err(value_out_of_range(FileKind::Table, seeds, value, at));
        }
        Ok(Some(i32::from(value)))
    }

    /// The value of `pos` for the player to move (as
    /// [`Table::value`](super::Table::value)): captures plus board value.
    pub fn value(&self, pos: &R::Position) -> Result<Option<i32>, SolveError> {
        let mover = pos.to_move().index();
        let scores = pos.scores().map(i32::from);
        Ok(self
            .board_value(pos)?
            .map(|board| scores[mover] - scores[1 - mover] + board))
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    let read = std::os::windows::fs::FileExt::seek_read(file, buf, offset)?;
    if read == buf.len() {
        Ok(())
    } else {
        Err(std::io::ErrorKind::UnexpectedEof.into())
    }
}

#[cfg(not(any(unix, windows)))]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    use std::io::{Seek, SeekFrom};
    let mut file = file.try_clone()?;
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(buf)
}

/// A disk table answers [`Oracle`] queries with [`DiskTable::value`]; a read
/// that fails or a value out of range (the file changed under it) answers
/// `None`, so the search goes on without it.
impl<R: Solvable> Oracle<R> for DiskTable<R> {
    fn value(&self, pos: &R::Position) -> Option<i32> {
        DiskTable::value(self, pos).ok().flatten()
    }
}

/// A borrowed disk table is an oracle too.
impl<R: Solvable> Oracle<R> for &DiskTable<R> {
    fn value(&self, pos: &R::Position) -> Option<i32> {
        DiskTable::value(self, pos).ok().flatten()
    }
}
