/** A run of text, and whether it is a search hit. */
export type HighlightSegment = { text: string; hit: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] !== '#') return ENTITIES[body.toLowerCase()] ?? whole;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Splits a highlighted field of `hlResult` (hits in `<em>`, or the real server's `<font color=…>`)
 * into plain text runs. Every other tag is dropped and entities are decoded, so the result is
 * rendered as text: record data can never inject markup, whatever the server sent.
 */
export function highlightSegments(html: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let depth = 0;
  for (const part of html.split(/(<\/?(?:em|font)\b[^>]*>)/i)) {
    if (/^<\/(?:em|font)/i.test(part)) depth = Math.max(0, depth - 1);
    else if (/^<(?:em|font)\b/i.test(part)) depth += 1;
    else {
      const text = decodeEntities(part.replace(/<[^>]*>?/g, ''));
      if (!text) continue;
      const hit = depth > 0;
      const last = segments[segments.length - 1];
      if (last && last.hit === hit) last.text += text;
      else segments.push({ text, hit });
    }
  }
  return segments;
}
