//! `cardscript serve`: play in the browser (issue 18, `docs/serve.md`). A small HTTP server
//! on the loopback interface serves one page (plain HTML, CSS and JavaScript compiled into
//! the binary) and a JSON API. The server keeps every game; the page only shows what the
//! API returns and sends the option a person clicks.
//!
//! Games are the plain driver's (`engine::driver`) through the protocol's `Session`, the
//! same stepping as `play --protocol jsonl`. A game holds script engines that stay on one
//! thread, so all games live on one game thread ([`games`]) and the HTTP handlers send it
//! calls over a channel.

mod games;

use std::net::{IpAddr, SocketAddr};
use std::sync::mpsc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use clap::Args;

use super::source::SourceArgs;
use games::{Call, Games, Reply};

type Error = Box<dyn std::error::Error>;

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// `cardscript serve` arguments.
#[derive(Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    /// The TCP port (0: any free port; the first line printed names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (the loopback interface unless told otherwise: the server
    /// has no accounts and trusts every request).
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
}

type Tx = mpsc::Sender<(Call, mpsc::Sender<Reply>)>;

/// Serves until the process is stopped. The first line on stdout is
/// `listening on http://ADDR:PORT`. Errors: the catalogue cannot be read or prepared, or
/// the address cannot be bound.
pub fn run(args: ServeArgs) -> Result<(), Error> {
    let listener = std::net::TcpListener::bind(SocketAddr::new(args.bind, args.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.bind, args.port))?;
    listener.set_nonblocking(true)?;
    let (tx, rx) = mpsc::channel::<(Call, mpsc::Sender<Reply>)>();
    // The games are made and played on their own thread; it first says whether the
    // catalogue opened.
    let (ready_tx, ready_rx) = mpsc::channel::<Result<(), String>>();
    let source = args.source.clone();
    std::thread::spawn(move || match Games::open(&source) {
        Ok(games) => {
            let _ = ready_tx.send(Ok(()));
            games.serve(rx);
        }
        Err(e) => {
            let _ = ready_tx.send(Err(e.to_string()));
        }
    });
    ready_rx
        .recv()
        .map_err(|_| "the game thread stopped while opening the catalogue")??;
    say!("listening on http://{}", listener.local_addr()?);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        axum::serve(listener, router(tx)).await
    })?;
    Ok(())
}

fn router(tx: Tx) -> Router {
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route(
            "/page.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript")], SCRIPT) }),
        )
        .route(
            "/page.css",
            get(|| async { ([(header::CONTENT_TYPE, "text/css")], STYLE) }),
        )
        .route(
            "/api/decks",
            get(|State(tx): State<Tx>| ask(tx, Call::Decks)),
        )
        .route(
            "/api/games",
            post(|State(tx): State<Tx>, body: String| ask(tx, Call::NewGame(body))),
        )
        .route(
            "/api/games/{id}",
            get(
                |State(tx): State<Tx>, GameId(id): GameId, Query(q): Query<Since>| async move {
                    match q.since.as_deref().map(str::parse::<usize>) {
                        None => ask(tx, Call::State(id, 0)).await,
                        Some(Ok(since)) => ask(tx, Call::State(id, since)).await,
                        Some(Err(_)) => json_error(
                            StatusCode::BAD_REQUEST,
                            "`since` must be a log position (a number)".into(),
                        ),
                    }
                },
            ),
        )
        .route(
            "/api/games/{id}/answer",
            post(|State(tx): State<Tx>, GameId(id): GameId, body: String| {
                ask(tx, Call::Answer(id, body))
            }),
        )
        .route(
            "/api/games/{id}/replay",
            get(|State(tx): State<Tx>, GameId(id): GameId| ask(tx, Call::Replay(id))),
        )
        .route(
            "/api/games/{id}/log",
            get(|State(tx): State<Tx>, GameId(id): GameId| ask(tx, Call::Log(id))),
        )
        .route(
            "/api/replays",
            post(|State(tx): State<Tx>, body: String| ask(tx, Call::LoadReplay(body))),
        )
        .fallback(|| async {
            json_error(
                StatusCode::NOT_FOUND,
                "no such API call (docs/serve.md lists them)".into(),
            )
        })
        .with_state(tx)
}

/// `?since=N`, read as text so that a bad value gets a JSON error, not axum's plain text.
#[derive(serde::Deserialize)]
struct Since {
    since: Option<String>,
}

/// A game id from the path (`/api/games/{id}/…`). One that is not a number names no game:
/// 404 with `{"error": …}`, as every API error (docs/serve.md), not axum's plain text.
struct GameId(usize);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for GameId {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Response> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        raw.parse().map(GameId).map_err(|_| {
            json_error(
                StatusCode::NOT_FOUND,
                format!("no game `{raw}` (a game id is a number)"),
            )
        })
    }
}

/// `{"error": message}` with `status`.
fn json_error(status: StatusCode, message: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::json!({ "error": message }).to_string(),
    )
        .into_response()
}

/// Sends `call` to the game thread and turns its reply into a response. The wait is short
/// (one answer and the robots' moves), so it blocks the one runtime thread.
async fn ask(tx: Tx, call: Call) -> Response {
    let (reply_tx, reply_rx) = mpsc::channel();
    let reply = match tx.send((call, reply_tx)) {
        Ok(()) => reply_rx.recv().unwrap_or_else(|_| Reply::gone()),
        Err(_) => Reply::gone(),
    };
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut headers = vec![(header::CONTENT_TYPE, reply.content_type.to_string())];
    if let Some(name) = reply.attachment {
        headers.push((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ));
    }
    let mut response = (status, reply.body).into_response();
    for (k, v) in headers {
        if let Ok(v) = v.parse() {
            response.headers_mut().insert(k, v);
        }
    }
    response
}
