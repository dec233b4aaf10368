//! Who may do what in `cardscript serve` (`docs/serve.md` "Security"): the seat tokens, and
//! which request a server on the loopback interface answers at all (the `Host` and
//! `Origin` checks against DNS rebinding and other sites' pages).

use std::net::IpAddr;

/// A new seat token: 128 bits from the operating system's random source, as 32 hex digits.
/// The OS source (through `getrandom`), not the game's seeded generator: a token must not
/// follow from anything a caller can see, and a seed is in every replay file.
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random source for a seat token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `given` is `token`, in time that does not depend on where they first differ
/// (a caller cannot learn a token a digit at a time by timing refusals).
pub fn same_token(given: &str, token: &str) -> bool {
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// The tokens a request carries: `Authorization: Bearer T[,T]` and/or `?token=T[,T]` (a
/// link, such as the replay download, cannot set a header).
pub fn tokens_of(authorization: Option<&str>, query: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(rest) = authorization.and_then(|a| a.strip_prefix("Bearer ")) {
        out.extend(rest.split(',').map(|t| t.trim().to_string()));
    }
    for pair in query.unwrap_or("").split('&') {
        if let Some(v) = pair.strip_prefix("token=") {
            out.extend(v.split(',').map(|t| t.trim().to_string()));
        }
    }
    out.retain(|t| !t.is_empty());
    out
}

/// The value of query parameter `name`, if given.
pub fn query_param<'a>(query: Option<&'a str>, name: &str) -> Option<&'a str> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
}

/// The address the server listens on, which a request must name.
#[derive(Clone, Copy)]
pub struct Bound {
    pub ip: IpAddr,
    pub port: u16,
}

impl Bound {
    /// Whether `host` (a `Host` header, or an `Origin`'s host and port) names this server:
    /// its port, and its address or `localhost`. A DNS name other than `localhost` is
    /// refused: that is how a rebinding attack reaches a loopback server from a web page
    /// whose own name now resolves to 127.0.0.1.
    pub fn names_me(&self, host: &str) -> bool {
        let Some((name, port)) = host.rsplit_once(':') else {
            return false;
        };
        if port.parse::<u16>().ok() != Some(self.port) {
            return false;
        }
        let name = name.trim_start_matches('[').trim_end_matches(']');
        if name.eq_ignore_ascii_case("localhost") {
            return self.ip.is_loopback() || self.ip.is_unspecified();
        }
        match name.parse::<IpAddr>() {
            Ok(ip) => ip == self.ip || self.ip.is_unspecified(),
            Err(_) => false,
        }
    }

    /// Why a request with these `Host` and `Origin` headers is refused, if it is: a missing
    /// or foreign `Host`, or an `Origin` that is not `http://` and a host this server is.
    pub fn refuses(&self, host: Option<&str>, origin: Option<&str>) -> Option<String> {
        match host {
            Some(h) if self.names_me(h) => {}
            Some(h) => return Some(format!("the Host `{h}` is not this server's address")),
            None => return Some("a request must name this server in its Host header".into()),
        }
        match origin {
            None => None,
            Some(o) if o.strip_prefix("http://").is_some_and(|h| self.names_me(h)) => None,
            Some(o) => Some(format!(
                "requests from the origin `{o}` are refused: only this server's own page may call the API"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_bound_address_and_port_are_this_server() {
        let b = Bound {
            ip: "127.0.0.1".parse().unwrap(),
            port: 8080,
        };
        assert!(b.names_me("127.0.0.1:8080"));
        assert!(b.names_me("localhost:8080"));
        assert!(!b.names_me("127.0.0.1:8081"));
        assert!(!b.names_me("evil.example:8080"));
        assert!(!b.names_me("127.0.0.1"));
        assert_eq!(b.refuses(Some("localhost:8080"), None), None);
        assert!(b.refuses(None, None).is_some());
        assert!(
            b.refuses(Some("127.0.0.1:8080"), Some("http://evil.example"))
                .is_some()
        );
        assert!(b.refuses(Some("127.0.0.1:8080"), Some("null")).is_some());
        assert_eq!(
            b.refuses(Some("127.0.0.1:8080"), Some("http://localhost:8080")),
            None
        );
    }

    #[test]
    fn tokens_come_from_the_header_and_the_query() {
        assert_eq!(
            tokens_of(Some("Bearer a1,b2"), Some("since=3&token=c3")),
            ["a1", "b2", "c3"]
        );
        assert!(tokens_of(Some("Basic xyz"), None).is_empty());
        let t = new_token().unwrap();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token().unwrap());
        assert!(same_token(&t, &t.clone()));
        assert!(!same_token(&t, &t[..31]));
    }
}
