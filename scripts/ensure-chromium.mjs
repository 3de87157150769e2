#!/usr/bin/env node
// The end-to-end suite drives Debian's Chromium (never a browser download). On a fresh machine
// of this project's kind it is not installed yet: install it with apt when we can (root).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(`Chromium is missing at ${path}. Install it: sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Debian chromium for the end-to-end tests…');
const apt = (args) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
} catch {
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
}
