use anyhow::Context;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use autoscope::{Config, demo, storage};

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
    /// Fill a demo company with users and data (idempotent).
    SeedDemo,
    /// Manage users.
    User {
        #[command(subcommand)]
        command: UserCommand,
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
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = Config::from_env()?;
    let filter = EnvFilter::try_new(&config.log).context("AUTOSCOPE_LOG is not a valid filter")?;
    // One JSON object per line for log collectors; readable lines otherwise.
    if std::env::var("AUTOSCOPE_LOG_FORMAT").is_ok_and(|format| format == "json") {
        tracing_subscriber::fmt().json().with_current_span(true).with_env_filter(filter).init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).init();
    }
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let addr = config.addr;
            let state = autoscope::prepare(config).await?;
            let listener =
                tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
            tracing::info!("Autoscope listening on http://{addr}");
            autoscope::serve(state, listener, async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
        }
        Command::Migrate => {
            autoscope::install_crypto_provider();
            let db = storage::Db::connect(&config.database_url).await?;
            db.migrate().await?;
            println!("migrations applied");
            Ok(())
        }
        Command::SeedDemo => {
            let state = autoscope::prepare(config).await?;
            let summary = demo::seed(&state).await?;
            println!("{summary}");
            Ok(())
        }
        Command::User { command: UserCommand::CreateAdmin { email, password } } => {
            let state = autoscope::prepare(config).await?;
            let outcome = autoscope::admin::create_admin(&state, &email, password).await?;
            println!("{outcome}");
            Ok(())
        }
    }
}
