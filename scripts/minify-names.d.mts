// Types of minify-names.mjs, for its tests.
import type { RawSourceMap } from './eager-compile.mjs';
export function minifyNames(code: string, map: RawSourceMap): Promise<{ code: string; map: RawSourceMap }>;
export function minifyNames(code: string, map?: undefined): Promise<{ code: string; map: undefined }>;
