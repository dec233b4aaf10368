//! The phrase grammar (the English grammar plus one rule per pack phrase) compiled for
//! `pest_vm` without `pest_meta`'s optimiser. The optimiser's last pass (the
//! "restorer") wraps every branch that may change pest's PUSH/POP stack so that a failed
//! branch restores it; finding those branches walks the whole grammar again from every
//! choice, optional and repetition, which took ≈ 45 ms a process for a grammar that has no
//! stack operations at all. Its other passes only reshape expressions into forms that
//! match the same text with the same pairs. So a grammar with no stack operation is
//! converted here as written (repetitions with counts unrolled as pest does); one with a
//! stack operation, or a form this conversion does not know, gets `pest_meta`'s optimiser.

use pest_meta::ast::{Expr, Rule};
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

/// Parses, validates and converts `grammar` (pest syntax) into the rules `pest_vm::Vm`
/// runs. Errors: pest's own, for a grammar that does not parse or validate (unknown rule,
/// left recursion…), exactly as `pest_meta::parse_and_optimize` reports them.
pub(crate) fn compile(
    grammar: &str,
) -> Result<Vec<OptimizedRule>, Vec<pest::error::Error<pest_meta::parser::Rule>>> {
    let rules = parse(grammar)?;
    Ok(plain(&rules).unwrap_or_else(|| pest_meta::optimizer::optimize(rules)))
}

/// The English grammar (`en`, the text `pest_derive` compiled into the built-in parser,
/// so valid) with `phrases`, rules that may name its rules: as [`compile`] of the two
/// together, but the English part is parsed and converted once per process and only the
/// phrase rules are validated — against one stand-in rule per English rule they name
/// (validating the whole grammar took ≈ 5 ms a process). Errors: pest's, for
/// phrase rules that do not parse or validate. Falls back to [`compile`] of the whole
/// text when a phrase rule takes an English rule's name or a rule does not convert.
pub(crate) fn compile_with_en(
    en: &'static str,
    phrases: &str,
) -> Result<Vec<OptimizedRule>, Vec<pest::error::Error<pest_meta::parser::Rule>>> {
    use std::collections::BTreeSet;
    let whole = || compile(&format!("{en}\n{phrases}"));
    let Some((names, en_rules)) = en_base(en) else {
        return whole();
    };
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, phrases)
        .map_err(|e| vec![e])?;
    let rules = pest_meta::parser::consume_rules(pairs)?;
    if rules.iter().any(|r| names.contains(&r.name)) {
        return whole();
    }
    let used: BTreeSet<&str> = rules
        .iter()
        .flat_map(|r| r.expr.iter_top_down())
        .filter_map(|e| match e {
            Expr::Ident(n) => names.get(&n).map(String::as_str),
            _ => None,
        })
        .collect();
    let stand_ins: String = used
        .iter()
        .map(|n| format!("{n} = {{ \"x\" }}\n"))
        .collect();
    parse(&format!("{phrases}\n{stand_ins}"))?;
    match plain(&rules) {
        Some(mut own) => {
            let mut all = en_rules.clone();
            all.append(&mut own);
            Ok(all)
        }
        None => whole(),
    }
}

/// The English grammar's rule names, and its rules converted for `pest_vm`.
pub(crate) type EnBase = (std::collections::BTreeSet<String>, Vec<OptimizedRule>);

