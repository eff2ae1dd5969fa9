use std::collections::BTreeMap;

use serde_json::json;

use crate::wire::{Call, Context, Envelope, EventDelivery, HttpRequest, JobProgress, JobStep, ScheduleRun};
use crate::{Reply, Request, Result};

/// Answers an HTTP call.
pub type Handler = Box<dyn Fn(&Request) -> Result<Reply> + Send + Sync>;
/// Handles a delivered event.
pub type EventHandler = Box<dyn Fn(&Context, &EventDelivery) -> Result<()> + Send + Sync>;
/// Handles a scheduled run.
pub type ScheduleHandler = Box<dyn Fn(&Context, &ScheduleRun) -> Result<()> + Send + Sync>;
/// Runs one step of a job.
pub type JobHandler = Box<dyn Fn(&Context, &JobStep) -> Result<JobProgress> + Send + Sync>;

enum Segment {
    Literal(String),
    Param(String),
}

struct Route {
    method: String,
    segments: Vec<Segment>,
    handler: Handler,
}

impl Route {
    /// The path parameters when `path` matches the pattern.
    fn matches(&self, path: &[&str]) -> Option<Vec<(String, String)>> {
        if path.len() != self.segments.len() {
            return None;
        }
        let mut params = Vec::new();
        for (segment, part) in self.segments.iter().zip(path) {
            match segment {
                Segment::Literal(literal) if literal == part => {}
                Segment::Literal(_) => return None,
                Segment::Param(name) => params.push((name.clone(), (*part).to_string())),
            }
        }
        Some(params)
    }
}

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|part| !part.is_empty())
}

/// Maps HTTP calls, events and schedules to handlers.
///
/// Patterns are paths whose `{name}` segments match any one segment
/// ([`Request::param`] reads them); trailing slashes do not matter. When several routes
/// match, the one with the fewest parameters wins, then the first added.
#[derive(Default)]
pub struct Router {
    routes: Vec<Route>,
    events: BTreeMap<String, EventHandler>,
    schedules: BTreeMap<String, ScheduleHandler>,
    jobs: BTreeMap<String, JobHandler>,
}

impl Router {
    /// An empty router.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a route for `method` (any case) and `pattern`.
    pub fn route(
        mut self,
        method: &str,
        pattern: &str,
        handler: impl Fn(&Request) -> Result<Reply> + Send + Sync + 'static,
    ) -> Self {
        let segments = segments(pattern)
            .map(|part| match part.strip_prefix('{').and_then(|rest| rest.strip_suffix('}')) {
                Some(name) => Segment::Param(name.to_string()),
                None => Segment::Literal(part.to_string()),
            })
            .collect();
        self.routes.push(Route { method: method.to_ascii_uppercase(), segments, handler: Box::new(handler) });
        self
    }

    /// Adds a GET route.
    pub fn get(self, pattern: &str, handler: impl Fn(&Request) -> Result<Reply> + Send + Sync + 'static) -> Self {
        self.route("GET", pattern, handler)
    }

    /// Adds a POST route.
    pub fn post(self, pattern: &str, handler: impl Fn(&Request) -> Result<Reply> + Send + Sync + 'static) -> Self {
        self.route("POST", pattern, handler)
    }

    /// Adds a PUT route.
    pub fn put(self, pattern: &str, handler: impl Fn(&Request) -> Result<Reply> + Send + Sync + 'static) -> Self {
        self.route("PUT", pattern, handler)
    }

    /// Adds a PATCH route.
    pub fn patch(self, pattern: &str, handler: impl Fn(&Request) -> Result<Reply> + Send + Sync + 'static) -> Self {
        self.route("PATCH", pattern, handler)
    }

    /// Adds a DELETE route.
    pub fn delete(self, pattern: &str, handler: impl Fn(&Request) -> Result<Reply> + Send + Sync + 'static) -> Self {
        self.route("DELETE", pattern, handler)
    }

    /// Handles the event `name` (`<publisher>.<event>`, as subscribed in the manifest).
    pub fn on_event(
        mut self,
        name: &str,
        handler: impl Fn(&Context, &EventDelivery) -> Result<()> + Send + Sync + 'static,
    ) -> Self {
        self.events.insert(name.to_string(), Box::new(handler));
        self
    }

    /// Handles the schedule `name`, as declared in the manifest.
    pub fn on_schedule(
        mut self,
        name: &str,
        handler: impl Fn(&Context, &ScheduleRun) -> Result<()> + Send + Sync + 'static,
    ) -> Self {
        self.schedules.insert(name.to_string(), Box::new(handler));
        self
    }

    /// Runs the steps of the job `name`, as declared in the manifest's `capabilities.jobs`:
    /// `Ok` hands the progress to the host, an error fails the step (tried again later).
    pub fn on_job(
        mut self,
        name: &str,
        handler: impl Fn(&Context, &JobStep) -> Result<JobProgress> + Send + Sync + 'static,
    ) -> Self {
        self.jobs.insert(name.to_string(), Box::new(handler));
        self
    }

