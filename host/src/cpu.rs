//! CPU-heavy work that must not make other requests wait (a company's crowded module calls,
//! password hashing) runs on pools of its own: a bounded number of threads and, for work
//! that may yield entirely, a lower CPU priority.

/// A runtime whose blocking threads (at most `threads`; work beyond waits in its queue) run
/// at CPU priority `nice` (0 is the usual, 19 the lowest: with the CPU free they run at
/// full speed, under load they yield it). `None` where it cannot start: callers then use
/// the runtime's own blocking threads.
pub fn pool(name: &'static str, threads: usize, nice: i32) -> Option<tokio::runtime::Runtime> {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    builder.worker_threads(1).max_blocking_threads(threads.max(1)).thread_name(name).enable_all();
    if nice > 0 {
        builder.on_thread_start(move || lower_cpu_priority(nice));
    }
    builder.build().inspect_err(|err| tracing::warn!(error = %err, pool = name, "no pool of its own")).ok()
}

/// Lowers the calling thread's CPU priority to `nice` (Linux: per thread). A thread never
/// gets it back, which needs no privilege; a pool's threads keep it for good.
fn lower_cpu_priority(nice: i32) {
    // SAFETY: setpriority only reads its arguments; `0` is the calling thread on Linux.
    let failed = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, nice) } != 0;
    if failed {
        tracing::warn!(error = %std::io::Error::last_os_error(), "a pool thread keeps its priority");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pools_threads_run_at_its_cpu_priority() {
        let pool = pool("test-low", 2, 19).expect("the pool starts");
        // SAFETY: getpriority reads the calling thread's nice value.
        let nice = pool.block_on(async {
            tokio::task::spawn_blocking(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }).await
        });
        assert_eq!(nice.unwrap(), 19);
    }
}
