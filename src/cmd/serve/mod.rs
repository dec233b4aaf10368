//! `cardscript serve`: play in the browser (`docs/serve.md`). A small HTTP server
//! on the loopback interface serves one page (plain HTML, CSS and JavaScript compiled into
//! the binary) and a JSON API. The server keeps the games (up to a limit); the page only
//! shows what the API returns and sends the option a person clicks. Requests from other
//! sites' pages are refused and each seat has its own token ([`access`]); connections are
//! bounded ([`net`]).
//!
//! Games are the plain driver's (`engine::driver`) through the protocol's `Session`, the
//! same stepping as `play --protocol jsonl`. A game holds script engines that stay on one
//! thread, so all games live on one game thread ([`games`]) and the HTTP handlers send it
//! calls over a channel.

mod access;
mod games;
mod net;
mod workshop;

use std::net::{IpAddr, SocketAddr};
use std::sync::mpsc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use clap::Args;

use super::source::SourceArgs;
use access::{Bound, query_param, tokens_of};
use games::{Call, GameCall, Games, Limits, Reply};

type Error = Box<dyn std::error::Error>;

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const BOARD: &str = include_str!("board.js");
const STYLE: &str = include_str!("page.css");

/// The largest request body read (a replay file of a long game is some tens of KiB).
pub const MAX_BODY: usize = 1 << 20;

/// `cardscript serve` arguments.
#[derive(Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub source: SourceArgs,
    /// The TCP port (0: any free port; the first line printed names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (the loopback interface unless told otherwise: the server
    /// has no accounts; seat tokens keep one seat from another, not strangers out).
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Connections open at once at most; past it a new one gets a 503 and is closed.
    #[arg(long, default_value_t = 64)]
    pub max_connections: usize,
    /// Seconds a connection may send nothing (a half-sent request, an idle keep-alive)
    /// before it is closed.
    #[arg(long, default_value_t = 10)]
    pub read_timeout: u64,
    /// Games kept at most: a new one past it evicts a finished game, else the one idle
    /// longest (see --game-idle), else is refused with a 503.
    #[arg(long, default_value_t = 1000)]
    pub max_games: usize,
    /// Seconds an unfinished game must have been idle before a new game may evict it.
    #[arg(long, default_value_t = 3600)]
    pub game_idle: u64,
    /// Let the workshop (`/workshop`, docs/workshop.md) edit this pack folder's cards and
    /// decks: only it is ever written. Served as one of the packs (added after the
    /// `--pack` folders when not among them). Without it the workshop only reads.
    #[arg(long, value_name = "DIR")]
    pub edit: Option<std::path::PathBuf>,
    /// More scenario folders the workshop lists on card pages and runs (each pack
    /// folder's `tests/` always), e.g. `tests/rulings`.
    #[arg(long = "scenarios", value_name = "DIR")]
    pub scenarios: Vec<std::path::PathBuf>,
}

type Tx = mpsc::Sender<(Call, mpsc::Sender<Reply>)>;