    /// Answers one call. Pure: the only outside effects are the handlers' own.
    pub fn dispatch(&self, envelope: Envelope) -> Reply {
        let Envelope { context, call, .. } = envelope;
        let done = |result: Result<()>| match result {
            Ok(()) => Reply::ok(json!({})),
            Err(err) => Reply::message(err.status, err.message),
        };
        match call {
            Call::Http(http) => self.route_http(context, http),
            Call::Event(event) => match self.events.get(&event.name) {
                Some(handler) => done(handler(&context, &event)),
                None => Reply::message(404, format!("No handler for event '{}'", event.name)),
            },
            Call::Schedule(run) => match self.schedules.get(&run.name) {
                Some(handler) => done(handler(&context, &run)),
                None => Reply::message(404, format!("No handler for schedule '{}'", run.name)),
            },
            Call::Job(step) => match self.jobs.get(&step.name) {
                Some(handler) => match handler(&context, &step) {
                    Ok(progress) => Reply::ok(serde_json::to_value(progress).unwrap_or_default()),
                    Err(err) => Reply::message(err.status, err.message),
                },
                None => Reply::message(404, format!("No handler for job '{}'", step.name)),
            },
        }
    }

    fn route_http(&self, context: Context, http: HttpRequest) -> Reply {
        let path: Vec<&str> = segments(&http.path).collect();
        let mut path_matched = false;
        let mut best: Option<(&Route, Vec<(String, String)>)> = None;
        for route in &self.routes {
            let Some(params) = route.matches(&path) else { continue };
            path_matched = true;
            if route.method.eq_ignore_ascii_case(&http.method)
                && best.as_ref().is_none_or(|(_, best_params)| params.len() < best_params.len())
            {
                best = Some((route, params));
            }
        }
        match best {
            Some((route, params)) => {
                let request = Request::new(context, http, params);
                (route.handler)(&request).unwrap_or_else(|err| Reply::message(err.status, err.message))
            }
            None if path_matched => Reply::message(405, "Method not allowed"),
            None => Reply::message(404, "Not found"),
        }
    }

