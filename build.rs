// The demo pack is embedded with `include_dir!`, which does not notice files added to or
// removed from the folder: rebuild when anything in it changes.
fn main() {
    println!("cargo:rerun-if-changed=scripts/battle-spirits-demo");
}
