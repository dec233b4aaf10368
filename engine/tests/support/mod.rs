#![allow(dead_code)]

pub mod bss;
