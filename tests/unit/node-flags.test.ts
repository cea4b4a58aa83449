import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../server/nodeFlags';

const scripts = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the server processes V8 flags', () => {
  it.each([
    ['start', SERVER_NODE_FLAGS],
    ['demo', SERVER_NODE_FLAGS],
    ['dev:server', SERVER_NODE_FLAGS],
    ['worker', WORKER_NODE_FLAGS],
  ] as const)('npm run %s starts node with every one of its flags', (name, flags) => {
    const command = scripts[name].split('&&').at(-1)!.trim().split(/\s+/);
    const beforeEntry = command.slice(0, command.findIndex((word) => word.startsWith('server/')));
    expect(beforeEntry[0]).toBe('tsx');
    for (const flag of flags) expect(beforeEntry).toContain(flag);
  });
});
