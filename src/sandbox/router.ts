// A tiny method + pattern router: `/channel/:id/assign/:type/:itemid`.
// It tells "no such path" (404) apart from "path exists, wrong method" (405).
import type { Flavor } from './flavor.js';
import type { Reply } from './format.js';
import type { Store } from './store.js';

interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; `{}` when the request had none. */
  body: Record<string, unknown>;
  store: Store;
  /** the rules of the version the sandbox imitates */
  flavor: Flavor;
}

export type RouteHandler = (ctx: RouteContext) => Reply;

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) {
      try {
        params[pattern[i].slice(1)] = decodeURIComponent(actual[i]);
      } catch {
        return null;
      }
    } else if (pattern[i] !== actual[i]) {
      return null;
    }
  }
  return params;
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method: method.toUpperCase(), segments: splitPath(pattern), handler });
    return this;
  }

  get(pattern: string, handler: RouteHandler): this {
    return this.add('GET', pattern, handler);
  }
  post(pattern: string, handler: RouteHandler): this {
    return this.add('POST', pattern, handler);
  }
  put(pattern: string, handler: RouteHandler): this {
    return this.add('PUT', pattern, handler);
  }
  delete(pattern: string, handler: RouteHandler): this {
    return this.add('DELETE', pattern, handler);
  }

  match(method: string, path: string): RouteMatch {
    const actual = splitPath(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, actual);
      if (!params) continue;
      if (route.method === method.toUpperCase()) return { kind: 'found', handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}
