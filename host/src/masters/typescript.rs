//! The web shell's types of the master lists (`shell-web/src/options/generated.ts`): the
//! public options every form offers, and the platform admins' editing of the lists with
//! its messages.

use autoscope_typescript::{GeneratedFile, config, declaration, messages};

use super::admin::{self, AdminMaster, AdminMasterList, Direction, MasterChange, MoveRequest, NewMaster};
use super::{CountryOption, CurrencyOption, Kind, MasterOptions};

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    GeneratedFile {
        file: "shell-web/src/options/generated.ts",
        source: "host/src/masters/typescript.rs",
        regenerate: "cargo test -p autoscope --lib masters::typescript",
    }
    .check_or_write(&[
        declaration::<MasterOptions>(&cfg),
        declaration::<CountryOption>(&cfg),
        declaration::<CurrencyOption>(&cfg),
        declaration::<Kind>(&cfg),
        declaration::<AdminMaster>(&cfg),
        declaration::<AdminMasterList>(&cfg),
        declaration::<NewMaster>(&cfg),
        declaration::<MasterChange>(&cfg),
        declaration::<Direction>(&cfg),
        declaration::<MoveRequest>(&cfg),
        messages(&[
            ("NOT_FOUND", admin::NOT_FOUND),
            ("NAME_REQUIRED", admin::NAME_REQUIRED),
            ("NAME_TOO_LONG", admin::NAME_TOO_LONG),
            ("COUNTRY_CODE", admin::COUNTRY_CODE),
            ("CURRENCY_CODE", admin::CURRENCY_CODE),
            ("NAME_TAKEN", admin::NAME_TAKEN),
            ("CODE_TAKEN", admin::CODE_TAKEN),
        ]),
    ]);
}
