// How every bundle of shorty is written, by the package's build (scripts/build.mjs), the single
// executable's (scripts/build-binary.mjs) and the tests of what the build does to a bundle.
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Whitespace and syntax only: identifiers keep their names, so error names stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
};
