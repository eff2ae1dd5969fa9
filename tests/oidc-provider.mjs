// A real OpenID Connect provider for the host's social sign-in tests: oauth2-mock-server
// on 127.0.0.1 with a fresh RS256 key. It prints one JSON line, {"issuer": "..."}, and
// serves its standard endpoints (discovery, JWKS, token, userinfo) plus a few test
// controls under /test/ that decide what it hands out:
//
//   POST /test/id-token      {claims, forge?}  -> {id_token}; signed by the published key,
//                            or with forge: true by another key under the same kid
//   POST /test/access-token  {userinfo}        -> {access_token}; /userinfo answers
//                            `userinfo` for it and 401 for any other token
//   POST /test/code          {userinfo}        -> {code}; the token endpoint exchanges it
//                            once for an access token of `userinfo`, 400 otherwise
//   GET  /test/token-requests                  -> the form bodies the token endpoint got
//
// It exits when its standard input closes, so a test process that dies takes it along.

import { randomUUID } from 'node:crypto';
import { Events, OAuth2Issuer, OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
const key = await server.issuer.keys.generate('RS256');
await server.start(0, '127.0.0.1');
// The library names loopback servers "localhost"; the tests reach 127.0.0.1 only.
server.issuer.url = `http://127.0.0.1:${server.address().port}`;

// A key the provider never published, under the published key's id: its signatures
// must fail verification.
const rogue = new OAuth2Issuer();
rogue.url = server.issuer.url;
await rogue.keys.generate('RS256', { kid: key.kid });

const userinfoByToken = new Map();
const userinfoByCode = new Map();
const tokenRequests = [];

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function withClaims(claims) {
  return (_header, payload) => Object.assign(payload, claims);
}

const service = server.service;

service.addRoute('POST', '/test/id-token', async (req, res) => {
  const { claims = {}, forge = false } = req.body ?? {};
  const issuer = forge ? rogue : server.issuer;
  send(res, 200, { id_token: await issuer.buildToken({ scopesOrTransform: withClaims(claims) }) });
});

service.addRoute('POST', '/test/access-token', (req, res) => {
  const accessToken = randomUUID();
  userinfoByToken.set(accessToken, req.body?.userinfo ?? {});
  send(res, 200, { access_token: accessToken });
});

service.addRoute('POST', '/test/code', (req, res) => {
  const code = randomUUID();
  userinfoByCode.set(code, req.body?.userinfo ?? {});
  send(res, 200, { code });
});

service.addRoute('GET', '/test/token-requests', (_req, res) => {
  send(res, 200, tokenRequests);
});

service.on(Events.BeforeResponse, (response, req) => {
  const body = req.body ?? {};
  tokenRequests.push({ ...body, authorization: req.headers.authorization ?? null });
  if (body.grant_type !== 'authorization_code') return;
  const userinfo = userinfoByCode.get(body.code);
  if (userinfo === undefined) {
    response.statusCode = 400;
    response.body = { error: 'invalid_grant' };
    return;
  }
  userinfoByCode.delete(body.code);
  const accessToken = randomUUID();
  userinfoByToken.set(accessToken, userinfo);
  response.body.access_token = accessToken;
});

service.on(Events.BeforeUserinfo, (response, req) => {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /i, '');
  const userinfo = userinfoByToken.get(token);
  if (userinfo === undefined) {
    response.statusCode = 401;
    response.body = { error: 'invalid_token' };
    return;
  }
  response.body = userinfo;
});

process.stdout.write(`${JSON.stringify({ issuer: server.issuer.url })}\n`);

process.stdin.on('end', async () => {
  await server.stop();
  process.exit(0);
});
process.stdin.resume();
