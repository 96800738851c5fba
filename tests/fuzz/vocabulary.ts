/**
 * Field names and values the app's own forms and schemas use, read from the
 * sources (app/routes, app/schemas, app/components), so fuzz bodies reach
 * past "unknown intent" into each action's real branches, and a new form's
 * fields are fuzzed without editing this suite.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const SOURCE_DIRS = ["app/routes", "app/schemas", "app/components"];

const NAME_PATTERNS = [
  /name="([A-Za-z][\w.\-[\]]*)"/g, // <input name="intent">
  /fields\.([A-Za-z]\w*)/g, // Conform: fields.email
  /^\s+([a-z][A-Za-z0-9]*): (?:z\.|[a-zA-Z]+\()/gm, // zod object keys
];
const VALUE_PATTERN = /(?:value="|case "|literal\("|intent"\) !== "|intent === ")([\w-]+)"/g;

function sources(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    (readdirSync(join(process.cwd(), dir), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(join(process.cwd(), dir, file), "utf8")),
  );
}

/**
 * The vocabulary of the app's forms.
 * @returns `fieldNames` (e.g. intent, email, strategyIds) and `fieldValues`
 *   (e.g. newsletter, 2fa-confirm, LONG), each sorted and without duplicates.
 */
export function formVocabulary(): { fieldNames: string[]; fieldValues: string[] } {
  const names = new Set<string>();
  const values = new Set<string>();
  for (const text of sources()) {
    for (const pattern of NAME_PATTERNS) for (const match of text.matchAll(pattern)) names.add(match[1]!);
    for (const match of text.matchAll(VALUE_PATTERN)) values.add(match[1]!);
  }
  return { fieldNames: [...names].sort(), fieldValues: [...values].sort() };
}
