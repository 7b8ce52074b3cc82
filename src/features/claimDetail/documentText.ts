/** How a claim document reads on the claim screen and in the palette's choice lists. */

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function tagsText(tags: readonly string[]): string {
  return tags.join(', ');
}

/** "eob, march , eob,," -> ['eob', 'march']: distinct, trimmed, in the order typed. */
export function parseTags(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}

/** Why typed tags cannot be saved (the server's limits), or null. */
export function tagsProblem(typed: string): string | null {
  const tags = parseTags(typed);
  if (tags.length > 20) return 'At most 20 tags.';
  const long = tags.find((tag) => tag.length > 40);
  return long === undefined ? null : `A tag is at most 40 characters: "${long.slice(0, 20)}…" is longer.`;
}
