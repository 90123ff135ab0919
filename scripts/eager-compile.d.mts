// Types of eager-compile.mjs, for its tests.
export interface RawSourceMap {
  version: number;
  sources: string[];
  mappings: string;
  [field: string]: unknown;
}
export function eagerCompile(
  code: string,
  map: RawSourceMap | undefined,
  isEager: (source: string) => boolean,
): { code: string; map: RawSourceMap | undefined };
export function onRequestPath(source: string): boolean;
