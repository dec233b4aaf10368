//! The card workshop of `cardscript serve` (`docs/workshop.md`): pages beside the game to
//! browse the catalogue, read what the engine understood of each card, run the packs'
//! scenarios and build decks, and, only with `--edit DIR`, to edit that one pack folder's
//! cards and decks. Its own thread ([`shop`]) holds a catalogue and card library of its
//! own (script engines stay on one thread), opened at its first call and rebuilt after
//! each save, when the game thread reads it again too (games in play keep their cards).
//!
//! Security is the game's: every request passes the `Host`/`Origin` guard of the server
//! ([`super::access`]); every `POST` also needs the workshop token the page carries
//! (`Authorization: Bearer T`), a fresh random one per server start that another site's
//! page cannot read. Writes go only inside the `--edit` folder ([`paths`]).

mod edit;
mod paths;
mod shop;
mod tests_run;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};

use super::JsonText;
use super::access::{same_token, tokens_of};
use super::games::Reply;
use crate::cmd::source::SourceArgs;

const PAGE: &str = include_str!("workshop.html");
const SCRIPT: &str = include_str!("workshop.js");
const FACE: &str = include_str!("face.js");
const EDITOR: &str = include_str!("editor.js");
const STYLE: &str = include_str!("workshop.css");

/// One workshop call, answered on the workshop thread.
pub enum Call {
    /// `GET /api/workshop/info`.
    Info,
    /// `GET /api/workshop/search?…` with its query parameters.
    Search(BTreeMap<String, String>),
    /// `GET /api/workshop/cards/{id}`.
    Card(String),
    /// `POST /api/workshop/check` `{path, text}`: the edit checked, nothing written.
    Check(String),
    /// `POST /api/workshop/save` `{path, text}`.
    Save(String),
    /// `POST /api/workshop/test` `{file}` (absent: every scenario of the packs).
    Test(String),
    /// `POST /api/workshop/deck/check` `{text, format}`.
    DeckCheck(String),
    /// `POST /api/workshop/deck/save` `{name, text}`.
    DeckSave(String),
}

type Tx = mpsc::Sender<(Call, mpsc::Sender<Reply>)>;

#[derive(Clone)]
struct Ws {
    tx: Tx,
    token: std::sync::Arc<String>,
}

/// Starts the workshop thread on the catalogue `source` names (`edit`: the one folder it
/// may write, which is one of `source`'s packs; `scenarios`: more scenario folders to list;
/// `games`: the game thread, told to read the catalogue again after a save) and returns
/// its routes. Errors: no random source for the token.
pub fn start(
    source: SourceArgs,
    edit: Option<PathBuf>,
    scenarios: Vec<PathBuf>,
    games: super::Tx,
) -> Result<Router, String> {
    let token = super::access::new_token()?;
    let (tx, rx) = mpsc::channel::<(Call, mpsc::Sender<Reply>)>();
    std::thread::spawn(move || shop::Shop::serve(source, edit, scenarios, games, rx));
    Ok(router(Ws {
        tx,
        token: std::sync::Arc::new(token),
    }))
}

fn router(ws: Ws) -> Router {
    let js = |body: &'static str| {
        move || async move { ([(header::CONTENT_TYPE, "text/javascript")], body) }
    };
    Router::new()
        .route(
            "/workshop",
            get(|State(ws): State<Ws>| async move { Html(PAGE.replace("{{TOKEN}}", &ws.token)) }),
        )
        .route("/workshop.js", get(js(SCRIPT)))
        .route("/face.js", get(js(FACE)))
        .route("/editor.js", get(js(EDITOR)))
        .route(
            "/workshop.css",
            get(|| async { ([(header::CONTENT_TYPE, "text/css")], STYLE) }),
        )
        .route(
            "/api/workshop/info",
            get(|State(ws): State<Ws>| ask(ws.tx, Call::Info)),
        )
        .route(
            "/api/workshop/search",
            get(
                |State(ws): State<Ws>, Query(q): Query<BTreeMap<String, String>>| {
                    ask(ws.tx, Call::Search(q))
                },
            ),
        )
        .route(
            "/api/workshop/cards/{id}",
            get(|State(ws): State<Ws>, Path(id): Path<String>| ask(ws.tx, Call::Card(id))),
        )
        .route(
            "/api/workshop/check",
            post(|s: State<Ws>, h: HeaderMap, b: JsonText| checked(s, h, b, Call::Check)),
        )
        .route(
            "/api/workshop/save",
            post(|s: State<Ws>, h: HeaderMap, b: JsonText| checked(s, h, b, Call::Save)),
        )
        .route(
            "/api/workshop/test",
            post(|s: State<Ws>, h: HeaderMap, b: JsonText| checked(s, h, b, Call::Test)),
        )
        .route(
            "/api/workshop/deck/check",
            post(|s: State<Ws>, h: HeaderMap, b: JsonText| checked(s, h, b, Call::DeckCheck)),
        )
        .route(
            "/api/workshop/deck/save",
            post(|s: State<Ws>, h: HeaderMap, b: JsonText| checked(s, h, b, Call::DeckSave)),
        )
        .with_state(ws)
}

/// A `POST`: the workshop token checked, then `call` with the body.
async fn checked(
    State(ws): State<Ws>,
    headers: HeaderMap,
    JsonText(body): JsonText,
    call: fn(String) -> Call,
) -> Response {
    let auth = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    let given = tokens_of(auth, None);
    if given.is_empty() {
        return error(
            StatusCode::UNAUTHORIZED,
            "a workshop write needs the page's token (Authorization: Bearer TOKEN)",
        );
    }
    if !given.iter().any(|g| same_token(g, &ws.token)) {
        return error(
            StatusCode::FORBIDDEN,
            "that is not this server's workshop token",
        );
    }
    ask(ws.tx, call(body)).await
}

fn error(status: StatusCode, message: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::json!({ "error": message }).to_string(),
    )
        .into_response()
}

async fn ask(tx: Tx, call: Call) -> Response {
    let (reply_tx, reply_rx) = mpsc::channel();
    let reply = match tx.send((call, reply_tx)) {
        Ok(()) => reply_rx.recv().unwrap_or_else(|_| Reply::gone()),
        Err(_) => Reply::gone(),
    };
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [(header::CONTENT_TYPE, reply.content_type)],
        reply.body,
    )
        .into_response()
}
