//! A vector that copies of a game share until one of them writes (a game's log
//! and answers only grow, and a copy — a step's snapshot, a search player's branch — should
//! not pay for them).

use std::ops::Deref;
use std::rc::Rc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A `Vec<T>` behind a reference count: `clone` is O(1); the first write after a clone
/// copies the elements once (copy on write). Reads go through `Deref<Target = [T]>`.
/// Serialised exactly as a `Vec<T>` (a JSON array).
#[derive(Debug, PartialEq, Eq)]
pub struct SharedVec<T>(Rc<Vec<T>>);

impl<T> Clone for SharedVec<T> {
    fn clone(&self) -> Self {
        SharedVec(Rc::clone(&self.0))
    }
}

impl<T> Default for SharedVec<T> {
    fn default() -> Self {
        SharedVec(Rc::new(Vec::new()))
    }
}

impl<T: Clone> SharedVec<T> {
    /// Appends `x` (copying the elements first if a copy still shares them).
    pub fn push(&mut self, x: T) {
        Rc::make_mut(&mut self.0).push(x);
    }

    /// Keeps the first `len` elements.
    pub fn truncate(&mut self, len: usize) {
        if len < self.0.len() {
            Rc::make_mut(&mut self.0).truncate(len);
        }
    }

    /// The elements, to change in place (copied first if shared).
    pub fn make_mut(&mut self) -> &mut Vec<T> {
        Rc::make_mut(&mut self.0)
    }
}

impl<T> Deref for SharedVec<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> From<Vec<T>> for SharedVec<T> {
    fn from(v: Vec<T>) -> Self {
        SharedVec(Rc::new(v))
    }
}

impl<T: Serialize> Serialize for SharedVec<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.as_slice().serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for SharedVec<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(d).map(SharedVec::from)
    }
}

#[cfg(test)]
mod tests {
    use super::SharedVec;

    #[test]
    fn a_copy_shares_until_one_side_writes() {
        let mut a: SharedVec<u32> = vec![1, 2].into();
        let b = a.clone();
        assert!(
            std::ptr::eq(a.as_ptr(), b.as_ptr()),
            "no copy made by clone"
        );
        a.push(3);
        assert_eq!((&a[..], &b[..]), (&[1, 2, 3][..], &[1, 2][..]));
        let mut c = a.clone();
        c.truncate(1);
        assert_eq!((&a[..], &c[..]), (&[1, 2, 3][..], &[1][..]));
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "[1,2,3]");
        assert_eq!(serde_json::from_str::<SharedVec<u32>>(&json).unwrap(), a);
    }
}
