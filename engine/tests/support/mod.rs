#![allow(dead_code)]

pub mod bss;
pub mod cards;
pub mod keywords;
pub mod rulings;
