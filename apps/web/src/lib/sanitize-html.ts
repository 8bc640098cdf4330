const DROP_ELEMENTS = 'script,style,iframe,object,embed,link,meta,base,form,input,button,textarea,select';

/** Cleans configured rich text for display: no scripts, handlers, frames or script URLs. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(DROP_ELEMENTS).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      const isUrl = name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action';
      if (name.startsWith('on') || name === 'srcdoc' || (isUrl && /^(javascript|data|vbscript):/.test(value))) {
        el.removeAttribute(attr.name);
      }
    }
    if (el.tagName === 'A' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
  });
  return doc.body.innerHTML;
}
