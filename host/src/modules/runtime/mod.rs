//! Runs module plugins (Extism on wasmtime). A module version is compiled once, with
//! wasmtime's on-disk cache so restarts are fast; calls run on tokio's blocking pool
//! (Extism is synchronous) behind two bounds: one per module, so a busy module cannot
//! starve the rest, and one for the whole host. A call that has computed for [`LONG_CALL`]
//! moves onto the CPUs set apart for heavy work until it ends (`cpu`); where none are set
//! apart, a company's calls beyond its first run at the lowest CPU priority instead.
//!
//! Limits per call: fuel (deterministic, per instance), a memory cap that covers the
//! guest heap plus Extism's input and output buffers, request and reply size caps, and
//! a wall-clock deadline enforced in host functions and around the call. A call past its
//! deadline is stopped where it runs, so its slot and thread come back at once rather
//! than when its fuel is spent: the host ticks the epoch of the call's engine, which
//! traps every call running on that engine. So each running call has an engine of its
//! own, a [`Lane`]: a copy of the compiled module (from the compile cache) that runs one
//! call at a time. Extism's own timeout is not used, for the same reason.
//!
//! Instances keep guest state between calls, so a warm instance is reused only for the
//! same company, and any instance whose call failed is discarded.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::net::IpAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use autoscope_wire::host::LOG_LINES_PER_MINUTE;
use autoscope_wire::{Envelope, Reply};

use crate::cpu;
use crate::http::AppState;
use crate::modules::manifest::{Capability, Limits, Manifest};

mod background;
mod slots;
pub use background::Background;
use slots::{FairSlots, Slot};

/// The trap message when a call outlives its wall-clock limit inside a host function.
pub const DEADLINE_PASSED: &str = "the call's time limit passed";

/// Adds the host functions to a plugin being built (`capabilities::register`): the
/// runtime runs plugins and knows nothing of what their host functions do.
pub type HostFunctions = for<'a> fn(extism::PluginBuilder<'a>) -> extism::PluginBuilder<'a>;

/// Idle instances kept per module, across companies and lanes.
const MAX_IDLE_PER_MODULE: usize = 32;
/// How long a call may wait for its module's concurrency slot, and then the host's, before
/// "busy". Slots are shared fairly (`slots`), so only a company's (or a module's) own calls
/// make it wait this long.
pub const QUEUE_WAIT: Duration = Duration::from_secs(10);
/// A claim on work of one call (an event's delivery, a job's step) covers the call's wait
/// for a slot and the module's time limit, plus this for the bookkeeping around it: a host
/// that dies mid-call leaves the work to another (or to itself, restarted) this soon.
const LEASE_SLACK_SECONDS: i64 = 5;
/// How long a call past its deadline has to stop (it traps at its next loop turn or host
/// call) before the caller stops waiting for it.
const DEADLINE_SLACK: Duration = Duration::from_millis(500);
/// How often a call past its deadline is told again to stop, in case the first word
/// reached its engine just before the call began.
const STOP_AGAIN_EVERY: Duration = Duration::from_millis(50);
/// Threads of the crowded-call pool: tokio's default; the call slots bound the calls.
const CROWDED_THREADS: usize = 512;
/// Nice 19: crowded calls yield the CPU to every other call.
const LOWEST_PRIORITY: i32 = 19;
/// A call that has computed this long is heavy work: it moves onto the CPUs set apart for
/// it (`cpu`). Calls that answer a person compute for a millisecond or two.
const LONG_CALL: Duration = Duration::from_millis(10);

/// Calls running in plugins at once, across all modules, shared fairly between modules
/// (each call's instance memory and blocking thread count against it).
pub struct Runtime {
    slots: Arc<FairSlots>,
}

impl Runtime {
    pub fn new() -> Self {
        // A call holds its slot (and a blocking thread) while its host functions wait on
        // the database, so slots are sized for waiting, not for CPU: 8 per core.
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Self { slots: FairSlots::new((cores * 8).max(16)) }
    }

