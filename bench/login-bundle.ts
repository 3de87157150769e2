/**
 * How much JavaScript a visit to /login downloads, gzipped: builds the app, then sums the entry
 * chunk and every chunk it imports statically (lazy screens load later and are not counted).
 * Target (issue 3): at most 150 KB. Run: npx tsx bench/login-bundle.ts
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const TARGET_KB = 150;
const outDir = mkdtempSync(join(tmpdir(), 'login-bundle-'));
try {
  await build({ logLevel: 'warn', build: { outDir, manifest: true, sourcemap: false, emptyOutDir: true } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');

  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key]!.imports ?? []) visit(child);
  };
  visit(entryKey);

  let total = 0;
  const rows: [string, number][] = [];
  for (const key of seen) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    const gzipped = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    rows.push([file, gzipped]);
    total += gzipped;
  }
  for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
  const totalKb = total / 1024;
  console.log(`login page JavaScript: ${totalKb.toFixed(1)} KB gzipped (target ≤ ${TARGET_KB} KB) — ${totalKb <= TARGET_KB ? 'within' : 'OVER'} target`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
