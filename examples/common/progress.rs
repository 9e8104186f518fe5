//! Progress of a long run, on standard error: a bar redrawn in place on a
//! terminal, a plain line every few seconds elsewhere (a log, a pipe, a job
//! runner), so that a redirected run gets a readable log and a silent one
//! can be told from a stuck one.
//!
//! Written by hand with [`std::io::IsTerminal`] rather than with a crate
//! such as `indicatif`: that crate draws nothing when standard error is not
//! a terminal, which is the case these lines are for, and it would add its
//! own dependencies to the first build of every example.

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a terminal's bar is redrawn, at most.
const TERMINAL_EVERY: Duration = Duration::from_millis(100);
/// How often a plain line is written elsewhere, at most.
const LINE_EVERY: Duration = Duration::from_secs(5);
/// How often a [`Ticker`]'s thread looks whether an update is due.
const TICK: Duration = Duration::from_millis(250);
/// The bar's width, in characters.
const WIDTH: u64 = 30;

/// A progress display: [`Progress::update`] as the work goes,
/// [`Progress::finish`] at the end.
#[derive(Debug)]
pub struct Progress {
    label: String,
    terminal: bool,
    started: Instant,
    /// Nothing is shown before this much time has passed.
    delay: Duration,
    /// When the last update was shown (since `started`).
    shown: Option<Duration>,
}

impl Progress {
    /// A display labelled `label` (each bar or line starts with it), shown
    /// from the first update.
    pub fn new(label: impl Into<String>) -> Progress {
        Progress {
            label: label.into(),
            terminal: std::io::stderr().is_terminal(),
            started: Instant::now(),
            delay: Duration::ZERO,
            shown: None,
        }
    }

    /// The same display, silent for the first `delay` (a short run shows
    /// nothing).
    pub fn after(self, delay: Duration) -> Progress {
        Progress { delay, ..self }
    }

    /// The time since the display was made.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether an update now would be shown: cheap enough to ask often.
    pub fn due(&self) -> bool {
        let now = self.started.elapsed();
        let every = if self.terminal { TERMINAL_EVERY } else { LINE_EVERY };
        now >= self.delay
            && self
                .shown
                .map_or(true, |shown| now.saturating_sub(shown) >= every)
    }

    /// `done` of `total` (with a bar on a terminal when `total` is known),
    /// then `text` (what is counted, and more: `games`, `positions, 3 of 12
    /// seeds`), if an update is due (see [`Progress::due`]); `text` is made
    /// only then.
    pub fn update(&mut self, done: u64, total: Option<u64>, text: impl FnOnce() -> String) {
        if self.due() {
            self.show(done, total, &text());
        }
    }

    /// `text` alone (work without a known size), if an update is due.
    pub fn message(&mut self, text: impl FnOnce() -> String) {
        if self.due() {
            let text = text();
            self.show_text(&text);
        }
    }

    /// Ends the display as it stands: the bar's line ended on a terminal if
    /// one was drawn (the last state is not redrawn).
    pub fn end(&mut self) {
        if self.terminal && self.shown.is_some() {
            errln!();
        }
        self.shown = None;
        self.delay = Duration::MAX;
    }

    /// The last state, shown if anything was shown before (or, on a
    /// terminal, if the run outlasted the delay), and the bar's line ended.
    pub fn finish(&mut self, done: u64, total: Option<u64>, text: impl FnOnce() -> String) {
        if self.shown.is_some() || (self.terminal && self.started.elapsed() >= self.delay) {
            self.show(done, total, &text());
            if self.terminal {
                errln!();
            }
        }
        self.shown = None;
        self.delay = Duration::MAX;
    }

    fn show(&mut self, done: u64, total: Option<u64>, text: &str) {
        let counts = match total {
            Some(total) => {
                let percent = done.saturating_mul(100) / total.max(1);
                format!("{done}/{total} ({percent}%)")
            }
            None => done.to_string(),
        };
        let bar = match total {
            Some(total) if self.terminal => {
                let filled = done.min(total).saturating_mul(WIDTH) / total.max(1);
                format!(
                    "[{}{}] ",
                    "#".repeat(filled as usize),
                    ".".repeat((WIDTH - filled) as usize)
                )
            }
            _ => String::new(),
        };
        let text = if text.is_empty() {
            String::new()
        } else {
            format!(" {text}")
        };
        self.show_text(&format!("{bar}{counts}{text}"));
    }

    /// `label: text, S s`, redrawn in place on a terminal, a line elsewhere.
    fn show_text(&mut self, text: &str) {
        let now = self.started.elapsed();
        self.shown = Some(now);
        let seconds = now.as_secs_f64();
        if self.terminal {
            // Spaces rub out the end of a longer line drawn before.
            err!("\r{}: {text}, {seconds:.1} s   ", self.label);
        } else {
            errln!("{}: {text}, {seconds:.1} s", self.label);
        }
    }
}

/// A [`Progress`] that also shows itself every so often between updates (a
/// thread redraws the last state), for work that reports rarely: a table
/// build reports once a seed count, and its largest levels take minutes.
#[derive(Debug)]
pub struct Ticker {
    shared: Arc<Mutex<Last>>,
    /// Dropped to stop the thread.
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// The display and the last state it was given.
#[derive(Debug)]
struct Last {
    progress: Progress,
    done: u64,
    total: Option<u64>,
    text: String,
    /// Whether a state was given (nothing is drawn before).
    given: bool,
}

impl Last {
    fn show(&mut self) {
        let Last {
            progress,
            done,
            total,
            text,
            given,
        } = self;
        if *given {
            progress.update(*done, *total, || text.clone());
        }
    }
}

impl Ticker {
    /// `progress`, redrawn by a thread when an update is due.
    pub fn new(progress: Progress) -> Ticker {
        let shared = Arc::new(Mutex::new(Last {
            progress,
            done: 0,
            total: None,
            text: String::new(),
            given: false,
        }));
        let (stop, stopped) = mpsc::channel::<()>();
        let last = Arc::clone(&shared);
        let thread = std::thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                last.lock().unwrap_or_else(PoisonError::into_inner).show();
            }
        });
        Ticker {
            shared,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// The new state, shown if an update is due (as [`Progress::update`]).
    pub fn update(&self, done: u64, total: Option<u64>, text: String) {
        let mut last = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        (last.done, last.total, last.text, last.given) = (done, total, text, true);
        last.show();
    }

    /// The thread stopped, then the last state (as [`Progress::finish`]).
    pub fn finish(&mut self, done: u64, total: Option<u64>, text: String) {
        self.stop_thread();
        let mut last = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        last.progress.finish(done, total, || text);
    }

    fn stop_thread(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Ticker {
    /// Stops the thread: nothing is drawn after the ticker is gone.
    fn drop(&mut self) {
        self.stop_thread();
    }
}
