//! Ctrl-C: SIGINT becomes `KeyboardInterrupt` in the main thread, whether it
//! is running a hot loop, blocked on a lock, or sleeping, while other
//! threads keep running; an uncaught one exits with status 130.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

const SCRIPT: &str = r#"
import threading, time
stop = threading.Event()
def background():
    n = 0
    while not stop.is_set():
        n += 1
threading.Thread(target=background).start()
print("ready", flush=True)
try:
    while True:
        pass
except KeyboardInterrupt:
    print("loop interrupted", flush=True)
lock = threading.Lock()
lock.acquire()
try:
    lock.acquire()
except KeyboardInterrupt:
    print("acquire interrupted", flush=True)
stop.set()
time.sleep(1000)
"#;

#[test]
fn sigint_raises_keyboard_interrupt_in_the_main_thread() {
    let dir = std::env::temp_dir().join(format!("weft-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("sigint.py");
    std::fs::write(&script, SCRIPT).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .arg("run")
        .arg(&script)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn weft");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next_line = || lines.next().map(|l| l.unwrap()).unwrap_or_default();
    let interrupt = |pid: u32| {
        std::thread::sleep(Duration::from_millis(300));
        let ok = Command::new("kill")
            .args(["-INT", &pid.to_string()])
            .status()
            .expect("kill")
            .success();
        assert!(ok);
    };
    assert_eq!(next_line(), "ready");
    interrupt(child.id());
    assert_eq!(next_line(), "loop interrupted");
    interrupt(child.id());
    assert_eq!(next_line(), "acquire interrupted");
    interrupt(child.id());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "stderr: {stderr}");
    assert!(stderr.contains("time.sleep(1000)"), "stderr: {stderr}");
    assert!(
        stderr.trim_end().ends_with("KeyboardInterrupt"),
        "stderr: {stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
