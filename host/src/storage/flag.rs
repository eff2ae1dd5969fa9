//! Booleans read on either engine: PostgreSQL answers a native bool, SQLite a 0/1
//! integer (sqlx's Any driver maps no SQLite BOOLEAN). Binding a Rust `bool` already
//! works on both, so only decoding needs this.

use sqlx::any::{Any, AnyTypeInfo, AnyTypeInfoKind};
use sqlx::{Database, Decode, Type, ValueRef};

/// Use as `#[sqlx(try_from = "Flag")] field: bool`.
#[derive(Debug, Clone, Copy)]
pub struct Flag(pub bool);

impl From<Flag> for bool {
    fn from(flag: Flag) -> Self {
        flag.0
    }
}

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <bool as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        matches!(
            ty.kind(),
            AnyTypeInfoKind::Bool | AnyTypeInfoKind::SmallInt | AnyTypeInfoKind::Integer | AnyTypeInfoKind::BigInt
        )
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        if value.type_info().kind() == AnyTypeInfoKind::Bool {
            <bool as Decode<Any>>::decode(value).map(Self)
        } else {
            <i64 as Decode<Any>>::decode(value).map(|n| Self(n != 0))
        }
    }
}
