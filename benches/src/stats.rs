//! Summary statistics of timing runs: median, geometric mean, and the
//! scaling figures (speedup, efficiency).

/// The median of `xs` (the mean of the middle two for an even count);
/// `None` when empty.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[mid]
    } else {
        (v[mid - 1] + v[mid]) / 2.0
    })
}

/// The geometric mean of `xs`; `None` when empty or when a value is not
/// positive and finite.
pub fn geomean(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() || xs.iter().any(|x| !(x.is_finite() && *x > 0.0)) {
        return None;
    }
    Some((xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp())
}

/// Strong-scaling speedup of `threads` over one thread: `t1 / tn`.
pub fn speedup(t1: f64, tn: f64) -> f64 {
    t1 / tn
}

/// Parallel efficiency: speedup divided by the thread count.
pub fn efficiency(t1: f64, tn: f64, threads: usize) -> f64 {
    speedup(t1, tn) / threads as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[7.0]), Some(7.0));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn geomean_of_ratios() {
        let g = geomean(&[2.0, 8.0]).unwrap();
        assert!((g - 4.0).abs() < 1e-12);
        assert!((geomean(&[5.0]).unwrap() - 5.0).abs() < 1e-12);
        assert_eq!(geomean(&[]), None);
        assert_eq!(geomean(&[1.0, 0.0]), None);
        assert_eq!(geomean(&[1.0, f64::NAN]), None);
    }

    #[test]
    fn speedup_and_efficiency() {
        assert_eq!(speedup(2.0, 1.0), 2.0);
        assert_eq!(efficiency(2.0, 1.25, 2), 0.8);
    }
}
