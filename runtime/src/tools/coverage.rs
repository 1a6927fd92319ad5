//! Line coverage (`weft run --coverage[=json]`): a native tool on LINE
//! events that records each line the first time it runs and answers
//! `DISABLE`, so the line's marker comes off and a covered line costs
//! nothing afterwards. The statements of a file are the line starts of
//! every code object loaded from it, each multi-line statement counted
//! at its first line and docstrings left out (as coverage.py counts
//! them); the report has coverage.py's
//! text-report layout (statements, missed, percentage and the missed
//! ranges) or its JSON report's shape.

use super::{events, is_bundled_file, Action, EventSet, Location, Tool};
use parking_lot::Mutex;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The LINE tool: the lines each file has executed.
#[derive(Default)]
pub struct Coverage {
    executed: Mutex<HashMap<&'static str, BTreeSet<u32>>>,
}

impl Tool for Coverage {
    fn events(&self) -> EventSet {
        events::LINE
    }

    fn line(&self, at: &Location, line: u32) -> Action {
        self.executed
            .lock()
            .entry(at.filename())
            .or_default()
            .insert(line);
        Action::Disable
    }
}

/// One file's result.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FileCoverage {
    /// Lines that hold a statement, in order.
    pub statements: BTreeSet<u32>,
    /// The statements that ran.
    pub executed: BTreeSet<u32>,
}

impl FileCoverage {
    /// The statements that never ran, in order.
    pub fn missing(&self) -> Vec<u32> {
        self.statements
            .difference(&self.executed)
            .copied()
            .collect()
    }

    /// The percentage of statements that ran (100 for a file without any).
    pub fn percent(&self) -> f64 {
        percent(self.executed.len(), self.statements.len())
    }
}

fn percent(covered: usize, statements: usize) -> f64 {
    if statements == 0 {
        100.0
    } else {
        100.0 * covered as f64 / statements as f64
    }
}

/// The percentage as coverage.py shows it with no decimals: never 0 while
/// something ran, never 100 while something did not.
pub fn percent_display(pc: f64) -> String {
    let shown = if pc > 0.0 && pc < 1.0 {
        1.0
    } else if pc > 99.0 && pc < 100.0 {
        99.0
    } else {
        pc.round_ties_even()
    };
    format!("{shown:.0}")
}

/// The missed statements as ranges ("3-4, 7"): a range runs over
/// consecutive statements (lines without one in between do not break it).
pub fn missing_ranges(file: &FileCoverage) -> String {
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    let mut open = false;
    for &line in &file.statements {
        if file.executed.contains(&line) {
            open = false;
            continue;
        }
        match ranges.last_mut() {
            Some(last) if open => last.1 = line,
            _ => ranges.push((line, line)),
        }
        open = true;
    }
    ranges
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Coverage {
    /// The result per file of the program's own (not bundled) files that
    /// were loaded, by file name.
    pub fn results(&self) -> BTreeMap<String, FileCoverage> {
        let mut raw: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
        for code in crate::monitoring::loaded_code() {
            if is_bundled_file(&code.filename) {
                continue;
            }
            let lines = raw.entry(code.filename.clone()).or_default();
            for i in 0..code.lines.len() {
                if code.is_line_start(i) && code.line_at(i) > 0 {
                    lines.insert(code.line_at(i));
                }
            }
        }
        let executed = self.executed.lock();
        raw.into_iter()
            .map(|(name, lines)| {
                // As coverage.py counts them: a multi-line statement once, at
                // its first line, and no docstring.
                let grouping = std::fs::read_to_string(&name)
                    .ok()
                    .and_then(|source| crate::frontend::StatementLines::of(&source))
                    .unwrap_or_default();
                let statements: BTreeSet<u32> = lines
                    .iter()
                    .filter_map(|&l| grouping.statement_of(l))
                    .collect();
                let ran: BTreeSet<u32> = executed
                    .get(name.as_str())
                    .into_iter()
                    .flatten()
                    .filter_map(|&l| grouping.statement_of(l))
                    .filter(|l| statements.contains(l))
                    .collect();
                let file = FileCoverage {
                    statements,
                    executed: ran,
                };
                (super::relative_to_cwd(&name), file)
            })
            .collect()
    }

    /// coverage.py's text report: a row per file, then the total.
    pub fn report_text(&self) -> String {
        let files = self.results();
        let width = files
            .keys()
            .map(|n| n.len())
            .chain(["Name".len(), "TOTAL".len()])
            .max()
            .unwrap_or(5);
        let header = format!(
            "{:<width$}   Stmts   Miss  Cover   Missing",
            "Name",
            width = width
        );
        let rule = "-".repeat(header.len());
        let mut out = format!("{header}\n{rule}\n");
        let (mut statements, mut covered) = (0, 0);
        for (name, file) in &files {
            let missed = file.statements.len() - file.executed.len();
            statements += file.statements.len();
            covered += file.executed.len();
            let row = format!(
                "{:<width$} {:>7} {:>6} {:>5}%   {}",
                name,
                file.statements.len(),
                missed,
                percent_display(file.percent()),
                missing_ranges(file),
                width = width
            );
            out.push_str(row.trim_end());
            out.push('\n');
        }
        out.push_str(&format!(
            "{rule}\n{:<width$} {:>7} {:>6} {:>5}%\n",
            "TOTAL",
            statements,
            statements - covered,
            percent_display(percent(covered, statements)),
            width = width
        ));
        out
    }

    /// coverage.py's JSON report (format 3): executed and missing lines and
    /// a summary per file, and the totals.
    pub fn report_json(&self) -> String {
        let files = self.results();
        let summary = |covered: usize, statements: usize| {
            let pc = percent(covered, statements);
            serde_json::json!({
                "covered_lines": covered,
                "num_statements": statements,
                "percent_covered": pc,
                "percent_covered_display": percent_display(pc),
                "missing_lines": statements - covered,
                "excluded_lines": 0,
            })
        };
        let mut per_file = serde_json::Map::new();
        let (mut statements, mut covered) = (0, 0);
        for (name, file) in &files {
            statements += file.statements.len();
            covered += file.executed.len();
            per_file.insert(
                name.clone(),
                serde_json::json!({
                    "executed_lines": file.executed,
                    "summary": summary(file.executed.len(), file.statements.len()),
                    "missing_lines": file.missing(),
                    "excluded_lines": [],
                }),
            );
        }
        let report = serde_json::json!({
            "meta": {
                "format": 3,
                "version": format!("weft {}", env!("CARGO_PKG_VERSION")),
                "branch_coverage": false,
                "show_contexts": false,
            },
            "files": per_file,
            "totals": summary(covered, statements),
        });
        serde_json::to_string_pretty(&report).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(statements: &[u32], executed: &[u32]) -> FileCoverage {
        FileCoverage {
            statements: statements.iter().copied().collect(),
            executed: executed.iter().copied().collect(),
        }
    }

    #[test]
    fn ranges_run_over_consecutive_statements_not_lines() {
        let f = file(&[1, 2, 5, 6, 9, 10, 12], &[1, 9]);
        assert_eq!(missing_ranges(&f), "2-6, 10-12");
        assert_eq!(missing_ranges(&file(&[1, 2], &[1, 2])), "");
    }

    #[test]
    fn percentages_round_as_coverage_py_shows_them() {
        assert_eq!(percent_display(72.41), "72");
        assert_eq!(percent_display(0.4), "1");
        assert_eq!(percent_display(99.6), "99");
        assert_eq!(percent_display(100.0), "100");
        assert_eq!(percent_display(0.0), "0");
        assert_eq!(percent_display(62.5), "62");
    }
}
