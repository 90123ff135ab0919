// In the single executable (scripts/build-binary.mjs): the require of a package kept as an asset of
// the executable instead of in its script, compiled at its first require, as Node compiles a file.
'use strict';
const { getAsset } = require('node:sea');
const { runInThisContext } = require('node:vm');

const loaded = new Map();

module.exports = function requireAsset(name) {
  let module = loaded.get(name);
  if (module === undefined) {
    module = { exports: {} };
    loaded.set(name, module);
    const source = `(function (exports, require, module, __filename, __dirname) {${getAsset(name, 'utf8')}\n})`;
    runInThisContext(source, { filename: name }).call(module.exports, module.exports, require, module, name, '.');
  }
  return module.exports;
};
