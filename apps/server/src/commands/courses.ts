import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { CliError, findTenant, withServices } from './support.js';

/** `openfind courses`: course reading lists (课程参考书) from a CSV file (docs/courses.md). */
export const coursesCommand = new Command('courses').description('course reading lists (课程参考书)');

coursesCommand
  .command('import')
  .description(
    'load course reading lists from a UTF-8 CSV file (course code, name, teacher, department, term, ISBN, title, ' +
      'author, required/recommended): the lines of a course and term replace its list; each book is matched to ' +
      'the catalogue by ISBN, else by title and author; the lines that matched nothing are listed',
  )
  .requiredOption('--tenant <selector>', 'the institution (mapping path, group code or "default")')
  .argument('<file>', 'the CSV file')
  .action(async (file: string, o: { tenant: string }) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
    }
    await withServices(async (s, db) => {
      const tenant = await findTenant(s, o.tenant);
      const { importCourseCsv } = await import('../modules/courses/course-import.js');
      const r = await importCourseCsv(db.kysely, tenant.id, text);
      console.log(
        `courses: ${r.courses} courses, ${r.readings} books: ${r.matchedByIsbn} matched by ISBN, ` +
          `${r.matchedByTitle} by title and author, ${r.unmatched.length} unmatched; ${r.rejected.length} lines refused`,
      );
      for (const u of r.unmatched) console.log(`  unmatched, line ${u.line} (${u.code} ${u.term}): ${u.citation}`);
      for (const x of r.rejected) console.error(`  refused, line ${x.line}: ${x.reason}`);
      if (r.rejected.length) process.exitCode = 1;
    });
  });
