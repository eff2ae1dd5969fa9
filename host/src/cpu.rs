//! CPU-heavy work that must not make other requests wait (a company's crowded module calls,
//! password hashing) runs on pools of its own: a bounded number of threads and, for work
//! that may yield entirely, a lower CPU priority. An operator may go further and give
//! password hashing CPUs of its own (`AUTOSCOPE_HASHING_CPUS`): a lower priority still
//! shares a CPU, and on a small machine sharing doubles other requests' p99 during a flood
//! of sign-ins (host/benches/login_flood.rs).

use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The CPUs password hashing has to itself, once reserved.
static HASHING_CPUS: OnceLock<Vec<usize>> = OnceLock::new();

/// A runtime whose blocking threads (at most `threads`; work beyond waits in its queue) run
/// at CPU priority `nice` (0 is the usual, 19 the lowest: with the CPU free they run at
/// full speed, under load they yield it). `None` where it cannot start: callers then use
/// the runtime's own blocking threads.
pub fn pool(name: &'static str, threads: usize, nice: i32) -> Option<tokio::runtime::Runtime> {
    build(name, threads, move || {
        if nice > 0 {
            lower_cpu_priority(nice);
        }
    })
}

/// A runtime whose blocking threads, one per reserved CPU, run on the CPUs reserved for
/// password hashing only; `None` when none are reserved (or it cannot start).
pub fn hashing_pool(name: &'static str) -> Option<tokio::runtime::Runtime> {
    let cpus = HASHING_CPUS.get()?;
    build(name, cpus.len(), move || {
        if let Err(err) = run_on(cpus) {
            tracing::warn!(error = %err, pool = name, "a pool thread runs on any CPU");
        }
    })
}

fn build(
    name: &'static str,
    threads: usize,
    on_start: impl Fn() + Send + Sync + 'static,
) -> Option<tokio::runtime::Runtime> {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    builder.worker_threads(1).max_blocking_threads(threads.max(1)).thread_name(name).enable_all();
    builder.on_thread_start(on_start);
    builder.build().inspect_err(|err| tracing::warn!(error = %err, pool = name, "no pool of its own")).ok()
}

/// Reserves the CPUs `list` names (`AUTOSCOPE_HASHING_CPUS`: "3", "2-3", "0,2") for password
/// hashing: the calling thread, and every thread it starts from now on, keeps off them. Call
/// it before any other thread starts (the async runtime's included). Refused when a CPU is
/// not this process's or none would be left for the rest.
pub fn reserve_for_hashing(list: &str) -> anyhow::Result<()> {
    let wanted = parse_cpu_list(list)?;
    let allowed = allowed_cpus()?;
    if let Some(cpu) = wanted.iter().find(|cpu| !allowed.contains(cpu)) {
        anyhow::bail!("AUTOSCOPE_HASHING_CPUS: CPU {cpu} is not one this process may run on ({allowed:?})");
    }
    let rest: Vec<usize> = allowed.difference(&wanted).copied().collect();
    if rest.is_empty() {
        anyhow::bail!(
            "AUTOSCOPE_HASHING_CPUS must leave at least one of this process's CPUs ({allowed:?}) for requests"
        );
    }
    run_on(&rest)?;
    HASHING_CPUS.set(wanted.into_iter().collect()).map_err(|_| anyhow::anyhow!("CPUs are reserved for hashing already"))
}

/// A CPU list as Linux writes them: numbers and ranges, separated by commas.
fn parse_cpu_list(list: &str) -> anyhow::Result<BTreeSet<usize>> {
    let invalid = || anyhow::anyhow!("AUTOSCOPE_HASHING_CPUS: '{list}' is not a list of CPUs such as 3, 2-3 or 0,2");
    let mut cpus = BTreeSet::new();
    for part in list.split(',').map(str::trim) {
        let (first, last) = part.split_once('-').unwrap_or((part, part));
        let (first, last): (usize, usize) =
            (first.trim().parse().map_err(|_| invalid())?, last.trim().parse().map_err(|_| invalid())?);
        if first > last || last >= libc::CPU_SETSIZE as usize {
            return Err(invalid());
        }
        cpus.extend(first..=last);
    }
    Ok(cpus)
}

/// The CPUs the calling thread may run on.
fn allowed_cpus() -> std::io::Result<BTreeSet<usize>> {
    // SAFETY: a zeroed cpu_set_t is an empty set; sched_getaffinity writes at most its size.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    if unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: CPU_ISSET reads the set within its size.
    Ok((0..libc::CPU_SETSIZE as usize).filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) }).collect())
}

/// Keeps the calling thread (and the threads it starts) on `cpus`.
fn run_on(cpus: &[usize]) -> std::io::Result<()> {
    // SAFETY: a zeroed cpu_set_t is an empty set; CPU_SET writes within it (the CPUs were
    // checked against CPU_SETSIZE); sched_setaffinity only reads it.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for &cpu in cpus {
        unsafe { libc::CPU_SET(cpu, &mut set) };
    }
    if unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
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

    #[test]
    fn cpu_lists_are_numbers_and_ranges() {
        assert_eq!(parse_cpu_list("3").unwrap(), BTreeSet::from([3]));
        assert_eq!(parse_cpu_list("0,2-4").unwrap(), BTreeSet::from([0, 2, 3, 4]));
        assert_eq!(parse_cpu_list(" 1 , 1-2 ").unwrap(), BTreeSet::from([1, 2]));
        for bad in ["", "a", "3-1", "1,", "-2", "99999"] {
            assert!(parse_cpu_list(bad).is_err(), "{bad}");
        }
    }
}
