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
  return dispatchRequest.call(dispatcher, {
    ...rest,
    origin: target.origin,
    path: target.search ? `${target.pathname}${target.search}` : target.pathname,
    method: rest.method || (rest.body ? 'PUT' : 'GET'),
  });
}

module.exports = { Agent, request };
