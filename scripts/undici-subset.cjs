'use strict';
// The part of undici shorty uses: Agent (HTTP/1.1 pools) and the request() API, built into
// dist/undici.cjs by scripts/build-undici.mjs. Loading the whole package costs about ten times
// more at start-up (fetch, WebSocket, mocks, caches, HTTP/2) than this subset.
const Agent = require('undici/lib/dispatcher/agent.js');
const dispatchRequest = require('undici/lib/api/api-request.js');
const { parseURL } = require('undici/lib/core/util.js');

/**
 * undici's `request(url, options)`, minus the global dispatcher: shorty always passes its own
 * Agent, and the global one would make Node load its internal copy of undici.
 */
function request(url, options) {
  if (!options || !options.dispatcher) throw new TypeError('shorty: request() needs options.dispatcher');
  const { dispatcher, ...rest } = options;
  const target = parseURL(url);
  const restoreFlags = llhttpOnBaselineCode();
  const pending = dispatchRequest.call(dispatcher, {
    ...rest,
    origin: target.origin,
    path: target.search ? `${target.pathname}${target.search}` : target.pathname,
    method: rest.method || (rest.body ? 'PUT' : 'GET'),
  });
  if (restoreFlags) pending.then(restoreFlags, restoreFlags);
  return pending;
}

/**
 * undici parses HTTP with llhttp compiled to WebAssembly (one instance, made at the first
 * connection). V8 soon judges its parser function hot and recompiles it with TurboFan on a
 * helper thread: ~120-200 ms of CPU, and process.exit() waits for that job, so a one-request
 * command took twice as long. A larger tiering budget, read when the instance is made, keeps a
 * short run on the baseline (Liftoff) code, which parses a response in microseconds anyway; a
 * long run (a bulk import) still tiers up after a few hundred responses.
 * The flag is set for the first request only and restored once it is answered: while V8 flags
 * differ from the start-up ones, V8 rejects code caches (Node's own, for its built-in modules,
 * and ours: this file's cache is written after it is loaded, before any request). Only on V8 11
 * (Node 20), where the flag and its default were checked: an unknown flag is reported on stdout.
 */
const DEFAULT_TIERING_BUDGET = 1800000;
let firstRequest = true;
function llhttpOnBaselineCode() {
  if (!firstRequest) return undefined;
  firstRequest = false;
  if (process.versions.v8.split('.')[0] !== '11') return undefined;
  const v8 = require('node:v8');
  v8.setFlagsFromString(`--wasm-tiering-budget=${DEFAULT_TIERING_BUDGET * 50}`);
  return () => v8.setFlagsFromString(`--wasm-tiering-budget=${DEFAULT_TIERING_BUDGET}`);
}

module.exports = { Agent, request };