/// Serves until the process is stopped; a failing connection or call is logged on stderr
/// and the server goes on. The first line on stdout is
/// `listening on http://ADDR:PORT`. Errors: the catalogue cannot be read or prepared, or
/// the address cannot be bound.
pub fn run(mut args: ServeArgs) -> Result<(), Error> {
    let edit = match &args.edit {
        Some(dir) => {
            let root = dir
                .canonicalize()
                .map_err(|e| format!("--edit {}: {e}", dir.display()))?;
            if !root.join("pack.yaml").is_file() {
                return Err(
                    format!("--edit {}: not a pack folder (no pack.yaml)", dir.display()).into(),
                );
            }
            let known =
                (args.source.packs.iter()).any(|p| p.canonicalize().is_ok_and(|c| c == root));
            if !known {
                if args.source.db.is_some() {
                    return Err(
                        "--edit serves the pack folder it edits: use --pack, not --db".into(),
                    );
                }
                args.source.packs.push(dir.clone());
            }
            Some(root)
        }
        None => None,
    };
    let listener = std::net::TcpListener::bind(SocketAddr::new(args.bind, args.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.bind, args.port))?;
    listener.set_nonblocking(true)?;
    let local = listener.local_addr()?;
    let bound = Bound {
        ip: local.ip(),
        port: local.port(),
    };
    let limits = Limits {
        max_games: args.max_games.max(1),
        idle: Duration::from_secs(args.game_idle),
    };
    let (tx, rx) = mpsc::channel::<(Call, mpsc::Sender<Reply>)>();
    // The games are made and played on their own thread; it first says whether the
    // catalogue opened.
    let (ready_tx, ready_rx) = mpsc::channel::<Result<(), String>>();
    let source = args.source.clone();
    std::thread::spawn(move || match Games::open(&source, limits) {
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
    say!("listening on http://{local}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    let read_timeout = Duration::from_secs(args.read_timeout.max(1));
    let shop = workshop::start(
        args.source.clone(),
        edit,
        args.scenarios.clone(),
        tx.clone(),
    )?;
    let app = router(tx, bound, shop);
    runtime.block_on(async move {
        let mut listener = net::Bounded::new(
            tokio::net::TcpListener::from_std(listener)?,
            args.max_connections.max(1),
            read_timeout,
        );
        loop {
            let (io, _) = axum::serve::Listener::accept(&mut listener).await;
            let service = hyper_util::service::TowerToHyperService::new(app.clone());
            tokio::spawn(async move {
                // The whole head must arrive within the read timeout, however it trickles;
                // a stalled body or an idle keep-alive is `net::Guarded`'s to close.
                // A closed or timed-out connection is the client's doing, not a failure.
                let _ = hyper::server::conn::http1::Builder::new()
                    .timer(hyper_util::rt::TokioTimer::new())
                    .header_read_timeout(read_timeout)
                    .serve_connection(hyper_util::rt::TokioIo::new(io), service)
                    .await;
            });
        }
    })
}

fn router(tx: Tx, bound: Bound, shop: Router) -> Router {
    let api_error =
        |status, message: &'static str| move || async move { json_error(status, message.into()) };
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route(
            "/page.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript")], SCRIPT) }),
        )
        .route(
            "/board.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript")], BOARD) }),
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
            post(|State(tx): State<Tx>, JsonText(body): JsonText| ask(tx, Call::NewGame(body))),
        )
        .route(
            "/api/games/{id}",
            get(|State(tx): State<Tx>, g: GameReq| async move {
                match query_param(g.query.as_deref(), "since").map(str::parse::<usize>) {
                    None => g.ask(tx, GameCall::State(0)).await,
                    Some(Ok(since)) => g.ask(tx, GameCall::State(since)).await,
                    Some(Err(_)) => json_error(
                        StatusCode::BAD_REQUEST,
                        "`since` must be a log position (a number)".into(),
                    ),
                }
            }),
        )
        .route(
            "/api/games/{id}/answer",
            post(
                |State(tx): State<Tx>, g: GameReq, JsonText(body): JsonText| {
                    g.ask(tx, GameCall::Answer(body))
                },
            ),
        )
        .route(
            "/api/games/{id}/join",
            post(
                |State(tx): State<Tx>, g: GameReq, JsonText(body): JsonText| {
                    g.ask(tx, GameCall::Join(body))
                },
            ),
        )
        .route(
            "/api/games/{id}/replay",
            get(|State(tx): State<Tx>, g: GameReq| g.ask(tx, GameCall::Replay)),
        )
        .route(
            "/api/games/{id}/log",
            get(|State(tx): State<Tx>, g: GameReq| g.ask(tx, GameCall::Log)),
        )
        .route(
            "/api/try",
            post(|State(tx): State<Tx>, JsonText(body): JsonText| ask(tx, Call::TryCard(body))),
        )
        .route(
            "/api/replays",
            post(|State(tx): State<Tx>, JsonText(body): JsonText| ask(tx, Call::LoadReplay(body))),
        )
        .fallback(api_error(
            StatusCode::NOT_FOUND,
            "no such API call (docs/serve.md lists them)",
        ))
        .method_not_allowed_fallback(api_error(
            StatusCode::METHOD_NOT_ALLOWED,
            "this call does not take that method (docs/serve.md lists them)",
        ))
        .with_state(tx)
        .merge(shop)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(bound, guard))
}

/// Refuses (403) a request that does not name this server in `Host` (DNS rebinding) or
/// comes from another site's page (`Origin`), before any route sees it.
async fn guard(State(bound): State<Bound>, req: Request, next: Next) -> Response {
    let refusal = {
        let header = |name| {
            req.headers()
                .get(name)
                .map(|v| v.to_str().unwrap_or("\u{fffd}"))
        };
        // HTTP/1.1 names the host in the request line's URI when it is absolute.
        let host = header(header::HOST).or(req.uri().authority().map(|a| a.as_str()));
        bound.refuses(host, header(header::ORIGIN))
    };
    match refusal {
        Some(why) => json_error(StatusCode::FORBIDDEN, why),
        None => next.run(req).await,
    }
}

/// A write's body: JSON text (`Content-Type: application/json`, else 415), at most
/// [`MAX_BODY`] bytes (else 413), UTF-8 (else 400); every refusal a JSON error.
struct JsonText(String);

impl<S: Send + Sync> FromRequest<S> for JsonText {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Response> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Err(json_error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a write's body must be JSON, sent as Content-Type: application/json".into(),
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|r| {
            let status = r.status();
            let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
                format!("the body is larger than the limit of {MAX_BODY} bytes")
            } else {
                r.body_text()
            };
            json_error(status, message)
        })?;
        String::from_utf8(bytes.to_vec())
            .map(JsonText)
            .map_err(|e| {
                json_error(
                    StatusCode::BAD_REQUEST,
                    format!("the body is not UTF-8 text: {e}"),
                )
            })
    }
}

/// A call on one game: its id from the path (`/api/games/{id}/…`) and the seat tokens of
/// the request (`Authorization: Bearer T[,T]` or `?token=T[,T]`). An id that is not a
/// number names no game: 404 with `{"error": …}`, as every API error.
struct GameReq {
    id: usize,
    tokens: Vec<String>,
    query: Option<String>,
}

impl GameReq {
    async fn ask(self, tx: Tx, call: GameCall) -> Response {
        ask(tx, Call::Game(self.id, self.tokens, call)).await
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for GameReq {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Response> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|r| json_error(r.status(), r.body_text()))?;
        let id = raw.parse().map_err(|_| {
            json_error(
                StatusCode::NOT_FOUND,
                format!("no game `{raw}` (a game id is a number)"),
            )
        })?;
        let headers: &HeaderMap = &parts.headers;
        let uri: &Uri = &parts.uri;
        let authorization = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        Ok(GameReq {
            id,
            tokens: tokens_of(authorization, uri.query()),
            query: uri.query().map(str::to_string),
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
