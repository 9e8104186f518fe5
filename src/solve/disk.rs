//! A table served from its file: positioned reads, nothing loaded.

use std::fs::File;
use std::path::Path;

use super::table::{header_len, level_len, read_header};
use super::{BoardIndex, Solvable, SolveError};
use crate::search::Oracle;
use crate::Board;

/// A table file (the format of [`FORMAT_MAGIC`](super::FORMAT_MAGIC), as
/// [`Table::write_to`](super::Table::write_to) writes it) served from disk:
/// [`open`](DiskTable::open) reads only the header and checks the file's
/// length, and each lookup reads one byte at its offset. So a table larger
/// than memory still serves the search as an [`Oracle`]; the operating
/// system's page cache keeps the parts in use in memory.
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
    /// Opens a table file for `rules`, checking its header (game, board
    /// size) and that its length is exactly the header's levels.
    pub fn open(rules: R, path: impl AsRef<Path>) -> Result<DiskTable<R>, SolveError> {
        let mut file = File::open(path)?;
        let max_seeds = read_header(&rules, &mut file)?;
        let index = BoardIndex::try_new(R::Position::PITS, max_seeds)?;
        let mut offsets = Vec::new();
        let mut offset = header_len(&rules);
        for seeds in 0..=max_seeds {
            offsets.push(offset);
            offset += level_len(&index, seeds)?;
        }
        let actual = file.metadata()?.len();
        if actual != offset {
            return Err(SolveError::Format(format!(
                "the file holds {actual} bytes, its header promises {offset}"
            )));
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
        Ok(Some(i32::from(byte[0] as i8)))
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
/// that fails (the file changed under it) answers `None`, so the search goes
/// on without it.
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