/// The English grammar `en` parsed and converted on first use (by [`compile_with_en`], or
/// ahead of it by [`crate::vocab::prepare`]); `None` when `en` is not the text first given
/// or does not convert.
pub(crate) fn en_base(en: &'static str) -> Option<&'static EnBase> {
    use std::sync::OnceLock;
    static EN: OnceLock<(&'static str, Option<EnBase>)> = OnceLock::new();
    let (text, base) = EN.get_or_init(|| {
        // The built-in grammar comes parsed and validated by the build (`build.rs`).
        let built = (en == EN_PEST).then(|| decode(EN_RULES)).flatten();
        let rules = built.or_else(|| {
            pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, en)
                .ok()
                .and_then(|pairs| pest_meta::parser::consume_rules(pairs).ok())
        });
        let base = rules.and_then(|rules| {
            let names = rules.iter().map(|r| r.name.clone()).collect();
            Some((names, plain(&rules)?))
        });
        (en, base)
    });
    base.as_ref().filter(|_| *text == en)
}

/// The text `build.rs` parsed into [`EN_RULES`].
const EN_PEST: &str = include_str!("grammar/en.pest");

/// [`EN_PEST`]'s rules, parsed and validated by `build.rs` (empty when it could not).
const EN_RULES: &str = include_str!(concat!(env!("OUT_DIR"), "/en_rules.txt"));

/// The rules `build.rs` encoded: per rule its name (`<byte length>:<bytes>`), its type
/// (`N`ormal, `S`ilent, `A`tomic, `C`ompound-atomic, non-atomic `X`) and its expression,
/// prefix (see `build.rs`). `None` when `text` is empty or not in that form.
pub(crate) fn decode(text: &str) -> Option<Vec<Rule>> {
    use pest_meta::ast::RuleType;
    let mut r = Reader(text);
    let mut rules = Vec::new();
    while !r.0.is_empty() {
        let name = r.string()?;
        let ty = match r.byte()? {
            b'N' => RuleType::Normal,
            b'S' => RuleType::Silent,
            b'A' => RuleType::Atomic,
            b'C' => RuleType::CompoundAtomic,
            b'X' => RuleType::NonAtomic,
            _ => return None,
        };
        let expr = r.expr()?;
        rules.push(Rule { name, ty, expr });
    }
    (!rules.is_empty()).then_some(rules)
}

/// What is left to decode of [`decode`]'s text.
struct Reader<'a>(&'a str);

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.0.as_bytes().first()?;
        self.0 = self.0.get(1..)?;
        Some(b)
    }

    /// Digits up to `end`.
    fn number(&mut self, end: char) -> Option<u32> {
        let (n, rest) = self.0.split_once(end)?;
        self.0 = rest;
        n.parse().ok()
    }

    fn string(&mut self) -> Option<String> {
        let len = self.number(':')? as usize;
        let s = self.0.get(..len)?.to_string();
        self.0 = self.0.get(len..)?;
        Some(s)
    }

    fn boxed(&mut self) -> Option<Box<Expr>> {
        self.expr().map(Box::new)
    }

    fn expr(&mut self) -> Option<Expr> {
        Some(match self.byte()? {
            b's' => Expr::Str(self.string()?),
            b'i' => Expr::Insens(self.string()?),
            b'r' => Expr::Range(self.string()?, self.string()?),
            b'd' => Expr::Ident(self.string()?),
            b'&' => Expr::PosPred(self.boxed()?),
            b'!' => Expr::NegPred(self.boxed()?),
            b'~' => Expr::Seq(self.boxed()?, self.boxed()?),
            b'|' => Expr::Choice(self.boxed()?, self.boxed()?),
            b'?' => Expr::Opt(self.boxed()?),
            b'*' => Expr::Rep(self.boxed()?),
            b'+' => Expr::RepOnce(self.boxed()?),
            b'e' => {
                let n = self.number(';')?;
                Expr::RepExact(self.boxed()?, n)
            }
            b'm' => {
                let n = self.number(';')?;
                Expr::RepMin(self.boxed()?, n)
            }
            b'M' => {
                let n = self.number(';')?;
                Expr::RepMax(self.boxed()?, n)
            }
            b'b' => {
                let n = self.number(';')?;
                let m = self.number(';')?;
                Expr::RepMinMax(self.boxed()?, n, m)
            }
            b'x' => {
                let n = self.number(';')?;
                Expr::Skip((0..n).map(|_| self.string()).collect::<Option<_>>()?)
            }
            b'u' => Expr::Push(self.boxed()?),
            _ => return None,
        })
    }
}

