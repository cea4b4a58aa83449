import fs from 'node:fs';
import path from 'node:path';
import { startFakeDropbox } from '../server/fakeDropbox';

/**
 * The local Dropbox for end-to-end runs (playwright.config.ts starts it beside the app on
 * E2E_DROPBOX_PORT). Each file it receives is also written under E2E_DATA_DIR-dropbox, so a
 * test finds what was copied.
 */
const port = Number(process.env.E2E_DROPBOX_PORT ?? 0);
const out = `${process.env.E2E_DATA_DIR ?? '.tmp/e2e'}-dropbox`;
void startFakeDropbox(port).then((fake) => {
  fs.rmSync(out, { recursive: true, force: true });
  const set = fake.files.set.bind(fake.files);
  fake.files.set = (key: string, value: Buffer) => {
    const target = path.join(out, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, value);
    return set(key, value);
  };
  console.log(`fake Dropbox on ${fake.url}`);
});
