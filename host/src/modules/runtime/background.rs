//! Host work a plugin call started without waiting for it (`ingest_background`). It belongs
//! to the call: a call has at most a few running, and it answers only after they end.

use std::collections::HashMap;

use autoscope_wire::HostError;
use autoscope_wire::host::IngestReport;
use tokio::task::JoinHandle;

/// A store running for the call.
pub type Store = JoinHandle<Result<IngestReport, HostError>>;

/// The call's running stores, by ticket.
#[derive(Default)]
pub struct Background {
    last: u32,
    running: HashMap<u32, Store>,
}

impl Background {
    /// Runs what `spawn` starts under a new ticket, unless `limit` stores run already.
    pub fn start(&mut self, limit: usize, spawn: impl FnOnce() -> Store) -> Result<u32, HostError> {
        if self.running.len() >= limit {
            return Err(HostError::new(
                429,
                format!("A call runs at most {limit} background stores at once: wait for one first"),
            ));
        }
        self.last += 1;
        self.running.insert(self.last, spawn());
        Ok(self.last)
    }

    /// The store of `ticket`, which the caller now waits for.
    pub fn take(&mut self, ticket: u32) -> Result<Store, HostError> {
        self.running
            .remove(&ticket)
            .ok_or_else(|| HostError::new(404, format!("No background store {ticket} runs in this call")))
    }

    /// The stores nobody waited for.
    pub fn unwaited(&mut self) -> Vec<Store> {
        self.running.drain().map(|(_, store)| store).collect()
    }
}

/// Waits for `stores`; answers the first one's failure.
pub async fn settle(stores: Vec<Store>) -> Option<String> {
    let mut failure = None;
    for store in stores {
        let outcome = match store.await {
            Ok(Ok(_)) => None,
            Ok(Err(err)) => Some(err.to_string()),
            Err(join) => Some(join.to_string()),
        };
        failure = failure.or(outcome);
    }
    failure
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(stored: usize) -> Result<IngestReport, HostError> {
        Ok(IngestReport { received: stored, stored, errors: Vec::new() })
    }

    #[tokio::test]
    async fn a_call_runs_few_stores_and_hands_each_out_once() {
        let mut background = Background::default();
        let first = background.start(2, || tokio::spawn(async { report(1) })).unwrap();
        let second = background.start(2, || tokio::spawn(async { report(2) })).unwrap();
        let refused = background.start(2, || unreachable!("a third store is not started")).unwrap_err();
        assert_eq!(refused.status, 429);
        assert_eq!(background.take(second).unwrap().await.unwrap(), report(2));
        assert_eq!(background.take(second).unwrap_err().status, 404, "a ticket is waited for once");
        assert!(background.start(2, || tokio::spawn(async { report(3) })).unwrap() > first);
        assert_eq!(background.unwaited().len(), 2);
        assert!(background.unwaited().is_empty());
    }

    #[tokio::test]
    async fn settling_waits_for_all_and_answers_the_first_failure() {
        let (ran, done) = tokio::sync::oneshot::channel();
        let slow = tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            let _ = ran.send(());
            report(1)
        });
        let failed = tokio::spawn(async { Err(HostError::new(500, "disk full")) });
        let failure = settle(vec![slow, failed]).await;
        assert_eq!(failure.as_deref(), Some("disk full (500)"));
        assert!(done.await.is_ok(), "the slow store ended first");
        assert_eq!(settle(Vec::new()).await, None);
    }
}