/// `grammar` parsed and validated into pest's AST (the steps of
/// `pest_meta::parse_and_optimize` before its optimiser).
pub(crate) fn parse(
    grammar: &str,
) -> Result<Vec<Rule>, Vec<pest::error::Error<pest_meta::parser::Rule>>> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, grammar)
        .map_err(|e| vec![e])?;
    pest_meta::validator::validate_pairs(pairs.clone())?;
    pest_meta::parser::consume_rules(pairs)
}

/// The rules converted one to one, or `None` when one uses the stack (then the restorer
/// matters) or a form not converted here.
pub(crate) fn plain(rules: &[Rule]) -> Option<Vec<OptimizedRule>> {
    rules
        .iter()
        .map(|r| {
            Some(OptimizedRule {
                name: r.name.clone(),
                ty: r.ty,
                expr: convert(&r.expr)?,
            })
        })
        .collect()
}

fn convert(e: &Expr) -> Option<OptimizedExpr> {
    use OptimizedExpr as O;
    let b = |e: &Expr| convert(e).map(Box::new);
    Some(match e {
        Expr::Str(s) => O::Str(s.clone()),
        Expr::Insens(s) => O::Insens(s.clone()),
        Expr::Range(a, z) => O::Range(a.clone(), z.clone()),
        // The stack's built-in rules: the restorer would wrap what reaches them.
        Expr::Ident(n)
            if matches!(n.as_str(), "POP" | "POP_ALL" | "DROP" | "PEEK" | "PEEK_ALL") =>
        {
            return None;
        }
        Expr::Ident(n) => O::Ident(n.clone()),
        Expr::PosPred(x) => O::PosPred(b(x)?),
        Expr::NegPred(x) => O::NegPred(b(x)?),
        Expr::Seq(x, y) => O::Seq(b(x)?, b(y)?),
        Expr::Choice(x, y) => O::Choice(b(x)?, b(y)?),
        Expr::Opt(x) => O::Opt(b(x)?),
        Expr::Rep(x) => O::Rep(b(x)?),
        // `e+` is `e ~ e*`, `e{n}` n times `e`, `e{n,}` n times then `e*`, `e{,m}` m
        // times `e?`, `e{n,m}` n times then m - n times `e?` (pest's unroller).
        Expr::RepOnce(x) => O::Seq(b(x)?, Box::new(O::Rep(b(x)?))),
        Expr::RepExact(x, n) => seq((0..*n).map(|_| convert(x)).collect::<Option<_>>()?)?,
        Expr::RepMin(x, n) => {
            let mut v: Vec<O> = (0..*n).map(|_| convert(x)).collect::<Option<_>>()?;
            v.push(O::Rep(b(x)?));
            seq(v)?
        }
        Expr::RepMax(x, m) => seq((0..*m).map(|_| b(x).map(O::Opt)).collect::<Option<_>>()?)?,
        Expr::RepMinMax(x, n, m) => seq((0..*m)
            .map(|i| if i < *n { convert(x) } else { b(x).map(O::Opt) })
            .collect::<Option<_>>()?)?,
        Expr::Skip(s) => O::Skip(s.clone()),
        // PUSH, PEEK[..] and any form of a later pest: the optimiser's way.
        _ => return None,
    })
}