    /// The calls of a module with `limits` that run at once: what it declares, within its
    /// share of the host's slots, so the slots it keeps for other companies are real.
    pub fn module_slots(&self, limits: &Limits) -> usize {
        (limits.concurrency as usize).min(self.slots.share())
    }
}

impl Default for Runtime {
    fn default() -> Self {
        Self::new()
    }
}

/// One installed module version, ready to call.
pub struct Loaded {
    pub manifest: Manifest,
    pub grants: BTreeSet<Capability>,
    /// What compiles another lane.
    source: Source,
    /// Lanes no call is running on; a call takes one or compiles one, so there are at most
    /// as many as the module's calls at once.
    free_lanes: Mutex<Vec<Lane>>,
    /// Idle instances kept per lane.
    idle_per_lane: usize,
    /// Its calls at once ([`Runtime::module_slots`]), shared fairly between companies.
    slots: Arc<FairSlots>,
    /// When a refused host call was last written to the system log, per company and
    /// capability.
    refusals_logged: Mutex<HashMap<(String, Capability), Instant>>,
    /// The module's own log lines per company: when the minute began, and how many so far.
    lines_logged: Mutex<HashMap<String, (Instant, u32)>>,
    /// Companies whose last call of this module computed for [`LONG_CALL`]: their next one
    /// starts on the CPUs set apart for heavy work (a storm's calls never touch the others).
    heavy_callers: Mutex<HashSet<String>>,
}

/// A refused host call of one company and capability is written to the system log once in
/// this time at most, so a module looping on it cannot flood the log.
pub const REFUSALS_LOGGED_EVERY: Duration = Duration::from_secs(60);

impl Loaded {
    /// Compiles the plugin (or takes it from the compile cache) with the module's limits
    /// and `host_functions`; `slots` of its calls run at once ([`Runtime::module_slots`]).
    pub fn compile(
        manifest: Manifest,
        grants: BTreeSet<Capability>,
        wasm: &[u8],
        cache: &Path,
        host_functions: HostFunctions,
        slots: usize,
    ) -> anyhow::Result<Self> {
        let source = Source {
            wasm: wasm.to_vec(),
            memory_pages: memory_pages(&manifest.limits),
            fuel: manifest.limits.fuel,
            cache_config: compile_cache_config(cache)?,
            host_functions,
        };
        let first = source.lane().context("the plugin does not compile")?;
        Ok(Self {
            slots: FairSlots::new(slots),
            idle_per_lane: MAX_IDLE_PER_MODULE.div_ceil(slots.max(1)),
            free_lanes: Mutex::new(vec![first]),
            source,
            grants,
            manifest,
            refusals_logged: Mutex::new(HashMap::new()),
            lines_logged: Mutex::new(HashMap::new()),
            heavy_callers: Mutex::default(),
        })
    }

    pub fn key(&self) -> &str {
        &self.manifest.key
    }

