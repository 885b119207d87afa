/**
 * Component data lives in `assets/` as JSON. Games read it once at module load through this helper and
 * validate it before use (a validator throws an Error naming the file and the broken rule).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const assetsDir = fileURLToPath(new URL('../../assets/', import.meta.url));

export function assetPath(relative: string): string {
  return assetsDir + relative;
}

export function loadJsonAsset<T>(relative: string, validate: (raw: unknown, file: string) => T): T {
  const file = assetPath(relative);
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return validate(raw, relative);
}
