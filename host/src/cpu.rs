//! CPU-heavy work that must not make other requests wait: password hashing, and module
//! calls that compute for long. On a machine of two CPUs or more some CPUs are set apart
//! for heavy work (`AUTOSCOPE_RESERVED_CPUS`; by default the last quarter, one at least):
//! heavy work runs on them only, and while any runs, every other thread keeps off them;
//! between heavy work they serve requests like the rest. Where none are set apart,
//! password hashing and a company's module calls beyond its first run at the lowest CPU
//! priority instead, which still shares a CPU: on a small machine sharing multiplies other
//! requests' p99 during a flood of sign-ins or a storm of looping calls
//! (host/benches/login_flood.rs, module_storm.rs).

use std::collections::{BTreeSet, HashSet};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Duration;

/// The CPUs set apart for heavy work, the others, and which threads are where.
struct Apart {
    heavy: Vec<usize>,
    rest: Vec<usize>,
    /// Every CPU of this process: where threads run while no heavy work does.
    all: Vec<usize>,
    state: Mutex<ApartState>,
}

#[derive(Default)]
struct ApartState {
    /// Heavy work running now.
    running: usize,
    /// Threads that run on the heavy CPUs only: the heavy pool's, and moved calls'.
    heavy_threads: HashSet<libc::pid_t>,
}

static APART: OnceLock<Apart> = OnceLock::new();

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
    .build()
    .inspect_err(|err| tracing::warn!(error = %err, pool = name, "no pool of its own"))
    .ok()
}

/// A runtime whose blocking threads, one per CPU set apart, run on those CPUs only; `None`
/// when none are set apart (or it cannot start). Work on it counts as heavy while it holds
/// [`heavy_work`].
pub fn heavy_pool(name: &'static str) -> Option<tokio::runtime::Runtime> {
    let apart = APART.get()?;
    build(name, apart.heavy.len(), move || {
        let thread = Thread::current().id;
        apart.lock().heavy_threads.insert(thread);
        if let Err(err) = run_on(thread, &apart.heavy) {
            tracing::warn!(error = %err, pool = name, "a pool thread runs on any CPU");
        }
    })
    .on_thread_stop(|| {
        if let Some(apart) = APART.get() {
            apart.lock().heavy_threads.remove(&Thread::current().id);
        }
    })
    .build()
    .inspect_err(|err| tracing::warn!(error = %err, pool = name, "no pool of its own"))
    .ok()
}

fn build(name: &'static str, threads: usize, on_start: impl Fn() + Send + Sync + 'static) -> tokio::runtime::Builder {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    builder.worker_threads(1).max_blocking_threads(threads.max(1)).thread_name(name).enable_all();
    builder.on_thread_start(on_start);
    builder
}

/// Sets CPUs apart for heavy work: those `list` names (`AUTOSCOPE_RESERVED_CPUS`: "3",
/// "2-3", "0,2"), none for "none", and by default (`None`) the last quarter of this
/// process's CPUs, one at least, when it has two or more. Refused when a CPU is not this
/// process's or none would be left for the rest.
pub fn set_apart(list: Option<&str>) -> anyhow::Result<()> {
    let all = allowed_cpus()?;
    let heavy: BTreeSet<usize> = match list.map(str::trim) {
        Some("none") => return Ok(()),
        Some(list) => parse_cpu_list(list)?,
        None => heavy_by_default(&all),
    };
    if heavy.is_empty() {
        return Ok(());
    }
    if let Some(cpu) = heavy.iter().find(|cpu| !all.contains(cpu)) {
        anyhow::bail!("AUTOSCOPE_RESERVED_CPUS: CPU {cpu} is not one this process may run on ({all:?})");
    }
    let rest: Vec<usize> = all.difference(&heavy).copied().collect();
    if rest.is_empty() {
        anyhow::bail!("AUTOSCOPE_RESERVED_CPUS must leave at least one of this process's CPUs ({all:?}) for requests");
    }
    let apart =
        Apart { heavy: heavy.into_iter().collect(), rest, all: all.into_iter().collect(), state: Mutex::default() };
    APART.set(apart).map_err(|_| anyhow::anyhow!("CPUs are set apart already"))
}

/// The last quarter of `all`, one CPU at least; none of one.
fn heavy_by_default(all: &BTreeSet<usize>) -> BTreeSet<usize> {
    if all.len() < 2 {
        return BTreeSet::new();
    }
    all.iter().rev().take(all.len().div_ceil(4)).copied().collect()
}

/// How many CPUs requests always have: those not set apart. The async runtime's workers are
/// as many, so that while heavy work runs, two of them never share one CPU (the kernel then
/// lets each wait out the other's time slice: milliseconds on a request's p99).
pub fn request_cpus() -> usize {
    match APART.get() {
        Some(apart) => apart.rest.len(),
        None => std::thread::available_parallelism().map_or(1, usize::from),
    }
}

/// Whether CPUs are set apart for heavy work.
pub fn set_apart_for_heavy_work() -> bool {
    APART.get().is_some()
}

/// A thread of this process: the kernel's id for it and its CPU-time clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thread {
    id: libc::pid_t,
    clock: libc::clockid_t,
}

