#![allow(dead_code)]

pub mod bss;
pub mod rulings;
