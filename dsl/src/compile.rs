//! compile
