declare const __SHORTY_VERSION__: string | undefined;

/** Injected by the bundler; falls back for tests that import sources directly. */
export const VERSION: string = typeof __SHORTY_VERSION__ === 'string' ? __SHORTY_VERSION__ : '0.0.0-dev';
