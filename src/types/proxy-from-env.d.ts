// proxy-from-env ships no type declarations.
declare module 'proxy-from-env' {
  /** The proxy URL for `url` from *_PROXY / ALL_PROXY and NO_PROXY, or '' for a direct connection. */
  export function getProxyForUrl(url: string | URL): string;
}
