import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { CliError, findTenant, withServices } from './support.js';

/** `openfind departments` and `openfind researchers`: subject services' loaders (docs/subject-services.md). */

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

function loader(kind: 'departments' | 'researchers', description: string): Command {
  const command = new Command(kind).description(
    kind === 'departments'
      ? 'departments (colleges, 院系) of subject services'
      : 'researchers (学者) of subject services',
  );
  command
    .command('import')
    .description(description)
    .requiredOption('--tenant <selector>', 'the institution (mapping path, group code or "default")')
    .argument('<file>', 'the CSV file (UTF-8, a header line)')
    .action(async (file: string, o: { tenant: string }) => {
      const text = read(file);
      await withServices(async (s, db) => {
        const tenant = await findTenant(s, o.tenant);
        const { importDepartmentCsv, importResearcherCsv } =
          await import('../modules/subject-services/subject-import.js');
        const r = await (kind === 'departments' ? importDepartmentCsv : importResearcherCsv)(
          db.kysely,
          tenant.id,
          text,
        );
        s.subjects.changed(tenant.id);
        console.log(`${kind}: ${r.added} added, ${r.updated} updated, ${r.rejected.length} lines refused`);
        for (const x of r.rejected) console.error(`  refused, line ${x.line}: ${x.reason}`);
        if (r.rejected.length) process.exitCode = 1;
      });
    });
  return command;
}

export const departmentsCommand = loader(
  'departments',
  'load departments from CSV: code, name, name_tw, name_en, description, description_en, discode1 (08;07), ' +
    'clc (TP;O1), liaison_name, liaison_email, liaison_phone; added or updated by code',
);

export const researchersCommand = loader(
  'researchers',
  'load researchers from CSV: code, name, name_en (pinyin), department (its code), title, fields (a;b), orcid, ' +
    'homepage, variants (other name forms, a;b); added or updated by code',
);
