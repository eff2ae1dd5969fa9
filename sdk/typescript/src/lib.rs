//! The TypeScript a web client reads, generated from the Rust types that produce it, and
//! a check that the committed file is what they generate. A crate (the host, a plugin)
//! lists its types in a test:
//!
//! ```no_run
//! # #[derive(ts_rs::TS)] struct Reply { n: i64 }
//! use autoscope_typescript::{GeneratedFile, constant, declaration, messages};
//!
//! let file = GeneratedFile {
//!     file: "modules-web/shop/src/generated.ts",
//!     source: "plugins/shop/src/typescript.rs",
//!     regenerate: "cargo test -p module-shop --lib generated_typescript_is_current",
//! };
//! let cfg = autoscope_typescript::config();
//! file.check_or_write(&[
//!     declaration::<Reply>(&cfg),
//!     messages(&[("BLANK", "Enter a name")]),
//!     constant("The longest name, in characters.", "MAX_NAME", 100),
//! ]);
//! ```
//!
//! The check fails while the committed file differs; with `UPDATE_TS_TYPES=1` in the
//! environment it writes the file instead.

use std::path::Path;

pub use ts_rs::{Config, TS};

/// How ts-rs renders: whole numbers are JSON numbers, not `bigint`.
pub fn config() -> Config {
    Config::new().with_large_int("number")
}

/// `export type …` of `T`, with its doc comment.
pub fn declaration<T: TS>(cfg: &Config) -> String {
    format!("{}export {}", T::docs().unwrap_or_default(), T::decl(cfg))
}

/// Messages by the names of their constants (`MESSAGES.BLANK`), for a client to show the
/// same text as the server.
pub fn messages(messages: &[(&str, &str)]) -> String {
    named_messages("The server's messages", "MESSAGES", messages)
}

/// [`messages()`] under another name, for a file with more than one set:
/// `export const <name> = { … } as const;` with `doc` as its doc line.
pub fn named_messages(doc: &str, name: &str, messages: &[(&str, &str)]) -> String {
    let entries: String = messages.iter().map(|(name, text)| format!("  {name}: {},\n", quoted(text))).collect();
    format!("/** {doc}, by the names of its constants. */\nexport const {name} = {{\n{entries}}} as const;")
}

/// `messages![NAME_REQUIRED, NAME_TOO_LONG]`: the `(name, text)` pairs of message
/// constants in scope, for [`messages()`].
#[macro_export]
macro_rules! messages {
    ($($name:ident),* $(,)?) => { [$((stringify!($name), $name)),*] };
}

/// A constant the client shares with the server (a limit, say): `export const NAME = value;`
/// with its doc line, the value as JSON.
pub fn constant(doc: &str, name: &str, value: impl Into<serde_json::Value>) -> String {
    format!("/**\n * {doc}\n */\nexport const {name} = {};", value.into())
}

/// The files a plugin accepts, for its remote to check a file before sending it:
/// `export const FILE_TYPES = [{ extension: "pdf", mime: "application/pdf", content: … }, …] as const;`
/// and `export const MAX_FILE_BYTES = …;`. `types` is the plugin's table as JSON
/// (`serde_json::to_value(RULES.types)`: the SDK's `files::FileType`s serialise as
/// `{extension, mime, content}`), `max_bytes` its largest file.
pub fn accepted_files(types: serde_json::Value, max_bytes: usize) -> String {
    let rows: String = match &types {
        // In this order, whatever order the JSON object keeps.
        serde_json::Value::Array(rows) => rows
            .iter()
            .map(|row| {
                let fields: Vec<String> = ["extension", "mime", "content"]
                    .iter()
                    .map(|key| format!("{key}: {}", literal(&row[key])))
                    .collect();
                format!("  {{ {} }},\n", fields.join(", "))
            })
            .collect(),
        other => panic!("the accepted file types are a list, not {other}"),
    };
    format!(
        "/**\n * The accepted file types: the extension, the MIME type sent for it and what the content must\n \
         * look like (`@common/lib/files` checks a file against them).\n */\n\
         export const FILE_TYPES = [\n{rows}] as const;\n\n{}",
        constant("The largest file, in bytes.", "MAX_FILE_BYTES", max_bytes)
    )
}

/// A JSON value as a TypeScript literal: keys that are identifiers unquoted, spaced as
/// Prettier spaces them.
fn literal(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::Array(items) => {
            let items: Vec<String> = items.iter().map(literal).collect();
            format!("[{}]", items.join(", "))
        }
        serde_json::Value::Object(fields) if fields.is_empty() => "{}".into(),
        serde_json::Value::Object(fields) => {
            let identifier = |key: &str| {
                key.chars().next().is_some_and(|first| first.is_ascii_alphabetic() || first == '_')
                    && key.chars().all(|char| char.is_ascii_alphanumeric() || char == '_')
            };
            let fields: Vec<String> = fields
                .iter()
                .map(|(key, value)| {
                    let key = if identifier(key) { key.clone() } else { quoted(key) };
                    format!("{key}: {}", literal(value))
                })
                .collect();
            format!("{{ {} }}", fields.join(", "))
        }
        other => other.to_string(),
    }
}