    fn heavy_callers(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.heavy_callers.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether the company's last call computed for [`LONG_CALL`] (with CPUs set apart).
    fn last_call_heavy(&self, company_id: &str) -> bool {
        cpu::set_apart_for_heavy_work() && self.heavy_callers().contains(company_id)
    }

    fn remember_call(&self, company_id: &str, computed: Duration) {
        if !cpu::set_apart_for_heavy_work() {
            return;
        }
        let mut heavy = self.heavy_callers();
        if computed >= LONG_CALL {
            heavy.insert(company_id.to_string());
        } else {
            heavy.remove(company_id);
        }
    }

    pub fn granted(&self, capability: &Capability) -> bool {
        self.grants.contains(capability)
    }

    /// Whether a refusal of `capability` in `company_id` at `now` is to be written to the
    /// system log: the first one in [`REFUSALS_LOGGED_EVERY`].
    pub fn log_refusal(&self, company_id: &str, capability: &Capability, now: Instant) -> bool {
        let mut logged = self.refusals_logged.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let key = (company_id.to_string(), capability.clone());
        match logged.get(&key) {
            Some(last) if now.duration_since(*last) < REFUSALS_LOGGED_EVERY => false,
            _ => {
                logged.insert(key, now);
                true
            }
        }
    }

    /// Whether a log line of the module in `company_id` at `now` is within
    /// [`LOG_LINES_PER_MINUTE`]; counts it when it is.
    pub fn may_log(&self, company_id: &str, now: Instant) -> bool {
        let mut logged = self.lines_logged.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (since, lines) = logged.entry(company_id.to_string()).or_insert((now, 0));
        if now.duration_since(*since) >= Duration::from_secs(60) {
            (*since, *lines) = (now, 0);
        }
        *lines = lines.saturating_add(1);
        *lines <= LOG_LINES_PER_MINUTE
    }

    /// A free lane, the one with a warm instance of the company if any; a new one when
    /// every lane is running a call.
    fn take_lane(&self, company_id: &str) -> anyhow::Result<Lane> {
        let free = {
            let mut free = self.free_lanes.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let warm = free.iter().position(|lane| lane.idle.iter().any(|(company, _)| company == company_id));
            match warm {
                Some(at) => Some(free.swap_remove(at)),
                None => free.pop(),
            }
        };
        match free {
            Some(lane) => Ok(lane),
            None => self.source.lane(),
        }
    }

    fn give_back(&self, lane: Lane) {
        self.free_lanes.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(lane);
    }
}

/// What a module's lanes are compiled from.
struct Source {
    wasm: Vec<u8>,
    memory_pages: u32,
    fuel: u64,
    cache_config: std::path::PathBuf,
    host_functions: HostFunctions,
}

impl Source {
    /// A lane with an engine of its own; after the first, the compile cache makes this a
    /// load rather than a compile.
    fn lane(&self) -> anyhow::Result<Lane> {
        let extism_manifest =
            extism::Manifest::new([extism::Wasm::data(self.wasm.clone())]).with_memory_max(self.memory_pages);
        let builder = extism::PluginBuilder::new(extism_manifest)
            .with_wasi(false)
            .with_fuel_limit(self.fuel)
            .with_cache_config(self.cache_config.clone());
        Ok(Lane { compiled: (self.host_functions)(builder).compile()?, idle: VecDeque::new() })
    }
}

/// The module compiled on an engine of its own, running one call at a time, with the
/// instances it keeps warm.
struct Lane {
    compiled: extism::CompiledPlugin,
    idle: VecDeque<(String, extism::Plugin)>,
}

impl Lane {
    fn take_instance(&mut self, company_id: &str) -> anyhow::Result<extism::Plugin> {
        let warm = self.idle.iter().position(|(company, _)| company == company_id).and_then(|at| self.idle.remove(at));
        match warm {
            Some((_, plugin)) => Ok(plugin),
            None => extism::Plugin::new_from_compiled(&self.compiled),
        }
    }

    fn keep_instance(&mut self, company_id: String, plugin: extism::Plugin, most: usize) {
        if self.idle.len() >= most {
            self.idle.pop_front();
        }
        self.idle.push_back((company_id, plugin));
    }
}

/// How the caller stops a call past its deadline: the running instance's handle, once the
/// call has one, and whether the caller has given up on it.
#[derive(Default)]
struct Stop(Mutex<StopState>);

#[derive(Default)]
struct StopState {
    given_up: bool,
    handle: Option<extism::CancelHandle>,
}

impl Stop {
    fn state(&self) -> std::sync::MutexGuard<'_, StopState> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Arms the stop with the instance about to run; false when the caller gave up already.
    fn arm(&self, plugin: &extism::Plugin) -> bool {
        let mut state = self.state();
        state.handle = Some(plugin.cancel_handle());
        !state.given_up
    }

