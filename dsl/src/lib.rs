//! dsl: card-text grammars (pest) producing one typed effect AST, and its compiler to rhai.
