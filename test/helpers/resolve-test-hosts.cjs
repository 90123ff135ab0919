'use strict';
// Preloaded into the CLI by tests (NODE_OPTIONS=--require): every host name under .shorty.test
// resolves to 127.0.0.1, so a test can use a domain and its subdomains without a DNS server.
const dns = require('node:dns');

const lookup = dns.lookup;
dns.lookup = function lookupTestHosts(hostname, options, callback, ...rest) {
  if (typeof hostname !== 'string' || !hostname.endsWith('.shorty.test'))
    return lookup.call(this, hostname, options, callback, ...rest);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all;
  process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
};
