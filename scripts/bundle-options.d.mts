// Types of bundle-options.mjs, for the tests.
import type { BuildOptions } from 'esbuild';
export const BUNDLE_OPTIONS: BuildOptions;
