//! Japanese card text → [`EffectText`] (stub, filled below).
use crate::ParseOutcome;
use crate::ast::EffectText;
pub(crate) fn parse_printed(_text: &str) -> ParseOutcome {
    ParseOutcome::finish(EffectText::default(), true, Vec::new())
}
pub(crate) fn parse_structured(
    _levels: &[u8],
    _condition: Option<&str>,
    _keywords: &[(String, Option<String>)],
    _steps: &[String],
    _details: &str,
) -> ParseOutcome {
    ParseOutcome::finish(EffectText::default(), true, Vec::new())
}
