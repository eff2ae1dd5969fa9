//! `GET /masters/options`: the lists every form offers, public because sign-up asks
//! before anyone is signed in.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Kind;
use crate::error::Result;
use crate::http::{AppState, Json};
use crate::storage::masters::{self, Entry};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(options))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CountryOption {
    /// ISO 3166-1 alpha-2: the value forms send.
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CurrencyOption {
    /// ISO 4217: the value forms send as `currency_name`.
    pub code: String,
    pub name: String,
    pub symbol: String,
}

/// The active entries of the default lists, each in its sort order.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MasterOptions {
    pub genders: Vec<String>,
    pub departments: Vec<String>,
    pub countries: Vec<CountryOption>,
    pub currencies: Vec<CurrencyOption>,
}

impl MasterOptions {
    /// Sorts `entries` (in sort order) into the lists; other kinds and entries without the
    /// code their kind needs are left out.
    pub fn from_entries(entries: Vec<Entry>) -> Self {
        let mut options = Self::default();
        for Entry { kind, name, code, symbol, .. } in entries {
            match (Kind::parse(&kind), code) {
                (Some(Kind::Gender), _) => options.genders.push(name),
                (Some(Kind::Department), _) => options.departments.push(name),
                (Some(Kind::Country), Some(code)) => options.countries.push(CountryOption { code, name }),
                (Some(Kind::Currency), Some(code)) => {
                    options.currencies.push(CurrencyOption { code, name, symbol: symbol.unwrap_or_default() })
                }
                _ => {}
            }
        }
        options
    }
}

/// Genders, departments, countries and currencies: the active default entries in their
/// sort order. No sign-in needed.
#[utoipa::path(get, path = "/masters/options", tag = "masters", responses((status = 200, body = MasterOptions)))]
async fn options(State(state): State<AppState>) -> Result<Json<MasterOptions>> {
    Ok(Json(MasterOptions::from_entries(masters::active_defaults(&state.db).await?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(kind: &str, name: &str, code: Option<&str>, symbol: Option<&str>) -> Entry {
        Entry {
            id: name.into(),
            kind: kind.into(),
            name: name.into(),
            code: code.map(Into::into),
            symbol: symbol.map(Into::into),
            active: true,
            sort: 0,
        }
    }

    #[test]
    fn entries_go_to_their_list_in_the_order_given() {
        let options = MasterOptions::from_entries(vec![
            entry("country", "India", Some("IN"), None),
            entry("country", "Nowhere", None, None),
            entry("currency", "Euro", Some("EUR"), Some("€")),
            entry("currency", "Token", Some("TOK"), None),
            entry("department", "Legal", None, None),
            entry("department", "Finance", None, None),
            entry("gender", "Female", None, None),
            entry("ticket_priority", "High", None, None),
        ]);
        assert_eq!(options.genders, ["Female"]);
        assert_eq!(options.departments, ["Legal", "Finance"]);
        assert_eq!(options.countries, [CountryOption { code: "IN".into(), name: "India".into() }]);
        assert_eq!(
            options.currencies,
            [
                CurrencyOption { code: "EUR".into(), name: "Euro".into(), symbol: "€".into() },
                CurrencyOption { code: "TOK".into(), name: "Token".into(), symbol: String::new() },
            ]
        );
    }
}
