//! The rules of the sign-up and profile fields (the e-mail pattern, required fields, the
//! choices from the master lists), each with the exact message the person sees.

use crate::error::{Error, Result};
use crate::masters::Kind;
use crate::storage::{Db, masters};

/// The spec's e-mail pattern: a local part of letters, digits, underscore, hyphen and
/// dot; a domain whose last label is 2 to 4 letters.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    let local_ok = !local.is_empty() && local.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let Some((suffix, names)) = labels.split_last() else { return false };
    let names_ok = !names.is_empty()
        && names.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    let suffix_ok = (2..=4).contains(&suffix.len()) && suffix.chars().all(|c| c.is_ascii_alphabetic());
    local_ok && names_ok && suffix_ok
}

/// The trimmed value, or 400 with `message` when it is blank.
pub fn required<'a>(value: &'a str, message: &str) -> Result<&'a str> {
    let value = value.trim();
    if value.is_empty() { Err(Error::bad_request(message)) } else { Ok(value) }
}

/// The lower-cased address, or 400 with `message` when it does not match the pattern.
pub fn email(value: &str, message: &str) -> Result<String> {
    let value = value.trim();
    if is_email(value) { Ok(value.to_lowercase()) } else { Err(Error::bad_request(message)) }
}

/// Profile fields of sign-up step 3 (also the social sign-up form), checked in the
/// order the form shows them.
pub struct Profile<'a> {
    pub gender: &'a str,
    pub country: &'a str,
    pub companyname: &'a str,
    pub job_title: &'a str,
    pub currency_name: &'a str,
    pub department: &'a str,
}

/// The trimmed value, or 400 with `message` unless it is an active entry of the default
/// master list of `kind` (a code for countries and currencies, a name otherwise): the
/// check of every form's gender, country, currency and department.
pub async fn choice<'a>(db: &Db, kind: Kind, value: &'a str, message: &str) -> Result<&'a str> {
    let value = required(value, message)?;
    if masters::is_active_default(db, kind.as_str(), value, kind.by_code()).await? {
        Ok(value)
    } else {
        Err(Error::bad_request(message))
    }
}

/// A company's currency: its code, from the currencies' master list, and its symbol.
pub async fn currency<'a>(db: &Db, name: &'a str, symbol: &'a str) -> Result<(&'a str, &'a str)> {
    let name = choice(db, Kind::Currency, name, "Please select a currency").await?;
    Ok((name, currency_symbol(symbol)))
}

/// The trimmed currency symbol, `$` when none is given.
pub fn currency_symbol(symbol: &str) -> &str {
    match symbol.trim() {
        "" => "$",
        symbol => symbol,
    }
}

/// The person's own fields of step 3, for someone who joins an existing company.
pub struct Person<'a> {
    pub gender: &'a str,
    pub country: &'a str,
    pub job_title: &'a str,
    pub department: &'a str,
}

impl Person<'_> {
    pub async fn check(&self, db: &Db) -> Result<()> {
        choice(db, Kind::Gender, self.gender, "Please select a Gender").await?;
        choice(db, Kind::Country, self.country, "Please select a Country").await?;
        required(self.job_title, "Please enter your job title")?;
        choice(db, Kind::Department, self.department, "Please select a department").await?;
        Ok(())
    }
}

impl Profile<'_> {
    pub async fn check(&self, db: &Db) -> Result<()> {
        choice(db, Kind::Gender, self.gender, "Please select a Gender").await?;
        choice(db, Kind::Country, self.country, "Please select a Country").await?;
        required(self.companyname, "Please enter your company name")?;
        required(self.job_title, "Please enter your job title")?;
        choice(db, Kind::Currency, self.currency_name, "Please select a currency").await?;
        choice(db, Kind::Department, self.department, "Please select a department").await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_email_pattern() {
        for ok in ["ann@example.com", "a.b-c_d@mail.example.info", "x1@ab.co"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in [
            "",
            "ann",
            "ann@",
            "@example.com",
            "ann@example",
            "ann@example.c",
            "ann@example.museum",
            "a+b@example.com",
            "ann@exa mple.com",
            "ann@.com",
            "ann@example.c0m",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn a_blank_currency_symbol_is_the_dollar() {
        assert_eq!(currency_symbol(" € "), "€");
        assert_eq!(currency_symbol("  "), "$");
    }
}
