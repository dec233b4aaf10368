//! Unit tests for the ruleset, one or more per rule ID (see the test names).
