//! The mails the host sends, each as plain text and HTML.

use super::Mail;

pub fn signup_code(to: &str, firstname: &str, code: &str) -> Mail {
    let text = format!(
        "Hello {firstname},\n\nyour Autoscope sign-up code is {code}.\n\nIt is valid for 10 minutes. \
         If you did not ask to sign up, ignore this mail.\n"
    );
    let html = format!(
        "<p>Hello {name},</p><p>your Autoscope sign-up code is</p>\
         <p style=\"font-size:24px;font-weight:bold;letter-spacing:4px\">{code}</p>\
         <p>It is valid for 10 minutes. If you did not ask to sign up, ignore this mail.</p>",
        name = escape(firstname),
        code = escape(code),
    );
    Mail { to: to.to_string(), subject: "Your Autoscope sign-up code".into(), text, html }
}

pub fn email_change_code(to: &str, firstname: &str, code: &str) -> Mail {
    let text = format!(
        "Hello {firstname},\n\nyour code to make this your Autoscope e-mail address is {code}.\n\n\
         It is valid for 10 minutes. If you did not ask for it, ignore this mail.\n"
    );
    let html = format!(
        "<p>Hello {name},</p><p>your code to make this your Autoscope e-mail address is</p>\
         <p style=\"font-size:24px;font-weight:bold;letter-spacing:4px\">{code}</p>\
         <p>It is valid for 10 minutes. If you did not ask for it, ignore this mail.</p>",
        name = escape(firstname),
        code = escape(code),
    );
    Mail { to: to.to_string(), subject: "Confirm your new Autoscope e-mail address".into(), text, html }
}

/// To the old address once the change is done, so a stolen session cannot move the
/// account away unnoticed.
pub fn email_changed_notice(to: &str, firstname: &str, new_email: &str) -> Mail {
    let text = format!(
        "Hello {firstname},\n\nyour Autoscope account now signs in with {new_email} instead of this address.\n\n\
         If you did not make this change, contact your administrator at once.\n"
    );
    let html = format!(
        "<p>Hello {name},</p><p>your Autoscope account now signs in with <b>{new}</b> instead of this address.</p>\
         <p>If you did not make this change, contact your administrator at once.</p>",
        name = escape(firstname),
        new = escape(new_email),
    );
    Mail { to: to.to_string(), subject: "Your Autoscope e-mail address was changed".into(), text, html }
}

pub fn reset_link(to: &str, firstname: &str, link: &str) -> Mail {
    let text = format!(
        "Hello {firstname},\n\nopen this link to choose a new Autoscope password:\n{link}\n\n\
         It is valid for 30 minutes and works once. If you did not ask for it, ignore this mail.\n"
    );
    let html = format!(
        "<p>Hello {name},</p><p><a href=\"{link}\">Choose a new Autoscope password</a></p>\
         <p>It is valid for 30 minutes and works once. If you did not ask for it, ignore this mail.</p>",
        name = escape(firstname),
        link = escape(link),
    );
    Mail { to: to.to_string(), subject: "Reset your Autoscope password".into(), text, html }
}

pub fn invitation(to: &str, inviter: &str, companyname: &str, link: &str) -> Mail {
    let text = format!(
        "Hello,\n\n{inviter} invites you to join {companyname} on Autoscope. Open this link to accept:\n{link}\n\n\
         It is valid for 7 days and works once. If you do not know {inviter}, ignore this mail.\n"
    );
    let html = format!(
        "<p>Hello,</p><p>{inviter} invites you to join {company} on Autoscope.</p>\
         <p><a href=\"{link}\">Accept the invitation</a></p>\
         <p>It is valid for 7 days and works once. If you do not know {inviter}, ignore this mail.</p>",
        inviter = escape(inviter),
        company = escape(companyname),
        link = escape(link),
    );
    Mail { to: to.to_string(), subject: format!("Join {companyname} on Autoscope"), text, html }
}

/// A mail from a template (a module's): `{{name}}` placeholders take `values` (escaped
/// in HTML); an unknown placeholder becomes empty. Without an HTML template the HTML
/// part is the escaped text.
pub fn from_template(template: &Template<'_>, to: &str, values: &serde_json::Map<String, serde_json::Value>) -> Mail {
    let text = fill(template.text, values, false);
    let html = match template.html {
        Some(html) => fill(html, values, true),
        None => format!("<p>{}</p>", escape(&text).replace('\n', "<br>")),
    };
    Mail { to: to.to_string(), subject: fill(template.subject, values, false), text, html }
}

/// A mail's parts with `{{name}}` placeholders.
pub struct Template<'a> {
    pub subject: &'a str,
    pub text: &'a str,
    pub html: Option<&'a str>,
}

fn fill(template: &str, values: &serde_json::Map<String, serde_json::Value>, html: bool) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find("}}") else {
            rest = &rest[start..];
            break;
        };
        let name = rest[start + 2..start + end].trim();
        let value = match values.get(name) {
            Some(serde_json::Value::String(text)) => text.clone(),
            Some(serde_json::Value::Null) | None => String::new(),
            Some(other) => other.to_string(),
        };
        out.push_str(&if html { escape(&value) } else { value });
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

/// HTML-escapes text placed in a template.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_in_html_but_not_in_text() {
        let mail = signup_code("a@b.co", "<b>Eve</b>", "012345");
        assert!(mail.html.contains("&lt;b&gt;Eve"));
        assert!(!mail.html.contains("<b>Eve"));
        assert!(mail.text.contains("<b>Eve</b>"));
        assert!(mail.text.contains("012345") && mail.html.contains("012345"));
    }

    #[test]
    fn module_templates_fill_placeholders_escaping_html_only() {
        let template = Template {
            subject: "Hello {{ name }}",
            text: "Item {{title}} costs {{price}}{{missing}}.",
            html: Some("<p>{{title}}</p>"),
        };
        let values = serde_json::json!({ "name": "Ann", "title": "<b>x</b>", "price": 3 });
        let mail = from_template(&template, "a@b.co", values.as_object().unwrap());
        assert_eq!(mail.subject, "Hello Ann");
        assert_eq!(mail.text, "Item <b>x</b> costs 3.");
        assert_eq!(mail.html, "<p>&lt;b&gt;x&lt;/b&gt;</p>");
    }

    #[test]
    fn the_reset_mail_carries_the_link() {
        let mail = reset_link("a@b.co", "Ann", "http://h/resetPassword?email=a%40b.co&code=x");
        assert!(mail.text.contains("http://h/resetPassword?email=a%40b.co&code=x"));
        assert!(mail.html.contains("href=\"http://h/resetPassword?email=a%40b.co&amp;code=x\""));
    }
}
