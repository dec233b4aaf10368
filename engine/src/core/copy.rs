//! Copying a vector of plain values into another's memory (a step's snapshot
//! is copied into the previous one).

/// Makes `dst` equal to `src`, reusing `dst`'s memory: the common part is one block copy
/// (`copy_from_slice`), not a clone per element.
pub(crate) fn copy_into<T: Copy>(dst: &mut Vec<T>, src: &[T]) {
    dst.truncate(src.len());
    let n = dst.len();
    dst.copy_from_slice(&src[..n]);
    dst.extend_from_slice(&src[n..]);
}

#[cfg(test)]
mod tests {
    use super::copy_into;

    #[test]
    fn a_copy_equals_its_source_whether_it_was_longer_or_shorter() {
        let mut dst = vec![9, 9, 9, 9, 9];
        copy_into(&mut dst, &[1, 2, 3]);
        assert_eq!(dst, [1, 2, 3]);
        copy_into(&mut dst, &[4, 5, 6, 7, 8, 9, 10]);
        assert_eq!(dst, [4, 5, 6, 7, 8, 9, 10]);
        copy_into(&mut dst, &[]);
        assert!(dst.is_empty());
    }
}
