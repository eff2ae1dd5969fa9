//! A module's call slots, shared fairly between companies. A company holds at most
//! [`FairSlots::per_company`] of them, so a slot is free for another company even while
//! one company's calls fill its share; a freed slot goes to the waiting company that holds
//! the fewest (the earliest waiter among equals), so a company with one call waiting is
//! not queued behind another company's hundred.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::oneshot;

pub struct FairSlots {
    capacity: usize,
    /// The most slots one company holds at once.
    per_company: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    held: HashMap<String, usize>,
    /// By arrival: the company waiting and where its slot goes. A slot sent to a waiter
    /// that has stopped waiting comes back when the channel drops it.
    waiting: BTreeMap<u64, (String, oneshot::Sender<Slot>)>,
    next_ticket: u64,
}

impl State {
    fn in_use(&self) -> usize {
        self.held.values().sum()
    }

    /// Counts a slot taken by `company_id`; answers whether it held one already.
    fn take(&mut self, company_id: &str) -> bool {
        let held = self.held.entry(company_id.to_string()).or_default();
        *held += 1;
        *held > 1
    }

    fn give_back(&mut self, company_id: &str) {
        if let Some(held) = self.held.get_mut(company_id) {
            *held -= 1;
            if *held == 0 {
                self.held.remove(company_id);
            }
        }
    }
}

/// One slot, given back when dropped.
pub struct Slot {
    slots: Arc<FairSlots>,
    company_id: String,
    /// The company held another slot when it got this one: a call beyond its first.
    pub crowded: bool,
    /// False for a slot given back by hand (with the state locked already).
    counted: bool,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if self.counted {
            let mut state = self.slots.lock();
            state.give_back(&self.company_id);
            self.slots.hand_out(&mut state);
        }
    }
}

impl FairSlots {
    pub fn new(capacity: usize) -> Arc<Self> {
        let capacity = capacity.max(1);
        // A quarter of the slots (one at least, when there are two) stays out of any one
        // company's reach.
        let per_company = (capacity - capacity.div_ceil(4)).max(1);
        Arc::new(Self { capacity, per_company, state: Mutex::default() })
    }

    /// The most slots one key holds at once.
    pub fn share(&self) -> usize {
        self.per_company
    }

    /// A slot for a call of `company_id`, waiting at most `wait`; `None` when none came.
    pub async fn acquire(self: &Arc<Self>, company_id: &str, wait: Duration) -> Option<Slot> {
        let (ticket, mut answer) = {
            let mut state = self.lock();
            if state.waiting.is_empty() && self.may_take(&state, company_id) {
                let crowded = state.take(company_id);
                return Some(self.slot(company_id, crowded));
            }
            let (sender, answer) = oneshot::channel();
            let ticket = state.next_ticket;
            state.next_ticket += 1;
            state.waiting.insert(ticket, (company_id.to_string(), sender));
            // Waiters of other companies may be held back by their share only.
            self.hand_out(&mut state);
            (ticket, answer)
        };
        if let Ok(Ok(slot)) = tokio::time::timeout(wait, &mut answer).await {
            return Some(slot);
        }
        let mut state = self.lock();
        if state.waiting.remove(&ticket).is_some() {
            return None;
        }
        // Handed a slot as the wait ended: keep it.
        drop(state);
        answer.try_recv().ok()
    }

    fn slot(self: &Arc<Self>, company_id: &str, crowded: bool) -> Slot {
        Slot { slots: self.clone(), company_id: company_id.to_string(), crowded, counted: true }
    }

    fn may_take(&self, state: &State, company_id: &str) -> bool {
        state.in_use() < self.capacity && state.held.get(company_id).copied().unwrap_or(0) < self.per_company
    }