    /// Answers one call given and answered as JSON bytes; a malformed envelope (a host bug)
    /// answers 500.
    pub fn handle_bytes(&self, input: &[u8]) -> Vec<u8> {
        let reply = match serde_json::from_slice::<Envelope>(input) {
            Ok(envelope) => self.dispatch(envelope),
            Err(err) => Reply::message(500, format!("Malformed envelope: {err}")),
        };
        serde_json::to_vec(&reply)
            .unwrap_or_else(|_| br#"{"status":500,"body":{"message":"Unencodable reply"}}"#.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::{Error, ok};

    fn router() -> Router {
        Router::new()
            .get("/items", |_req: &Request| ok(&json!(["list"])))
            .post("/items", |req: &Request| {
                let body: Value = req.body()?;
                crate::created(&body)
            })
            .post("/items/batch", |_req: &Request| ok(&"batch"))
            .get("/items/{id}", |req: &Request| ok(&json!({ "id": req.param("id")?, "q": req.query("q") })))
            .delete("/items/{id}", |_req: &Request| Err(Error::conflict("Changed meanwhile")))
            .get("/a/{x}/b/{y}", |req: &Request| ok(&[req.param("x")?, req.param("y")?]))
            .get("/missing", |req: &Request| ok(req.param("nope")?))
            .get("/whoami", |req: &Request| {
                ok(&json!({ "company": req.context().company_id, "user": req.user().map(|u| &u.email) }))
            })
            .on_event("crud.item_created", |_ctx: &Context, event: &EventDelivery| {
                if event.payload["fail"] == json!(true) { Err(Error::new(503, "try later")) } else { Ok(()) }
            })
            .on_schedule("tick", |_ctx: &Context, _run: &ScheduleRun| Ok(()))
    }

    fn context() -> Value {
        json!({ "module": "crud", "company_id": "c1", "user": null, "request_id": null, "now": 0 })
    }

    fn http(method: &str, path: &str, query: Value, body: Value) -> Reply {
        let envelope = json!({
            "v": 1,
            "context": context(),
            "call": { "kind": "http", "method": method, "path": path, "query": query, "body": body }
        });
        router().dispatch(serde_json::from_value(envelope).unwrap())
    }

    fn get(path: &str) -> Reply {
        http("GET", path, json!({}), Value::Null)
    }

    fn call(call: Value) -> Reply {
        router().dispatch(serde_json::from_value(json!({ "v": 1, "context": context(), "call": call })).unwrap())
    }

    #[test]
    fn routes_by_method_and_path() {
        let reply = get("/items");
        assert_eq!((reply.status, reply.body_value()), (200, json!(["list"])));
        let reply = http("POST", "/items", json!({}), json!({ "title": "a" }));
        assert_eq!((reply.status, reply.body_value()), (201, json!({ "title": "a" })));
        let reply = http("post", "/items/", json!({}), json!({}));
        assert_eq!(reply.status, 201, "methods compare in any case, trailing slashes do not matter");
    }

    #[test]
    fn path_params_and_query_reach_the_handler() {
        let reply = http("GET", "/items/42", json!({ "q": "milk" }), Value::Null);
        assert_eq!((reply.status, reply.body_value()), (200, json!({ "id": "42", "q": "milk" })));
        let reply = get("/a/1/b/2");
        assert_eq!(reply.body_value(), json!(["1", "2"]));
        assert_eq!(get("/a/1/c/2").status, 404);
    }

    #[test]
    fn literal_routes_beat_params() {
        let reply = http("POST", "/items/batch", json!({}), Value::Null);
        assert_eq!((reply.status, reply.body_value()), (200, json!("batch")));
        assert_eq!(get("/items/batch").body_value()["id"], json!("batch"), "GET only matches the param route");
    }

    #[test]
    fn unknown_paths_answer_404_and_wrong_methods_405() {
        let reply = get("/nowhere");
        assert_eq!((reply.status, reply.body_value()), (404, json!({ "message": "Not found" })));
        assert_eq!(get("/items/1/extra").status, 404);
        let reply = http("PUT", "/items/1", json!({}), Value::Null);
        assert_eq!((reply.status, reply.body_value()), (405, json!({ "message": "Method not allowed" })));
    }

    #[test]
    fn errors_become_messages_with_their_status() {
        let reply = http("DELETE", "/items/1", json!({}), Value::Null);
        assert_eq!((reply.status, reply.body_value()), (409, json!({ "message": "Changed meanwhile" })));
        let reply = get("/missing");
        assert_eq!(reply.status, 400);
        assert!(reply.body_value()["message"].as_str().unwrap().contains("nope"));
    }

    #[test]
    fn a_missing_or_wrong_body_is_a_400() {
        let reply = http("POST", "/items", json!({}), Value::Null);
        assert_eq!((reply.status, reply.body_value()), (400, json!({ "message": "A JSON body is required" })));
        let request = Request::new(
            serde_json::from_value(context()).unwrap(),
            serde_json::from_value(json!({ "method": "POST", "path": "/", "body": { "n": "x" } })).unwrap(),
            vec![],
        );
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Body {
            n: i64,
        }
        let err = request.body::<Body>().unwrap_err();
        assert_eq!(err.status, 400);
        assert!(err.message.starts_with("Invalid JSON body"), "{}", err.message);
        assert_eq!(request.query_as::<u32>("limit").unwrap(), None);
    }

    #[test]
    fn the_context_reaches_the_handler() {
        let reply = get("/whoami");
        assert_eq!(reply.body_value(), json!({ "company": "c1", "user": null }));
    }

    #[test]
    fn a_caller_is_signed_in_or_401() {
        let http = || serde_json::from_value(json!({ "method": "GET", "path": "/" })).unwrap();
        let public = Request::new(serde_json::from_value(context()).unwrap(), http(), vec![]);
        let err = public.caller().unwrap_err();
        assert_eq!((err.status, err.message.as_str()), (401, "Please login to continue"));
        let mut signed_in = context();
        signed_in["user"] = json!({ "user_id": "u1", "email": "ann@acme.test", "rights": {} });
        let request = Request::new(serde_json::from_value(signed_in).unwrap(), http(), vec![]);
        assert_eq!(request.caller().map(|caller| caller.user_id.as_str()), Ok("u1"));
    }

    #[test]
    fn events_and_schedules_dispatch_by_name() {
        let event = |name: &str, payload: Value| json!({ "kind": "event", "id": "e1", "name": name, "source": "crud", "payload": payload, "published_at": 0, "attempt": 1 });
        let reply = call(event("crud.item_created", json!({})));
        assert_eq!((reply.status, reply.body_value()), (200, json!({})));
        let reply = call(event("crud.item_created", json!({ "fail": true })));
        assert_eq!((reply.status, reply.body_value()), (503, json!({ "message": "try later" })));
        assert_eq!(call(event("crud.other", json!({}))).status, 404);
        assert_eq!(call(json!({ "kind": "schedule", "name": "tick" })).status, 200);
        assert_eq!(call(json!({ "kind": "schedule", "name": "tock" })).status, 404);
    }

    #[test]
    fn bytes_in_bytes_out() {
        let router = router();
        let input = serde_json::to_vec(&json!({
            "v": 1,
            "context": context(),
            "call": { "kind": "http", "method": "GET", "path": "/items" }
        }))
        .unwrap();
        let reply: Reply = serde_json::from_slice(&router.handle_bytes(&input)).unwrap();
        assert_eq!(reply.status, 200);
        let reply: Reply = serde_json::from_slice(&router.handle_bytes(b"not json")).unwrap();
        assert_eq!(reply.status, 500);
    }

    #[test]
    fn the_section_name_matches_the_contract() {
        // `module!` spells the section out because attributes cannot name a constant.
        assert_eq!(crate::wire::API_VERSION_SECTION, "autoscope.host_api");
        assert_eq!(crate::wire::HOST_NAMESPACE, "autoscope:host/v1");
        assert_eq!(crate::wire::HANDLE_EXPORT, "handle");
    }
}
