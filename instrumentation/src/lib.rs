//! Monitoring substrate.
