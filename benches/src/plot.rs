//! Grouped horizontal bar charts as SVG (plotters, SVG backend only): one
//! group per program or workload, one bar per interpreter, with a dashed
//! reference line (ratio 1 = as fast as the reference, speedup 1 = no
//! gain).

use crate::{Error, Result};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// Bar colours, one per series, in order (cycled).
const COLORS: &[RGBColor] = &[
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
];

/// One series: a name (legend) and one value per group (`None`: no bar).
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// One value per group.
    pub values: Vec<Option<f64>>,
}

/// A grouped bar chart.
#[derive(Clone, Debug)]
pub struct BarChart {
    /// Caption.
    pub title: String,
    /// Axis description of the values.
    pub value_label: String,
    /// Group names, top to bottom.
    pub groups: Vec<String>,
    /// The bars of each group.
    pub series: Vec<Series>,
    /// Where to draw the dashed reference line.
    pub reference: Option<f64>,
}

const BAR_PX: u32 = 14;
const GROUP_GAP_PX: u32 = 12;

impl BarChart {
    /// The chart as SVG text.
    pub fn to_svg(&self) -> Result<String> {
        let draw_err = |e: &dyn std::fmt::Display| Error::new(format!("drawing the chart: {e}"));
        let n_groups = self.groups.len().max(1);
        let n_series = self.series.len().max(1) as u32;
        let group_px = n_series * BAR_PX + GROUP_GAP_PX;
        let height = 110 + n_groups as u32 * group_px + 20 * n_series;
        let label_px = self.groups.iter().map(|g| g.len()).max().unwrap_or(4) as u32 * 8 + 16;
        let width = 960;
        let max = self
            .series
            .iter()
            .flat_map(|s| s.values.iter().flatten())
            .copied()
            .chain(self.reference)
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max);
        // Room on the right for the legend, clear of the longest bar.
        let x_max = if max > 0.0 { max * 1.3 } else { 1.0 };

        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
            root.fill(&WHITE).map_err(|e| draw_err(&e))?;
            let n = n_groups;
            // Group i occupies y in [n-1-i, n-i), so the first is on top.
            let mut chart = ChartBuilder::on(&root)
                .caption(&self.title, ("sans-serif", 20))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(label_px)
                .build_cartesian_2d(0f64..x_max, 0f64..n as f64)
                .map_err(|e| draw_err(&e))?;
            chart
                .configure_mesh()
                .disable_y_mesh()
                .x_desc(self.value_label.as_str())
                .y_labels(0)
                .label_style(("sans-serif", 13))
                .draw()
                .map_err(|e| draw_err(&e))?;

            // Group names left of the axis, at each group's centre.
            let name_style = TextStyle::from(("sans-serif", 13))
                .pos(Pos::new(HPos::Right, VPos::Center))
                .color(&BLACK);
            for (i, g) in self.groups.iter().enumerate() {
                let (x, y) = chart.backend_coord(&(0.0, (n - i) as f64 - 0.5));
                root.draw(&Text::new(g.as_str(), (x - 8, y), name_style.clone()))
                    .map_err(|e| draw_err(&e))?;
            }
            let bar = 1.0 / (n_series as f64 + GROUP_GAP_PX as f64 / BAR_PX as f64);
            let pad = (1.0 - bar * n_series as f64) / 2.0;
            for (k, s) in self.series.iter().enumerate() {
                let color = COLORS[k % COLORS.len()];
                let bars: Vec<(f64, f64, f64)> = s
                    .values
                    .iter()
                    .enumerate()
                    .filter_map(|(i, v)| {
                        let v = (*v)?;
                        let top = (n - i) as f64 - pad - bar * k as f64;
                        Some((v, top - bar, top))
                    })
                    .collect();
                chart
                    .draw_series(bars.iter().map(|&(v, y0, y1)| {
                        Rectangle::new(
                            [(0.0, y0 + bar * 0.08), (v, y1 - bar * 0.08)],
                            color.filled(),
                        )
                    }))
                    .map_err(|e| draw_err(&e))?
                    .label(s.name.as_str())
                    .legend(move |(x, y)| {
                        Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled())
                    });
                chart
                    .draw_series(bars.iter().map(|&(v, y0, y1)| {
                        Text::new(
                            format!("{v:.2}"),
                            (v + x_max * 0.005, (y0 + y1) / 2.0 + bar * 0.3),
                            ("sans-serif", 10),
                        )
                    }))
                    .map_err(|e| draw_err(&e))?;
            }
            if let Some(r) = self.reference {
                let dash = 0.02 * n as f64;
                let mut y = 0.0;
                let mut segments = Vec::new();
                while y < n as f64 {
                    segments.push(PathElement::new(
                        vec![(r, y), (r, (y + dash).min(n as f64))],
                        BLACK.stroke_width(1),
                    ));
                    y += 2.0 * dash;
                }
                chart.draw_series(segments).map_err(|e| draw_err(&e))?;
            }
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .label_font(("sans-serif", 13))
                .draw()
                .map_err(|e| draw_err(&e))?;
            root.present().map_err(|e| draw_err(&e))?;
        }
        Ok(svg)
    }

    /// Writes the chart to `path` as SVG.
    pub fn write_svg(&self, path: &Path) -> Result<()> {
        let svg = self.to_svg()?;
        std::fs::write(path, svg)
            .map_err(|e| Error::new(format!("cannot write {}: {e}", path.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_groups_series_and_reference() {
        let chart = BarChart {
            title: "time / python3.11".into(),
            value_label: "ratio".into(),
            groups: vec!["nbody".into(), "spectral_norm".into()],
            series: vec![
                Series {
                    name: "weft".into(),
                    values: vec![Some(5.5), Some(4.25)],
                },
                Series {
                    name: "python3.12".into(),
                    values: vec![None, Some(0.9)],
                },
            ],
            reference: Some(1.0),
        };
        let svg = chart.to_svg().unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
        for text in [
            "nbody",
            "spectral_norm",
            "weft",
            "python3.12",
            "5.50",
            "4.25",
            "0.90",
        ] {
            assert!(svg.contains(text), "missing {text}");
        }
        assert!(svg.matches("<rect").count() >= 3);
    }

    #[test]
    fn empty_chart_still_renders() {
        let chart = BarChart {
            title: "empty".into(),
            value_label: "x".into(),
            groups: vec![],
            series: vec![],
            reference: None,
        };
        assert!(chart.to_svg().unwrap().contains("empty"));
    }
}
