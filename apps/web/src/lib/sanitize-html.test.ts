// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@openfind/contract';
import { sanitizeHtml } from './sanitize-html';

/** Known bypass families of hand-written sanitisers (issue 25, finding 6), and classic XSS vectors. */
const ATTACKS: Record<string, string> = {
  'control character before the scheme': '<a href="&#1;javascript:alert(1)">x</a>',
  'tab inside the scheme': '<a href="java&#9;script:alert(1)">x</a>',
  'line feed inside the scheme': '<a href="javas&#10;cript:alert(1)">x</a>',
  'NewLine entity inside the scheme': '<a href="jav&NewLine;ascript:alert(1)">x</a>',
  'leading spaces': '<a href="  javascript:alert(1)">x</a>',
  'hex entity in the scheme': '<a href="&#x6A;avascript:alert(1)">x</a>',
  'upper case scheme': '<a href="JaVaScRiPt:alert(1)">x</a>',
  'vbscript link': '<a href="vbscript:msgbox(1)">x</a>',
  'data:text/html link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'SVG animate on href':
    '<svg><a><animate attributeName="href" values="javascript:alert(1)" /><text x="20" y="20">click</text></a></svg>',
  'SVG set on href': '<svg><a><set attributeName="href" to="javascript:alert(1)" /><text>click</text></a></svg>',
  'img onerror': '<img src=x onerror="alert(1)">',
  'svg script': '<svg><script>alert(1)</script></svg>',
  'svg onload': '<svg onload="alert(1)"></svg>',
  'script element': '<script>alert(1)</script>',
  'iframe srcdoc': '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  'iframe javascript src': '<iframe src="javascript:alert(1)"></iframe>',
  'MathML mXSS': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  'MathML style mXSS': '<math><mtext><h1><a><style><img src=x onerror=alert(1)></style></a></h1></mtext></math>',
  'noscript mXSS': '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  'form action': '<form action="javascript:alert(1)"><button>go</button></form>',
  'input formaction': '<input type="submit" formaction="javascript:alert(1)">',
  'base href': '<base href="javascript:alert(1)//"><a href="x">x</a>',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'object data': '<object data="javascript:alert(1)"></object>',
  embed: '<embed src="javascript:alert(1)">',
  'link stylesheet': '<link rel="stylesheet" href="https://evil.example/x.css">',
  'style element': '<style>body{display:none}</style>',
  'style attribute overlay': '<div style="position:fixed;inset:0;background:#fff">fake login</div>',
  'details ontoggle': '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  'template content': '<template><img src=x onerror=alert(1)></template>',
  'img javascript src': '<img src="javascript:alert(1)">',
  'area href': '<map name="m"><area href="javascript:alert(1)"></map>',
  'target of another frame': '<a href="https://example.org/" target="_top">x</a>',
  // The server's list too (apps/server/test/rich-text-config.test.ts): the same cases, the same policy.
  'javascript: with decimal entities':
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  'javascript: after whitespace and a line break': '<a href="  \n javascript:alert(1)">x</a>',
  'tab hex entity inside the scheme': '<a href="jav&#x09;ascript:alert(1)">x</a>',
  'button formaction': '<button formaction="javascript:alert(1)">go</button>',
  'style attribute with a script URL':
    '<div style="position:fixed;inset:0;background:url(javascript:alert(1))">fake login</div>',
};

const ALLOWED_TAGS = new Set(RICH_TEXT_TAGS);
const ALLOWED_ATTRIBUTES = new Set([...RICH_TEXT_ATTRIBUTES, 'rel']);

