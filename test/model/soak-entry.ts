// What bench/soak.mjs bundles: the soak loop and the list of known divergences it reports.
export { KNOWN } from './known.js';
export { soak } from './run.js';
