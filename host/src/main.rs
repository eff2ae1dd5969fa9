use anyhow::Context;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use autoscope::{Config, storage};

/// Autoscope, the automation analytics portal.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the portal (the default).
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Manage users.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Build, sign and install module packages.
    Module {
        #[command(subcommand)]
        command: ModuleCommand,
    },
}

#[derive(Subcommand)]
enum ModuleCommand {
    /// Write a package folder (and optionally its .tar.gz) from a manifest, a built plugin and a web build.
    Pack {
        #[arg(long, default_value = "module.toml")]
        manifest: std::path::PathBuf,
        /// The plugin, built for wasm32-unknown-unknown.
        #[arg(long)]
        wasm: std::path::PathBuf,
        /// The remote's build output (with mf-manifest.json).
        #[arg(long)]
        web: Option<std::path::PathBuf>,
        /// The package folder to write (replaced).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Also write this .tar.gz for `POST /api/admin/modules`.
        #[arg(long)]
        archive: Option<std::path::PathBuf>,
        /// Sign with this key (base64, from `autoscope module keygen`).
        #[arg(long, env = "AUTOSCOPE_MODULE_SIGNING_KEY", hide_env_values = true)]
        signing_key: Option<String>,
    },
    /// Print a new ed25519 signing key and its public key (for AUTOSCOPE_MODULE_TRUSTED_KEYS).
    Keygen,
    /// Write a new module, ready to build, into a folder (`./<key>` by default).
    New {
        /// The module's key: 1-24 lower-case letters, digits and single underscores.
        key: String,
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
        /// Take the SDK's crates from this checkout of the portal's repository instead of the released tag.
        #[arg(long, conflicts_with = "sdk_git")]
        sdk_path: Option<std::path::PathBuf>,
        /// The git repository of the released SDK (tag `sdk-v<this version>`).
        #[arg(long, default_value = autoscope::modules::kit::SDK_REPOSITORY)]
        sdk_git: String,
    },
    /// Build the module in a folder (its plugin, and its remote's build in remote/dist when
    /// there is one) and pack it into dist/<key>.tar.gz.
    Build {
        #[arg(long, default_value = ".")]
        dir: std::path::PathBuf,
        /// Where the package goes (default: <dir>/dist).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Sign with this key (base64, from `autoscope module keygen`).
        #[arg(long, env = "AUTOSCOPE_MODULE_SIGNING_KEY", hide_env_values = true)]
        signing_key: Option<String>,
    },
    /// Build the module in a folder and install it into a running local portal, then again
    /// each time its sources change (Ctrl+C stops). The portal must allow unsigned
    /// packages (AUTOSCOPE_ALLOW_UNSIGNED_MODULES=true) unless a signing key is given.
    Dev {
        #[arg(long, default_value = ".")]
        dir: std::path::PathBuf,
        /// The portal's address.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        portal: String,
        /// A platform administrator of the portal.
        #[arg(long, env = "AUTOSCOPE_ADMIN_EMAIL")]
        email: String,
        #[arg(long, env = "AUTOSCOPE_ADMIN_PASSWORD", hide_env_values = true)]
        password: String,
        /// Sign with this key (base64, from `autoscope module keygen`).
        #[arg(long, env = "AUTOSCOPE_MODULE_SIGNING_KEY", hide_env_values = true)]
        signing_key: Option<String>,
    },
    /// Run a throwaway portal for a module's tests (the autoscope-harness crate starts it):
    /// SQLite in a temporary folder, a free loopback port and a control API, announced as one
    /// JSON line on standard output; it stops when standard input closes.
    Harness,
    /// Install or upgrade a package archive into the modules directory (the server picks it up at start).
    Install {
        archive: std::path::PathBuf,
        /// Capabilities to grant, comma-separated, or `declared`.
        #[arg(long, default_value = "declared")]
        grants: String,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Make a platform administrator (creates the account when it does not exist).
    CreateAdmin {
        #[arg(long)]
        email: String,
        /// Password for a new account; read from AUTOSCOPE_ADMIN_PASSWORD when not given,
        /// generated and printed once when neither is set.
        #[arg(long, env = "AUTOSCOPE_ADMIN_PASSWORD", hide_env_values = true)]
        password: Option<String>,
    },
    /// Carry out now the data deletion requests whose grace period is over (the server does
    /// it every hour).
    RunDeletions,
}

fn main() -> anyhow::Result<()> {
    let reserved = std::env::var("AUTOSCOPE_RESERVED_CPUS").ok().filter(|cpus| !cpus.trim().is_empty());
    autoscope::cpu::set_apart(reserved.as_deref())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(autoscope::cpu::request_cpus())
        .enable_all()
        .build()?;
    runtime.block_on(run(Cli::parse()))
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let config = portal()?;
            let addr = config.addr;
            let state = autoscope::prepare(config).await?;
            let listener =
                tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
            tracing::info!("Autoscope listening on http://{addr}");
            autoscope::serve(state, listener, stop_requested()).await
        }
        Command::Migrate => {
            let config = portal()?;
            autoscope::install_crypto_provider();
            let db = storage::Db::connect(&config.database_url).await?;
            db.migrate().await?;
            println!("migrations applied");
            Ok(())
        }
        Command::Module { command } => module_command(command).await,
        Command::User { command: UserCommand::CreateAdmin { email, password } } => {
            let state = autoscope::prepare(portal()?).await?;
            let outcome = autoscope::admin::create_admin(&state, &email, password).await?;
            println!("{outcome}");
            Ok(())
        }
        Command::User { command: UserCommand::RunDeletions } => {
            let state = autoscope::prepare(portal()?).await?;
            let done = autoscope::accounts::deletion::run_due(&state).await?;
            println!("{done} data deletion request(s) carried out");
            Ok(())
        }
    }
}