    /// Gives free slots to waiters: each time to the company holding the fewest, within
    /// its share, the earliest waiter first among equals.
    fn hand_out(self: &Arc<Self>, state: &mut State) {
        while state.in_use() < self.capacity {
            let next = state
                .waiting
                .iter()
                .filter(|(_, (company, _))| self.may_take(state, company))
                .min_by_key(|(ticket, (company, _))| (state.held.get(company).copied().unwrap_or(0), **ticket))
                .map(|(ticket, _)| *ticket);
            let Some((company, sender)) = next.and_then(|ticket| state.waiting.remove(&ticket)) else {
                return;
            };
            let crowded = state.take(&company);
            if let Err(mut slot) = sender.send(self.slot(&company, crowded)) {
                // The waiter stopped waiting: the slot goes back here, under this lock.
                slot.counted = false;
                state.give_back(&company);
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONG: Duration = Duration::from_secs(5);

    #[test]
    fn a_quarter_of_the_slots_stays_out_of_one_companys_reach() {
        let shares: Vec<usize> = [1, 2, 3, 4, 8, 16].map(|capacity| FairSlots::new(capacity).share()).into();
        assert_eq!(shares, [1, 1, 2, 3, 6, 12]);
    }

    #[tokio::test]
    async fn a_company_gets_a_slot_while_another_fills_its_share() {
        let slots = FairSlots::new(4);
        let mut storm = Vec::new();
        for _ in 0..3 {
            storm.push(slots.acquire("storm", LONG).await.unwrap());
        }
        assert!(slots.acquire("storm", Duration::from_millis(20)).await.is_none(), "beyond its share");
        let quiet = slots.acquire("quiet", Duration::from_millis(20)).await.expect("at once");
        assert!(!quiet.crowded, "the quiet company's first call");
        assert_eq!(storm.iter().map(|slot| slot.crowded).collect::<Vec<_>>(), [false, true, true]);
    }

    #[tokio::test]
    async fn a_freed_slot_goes_to_the_company_holding_the_fewest() {
        let slots = FairSlots::new(4);
        let mut storm_running = Vec::new();
        for _ in 0..3 {
            storm_running.push(slots.acquire("storm", LONG).await.unwrap());
        }
        let quiet_running = slots.acquire("quiet", LONG).await.unwrap();
        // The storm queues three more calls, then the quiet company one.
        let waiting: Vec<_> = (0..3)
            .map(|_| {
                let slots = slots.clone();
                tokio::spawn(async move { slots.acquire("storm", LONG).await.map(|_| "storm") })
            })
            .collect();
        while slots.lock().waiting.len() < 3 {
            tokio::task::yield_now().await;
        }
        let quiet = {
            let slots = slots.clone();
            tokio::spawn(async move { slots.acquire("quiet", LONG).await })
        };
        while slots.lock().waiting.len() < 4 {
            tokio::task::yield_now().await;
        }
        // A storm call ends: the quiet company holds one, the storm two, so the slot is the
        // quiet company's although the storm asked first.
        storm_running.pop();
        let quiet_again = quiet.await.unwrap().expect("the quiet company's call runs");
        assert_eq!(slots.lock().waiting.len(), 3, "the storm still waits");
        drop((storm_running, quiet_running, quiet_again));
        for waiter in waiting {
            assert_eq!(waiter.await.unwrap(), Some("storm"));
        }
        assert_eq!(slots.lock().in_use(), 0, "every slot came back");
    }

    #[tokio::test]
    async fn a_waiter_dropped_after_its_slot_was_sent_gives_the_slot_back() {
        let slots = FairSlots::new(1);
        let held = slots.acquire("a", LONG).await.unwrap();
        let mut waiting = Box::pin(slots.acquire("b", LONG));
        // Polled once: it waits in the queue.
        assert!(futures_poll_once(waiting.as_mut()).await.is_none());
        // The slot is sent to it, and it is dropped (a cancelled request) before reading it.
        drop(held);
        drop(waiting);
        assert_eq!(slots.lock().in_use(), 0, "the slot came back");
        assert!(slots.acquire("c", Duration::from_millis(10)).await.is_some());
    }

    /// Polls `future` once: its output if it is ready.
    async fn futures_poll_once<F: Future>(future: std::pin::Pin<&mut F>) -> Option<F::Output> {
        let mut future = Some(future);
        std::future::poll_fn(|cx| {
            let polled = future.take().map(|future| future.poll(cx));
            std::task::Poll::Ready(match polled {
                Some(std::task::Poll::Ready(output)) => Some(output),
                _ => None,
            })
        })
        .await
    }

    #[tokio::test]
    async fn a_wait_that_ends_gives_nothing_and_leaves_the_slots_whole() {
        let slots = FairSlots::new(1);
        let held = slots.acquire("a", LONG).await.unwrap();
        assert!(slots.acquire("b", Duration::from_millis(10)).await.is_none());
        assert!(slots.lock().waiting.is_empty());
        drop(held);
        assert!(slots.acquire("b", Duration::from_millis(10)).await.is_some());
        assert_eq!(slots.lock().in_use(), 0);
    }
}
