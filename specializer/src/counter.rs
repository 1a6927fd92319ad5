//! The adaptive backoff counter (CPython's `_Py_BackoffCounter`): a 13-bit
//! value and a 3-bit backoff packed in 16 bits. It triggers a
//! specialization attempt when the value reaches zero; failures restart it
//! at exponentially longer intervals; backoff 7 never triggers.

/// Bits of the backoff exponent.
pub const BACKOFF_BITS: u16 = 3;
/// Mask of the backoff exponent.
pub const BACKOFF_MASK: u16 = 7;
/// The largest backoff used by restarts.
pub const MAX_BACKOFF: u16 = 6;
/// The backoff that never triggers (specialization off).
pub const UNREACHABLE_BACKOFF: u16 = 7;

const fn make(value: u16, backoff: u16) -> u16 {
    (value << BACKOFF_BITS) | backoff
}

/// The restart table, indexed by the current backoff.
const VALUE_AND_BACKOFF_NEXT: [u16; 8] = [
    make(1, 1),
    make(6, 2),
    make(30, 3),
    make(126, 4),
    make(508, 5),
    make(2052, 6),
    make(8190, 6),
    make(8190, 6),
];

/// A packed backoff counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackoffCounter(pub u16);

impl BackoffCounter {
    /// Quickened state: value 1, backoff 1 (specialize on the second execution).
    pub const fn warmup() -> Self {
        BackoffCounter(make(1, 1))
    }

    /// After a successful specialization: value 52, backoff 0.
    pub const fn cooldown() -> Self {
        BackoffCounter(make(52, 0))
    }

    /// Never triggers (specialization disabled).
    pub const fn unreachable() -> Self {
        BackoffCounter(make(0, UNREACHABLE_BACKOFF))
    }

    /// The value part (13 bits).
    pub const fn value(self) -> u16 {
        self.0 >> BACKOFF_BITS
    }

    /// The backoff part (3 bits).
    pub const fn backoff(self) -> u16 {
        self.0 & BACKOFF_MASK
    }

    /// True when the next execution should attempt to specialize.
    pub const fn triggers(self) -> bool {
        self.0 < UNREACHABLE_BACKOFF
    }

    /// One execution without an attempt: the value counts down (saturating
    /// at zero, so it can never wrap into a bogus trigger state); an
    /// unreachable counter stays unreachable.
    pub const fn advance(self) -> Self {
        if self.backoff() == UNREACHABLE_BACKOFF || self.value() == 0 {
            self
        } else {
            BackoffCounter(self.0 - (1 << BACKOFF_BITS))
        }
    }

    /// After a failed attempt or an unspecialization: restart at the next
    /// backoff level.
    pub const fn restart(self) -> Self {
        BackoffCounter(VALUE_AND_BACKOFF_NEXT[self.backoff() as usize])
    }

    /// True when the protocol can produce this state: the unreachable
    /// counter, or a value no larger than the largest one its backoff
    /// level starts at (`warmup`, `cooldown` and the restart table). A
    /// tick only ever counts a valid state down, so the counter word is
    /// always valid, even when ticks race (model: `loom-tests`
    /// `counter_races`).
    pub const fn is_valid(self) -> bool {
        if self.backoff() == UNREACHABLE_BACKOFF {
            return self.value() == 0;
        }
        self.value() <= MAX_VALUE[self.backoff() as usize]
    }
}

/// The largest value each backoff level starts at (the unreachable level's
/// entry is unused).
const MAX_VALUE: [u16; 8] = {
    let mut max = [0u16; 8];
    let starts = [BackoffCounter::warmup(), BackoffCounter::cooldown()];
    let mut i = 0;
    while i < starts.len() {
        let c = starts[i];
        if c.value() > max[c.backoff() as usize] {
            max[c.backoff() as usize] = c.value();
        }
        i += 1;
    }
    let mut i = 0;
    while i < VALUE_AND_BACKOFF_NEXT.len() {
        let c = BackoffCounter(VALUE_AND_BACKOFF_NEXT[i]);
        if c.value() > max[c.backoff() as usize] {
            max[c.backoff() as usize] = c.value();
        }
        i += 1;
    }
    max
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a site for `n` executions and returns the executions (1-based)
    /// at which a specialization attempt happens; `succeed` decides each
    /// attempt's outcome, `miss_after_success` models guard misses.
    fn attempts(n: u32, mut succeed: impl FnMut(u32) -> bool) -> Vec<u32> {
        let mut c = BackoffCounter::warmup();
        let mut out = Vec::new();
        for exec in 1..=n {
            if c.triggers() {
                out.push(exec);
                c = if succeed(exec) {
                    BackoffCounter::cooldown()
                } else {
                    c.restart()
                };
            } else {
                c = c.advance();
            }
        }
        out
    }

    #[test]
    fn always_failing_site_backs_off_exponentially() {
        let got = attempts(20000, |_| false);
        // warmup 1 -> attempt at 2; then values 6, 30, 126, 508, 2052, 8190, 8190 (capped).
        assert_eq!(got, vec![2, 9, 40, 167, 676, 2729, 10920, 19111]);
    }

    #[test]
    fn success_then_53_misses_respecializes() {
        // Specialized at execution 2; every later execution misses its guard
        // and runs the generic path, which counts the cooldown down.
        let got = attempts(200, |_| true);
        assert_eq!(got[0], 2);
        assert_eq!(got[1], 2 + 53);
        assert_eq!(got[2], 2 + 53 + 53);
    }

    #[test]
    fn unreachable_never_triggers() {
        let mut c = BackoffCounter::unreachable();
        for _ in 0..100_000 {
            assert!(!c.triggers());
            c = c.advance();
        }
        assert_eq!(c, BackoffCounter::unreachable());
    }

    /// Every state reachable from the starting states by ticks, restarts
    /// and cooldowns is valid; a value past its level's start, or the
    /// unreachable backoff with a value, is not.
    #[test]
    fn reachable_states_are_valid() {
        let mut seen = std::collections::BTreeSet::new();
        let mut todo = vec![
            BackoffCounter::warmup(),
            BackoffCounter::cooldown(),
            BackoffCounter::unreachable(),
        ];
        while let Some(c) = todo.pop() {
            if !seen.insert(c.0) {
                continue;
            }
            assert!(c.is_valid(), "{c:?} reachable but invalid");
            if c.triggers() {
                todo.extend([c.restart(), BackoffCounter::cooldown()]);
            } else {
                todo.push(c.advance());
            }
        }
        assert!(!BackoffCounter(make(53, 0)).is_valid());
        assert!(!BackoffCounter(make(8191, 6)).is_valid());
        assert!(!BackoffCounter(make(2, 1)).is_valid());
        assert!(!BackoffCounter(make(1, UNREACHABLE_BACKOFF)).is_valid());
    }

    #[test]
    fn advance_saturates() {
        let c = BackoffCounter(make(0, 3));
        assert!(c.triggers());
        assert_eq!(c.advance(), c);
    }
}
