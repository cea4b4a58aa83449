import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalFileStore } from '../../server/files/local';

/**
 * On local disk, the tus folder and the files folder on different file systems
 * (rename answers EXDEV), and the process stops half-way through the copy. The key must never
 * hold part of the file, and the retry of the same move leaves the whole file and nothing else.
 */
describe('a finished upload moved across file systems', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-exdev-'));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('never leaves part of the file at the key, and a retry moves it whole', async () => {
    const store = new LocalFileStore(path.join(work, 'files'), 'secret');
    const source = path.join(work, 'upload');
    const bytes = Buffer.alloc(256 * 1024, 7);
    fs.writeFileSync(source, bytes);
    const key = 'uploads/account/upload/original.mp4';
    const target = path.join(work, 'files', ...key.split('/'));

    // Every rename of the source is across devices; the copy stops after half of the bytes.
    const rename = fs.promises.rename.bind(fs.promises);
    vi.spyOn(fs.promises, 'rename').mockImplementation(async (from, to) => {
      if (from === source) throw Object.assign(new Error('cross-device link'), { code: 'EXDEV' });
      return rename(from, to);
    });
    const copy = vi.spyOn(fs.promises, 'copyFile').mockImplementationOnce(async (_from, to) => {
      fs.writeFileSync(String(to), bytes.subarray(0, bytes.length / 2));
      throw new Error('killed during the copy');
    });
    await expect(store.moveFromFile(source, key)).rejects.toThrow('killed during the copy');
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(source)).toBe(true);

    copy.mockRestore();
    await store.moveFromFile(source, key);
    expect(fs.readFileSync(target).equals(bytes)).toBe(true);
    expect(fs.existsSync(source)).toBe(false);
    expect(fs.readdirSync(path.join(work, 'files', '.incoming'))).toEqual([]);
    fs.rmSync(work, { recursive: true, force: true });
  });
});
