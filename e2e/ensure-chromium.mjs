// The end-to-end tests drive Debian's Chromium; install it when running as root, otherwise say how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing; installing it with apt-get (Debian package "chromium") …');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(`Chromium not found at ${CHROMIUM}. Install it with:  sudo apt-get install chromium`);
    process.exit(1);
  }
}