/// `import type { A, B } from "<from>";`: the types a declaration names that another
/// generated file declares (a plugin's answer holding the web SDK's `Connection`, say).
pub fn import_types(from: &str, names: &[&str]) -> String {
    format!("import type {{ {} }} from {};", names.join(", "), quoted(from))
}

/// A union of string literals: `export type Name = "a" | "b";`, with its doc line.
pub fn string_union(doc: &str, name: &str, values: &[&str]) -> String {
    let values: Vec<String> = values.iter().map(|value| quoted(value)).collect();
    format!("/**\n * {doc}\n */\nexport type {name} = {};", values.join(" | "))
}

fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// One generated file and where it comes from.
pub struct GeneratedFile {
    /// The file, from the repository's root.
    pub file: &'static str,
    /// The source that lists its parts, from the repository's root.
    pub source: &'static str,
    /// The command that runs that test.
    pub regenerate: &'static str,
}

impl GeneratedFile {
    /// The file's text: a header saying how it is made, then the parts.
    pub fn render(&self, parts: &[String]) -> String {
        let header = format!(
            "// Generated from Rust types by the test in {}: do not edit. After changing the\n\
             // types, run UPDATE_TS_TYPES=1 {}\n",
            self.source, self.regenerate
        );
        let file = format!("{header}\n{}\n", parts.join("\n\n"));
        file.lines().map(|line| format!("{}\n", line.trim_end())).collect()
    }

    /// Panics (failing the test) unless the committed file is what `parts` render; with
    /// `UPDATE_TS_TYPES` set it writes the file instead.
    pub fn check_or_write(&self, parts: &[String]) {
        let path = repository_root().join(self.file);
        let generated = self.render(parts);
        if std::env::var_os("UPDATE_TS_TYPES").is_some() {
            std::fs::write(&path, &generated).unwrap_or_else(|err| panic!("writing {}: {err}", self.file));
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "{} is not what the Rust types generate: run\n  UPDATE_TS_TYPES=1 {}\nand commit the file.\n\n--- generated:\n{generated}",
            self.file,
            self.regenerate
        );
    }
}

/// The repository's root: the nearest folder above the crate under test that holds the
/// workspace's `Cargo.lock`. Read when the test runs, not at compile time: checkouts (a CI
/// clone beside the work tree) share one build directory, so a path compiled in would name
/// whichever checkout built this crate last.
fn repository_root() -> std::path::PathBuf {
    let crate_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    crate_dir.ancestors().find(|dir| dir.join("Cargo.lock").is_file()).map(Path::to_path_buf).unwrap_or(crate_dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_unions_are_quoted_as_json() {
        assert_eq!(
            messages(&[("BLANK", "Say \"hi\"")]),
            "/** The server's messages, by the names of its constants. */\nexport const MESSAGES = {\n  BLANK: \"Say \\\"hi\\\"\",\n} as const;"
        );
        assert_eq!(string_union("A key.", "Key", &["a", "b"]), "/**\n * A key.\n */\nexport type Key = \"a\" | \"b\";");
        assert_eq!(
            named_messages("The form's messages", "FORM_MESSAGES", &[("HOST", "Give a host")]),
            "/** The form's messages, by the names of its constants. */\nexport const FORM_MESSAGES = {\n  HOST: \"Give a host\",\n} as const;"
        );
    }

    #[test]
    fn imported_types_come_from_another_package() {
        assert_eq!(
            import_types("@autoscope/web-sdk", &["Connection", "Job"]),
            "import type { Connection, Job } from \"@autoscope/web-sdk\";"
        );
    }

    #[test]
    fn constants_are_documented_json_values() {
        assert_eq!(
            constant("The longest range, in days.", "MAX_DAYS", 400),
            "/**\n * The longest range, in days.\n */\nexport const MAX_DAYS = 400;"
        );
        assert_eq!(
            constant("A name.", "NAME", "Ann \"A\""),
            "/**\n * A name.\n */\nexport const NAME = \"Ann \\\"A\\\"\";"
        );
    }

    #[test]
    fn accepted_files_are_a_constant_table_and_a_limit() {
        let types = serde_json::json!([
            { "extension": "pdf", "mime": "application/pdf", "content": { "signature": [[37, 80]] } },
            { "extension": "txt", "mime": "text/plain", "content": "text" },
        ]);
        let text = accepted_files(types, 1024);
        assert!(text.contains(
            "export const FILE_TYPES = [\n  { extension: \"pdf\", mime: \"application/pdf\", content: { signature: [[37, 80]] } },\n  { extension: \"txt\", mime: \"text/plain\", content: \"text\" },\n] as const;"
        ), "{text}");
        assert!(text.ends_with("export const MAX_FILE_BYTES = 1024;"), "{text}");
        assert_eq!(literal(&serde_json::json!({ "a-b": [], "c": {} })), "{ \"a-b\": [], c: {} }");
    }

    #[test]
    fn the_header_says_how_to_regenerate() {
        let file = GeneratedFile { file: "x.ts", source: "src/typescript.rs", regenerate: "cargo test -p x" };
        let text = file.render(&["export type A = string;".into()]);
        assert!(text.starts_with("// Generated from Rust types by the test in src/typescript.rs"));
        assert!(text.contains("UPDATE_TS_TYPES=1 cargo test -p x"));
        assert!(text.ends_with("export type A = string;\n"));
    }
}
