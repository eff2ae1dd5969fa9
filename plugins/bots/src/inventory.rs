//! The company's bots as the figures need them: id, name, licence cost and processes. An
//! inventory is small (a few hundred bots at most), so it is read whole, with only these
//! fields.

use autoscope_sdk::prelude::*;
use serde::Deserialize;

/// The most bots a figure reads; an inventory beyond it is cut (by name).
pub const MAX_BOTS: usize = 5_000;

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Bot {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub licence_cost: Option<f64>,
    #[serde(default)]
    pub processes: Option<Vec<String>>,
}

#[cfg(test)]
impl Bot {
    /// A bot with a name only.
    pub fn named(id: &str, name: &str) -> Self {
        Self { id: id.to_string(), name: name.to_string(), licence_cost: None, processes: None }
    }
}

/// The bots, by name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Inventory {
    pub bots: Vec<Bot>,
}

impl Inventory {
    pub fn new(mut bots: Vec<Bot>) -> Self {
        bots.sort_by(|a, b| a.name.cmp(&b.name));
        Self { bots }
    }

    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub fn get(&self, name: &str) -> Option<&Bot> {
        self.bots.binary_search_by(|bot| bot.name.as_str().cmp(name)).ok().map(|index| &self.bots[index])
    }
}

/// Every bot of the company.
pub fn read() -> Result<Inventory> {
    let query = Query::default().sort("name").fields(["name", "licence_cost", "processes"]);
    Ok(Inventory::new(collection("bots").list_all_as(&query, MAX_BOTS)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_are_found_by_name() {
        let inventory = Inventory::new(vec![Bot::named("2", "Zulu"), Bot::named("1", "Alpha")]);
        assert_eq!(inventory.bots[0].name, "Alpha");
        assert_eq!(inventory.get("Zulu").map(|bot| bot.id.as_str()), Some("2"));
        assert!(!inventory.has("alpha"), "names are exact");
    }
}