/// `a ~ (b ~ (c ~ …))`, as pest's unroller nests it; `None` for no expression.
fn seq(v: Vec<OptimizedExpr>) -> Option<OptimizedExpr> {
    v.into_iter()
        .rev()
        .reduce(|rest, e| OptimizedExpr::Seq(Box::new(e), Box::new(rest)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English grammar `build.rs` parsed and validated decodes into the
    /// rules pest_meta gives at run time (so the phrase grammar is the same), and text
    /// not in the build's form decodes to nothing (the run-time parse is used).
    #[test]
    fn the_english_grammar_of_the_build_is_the_one_parsed_at_run_time() {
        let pairs =
            pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, EN_PEST).unwrap();
        let at_run_time = pest_meta::parser::consume_rules(pairs).unwrap();
        let built = decode(EN_RULES).expect("build.rs encoded the English grammar");
        assert!(built.len() > 100, "{}", built.len());
        assert_eq!(built, at_run_time);
        assert_eq!(plain(&built), plain(&at_run_time));
        let (names, rules) = en_base(EN_PEST).unwrap();
        assert_eq!(rules, &plain(&at_run_time).unwrap());
        assert!(names.contains("sentence") && names.contains("target"));
        for bad in [
            "",
            "4:rule",
            "4:ruleN",
            "4:ruleQs1:x",
            "9:ruleNs1:x",
            "4:ruleN~s1:x",
        ] {
            assert_eq!(decode(bad), None, "{bad:?}");
        }
        let one = decode("1:aNb2;3;i2:xy").unwrap();
        assert_eq!(
            one[0].expr,
            Expr::RepMinMax(Box::new(Expr::Insens("xy".into())), 2, 3)
        );
    }

    #[test]
    fn a_grammar_with_a_stack_operation_gets_the_optimiser() {
        let with_stack = parse("a = { PUSH(\"x\") ~ POP }").unwrap();
        assert!(plain(&with_stack).is_none());
        let peek = parse("a = { PUSH(\"x\") ~ PEEK }").unwrap();
        assert!(plain(&peek).is_none());
        let without = parse("a = { \"x\"{2,3} ~ ^\"y\"+ }").unwrap();
        assert!(plain(&without).is_some());
    }

    #[test]
    fn counted_repetitions_match_as_pest_optimises_them() {
        let g = "a = { SOI ~ \"x\"{2} ~ \"y\"{1,} ~ \"z\"{,2} ~ \"w\"{1,2} ~ EOI }";
        let ours = pest_vm::Vm::new(compile(g).unwrap());
        let (_, theirs) = pest_meta::parse_and_optimize(g).unwrap();
        let theirs = pest_vm::Vm::new(theirs);
        for s in [
            "xxyw",
            "xxyyyzzww",
            "xxzw",
            "xyw",
            "xxywww",
            "xxyzzzw",
            "xxy",
            "xxyzw",
        ] {
            assert_eq!(
                ours.parse("a", s).map(|p| p.as_str().to_string()).ok(),
                theirs.parse("a", s).map(|p| p.as_str().to_string()).ok(),
                "{s}"
            );
        }
        assert!(ours.parse("a", "xxyyyzzww").is_ok());
        assert!(ours.parse("a", "xyw").is_err());
    }

    /// The phrase grammar as the vocabulary compiles it (the English grammar plus one rule
    /// per phrase of the repository's Battle Spirits packs and of the dsl's tests) reads
    /// every sentence of the original corpus, and sentences made for the phrases, into the
    /// same pairs (rule, start, end) with or without pest_meta's optimiser, for every
    /// phrase rule and the English `sentence`, `target_only` and `filter_only`.
    #[test]
    fn the_phrase_grammar_reads_the_same_pairs_without_the_optimiser() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut templates = vec![
            "Gather {n:number} sparks".to_string(),
            "Scorch {t:target} for {x:number}".into(),
            "Count {f:filter} twice".into(),
            "Glow {c:colour} {d:duration}".into(),
            "Should you rule the skies, {s:sentence}".into(),
            "Call the {f:family} choir".into(),
        ];
        for pack in ["battle-spirits-saga", "battle-spirits-demo-expansion"] {
            let dir = root.join("scripts").join(pack).join("phrases");
            let mut files: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            for f in files {
                for line in std::fs::read_to_string(&f).unwrap().lines() {
                    if let Some(t) = line.trim_start_matches("- ").strip_prefix("template: ") {
                        templates.push(t.trim().trim_matches('"').to_string());
                    }
                }
            }
        }
        assert!(templates.len() >= 14, "{templates:?}");
        let mut rules = String::new();
        for (i, t) in templates.iter().enumerate() {
            let pieces = crate::template::parse_template(t, "").unwrap();
            rules.push_str(&crate::template::phrase_rule(i, &pieces));
        }
        let en = include_str!("grammar/en.pest");
        let grammar = format!("{en}\n{rules}");
        let ours = pest_vm::Vm::new(compile_with_en(en, &rules).unwrap());
        let whole = pest_vm::Vm::new(compile(&grammar).unwrap());
        let (_, optimised) = pest_meta::parse_and_optimize(&grammar).unwrap();
        let theirs = pest_vm::Vm::new(optimised);
        let corpus = std::fs::read_to_string(root.join("dsl/tests/texts/en_original.txt")).unwrap();
        let mut sentences: Vec<String> = corpus
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .flat_map(|l| {
                // Without the level and timing labels, one sentence at a time.
                let body = l.rsplit(')').next().unwrap_or(l).to_string();
                body.split(". ")
                    .map(|s| s.trim().to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        sentences.extend(
            [
                "Gather 3 sparks.",
                "Scorch target spirit for 2",
                "Count your spirits twice.",
                "Glow red until end of turn.",
                "Should you rule the skies, draw 1 card.",
                "Call the Dragon choir.",
                "Chain Blue: Draw 1 card.",
                "Chain Red: Destroy 1 opposing spirit with 3000 BP or less.",
                "chain purple draw 1 card",
                "If the tide is high, draw 2 cards.",
                "Recall 2 blue echoes.",
                "This spirit resonates.",
                "Each of your spirits resonates!",
                "Gather 4 tide cores.",
                "Swell 1 of your spirits by 3000 BP until end of turn.",
                "Siphon a core from 1 opposing spirit.",
                "Calm opposing spirits until end of turn.",
                "Hum the Warrior hymn.",
                "Hum the  hymn.",
                "",
            ]
            .map(String::from),
        );
        let pairs = |vm: &pest_vm::Vm, rule: &str, s: &str| {
            vm.parse(rule, s).ok().map(|p| {
                p.flatten()
                    .map(|x| {
                        (
                            x.as_rule().to_string(),
                            x.as_span().start(),
                            x.as_span().end(),
                        )
                    })
                    .collect::<Vec<_>>()
            })
        };
        let mut read = 0;
        let names: Vec<String> = (0..templates.len())
            .map(|i| format!("phrase_{i}"))
            .chain(["sentence", "target_only", "filter_only"].map(String::from))
            .collect();
        for s in &sentences {
            for rule in &names {
                let a = pairs(&ours, rule, s);
                assert_eq!(a, pairs(&theirs, rule, s), "{rule} on {s:?}");
                assert_eq!(a, pairs(&whole, rule, s), "{rule} on {s:?}");
                read += usize::from(a.is_some());
            }
        }
        // The comparison is about sentences that are read, not only about failures.
        assert!(read >= sentences.len() / 2, "{read} of {}", sentences.len());
    }

    /// Phrase rules checked apart from the English grammar are checked as strictly as
    /// with it: an unknown rule, left recursion, a rule defined twice or taking an English
    /// rule's name are still errors (the last through the whole-grammar path).
    #[test]
    fn phrase_rules_checked_apart_fail_as_the_whole_grammar_fails() {
        let en = include_str!("grammar/en.pest");
        for bad in [
            "phrase_0 = { SOI ~ no_such_rule ~ EOI }",
            "phrase_0 = { phrase_0 ~ target }",
            "phrase_0 = { target }\nphrase_0 = { target }",
            "target = { \"x\" }",
            "phrase_0 = { SOI ~ ^\"gather\" ~ ",
        ] {
            let apart = compile_with_en(en, bad).map(|_| ()).map_err(|e| e.len());
            let whole = compile(&format!("{en}\n{bad}"))
                .map(|_| ())
                .map_err(|e| e.len());
            assert!(apart.is_err(), "{bad}");
            assert_eq!(apart.is_err(), whole.is_err(), "{bad}");
        }
        assert!(compile_with_en(en, "phrase_0 = { SOI ~ ^\"gather\" ~ number ~ EOI }").is_ok());
    }
}
