/**
 * A short message at the top of the screen (Ant Design's `message`), loaded when first needed: the
 * screens that paint without Ant Design (results, record details) still say "saved" the same way.
 */
export function notify(kind: 'success' | 'info' | 'warning' | 'error', content: string): void {
  void import('antd').then(({ message }) => message[kind](content));
}
