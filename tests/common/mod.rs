//! Helpers shared by the test suites, one module per concern. Each suite
//! includes this with `mod common;` and uses a part of it, hence the
//! `dead_code` allowance.
#![allow(dead_code)]

pub mod alloc;
pub mod boards;
pub mod examples;
pub mod rules;
