//! Report text: Markdown tables, number formatting, and the facts that
//! go at the top of a published table (date, machine, commit, command).

use std::fmt::Write as _;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// Column alignment in a Markdown table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Left-aligned text.
    Left,
    /// Right-aligned numbers.
    Right,
}

/// A Markdown table.
#[derive(Clone, Debug, Default)]
pub struct Table {
    header: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// An empty table with no columns.
    pub fn new() -> Table {
        Table::default()
    }

    /// Adds a column.
    pub fn column(&mut self, title: impl Into<String>, align: Align) -> &mut Table {
        self.header.push((title.into(), align));
        self
    }

    /// Adds a row (padded with empty cells, or cut, to the column count).
    pub fn row(&mut self, mut cells: Vec<String>) -> &mut Table {
        cells.resize(self.header.len(), String::new());
        self.rows.push(cells);
        self
    }

    /// The table as GitHub Markdown, one line per row, ending in a newline.
    pub fn to_markdown(&self) -> String {
        let esc = |s: &str| s.replace('|', "\\|");
        let mut out = String::new();
        let titles: Vec<String> = self.header.iter().map(|(t, _)| esc(t)).collect();
        let _ = writeln!(out, "| {} |", titles.join(" | "));
        let rules: Vec<&str> = self
            .header
            .iter()
            .map(|(_, a)| match a {
                Align::Left => "---",
                Align::Right => "---:",
            })
            .collect();
        let _ = writeln!(out, "|{}|", rules.join("|"));
        for r in &self.rows {
            let cells: Vec<String> = r.iter().map(|c| esc(c)).collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
        out
    }
}

/// Seconds to the millisecond below 1 s, else to three significant
/// digits: `0.012 s`, `1.23 s`, `12.3 s`.
pub fn secs(t: f64) -> String {
    if t >= 10.0 {
        format!("{t:.1} s")
    } else if t >= 1.0 {
        format!("{t:.2} s")
    } else {
        format!("{t:.3} s")
    }
}

/// A ratio with two decimals: `5.12`.
pub fn ratio(r: f64) -> String {
    format!("{r:.2}")
}

/// `Some` formatted with `f`, else `-`.
pub fn or_dash(v: Option<f64>, f: impl Fn(f64) -> String) -> String {
    v.map(f).unwrap_or_else(|| "-".into())
}

/// The UTC calendar date of `unix_secs` as `YYYY-MM-DD`.
pub fn utc_date(unix_secs: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = (unix_secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Today's UTC date.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    utc_date(secs)
}

/// The `model name` of the first CPU in `/proc/cpuinfo` text.
pub fn cpu_model_from(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|l| {
        let (key, value) = l.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim().to_string())
    })
}

/// Quotes `arg` for a POSIX shell when it needs it.
pub fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=,:+@%".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

/// A command line from its words, quoted for a shell.
pub fn shell_join<S: AsRef<str>>(words: &[S]) -> String {
    words
        .iter()
        .map(|w| shell_quote(w.as_ref()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The facts printed above a published table.
#[derive(Clone, Debug)]
pub struct Machine {
    /// UTC date, `YYYY-MM-DD`.
    pub date: String,
    /// Hardware threads (`nproc`).
    pub nproc: usize,
    /// CPU model from `/proc/cpuinfo`.
    pub cpu: String,
    /// Short git commit of the workspace (with `-dirty` when modified).
    pub commit: String,
}

impl Machine {
    /// Reads the facts of this machine and of the git tree at `root`.
    pub fn current(root: &Path) -> Machine {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|t| cpu_model_from(&t))
            .unwrap_or_else(|| "unknown CPU".into());
        let git = |args: &[&str]| {
            std::process::Command::new("git")
                .arg("-C")
                .arg(root)
                .args(args)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        };
        let mut commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
        if git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty()) {
            commit.push_str("-dirty");
        }
        Machine {
            date: today(),
            nproc: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cpu,
            commit,
        }
    }

    /// Markdown bullet lines: date, machine, commit.
    pub fn markdown(&self) -> String {
        format!(
            "- date: {} (UTC)\n- machine: {} hardware threads (`nproc`), {}\n- commit: `{}`\n",
            self.date, self.nproc, self.cpu, self.commit
        )
    }

    /// The same facts as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "date": self.date,
            "nproc": self.nproc,
            "cpu": self.cpu,
            "commit": self.commit,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_table() {
        let mut t = Table::new();
        t.column("program", Align::Left).column("a|b", Align::Right);
        t.row(vec!["nbody".into(), "1.00 s".into()]);
        t.row(vec!["short".into()]);
        assert_eq!(
            t.to_markdown(),
            "| program | a\\|b |\n|---|---:|\n| nbody | 1.00 s |\n| short |  |\n"
        );
    }

    #[test]
    fn number_formats() {
        assert_eq!(secs(1.234), "1.23 s");
        assert_eq!(secs(12.34), "12.3 s");
        assert_eq!(secs(0.1234), "0.123 s");
        assert_eq!(secs(0.01234), "0.012 s");
        assert_eq!(ratio(5.125), "5.12");
        assert_eq!(or_dash(None, ratio), "-");
        assert_eq!(or_dash(Some(2.0), ratio), "2.00");
    }

    #[test]
    fn dates() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(951_782_400), "2000-02-29");
        assert_eq!(utc_date(1_798_761_599), "2026-12-31");
        assert_eq!(utc_date(1_798_761_600), "2027-01-01");
    }

    #[test]
    fn cpu_model() {
        let text = "processor\t: 0\nvendor_id\t: X\nmodel name\t: Fancy CPU @ 3GHz\n";
        assert_eq!(cpu_model_from(text).as_deref(), Some("Fancy CPU @ 3GHz"));
        assert_eq!(cpu_model_from("processor : 0\n"), None);
    }

    #[test]
    fn shell_quoting() {
        assert_eq!(shell_quote("--runs"), "--runs");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_join(&["x", "NAME=A B"]), "x 'NAME=A B'");
    }
}