    /// Forgets the instance once its call has ended, so a late stop cannot trap the next
    /// call on it.
    fn disarm(&self) {
        self.state().handle = None;
    }

    /// Traps the call where it runs (on its lane's engine alone).
    fn fire(&self) {
        let mut state = self.state();
        state.given_up = true;
        if let Some(handle) = &state.handle {
            // Fails only when Extism's timer thread is gone; the fuel limit still ends the call.
            let _ = handle.cancel();
        }
    }
}

/// Which thread runs a call, so that a call that has computed for [`LONG_CALL`] moves onto
/// the CPUs set apart for heavy work and leaves the others to short calls and requests (one
/// module's storm of looping calls then cannot slow another's); the thread comes back when
/// the call ends.
#[derive(Default)]
struct Placement(Mutex<PlacementState>);

#[derive(Default)]
struct PlacementState {
    /// The thread running the call, and its CPU time when the call began.
    thread: Option<(cpu::Thread, Duration)>,
    moved: Option<cpu::Heavy>,
}

impl Placement {
    fn state(&self) -> std::sync::MutexGuard<'_, PlacementState> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The calling thread runs the call until the guard drops; on the CPUs set apart from
    /// the start when `heavy`.
    fn enter(&self, heavy: bool) -> Entered<'_> {
        let thread = cpu::Thread::current();
        let mut state = self.state();
        state.thread = Some((thread, thread.cpu_time().unwrap_or_default()));
        if heavy {
            state.moved = cpu::move_to_heavy(thread);
        }
        Entered(self)
    }

    /// Moves the call's thread to the CPUs set apart once the call has computed for
    /// [`LONG_CALL`]; answers whether it is there.
    fn move_when_heavy(&self) -> bool {
        let mut state = self.state();
        let Some((thread, began)) = state.thread else { return false };
        if state.moved.is_none() && thread.cpu_time().is_some_and(|now| now.saturating_sub(began) >= LONG_CALL) {
            state.moved = cpu::move_to_heavy(thread);
        }
        state.moved.is_some()
    }
}

/// A call running on the thread that holds it; dropped on that thread when the call ends.
struct Entered<'a>(&'a Placement);

impl Entered<'_> {
    /// The CPU time the call has had so far.
    fn computed(&self) -> Duration {
        let state = self.0.state();
        let Some((thread, began)) = state.thread else { return Duration::ZERO };
        thread.cpu_time().unwrap_or_default().saturating_sub(began)
    }
}

impl Drop for Entered<'_> {
    fn drop(&mut self) {
        // Under the lock: a move cannot reach the thread once it is running something else.
        let mut state = self.0.state();
        state.thread = None;
        state.moved = None;
    }
}

/// Waits at most `timeout` for a call; with CPUs set apart, one that has computed for
/// [`LONG_CALL`] moves onto them meanwhile.
async fn wait_moving_heavy<T>(
    task: &mut tokio::task::JoinHandle<T>,
    timeout: Duration,
    placement: &Placement,
) -> Result<Result<T, tokio::task::JoinError>, tokio::time::error::Elapsed> {
    let until = Instant::now() + timeout;
    if cpu::set_apart_for_heavy_work() {
        while until.saturating_duration_since(Instant::now()) > LONG_CALL {
            if let Ok(joined) = tokio::time::timeout(LONG_CALL, &mut *task).await {
                return Ok(joined);
            }
            if placement.move_when_heavy() {
                break;
            }
        }
    }
    tokio::time::timeout(until.saturating_duration_since(Instant::now()), task).await
}

/// The heap the manifest asks for, plus room for Extism's copies of the largest request
/// and reply, in 64 KiB wasm pages.
fn memory_pages(limits: &Limits) -> u32 {
    let bytes = (u64::from(limits.memory_mb) << 20)
        + 2 * (u64::from(limits.max_request_kb) << 10)
        + 2 * (u64::from(limits.max_response_kb) << 10);
    bytes.div_ceil(64 * 1024) as u32
}