/** Everything in `html` that could run script or leave the allow-list, as readable strings. */
function problems(html: string): string[] {
  const found: string[] = [];
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  for (const el of doc.body.querySelectorAll('*')) {
    const tag = el.localName;
    if (!ALLOWED_TAGS.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`element ${tag}`);
    for (const attr of el.attributes) {
      if (!ALLOWED_ATTRIBUTES.has(attr.name)) found.push(`attribute ${tag}[${attr.name}]`);
      if (attr.name === 'href' || attr.name === 'src') {
        const protocol = new URL(attr.value, 'https://library.example/page').protocol;
        const ok =
          ['http:', 'https:', 'mailto:', 'tel:'].includes(protocol) ||
          (tag === 'img' && attr.name === 'src' && /^data:image\//i.test(attr.value.trim()));
        if (!ok) found.push(`url ${tag}[${attr.name}]=${attr.value}`);
      }
      if (attr.name === 'target' && attr.value !== '_blank') found.push(`target ${attr.value}`);
    }
    if (tag === 'a' && el.getAttribute('target') === '_blank' && el.getAttribute('rel') !== 'noopener noreferrer') {
      found.push('new window without noopener');
    }
  }
  if (/javascript|vbscript|onerror|onload|alert\(/i.test(html.replace(/>[^<]*</g, '><')))
    found.push('script text in markup');
  return found;
}

describe('sanitizeHtml (configured rich text)', () => {
  for (const [name, attack] of Object.entries(ATTACKS)) {
    it(`removes: ${name}`, () => {
      const clean = sanitizeHtml(attack);
      expect(problems(clean), clean).toEqual([]);
      // Stable: cleaning the result again changes nothing (no mutation on re-parsing).
      expect(sanitizeHtml(clean)).toBe(clean);
    });
  }

  it('keeps benign content: headings, paragraphs, lists, tables, bold text, links, images and Chinese text', () => {
    const html = [
      '<h2>借阅规则</h2>',
      '<p>读者凭<b>读者证</b>借书，<strong>每次</strong>最多 <em>10</em> 册。</p>',
      '<ul><li>图书：30 天</li><li>期刊：7 天</li></ul>',
      '<ol start="2"><li>第二条</li></ol>',
      '<table><thead><tr><th scope="col">类型</th><th>期限</th></tr></thead>',
      '<tbody><tr><td colspan="2">中文图书</td></tr></tbody></table>',
      '<p><a href="https://lib.example.edu/rules" target="_blank">详细规则</a> · ',
      '<a href="mailto:lib@example.edu">lib@example.edu</a> · <a href="tel:+861012345678">电话</a> · ',
      '<a href="/beiling/Home">首页</a> · <a href="#top">顶部</a></p>',
      '<p><img src="https://lib.example.edu/logo.png" alt="图书馆" width="120"></p>',
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="icon"></p>',
    ].join('');
    const clean = sanitizeHtml(html);
    expect(problems(clean)).toEqual([]);
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    expect(doc.querySelector('h2')?.textContent).toBe('借阅规则');
    expect(doc.querySelector('b')?.textContent).toBe('读者证');
    expect(doc.querySelectorAll('ul li')).toHaveLength(2);
    expect(doc.querySelector('ol')?.getAttribute('start')).toBe('2');
    expect(doc.querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(doc.querySelector('th')?.getAttribute('scope')).toBe('col');
    const links = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      'https://lib.example.edu/rules',
      'mailto:lib@example.edu',
      'tel:+861012345678',
      '/beiling/Home',
      '#top',
    ]);
    const blank = doc.querySelector('a[target]');
    expect(blank?.getAttribute('target')).toBe('_blank');
    expect(blank?.getAttribute('rel')).toBe('noopener noreferrer');
    expect([...doc.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://lib.example.edu/logo.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
    expect(doc.body.textContent).toContain('读者凭读者证借书，每次最多 10 册。');
  });

  it('keeps the text of what it removes where that text is harmless', () => {
    expect(sanitizeHtml('<form action="/x">请<button>提交</button></form>')).toBe('请提交');
    expect(sanitizeHtml('<a href="javascript:alert(1)">链接</a>')).toBe('<a>链接</a>');
  });
});
