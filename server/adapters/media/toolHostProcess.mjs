// The tool host's process (started by toolHost.ts): it starts the media tools the server asks
// for and relays what they print. A plain module, no TypeScript loader: the point of this process
// is to be small, as starting a tool copies the page tables of the process that starts it.
import { spawn } from 'node:child_process';
import process from 'node:process';

/** @type {Map<number, import('node:child_process').ChildProcess>} */
const running = new Map();
const send = (message) => process.connected && process.send(message);

process.on('message', (message) => {
  if ('kill' in message) {
    running.get(message.kill)?.kill('SIGKILL');
    return;
  }
  const { id, file, args, stdout } = message;
  const child = spawn(file, args, { stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
  running.set(id, child);
  child.stdout?.on('data', (chunk) => send({ id, out: chunk }));
  child.stderr.on('data', (chunk) => send({ id, err: chunk }));
  child.on('error', (error) => send({ id, error: { message: error.message, code: error.code } }));
  child.on('close', (code) => {
    running.delete(id);
    send({ id, close: code });
  });
});

// The server went: so does this process, and its tools with it (each dies with its parent).
process.on('disconnect', () => process.exit(0));
