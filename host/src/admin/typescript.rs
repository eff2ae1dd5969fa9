//! The web shell's types of the platform administrators' lists
//! (`shell-web/src/app/pages/admin/generated.ts`): companies and their accounts, people,
//! enterprise requests, the system log and the installed modules. The master lists and
//! the deletion requests have theirs with the options and the session.

use autoscope_typescript::{GeneratedFile, config, declaration};

use super::companies::{AccountItem, AccountList, CompanyItem, CompanyList};
use super::enterprise_requests::{EnterpriseRequestItem, EnterpriseRequestPage, UpgradeAnswer};
use super::logs::{AdminLogItem, AdminLogPage};
use super::people::{PeoplePage, PersonCompany, PersonItem};
use crate::modules::manifest::Limits;
use crate::modules::registry::api::{InstalledItem, InstalledList, RouteItem};

#[test]
fn generated_typescript_is_current() {
    let cfg = config();
    GeneratedFile {
        file: "shell-web/src/app/pages/admin/generated.ts",
        source: "host/src/admin/typescript.rs",
        regenerate: "cargo test -p autoscope --lib admin::typescript",
    }
    .check_or_write(&[
        declaration::<CompanyList>(&cfg),
        declaration::<CompanyItem>(&cfg),
        declaration::<AccountList>(&cfg),
        declaration::<AccountItem>(&cfg),
        declaration::<PeoplePage>(&cfg),
        declaration::<PersonItem>(&cfg),
        declaration::<PersonCompany>(&cfg),
        declaration::<EnterpriseRequestPage>(&cfg),
        declaration::<EnterpriseRequestItem>(&cfg),
        declaration::<UpgradeAnswer>(&cfg),
        declaration::<AdminLogPage>(&cfg),
        declaration::<AdminLogItem>(&cfg),
        declaration::<InstalledList>(&cfg),
        declaration::<InstalledItem>(&cfg),
        declaration::<Limits>(&cfg),
        declaration::<RouteItem>(&cfg),
    ]);
}
