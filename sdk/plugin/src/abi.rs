//! The raw boundary with the host: the call's input and output, and the host functions of
//! `autoscope:host/v1`. Each host function takes the extism memory offset of its JSON
//! input and answers the offset of a `HostReply` as JSON; the plugin frees both blocks.
//! Native builds (unit tests) have no host: host calls fail with 501.

use crate::wire::HostFunction;

#[cfg(target_arch = "wasm32")]
mod imp {
    use extism_pdk::Memory;

    use super::HostFunction;
    use crate::Error;

    // The names are `HostFunction::name`'s (a link name must be a literal); the host
    // refuses a plugin importing any other.
    #[link(wasm_import_module = "autoscope:host/v1")]
    unsafe extern "C" {
        #[link_name = "storage"]
        fn host_storage(input: u64) -> u64;
        #[link_name = "notify"]
        fn host_notify(input: u64) -> u64;
        #[link_name = "mail"]
        fn host_mail(input: u64) -> u64;
        #[link_name = "publish"]
        fn host_publish(input: u64) -> u64;
        #[link_name = "realtime"]
        fn host_realtime(input: u64) -> u64;
        #[link_name = "directory"]
        fn host_directory(input: u64) -> u64;
        #[link_name = "members"]
        fn host_members(input: u64) -> u64;
        #[link_name = "sources"]
        fn host_sources(input: u64) -> u64;
        #[link_name = "ingest"]
        fn host_ingest(input: u64) -> u64;
        #[link_name = "ingest_background"]
        fn host_ingest_background(input: u64) -> u64;
        #[link_name = "jobs"]
        fn host_jobs(input: u64) -> u64;
        #[link_name = "webhook"]
        fn host_webhook(input: u64) -> u64;
        #[link_name = "log"]
        fn host_log(input: u64) -> u64;
    }

    pub(crate) fn input() -> Vec<u8> {
        extism_pdk::input_bytes()
    }

    pub(crate) fn output(bytes: &[u8]) -> i32 {
        match Memory::from_bytes(bytes) {
            Ok(memory) => {
                memory.set_output();
                0
            }
            Err(_) => 1,
        }
    }

    pub(crate) fn call(function: HostFunction, input: &[u8]) -> Result<Vec<u8>, Error> {
        let request = Memory::from_bytes(input)
            .map_err(|err| Error::new(500, format!("cannot pass input to the host: {err}")))?;
        let offset = request.offset();
        // SAFETY: the host reads the block at `offset` and answers the offset of a new
        // block (or 0); neither aliases Rust memory.
        let answer = unsafe {
            match function {
                HostFunction::Storage => host_storage(offset),
                HostFunction::Notify => host_notify(offset),
                HostFunction::Mail => host_mail(offset),
                HostFunction::Publish => host_publish(offset),
                HostFunction::Realtime => host_realtime(offset),
                HostFunction::Directory => host_directory(offset),
                HostFunction::Members => host_members(offset),
                HostFunction::Sources => host_sources(offset),
                HostFunction::Ingest => host_ingest(offset),
                HostFunction::IngestBackground => host_ingest_background(offset),
                HostFunction::Jobs => host_jobs(offset),
                HostFunction::Webhook => host_webhook(offset),
                HostFunction::Log => host_log(offset),
            }
        };
        request.free();
        let answer = Memory::find(answer)
            .ok_or_else(|| Error::new(502, format!("the host's {} answered nothing", function.name())))?;
        let bytes = answer.to_vec();
        answer.free();
        Ok(bytes)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::HostFunction;
    use crate::Error;

    pub(crate) fn input() -> Vec<u8> {
        Vec::new()
    }

    pub(crate) fn output(_bytes: &[u8]) -> i32 {
        1
    }

    pub(crate) fn call(function: HostFunction, _input: &[u8]) -> Result<Vec<u8>, Error> {
        Err(Error::new(501, format!("host function {} is only available inside the Autoscope host", function.name())))
    }
}

pub(crate) use imp::{call, input, output};
