/** Segments of a path, without the query, hash and empty parts from leading or trailing slashes. */
function segments(path: string): string[] {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.split('/').filter((segment) => segment !== '');
}

const PLACEHOLDER = /^\[[^\]]+\]$/;

/**
 * SPEC point 2: a path is allowed by a link when both have the same number of segments and each
 * segment is equal, or the link's segment is a bracketed placeholder such as `[claim_id]`.
 */
export function matchesAllowedLink(path: string, link: string): boolean {
  const pathParts = segments(path);
  const linkParts = segments(link);
  if (pathParts.length !== linkParts.length) return false;
  return linkParts.every((part, index) => PLACEHOLDER.test(part) || part === pathParts[index]);
}

export function isAllowedPath(path: string, allowedLinks: readonly string[]): boolean {
  return allowedLinks.some((link) => matchesAllowedLink(path, link));
}
