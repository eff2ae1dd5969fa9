//! Outgoing mail: SMTP through lettre when `SMTP_URL` is set, otherwise the local outbox
//! (a table, and the log) so a development machine needs no mail server.

pub mod templates;

use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::config::Config;
use crate::storage::{Db, mail_outbox};

/// A message ready to send.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

#[derive(Clone)]
pub enum Mailer {
    Outbox,
    Smtp { transport: AsyncSmtpTransport<Tokio1Executor>, from: Mailbox },
}

impl Mailer {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let Some(url) = &config.smtp_url else { return Ok(Self::Outbox) };
        let url = std::str::from_utf8(url.expose()).context("SMTP_URL is not text")?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .context("SMTP_URL is not a valid smtp:// or smtps:// URL")?
            .build();
        let from = config.mail_from.parse().context("AUTOSCOPE_MAIL_FROM is not a valid address")?;
        Ok(Self::Smtp { transport, from })
    }

    pub async fn send(&self, db: &Db, now: i64, mail: &Mail) -> anyhow::Result<()> {
        match self {
            Self::Outbox => {
                mail_outbox::insert(db, &mail.to, &mail.subject, &mail.text, &mail.html, now).await?;
                tracing::info!(to = %mail.to, subject = %mail.subject, "mail kept in the local outbox:\n{}", mail.text);
                Ok(())
            }
            Self::Smtp { transport, from } => {
                let message = Message::builder()
                    .from(from.clone())
                    .to(mail.to.parse().context("the recipient is not a valid address")?)
                    .subject(&mail.subject)
                    .multipart(MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone()))
                    .context("cannot build the message")?;
                transport.send(message).await.context("the SMTP server refused the message")?;
                Ok(())
            }
        }
    }
}