/// wasmtime reads its cache settings from a file; this writes one naming `dir`.
fn compile_cache_config(dir: &Path) -> anyhow::Result<std::path::PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let dir = dir.canonicalize()?;
    let config = dir.join("wasmtime-cache.toml");
    let text = format!("[cache]\ndirectory = {:?}\n", dir.join("artifacts").display().to_string());
    if std::fs::read_to_string(&config).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&config, text)?;
    }
    Ok(config)
}

/// Why a call failed; each fails that request only.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// The module's own calls fill its slots (its name).
    #[error("{0} is busy; try again in a moment")]
    Busy(String),
    /// Every module's calls together fill the host's slots.
    #[error("The portal is busy; try again in a moment")]
    HostBusy,
    #[error("The module used more computation than its limit allows")]
    OutOfFuel,
    #[error("The module used more memory than its limit allows")]
    OutOfMemory,
    #[error("The module did not answer in time")]
    TimedOut,
    #[error("The module's request is larger than its limit of {0} KB")]
    RequestTooLarge(u32),
    #[error("The module's answer is larger than its limit of {0} KB")]
    ReplyTooLarge(u32),
    #[error("The module failed")]
    Trapped(String),
    #[error("The module gave an answer the host cannot read")]
    BadReply(String),
    /// The store's error is the host's own answer to the module, fit to show.
    #[error("A store the module started in the background failed: {0}")]
    StoreFailed(String),
}

/// Who a call acts for; host functions act within this company only.
pub struct CallContext {
    pub state: AppState,
    pub module: Arc<Loaded>,
    pub company_id: String,
    pub user_id: Option<String>,
    /// The person's rights when the call acts for one; `None` for calls acting for nobody.
    pub rights: Option<BTreeMap<String, autoscope_wire::Right>>,
    pub request_id: Option<String>,
    /// The address of the client whose request caused the call, for the system log.
    pub client_addr: Option<IpAddr>,
    pub deadline: Instant,
    pub runtime: tokio::runtime::Handle,
    /// The stores the call started without waiting (`ingest_background`).
    pub background: Mutex<Background>,
}

impl CallContext {
    /// Whether the call may reach data of the module with `rights_key`: always when it acts
    /// for nobody; for a person, when their rights open that module (view, not disabled).
    pub fn rights_open(&self, rights_key: &str) -> bool {
        self.rights
            .as_ref()
            .is_none_or(|rights| rights.get(rights_key).is_some_and(|right| right.view && !right.disabled))
    }
}

/// Seconds a claim on one call to `module_key` is reserved: [`QUEUE_WAIT`], the module's
/// time limit and [`LEASE_SLACK_SECONDS`].
pub fn lease_seconds(state: &AppState, module_key: &str) -> i64 {
    let limit_ms = state.modules.get(module_key).map_or(0, |module| module.manifest().limits.timeout_ms);
    let call_ms = QUEUE_WAIT.as_millis() as u64 + limit_ms;
    call_ms.div_ceil(1000) as i64 + LEASE_SLACK_SECONDS
}

/// The context of a call of module `module` in `company_id`: the host's clock, the
/// portal's address and fresh entropy.
pub fn context(
    state: &AppState,
    module: &str,
    company_id: &str,
    user: Option<autoscope_wire::Caller>,
    request_id: Option<String>,
) -> autoscope_wire::Context {
    let entropy: [u8; 32] = rand::random();
    autoscope_wire::Context {
        module: module.to_string(),
        company_id: company_id.to_string(),
        user,
        request_id,
        now: state.clock.now(),
        portal_url: state.config.public_url.trim_end_matches('/').to_string(),
        entropy: hex::encode(entropy),
    }
}

