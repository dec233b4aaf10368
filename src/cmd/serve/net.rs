//! The connections of `cardscript serve`, bounded (`docs/serve.md` "Limits"): at most so
//! many open at once (past it a new one gets a 503 and is closed), and each closed when
//! it sends nothing for the read timeout (a half-sent request, or an idle keep-alive).

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;

/// The answer to a connection past the limit, written as it is closed.
fn full() -> String {
    let body = r#"{"error":"too many connections: try again when one has closed"}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
         Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// A listener that accepts at most `max` connections at once.
pub struct Bounded {
    pub listener: TcpListener,
    pub max: usize,
    pub read_timeout: Duration,
    open: Arc<AtomicUsize>,
    /// Whether the last connection was refused (a refusal is logged once per burst).
    refusing: bool,
}

impl Bounded {
    /// `listener`, bounded.
    pub fn new(listener: TcpListener, max: usize, read_timeout: Duration) -> Bounded {
        Bounded {
            listener,
            max,
            read_timeout,
            open: Arc::new(AtomicUsize::new(0)),
            refusing: false,
        }
    }
}

impl axum::serve::Listener for Bounded {
    type Io = Guarded;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Guarded, SocketAddr) {
        loop {
            let (stream, addr) = match self.listener.accept().await {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors and the like: wait and go on, never exit.
                    eprintln!("serve: cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            if self.open.load(Ordering::Acquire) >= self.max {
                if !self.refusing {
                    eprintln!(
                        "serve: {} connections open (--max-connections): refusing new ones",
                        self.max
                    );
                }
                self.refusing = true;
                // The small answer fits the socket's buffer; if not, closing says enough.
                let _ = stream.try_write(full().as_bytes());
                continue;
            }
            self.refusing = false;
            self.open.fetch_add(1, Ordering::AcqRel);
            let _ = stream.set_nodelay(true);
            return (
                Guarded {
                    stream,
                    open: self.open.clone(),
                    timeout: self.read_timeout,
                    idle: None,
                },
                addr,
            );
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// An accepted connection: counted until dropped, and failed with `TimedOut` when a read
/// waits longer than the timeout.
pub struct Guarded {
    stream: TcpStream,
    open: Arc<AtomicUsize>,
    timeout: Duration,
    /// Armed while a read waits.
    idle: Option<Pin<Box<Sleep>>>,
}

impl Drop for Guarded {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::AcqRel);
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(r) => {
                this.idle = None;
                Poll::Ready(r)
            }
            Poll::Pending => {
                let timeout = this.timeout;
                let idle = this
                    .idle
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                match idle.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "nothing read for the read timeout",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        // Writing an answer is activity too: the wait for the next request starts afresh.
        self.idle = None;
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.idle = None;
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