/// Ctrl-C, or SIGTERM (systemd's and container runtimes' stop).
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, "cannot listen for SIGTERM; Ctrl-C still stops the host");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// The portal's configuration, with its log set up, for the commands that act on a portal
/// (an author's module commands need neither, nor the data folder and secret it makes).
fn portal() -> anyhow::Result<Config> {
    let config = Config::from_env()?;
    let filter = EnvFilter::try_new(&config.log).context("AUTOSCOPE_LOG is not a valid filter")?;
    // One JSON object per line for log collectors; readable lines otherwise.
    if std::env::var("AUTOSCOPE_LOG_FORMAT").is_ok_and(|format| format == "json") {
        tracing_subscriber::fmt().json().with_current_span(true).with_env_filter(filter).init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).init();
    }
    Ok(config)
}

async fn module_command(command: ModuleCommand) -> anyhow::Result<()> {
    use autoscope::modules::kit;
    use autoscope::modules::registry::package;
    match command {
        ModuleCommand::New { key, dir, sdk_path, sdk_git } => {
            let dir = dir.unwrap_or_else(|| key.clone().into());
            let sdk = match sdk_path {
                Some(path) => kit::Sdk::Path(std::path::absolute(&path)?),
                None => kit::Sdk::released(&sdk_git),
            };
            kit::new(&key, &dir, &sdk)?;
            println!("wrote the module {key} in {}: `autoscope module build --dir {0}` builds it", dir.display());
        }
        ModuleCommand::Build { dir, out, signing_key } => {
            let key = signing_key.as_deref().map(package::parse_signing_key).transpose()?;
            let out = out.unwrap_or_else(|| dir.join("dist"));
            let archive = kit::build(&dir, &out, key.as_ref(), None)?;
            println!("built {}{}", archive.display(), if key.is_some() { " (signed)" } else { "" });
        }
        ModuleCommand::Pack { manifest, wasm, web, out, archive, signing_key } => {
            let key = signing_key.as_deref().map(package::parse_signing_key).transpose()?;
            let source = package::PackSource { manifest: &manifest, wasm: &wasm, web: web.as_deref() };
            package::pack(&source, &out, key.as_ref())?;
            if let Some(archive) = archive {
                std::fs::write(&archive, package::archive(&out)?)
                    .with_context(|| format!("cannot write {}", archive.display()))?;
            }
            println!("packed {}{}", out.display(), if key.is_some() { " (signed)" } else { "" });
        }
        ModuleCommand::Dev { dir, portal, email, password, signing_key } => {
            let key = signing_key.as_deref().map(package::parse_signing_key).transpose()?;
            let portal = kit::dev::Portal { url: portal.trim_end_matches('/').to_string(), email, password };
            tokio::select! {
                ran = kit::dev::run(&dir, &portal, key.as_ref()) => ran?,
                _ = tokio::signal::ctrl_c() => {}
            }
        }
        ModuleCommand::Harness => {
            // Standard output carries the announcement only; the host's log goes to standard error.
            let filter = EnvFilter::try_new(std::env::var("AUTOSCOPE_LOG").as_deref().unwrap_or("warn"))
                .context("AUTOSCOPE_LOG is not a valid filter")?;
            tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).init();
            let dir = tempfile::Builder::new().prefix("autoscope-harness-").tempdir()?;
            let announce = |started: &autoscope::testing::harness::Started| {
                println!("{}", serde_json::to_string(started)?);
                Ok(())
            };
            let stdin_closed = async {
                let _ =
                    tokio::task::spawn_blocking(|| std::io::copy(&mut std::io::stdin(), &mut std::io::sink())).await;
            };
            autoscope::testing::harness::run(dir.path(), announce, stdin_closed).await?;
        }
        ModuleCommand::Keygen => {
            let (secret, public) = package::generate_key();
            println!("signing key (keep secret): {secret}\npublic key (trust it):     {public}");
        }
        ModuleCommand::Install { archive, grants } => {
            let bytes = std::fs::read(&archive).with_context(|| format!("cannot read {}", archive.display()))?;
            let grants = autoscope::modules::registry::Grants::parse(&grants).map_err(anyhow::Error::msg)?;
            let state = autoscope::prepare(portal()?).await?;
            let module = state
                .modules
                .install(&state.db, &bytes, grants)
                .await
                .map_err(|refused| anyhow::anyhow!("refused: {refused}"))?;
            println!("installed {} {}", module.manifest().key, module.manifest().version);
        }
    }
    Ok(())
}
