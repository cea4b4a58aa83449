import { tiedToParent } from './tiedToParent';
import { atLowPriority } from './lowPriority';
import { startTool, type HostedTool } from './toolHost';

/**
 * Runs a tool to its exit and answers its exit code; what it prints goes to `io` as it comes.
 * Rejects when it cannot start, or when the run is aborted: then only once the tool has exited,
 * so the caller's clean-up (its scratch folder, a stopping worker) never runs beside a tool
 * still writing.
 */
export function toolExit(
  file: string,
  args: string[],
  signal: AbortSignal | undefined,
  io: { stdout?: (chunk: Buffer, tool: HostedTool) => void; stderr: (chunk: Buffer) => void },
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    // Tied to the process that starts it (the tool host, itself tied to this one): a worker killed
    // outright leaves no ffmpeg encoding on alone. At a lower CPU priority than the web process:
    // fans first. Aborted, the tool's work is thrown away: SIGKILL, as a niced ffmpeg on a busy
    // machine can take seconds to act on SIGTERM.
    const child = startTool(...tiedToParent(...atLowPriority(file, args)), { stdout: Boolean(io.stdout), signal });
    if (io.stdout) child.on('stdout', (chunk: Buffer) => io.stdout!(chunk, child));
    child.on('stderr', io.stderr);
    let abortError: Error | undefined;
    child.on('error', (error) => {
      // The abort's error comes as the tool is signalled; the run rejects with it once it has exited.
      if (signal?.aborted) abortError = error;
      else reject(error);
    });
    child.on('close', (code: number | null) => (abortError ? reject(abortError) : resolve(code)));
  });
}

/** The last lines of a tool's errors, for the message of its failure. */
export const lastLines = (log: string) => log.trim().split('\n').slice(-3).join(' | ');

/**
 * Runs a tool to its end and answers what it printed; rejects with the last lines of its errors
 * when it fails. Aborting kills it (see toolExit). With `onOutput`, the output goes there as it
 * comes instead (nothing is kept); when onOutput answers true the tool is stopped and the run
 * answers ''.
 */
export async function runTool(file: string, args: string[], signal?: AbortSignal, onOutput?: (chunk: string) => boolean | void): Promise<string> {
  const out: Buffer[] = [];
  let err = '';
  let stopped = false;
  const code = await toolExit(file, args, signal, {
    stdout: (chunk, tool) => {
      if (!onOutput) out.push(chunk);
      else if (!stopped && onOutput(chunk.toString('latin1'))) {
        stopped = true;
        tool.kill();
      }
    },
    stderr: (chunk) => {
      err = (err + chunk.toString()).slice(-4000);
    },
  });
  if (code === 0 || stopped) return Buffer.concat(out).toString();
  throw new ToolError(file, code, lastLines(err));
}

export class ToolError extends Error {
  constructor(
    readonly tool: string,
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`${tool.split('/').pop()} exited with ${code}: ${output}`);
  }
}