/// Calls the module's `handle` with `envelope` for `envelope.context.company_id`;
/// `client_addr` is the address of the person's client when a request caused the call.
pub async fn call(
    state: &AppState,
    module: &Arc<Loaded>,
    envelope: &Envelope,
    client_addr: Option<IpAddr>,
) -> Result<Reply, CallError> {
    let limits = &module.manifest.limits;
    let input = serde_json::to_vec(envelope).map_err(|err| CallError::BadReply(err.to_string()))?;
    if input.len() > (limits.max_request_kb as usize) << 10 {
        return Err(CallError::RequestTooLarge(limits.max_request_kb));
    }
    let company_id = envelope.context.company_id.as_str();
    let held = slots(module, company_id, &state.modules.runtime.slots, QUEUE_WAIT).await?;
    let timeout = Duration::from_millis(limits.timeout_ms);
    let context = Arc::new(CallContext {
        state: state.clone(),
        module: module.clone(),
        company_id: envelope.context.company_id.clone(),
        user_id: envelope.context.user.as_ref().map(|user| user.user_id.clone()),
        rights: envelope.context.user.as_ref().map(|user| user.rights.clone()),
        request_id: envelope.context.request_id.clone(),
        client_addr,
        deadline: Instant::now() + timeout,
        runtime: tokio::runtime::Handle::current(),
        background: Mutex::default(),
    });
    let module = module.clone();
    let crowded = held.0.crowded;
    let stop = Arc::new(Stop::default());
    let armed = stop.clone();
    let placement = Arc::new(Placement::default());
    let placed = placement.clone();
    let starts_heavy = module.last_call_heavy(company_id);
    let company_id = company_id.to_string();
    let work = move || {
        let _held = held;
        let running_here = placed.enter(starts_heavy);
        let answer = run(&module, context, &input, &armed);
        module.remember_call(&company_id, running_here.computed());
        answer
    };
    let mut task = match crowded_pool().filter(|_| crowded) {
        Some(pool) => pool.spawn_blocking(work),
        None => tokio::task::spawn_blocking(work),
    };
    let joined = match wait_moving_heavy(&mut task, timeout, &placement).await {
        Ok(joined) => joined,
        Err(_) => {
            let stopped = async {
                loop {
                    stop.fire();
                    if let Ok(joined) = tokio::time::timeout(STOP_AGAIN_EVERY, &mut task).await {
                        break joined;
                    }
                }
            };
            match tokio::time::timeout(DEADLINE_SLACK, stopped).await {
                // An answer that came in the meantime stands; any failure is the deadline's.
                Ok(Ok(Ok(reply))) => return Ok(reply),
                _ => return Err(CallError::TimedOut),
            }
        }
    };
    joined.unwrap_or_else(|join| Err(CallError::Trapped(join.to_string())))
}

/// Where a company's calls of a module beyond its first running one run: the lowest CPU
/// priority, so one company's storm of calls yields the CPU to other companies' and
/// modules' calls, which the slots alone cannot do once a call runs (wasm is not
/// preempted). `None` where the pool cannot start: every call then runs on the runtime's
/// own blocking threads. `None` too with CPUs set apart for heavy work: a storm's calls
/// move there, and a lower priority would only make a company's own concurrent short calls
/// wait behind requests (`make bench`: `storm/quiet` 1.8 with it, 1.1 without).
fn crowded_pool() -> Option<&'static tokio::runtime::Runtime> {
    if cpu::set_apart_for_heavy_work() {
        return None;
    }
    static POOL: std::sync::LazyLock<Option<tokio::runtime::Runtime>> =
        std::sync::LazyLock::new(|| crate::cpu::pool("module-crowded", CROWDED_THREADS, LOWEST_PRIORITY));
    POOL.as_ref()
}

/// A slot of the module for the company, then one of the host for the module, each within
/// `wait`; "busy" names which one is full.
async fn slots(
    module: &Loaded,
    company_id: &str,
    host: &Arc<FairSlots>,
    wait: Duration,
) -> Result<(Slot, Slot), CallError> {
    let module_slot =
        module.slots.acquire(company_id, wait).await.ok_or_else(|| CallError::Busy(module.manifest.name.clone()))?;
    let host_slot = host.acquire(module.key(), wait).await.ok_or(CallError::HostBusy)?;
    Ok((module_slot, host_slot))
}

