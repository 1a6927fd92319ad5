//! A line tracer (`weft run --trace`): a native tool on LINE events that
//! writes every line executed, with the number of the thread it ran on
//! and the line's text, to stderr as `[thread N] file(line): text`
//! (each a single write, so lines of different threads do not mix).

use super::{events, Action, EventSet, Location, Tool};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

/// The LINE tool that writes each line to a sink (stderr by default).
pub struct Trace {
    sources: Mutex<HashMap<&'static str, Arc<Vec<String>>>>,
    sink: Mutex<Box<dyn Write + Send>>,
}

impl Default for Trace {
    fn default() -> Self {
        Trace::to(Box::new(std::io::stderr()))
    }
}

impl Trace {
    /// A tracer writing to `sink`.
    pub fn to(sink: Box<dyn Write + Send>) -> Trace {
        Trace {
            sources: Mutex::new(HashMap::new()),
            sink: Mutex::new(sink),
        }
    }

    /// The lines of `filename` (a bundled module's or a file's; none when
    /// it cannot be read).
    fn source(&self, filename: &'static str) -> Arc<Vec<String>> {
        self.sources
            .lock()
            .entry(filename)
            .or_insert_with(|| {
                let text = crate::import::bundled_source(filename)
                    .map(str::to_string)
                    .or_else(|| std::fs::read_to_string(filename).ok())
                    .unwrap_or_default();
                Arc::new(text.lines().map(str::to_string).collect())
            })
            .clone()
    }
}

impl Tool for Trace {
    fn events(&self) -> EventSet {
        events::LINE
    }

    fn line(&self, at: &Location, line: u32) -> Action {
        let source = self.source(at.filename());
        let text = source
            .get((line as usize).wrapping_sub(1))
            .map_or("", |l| l.trim_end());
        let record = format!(
            "[thread {}] {}({}): {}\n",
            crate::modules::thread::thread_number(),
            // The trace module shows a file by its base name.
            at.filename().rsplit('/').next().unwrap_or(""),
            line,
            text
        );
        let _ = self.sink.lock().write_all(record.as_bytes());
        Action::Continue
    }
}
