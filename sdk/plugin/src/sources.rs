//! The outside databases an administrator connected to the module (`sources` capability):
//! list them, test one, browse its tables and columns, and read rows page by page. The
//! host holds the credentials and builds the SQL; see [`crate::wire::sources`].

use crate::Result;
use crate::host::call;
use crate::wire::HostFunction;
use crate::wire::sources::{Connection, ServerVersion, SourceColumn, SourceRead, SourceRows, SourceTable, SourcesOp};

/// The module's connections in the company, without secrets.
pub fn connections() -> Result<Vec<Connection>> {
    call(HostFunction::Sources, &SourcesOp::List)
}

/// Connects and answers the server's version; an error carries the driver's message.
pub fn test(connection: &str) -> Result<ServerVersion> {
    call(HostFunction::Sources, &SourcesOp::Test { connection: connection.into() })
}

/// The tables and views the connection's user can read.
pub fn tables(connection: &str) -> Result<Vec<SourceTable>> {
    call(HostFunction::Sources, &SourcesOp::Tables { connection: connection.into() })
}

/// The columns of `table` (a name as [`tables`] gives it).
pub fn columns(connection: &str, table: &str) -> Result<Vec<SourceColumn>> {
    call(HostFunction::Sources, &SourcesOp::Columns { connection: connection.into(), table: table.into() })
}

/// One page of rows.
pub fn read(connection: &str, read: SourceRead) -> Result<SourceRows> {
    call(HostFunction::Sources, &SourcesOp::Read { connection: connection.into(), read })
}
