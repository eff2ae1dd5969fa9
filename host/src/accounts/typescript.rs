//! The web shell's types of the session (`shell-web/src/session/generated.ts`): the
//! sign-in answer, its `userdata`, the companies a person may switch to, and data deletion
//! requests.

use autoscope_typescript::{GeneratedFile, config, declaration};

use super::deletion::{DeletionRequestRow, DeletionStatus};
use super::switch::MyCompany;
use super::{SignedIn, UserData, UserRole};

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    GeneratedFile {
        file: "shell-web/src/session/generated.ts",
        source: "host/src/accounts/typescript.rs",
        regenerate: "cargo test -p autoscope --lib accounts::typescript",
    }
    .check_or_write(&[
        // A right is the web SDK's type, generated from the same Rust type.
        "import type { Right } from '@autoscope/web-sdk';".into(),
        declaration::<SignedIn>(&cfg),
        declaration::<UserData>(&cfg),
        declaration::<UserRole>(&cfg),
        declaration::<MyCompany>(&cfg),
        declaration::<DeletionStatus>(&cfg),
        declaration::<DeletionRequestRow>(&cfg),
    ]);
}
