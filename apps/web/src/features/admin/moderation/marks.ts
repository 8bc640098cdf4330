/** A piece of a comment: marked when it is a sensitive word. */
export type Segment = { text: string; marked: boolean };

/**
 * A comment cut at the server's marks ([start, end) ranges in order, not overlapping), for the
 * screen to show the sensitive words highlighted. Ranges outside the text are clipped.
 */
export function segmentsOf(content: string, marks: readonly (readonly [number, number])[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    const s = Math.max(at, Math.min(start, content.length));
    const e = Math.min(Math.max(end, s), content.length);
    if (s > at) out.push({ text: content.slice(at, s), marked: false });
    if (e > s) out.push({ text: content.slice(s, e), marked: true });
    at = Math.max(at, e);
  }
  if (at < content.length) out.push({ text: content.slice(at), marked: false });
  return out;
}

/** Words of a text area, one a line (commas too), trimmed, empty lines left out. */
export function wordsOf(text: string): string[] {
  return text
    .split(/[\n,，、]/)
    .map((w) => w.trim())
    .filter(Boolean);
}
