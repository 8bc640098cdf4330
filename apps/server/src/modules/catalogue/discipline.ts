/**
 * The Ministry of Education discipline category (discode1) a CLC class number most likely belongs
 * to, for the discipline facet of records that carry no discipline of their own.
 */
const BY_PREFIX: Array<[prefix: string, discipline: string]> = [
  ['C93', '12'], // 管理学
  ['F27', '12'], // 企业管理
  ['G25', '12'], // 图书馆学、情报学
  ['G27', '12'], // 档案学
  ['G8', '04'], // 体育
  ['G4', '04'], // 教育
  ['G6', '04'],
  ['G7', '04'],
  ['A', '01'],
  ['B', '01'],
  ['C', '03'],
  ['D', '03'],
  ['E', '11'],
  ['F', '02'],
  ['G', '05'],
  ['H', '05'],
  ['I', '05'],
  ['J', '13'],
  ['K', '06'],
  ['N', '07'],
  ['O', '07'],
  ['P', '07'],
  ['Q', '07'],
  ['R', '10'],
  ['S', '09'],
  ['T', '08'],
  ['U', '08'],
  ['V', '08'],
  ['X', '08'],
];

/** Discipline categories of the given CLC class numbers (distinct, in order). */
export function disciplinesOfClasses(classes: string[]): string[] {
  const out = new Set<string>();
  for (const c of classes) {
    const upper = c.trim().toUpperCase();
    const hit = BY_PREFIX.find(([prefix]) => upper.startsWith(prefix));
    if (hit) out.add(hit[1]);
  }
  return [...out];
}
