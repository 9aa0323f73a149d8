//! Chromium driven over its DevTools protocol on a pair of pipes (`--remote-debugging-pipe`):
//! JSON messages ended by a NUL byte, Chromium reading ours on its fd 3 and writing on its fd 4.
//! No port, no WebSocket, no browser download: Debian's `chromium` as installed.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A reply or an event past this is a hang: the test fails instead of waiting forever.
const DEADLINE: Duration = Duration::from_secs(120);

/// The installed Chromium, if any.
pub fn chromium() -> Option<&'static str> {
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .into_iter()
    .find(|p| std::path::Path::new(p).exists())
}

/// One headless Chromium with one page open, and what the page did.
pub struct Browser {
    child: Child,
    commands: std::io::PipeWriter,
    replies: Receiver<Value>,
    next: u64,
    page_id: String,
    profile: std::path::PathBuf,
    /// Every event seen, in order.
    pub events: Vec<Value>,
    /// The addresses opened, without their fragments.
    opened: Vec<String>,
}

impl Browser {
    /// Starts Chromium on an empty profile of its own, with one page of `width` × `height`.
    pub fn start(binary: &str, width: u32, height: u32) -> Browser {
        static STARTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("chromium-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        let (ours_read, theirs_write) = std::io::pipe().unwrap();
        let (theirs_read, ours_write) = std::io::pipe().unwrap();
        let (read_fd, write_fd) = (theirs_read.as_raw_fd(), theirs_write.as_raw_fd());
        let mut command = Command::new(binary);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                &format!("--window-size={width},{height}"),
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(profile.with_extension("log")).unwrap());
        // SAFETY: between fork and exec only fcntl and dup2, which are async-signal-safe. The
        // pipes are first copied above fd 10, so that neither lands on the other's new place;
        // the new fds 3 and 4 are the protocol's (dup2 clears their close-on-exec flag).
        unsafe {
            command.pre_exec(move || {
                let read = libc::fcntl(read_fd, libc::F_DUPFD_CLOEXEC, 10);
                let write = libc::fcntl(write_fd, libc::F_DUPFD_CLOEXEC, 10);
                if read < 0 || write < 0 || libc::dup2(read, 3) < 0 || libc::dup2(write, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("chromium starts");
        drop((theirs_read, theirs_write));
        let (sender, replies) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(ours_read);
            let mut message = Vec::new();
            loop {
                message.clear();
                match reader.read_until(0, &mut message) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                message.pop();
                let Ok(value) = serde_json::from_slice::<Value>(&message) else {
                    continue;
                };
                if sender.send(value).is_err() {
                    return;
                }
            }
        });
        let mut browser = Browser {
            child,
            commands: ours_write,
            replies,
            next: 0,
            page_id: String::new(),
            profile,
            events: Vec::new(),
            opened: Vec::new(),
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_owned();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        browser.page_id = attached["sessionId"].as_str().unwrap().to_owned();
        for domain in ["Page", "Runtime", "Network", "Log"] {
            browser.call(&format!("{domain}.enable"), json!({}));
        }
        browser.resize(width, height);
        browser
    }

    /// Sends a command (to the page once attached to it) and waits for its reply.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.page_id.is_empty() {
            message["sessionId"] = json!(self.page_id);
        }
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.commands.write_all(&bytes).expect("chromium reads");
        loop {
            let value = self
                .replies
                .recv_timeout(DEADLINE)
                .unwrap_or_else(|e| panic!("no reply to {method} ({e}): {}", self.log()));
            if value["id"].as_u64() == Some(id) {
                if let Some(error) = value.get("error") {
                    panic!("{method}: {error}");
                }
                return value["result"].clone();
            }
            self.events.push(value);
        }
    }

    /// Waits for the event `method`, seen already or to come.
    fn wait_for(&mut self, method: &str, from: usize) {
        if self.events[from..].iter().any(|e| e["method"] == method) {
            return;
        }
        loop {
            let value = self
                .replies
                .recv_timeout(DEADLINE)
                .unwrap_or_else(|e| panic!("no {method} ({e}): {}", self.log()));
            let found = value["method"] == method;
            self.events.push(value);
            if found {
                return;
            }
        }
    }

    /// Opens `url` and waits for its load event.
    pub fn open(&mut self, url: &str) {
        let from = self.events.len();
        self.opened
            .push(url.split('#').next().unwrap_or(url).to_owned());
        self.call("Page.navigate", json!({"url": url}));
        self.wait_for("Page.loadEventFired", from);
    }

    /// The value of a JavaScript expression (a promise is awaited); an exception fails the test.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(e) = result.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        result["result"]["value"].clone()
    }

    /// A click of the left button at (x, y), in CSS pixels of the page's viewport.
    pub fn click(&mut self, x: f64, y: f64) {
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// A key pressed and released: `key` as the DOM names it, `code` its key code.
    pub fn key(&mut self, key: &str, code: u32) {
        let text = if key.chars().count() == 1 { key } else { "" };
        // A key that types a character is keyDown with its text; any other, rawKeyDown.
        let down = if text.is_empty() {
            "rawKeyDown"
        } else {
            "keyDown"
        };
        for kind in [down, "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "text": text,
                       "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
            );
        }
    }

    /// The viewport's size in CSS pixels (a phone's below 600: a mobile viewport).
    pub fn resize(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": width < 600}),
        );
    }

    /// The whole page as a PNG, at the viewport's width.
    pub fn screenshot(&mut self, path: &std::path::Path) {
        let shot = self.call(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true}),
        );
        let png = base64(shot["data"].as_str().unwrap());
        std::fs::write(path, png).unwrap();
    }

    /// What went wrong in the page: console errors, uncaught exceptions, the log's errors.
    pub fn errors(&self) -> Vec<String> {
        let mut errors = Vec::new();
        for event in &self.events {
            let params = &event["params"];
            match event["method"].as_str() {
                Some("Runtime.exceptionThrown") => errors.push(params.to_string()),
                Some("Runtime.consoleAPICalled") if params["type"] == "error" => {
                    errors.push(params["args"].to_string())
                }
                Some("Log.entryAdded") if params["entry"]["level"] == "error" => {
                    errors.push(params["entry"].to_string())
                }
                _ => {}
            }
        }
        errors
    }

    /// Every request the pages made, the addresses opened too.
    pub fn all_requests(&self) -> Vec<String> {
        (self.events.iter())
            .filter(|e| e["method"] == "Network.requestWillBeSent")
            .map(|e| {
                e["params"]["request"]["url"]
                    .as_str()
                    .unwrap_or("")
                    .to_owned()
            })
            .collect()
    }

    /// Every request the pages made but for the addresses opened.
    pub fn requests(&self) -> Vec<String> {
        (self.all_requests().into_iter())
            .filter(|url| !self.opened.iter().any(|o| url.split('#').next() == Some(o)))
            .collect()
    }
}

impl Browser {
    /// The end of Chromium's standard error, for a failure's message.
    fn log(&self) -> String {
        let log = std::fs::read_to_string(self.profile.with_extension("log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().filter(|l| !l.contains("dbus")).collect();
        lines[lines.len().saturating_sub(15)..].join("\n")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
        let _ = std::fs::remove_file(self.profile.with_extension("log"));
    }
}

/// Standard base64 (the screenshot's and the page's game), decoded.
pub fn base64(text: &str) -> Vec<u8> {
    let digit = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let clean: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut bytes = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut bits = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            bits |= u32::from(digit(c)) << (18 - 6 * i);
        }
        let keep = chunk.len() - 1;
        bytes.extend_from_slice(&bits.to_be_bytes()[1..=keep]);
    }
    bytes
}
