import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { tiedToParent } from './tiedToParent';

/** What the host process (toolHostProcess.mjs) says of a tool it runs. */
type HostMessage =
  | { id: number; out: Uint8Array }
  | { id: number; err: Uint8Array }
  | { id: number; error: { message: string; code?: string } }
  | { id: number; close: number | null };

/**
 * A tool started by the host: 'stdout' and 'stderr' (Buffer), 'error' (Error: it could not
 * start, the host died, or the run was aborted) and 'close' (its exit code, null when it did not
 * exit on its own) as a ChildProcess emits them; kill() ends it with SIGKILL.
 */
export interface HostedTool extends EventEmitter {
  kill(): void;
}

interface Host {
  process: ChildProcess;
  tools: Map<number, HostedTool>;
}

let host: Host | undefined;
let nextId = 1;

/**
 * A small process of our own that starts the media tools. Starting a process copies the page
 * tables of the one that starts it, which took the web process's event loop 13 ms at 400 MB and
 * 29 ms at 900 MB (bench/toolStart.ts); the host is about 45 MB. It starts with the first tool,
 * dies with this process (its tools with it), holds this process open only while a tool runs, and
 * is started again after it dies (the tools it ran then fail, and their jobs retry).
 */
function theHost(): Host {
  if (host) return host;
  // Resolved here, not on import: a module that imports the tools in a browser-like test has no file URL.
  const entry = fileURLToPath(new URL('./toolHostProcess.mjs', import.meta.url));
  const child = spawn(...tiedToParent(process.execPath, [entry]), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  const started: Host = { process: child, tools: new Map() };
  const idle = () => {
    child.unref();
    child.channel?.unref();
  };
  idle();
  child.on('message', (message: HostMessage) => {
    const tool = started.tools.get(message.id);
    if (!tool) return;
    if ('out' in message) tool.emit('stdout', Buffer.from(message.out));
    else if ('err' in message) tool.emit('stderr', Buffer.from(message.err));
    else if ('error' in message) tool.emit('error', Object.assign(new Error(message.error.message), { code: message.error.code }));
    else {
      started.tools.delete(message.id);
      if (started.tools.size === 0) idle();
      tool.emit('close', message.close);
    }
  });
  const gone = (why: Error) => {
    if (host === started) host = undefined;
    for (const tool of started.tools.values()) {
      tool.emit('error', why);
      tool.emit('close', null);
    }
    started.tools.clear();
  };
  child.on('error', (error) => gone(error));
  child.on('exit', (code, signal) => gone(new Error(`the media tools' host process stopped (${signal ?? `exit code ${code}`})`)));
  host = started;
  return started;
}

/**
 * Starts `file args` from the tool host, its standard output piped to 'stdout' events or
 * ignored. Aborting `signal` kills it: 'error' comes with an AbortError, then 'close' once it has
 * exited, as Node's spawn does with a signal.
 */
export function startTool(file: string, args: string[], { stdout, signal }: { stdout: boolean; signal?: AbortSignal }): HostedTool {
  const id = nextId++;
  const running = theHost();
  const tool = Object.assign(new EventEmitter(), { kill: () => running.process.connected && running.process.send({ kill: id }) });
  const abort = () => {
    tool.emit('error', Object.assign(new Error('The operation was aborted'), { name: 'AbortError', cause: signal?.reason }));
    tool.kill();
  };
  if (running.tools.size === 0) {
    running.process.ref();
    running.process.channel?.ref();
  }
  running.tools.set(id, tool);
  running.process.send({ id, file, args, stdout });
  if (signal?.aborted) queueMicrotask(abort);
  else if (signal) {
    signal.addEventListener('abort', abort, { once: true });
    tool.once('close', () => signal.removeEventListener('abort', abort));
  }
  return tool;
}
