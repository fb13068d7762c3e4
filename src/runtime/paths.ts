// Path normalisation of RUNTIME.md "Paths": the one form every cache and request uses.

/** Normalises a pathname: decoded, `/index.html` → `/`, one trailing slash removed (never from `/`). */
export function normalisePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays as it is; the server will answer 404 for it.
  }
  if (path === '/index.html') return '/';
  path = path.replace(/\/index\.html$/, '');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path || '/';
}
