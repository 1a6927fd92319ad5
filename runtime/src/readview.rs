//! Read views: lock-free reads of containers that many threads share
//! read-mostly. The protocol lives in `weft-kernels` (so that loom can
//! model-check it as it is: `loom-tests/tests/readview_races.rs`) and is
//! re-exported here; see [`weft_kernels::readview`].

pub use weft_kernels::readview::ReadView;