/// On a blocking thread: one call on a warm or new instance of the company, on a lane of
/// its own that `stop` can trap.
fn run(module: &Loaded, context: Arc<CallContext>, input: &[u8], stop: &Stop) -> Result<Reply, CallError> {
    let company_id = context.company_id.clone();
    let limits = &module.manifest.limits;
    let mut lane = module.take_lane(&company_id).map_err(|err| classify(&err))?;
    let answer = lane.take_instance(&company_id).map_err(|err| classify(&err)).and_then(|plugin| {
        if !stop.arm(&plugin) {
            return Err(CallError::TimedOut);
        }
        let answer = call_instance(plugin, &context, input, limits);
        stop.disarm();
        answer
    });
    // A failed call may have left the instance in any state: only a clean one is kept.
    let answer = answer.map(|(reply, plugin)| {
        lane.keep_instance(company_id, plugin, module.idle_per_lane);
        reply
    });
    module.give_back(lane);
    // Nothing the call started outlives it; a failure nobody read fails the call.
    let unwaited = context.background.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).unwaited();
    if unwaited.is_empty() {
        return answer;
    }
    match context.runtime.block_on(background::settle(unwaited)) {
        Some(failure) => answer.and(Err(CallError::StoreFailed(failure))),
        None => answer,
    }
}

/// Calls `handle` on `plugin`; answers the reply with the instance, fit to keep.
fn call_instance(
    mut plugin: extism::Plugin,
    context: &Arc<CallContext>,
    input: &[u8],
    limits: &Limits,
) -> Result<(Reply, extism::Plugin), CallError> {
    let reply = plugin
        .call_with_host_context::<&[u8], &[u8], Arc<CallContext>>(autoscope_wire::HANDLE_EXPORT, input, context.clone())
        .map_err(|err| classify(&err))
        .and_then(|output| {
            if output.len() > (limits.max_response_kb as usize) << 10 {
                return Err(CallError::ReplyTooLarge(limits.max_response_kb));
            }
            serde_json::from_slice::<Reply>(output).map_err(|err| CallError::BadReply(err.to_string()))
        })?;
    Ok((reply, plugin))
}

fn classify(err: &anyhow::Error) -> CallError {
    let text = format!("{err:#}");
    if text.contains("out of fuel") {
        CallError::OutOfFuel
    } else if text.contains("out of memory") || text.ends_with("oom") {
        CallError::OutOfMemory
    } else if text.contains(DEADLINE_PASSED) {
        CallError::TimedOut
    } else {
        CallError::Trapped(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_cap_covers_heap_request_and_reply() {
        let limits = Limits { memory_mb: 8, max_request_kb: 64, max_response_kb: 1024, ..Limits::default() };
        // 8 MiB of heap = 128 pages; twice 64 KiB = 2 pages; twice 1 MiB = 32 pages.
        assert_eq!(memory_pages(&limits), 128 + 2 + 32);
    }

    #[test]
    fn busy_names_what_is_full() {
        assert_eq!(CallError::Busy("Process Vault".into()).to_string(), "Process Vault is busy; try again in a moment");
        assert_eq!(CallError::HostBusy.to_string(), "The portal is busy; try again in a moment");
    }

    #[test]
    fn failures_are_told_apart() {
        assert!(matches!(classify(&anyhow::anyhow!("plugin ran out of fuel")), CallError::OutOfFuel));
        assert!(matches!(classify(&anyhow::anyhow!("call to handle ran out of memory")), CallError::OutOfMemory));
        assert!(matches!(classify(&anyhow::anyhow!("{}", DEADLINE_PASSED)), CallError::TimedOut));
        assert!(matches!(classify(&anyhow::anyhow!("wasm trap: unreachable")), CallError::Trapped(_)));
    }
}