impl Thread {
    pub fn current() -> Self {
        let mut clock = libc::CLOCK_THREAD_CPUTIME_ID;
        // SAFETY: gettid has no arguments and cannot fail; pthread_getcpuclockid writes one
        // clockid_t, and cannot fail for the calling thread.
        unsafe {
            libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock);
            Self { id: libc::gettid(), clock }
        }
    }

    /// The CPU time the thread has had so far; `None` once it has ended. One system call,
    /// from any thread of the process (each module call reads it as it starts and ends).
    pub fn cpu_time(self) -> Option<Duration> {
        let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: writes one timespec; the clock of an ended thread fails with EINVAL.
        let read = unsafe { libc::clock_gettime(self.clock, &mut time) };
        (read == 0).then(|| Duration::new(time.tv_sec.unsigned_abs(), time.tv_nsec.clamp(0, 999_999_999) as u32))
    }
}

/// Heavy work running: while any is, every thread but the heavy ones keeps off the CPUs set
/// apart. Dropped when the work ends (on its own thread, for a moved one).
pub struct Heavy {
    apart: &'static Apart,
    /// The thread moved onto the CPUs set apart, which goes back when the work ends.
    moved: Option<libc::pid_t>,
}

/// Counts work for a [`heavy_pool`] as heavy while the guard lives (from when it is queued
/// there until it ends); `None` when no CPUs are set apart.
pub fn heavy_work() -> Option<Heavy> {
    APART.get().map(|apart| apart.begin(None))
}

/// Moves `thread` onto the CPUs set apart: its work turned out heavy. `None` when none are
/// set apart.
pub fn move_to_heavy(thread: Thread) -> Option<Heavy> {
    APART.get().map(|apart| apart.begin(Some(thread.id)))
}

impl Apart {
    fn lock(&self) -> MutexGuard<'_, ApartState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn begin(&'static self, moved: Option<libc::pid_t>) -> Heavy {
        let mut state = self.lock();
        if let Some(thread) = moved {
            state.heavy_threads.insert(thread);
            // Fails only for a thread that has ended.
            let _ = run_on(thread, &self.heavy);
        }
        state.running += 1;
        if state.running == 1 {
            self.others_on(&state, &self.rest);
        }
        Heavy { apart: self, moved }
    }

    /// Every thread of this process but the heavy ones onto `cpus`.
    fn others_on(&self, state: &ApartState, cpus: &[usize]) {
        let tasks = match std::fs::read_dir("/proc/self/task") {
            Ok(tasks) => tasks,
            Err(err) => return tracing::warn!(error = %err, "the host's threads are not listed"),
        };
        let threads = tasks.filter_map(|task| task.ok()?.file_name().to_str()?.parse::<libc::pid_t>().ok());
        for thread in threads.filter(|thread| !state.heavy_threads.contains(thread)) {
            // Fails only for a thread that has ended since.
            let _ = run_on(thread, cpus);
        }
    }
}

impl Drop for Heavy {
    fn drop(&mut self) {
        let apart = self.apart;
        let mut state = apart.lock();
        if let Some(thread) = self.moved {
            state.heavy_threads.remove(&thread);
        }
        state.running -= 1;
        if state.running == 0 {
            apart.others_on(&state, &apart.all);
        } else if let Some(thread) = self.moved {
            let _ = run_on(thread, &apart.rest);
        }
    }
}

/// A CPU list as Linux writes them: numbers and ranges, separated by commas.
fn parse_cpu_list(list: &str) -> anyhow::Result<BTreeSet<usize>> {
    let invalid = || anyhow::anyhow!("AUTOSCOPE_RESERVED_CPUS: '{list}' is not a list of CPUs such as 3, 2-3 or 0,2");
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

/// Keeps `thread` (and the threads it starts from now on) on `cpus`.
fn run_on(thread: libc::pid_t, cpus: &[usize]) -> std::io::Result<()> {
    // SAFETY: a zeroed cpu_set_t is an empty set; CPU_SET writes within it (the CPUs were
    // checked against CPU_SETSIZE); sched_setaffinity only reads it.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for &cpu in cpus {
        unsafe { libc::CPU_SET(cpu, &mut set) };
    }
    if unsafe { libc::sched_setaffinity(thread, std::mem::size_of::<libc::cpu_set_t>(), &set) } != 0 {
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
    fn a_threads_cpu_time_is_read_from_another_thread_until_it_ends() {
        let (told, heard) = std::sync::mpsc::channel();
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let worker = std::thread::spawn(move || {
            let _ = told.send(Thread::current());
            // Computes (not sleeps) until told to stop.
            while stopped.try_recv().is_err() {
                std::hint::black_box((0..1_000u64).sum::<u64>());
            }
        });
        let thread = heard.recv().unwrap();
        let began = thread.cpu_time().unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while thread.cpu_time().unwrap() < began + Duration::from_millis(20) {
            assert!(std::time::Instant::now() < deadline, "the computing thread's CPU time did not grow");
            std::thread::sleep(Duration::from_millis(5));
        }
        stop.send(()).unwrap();
        worker.join().unwrap();
        // The kernel may release the thread a moment after the join returns.
        while thread.cpu_time().is_some() {
            assert!(std::time::Instant::now() < deadline, "an ended thread still has a CPU time");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn the_last_quarter_of_the_cpus_is_set_apart_by_default() {
        let heavy = |all: &[usize]| heavy_by_default(&all.iter().copied().collect()).into_iter().collect::<Vec<_>>();
        assert_eq!(heavy(&[0]), Vec::<usize>::new());
        assert_eq!(heavy(&[0, 1]), [1]);
        assert_eq!(heavy(&[0, 1, 2, 3]), [3]);
        assert_eq!(heavy(&[0, 1, 2, 3, 4]), [3, 4]);
        assert_eq!(heavy(&(0..8).collect::<Vec<_>>()), [6, 7]);
        assert_eq!(heavy(&[2, 5, 9]), [9]);
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
