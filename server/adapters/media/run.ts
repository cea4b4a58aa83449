import { tiedToParent } from './tiedToParent';
import { atLowPriority } from './lowPriority';
import { startTool } from './toolHost';

/**
 * Runs a tool to its end and answers what it printed; rejects with the last lines of its errors
 * when it fails. Aborting kills it. With `onOutput`, the output goes there as it comes instead
 * (nothing is kept); when onOutput answers true the tool is stopped and the run answers ''.
 * An aborted run settles only once the tool has exited, so the caller's clean-up (its scratch
 * folder, a stopping worker) never runs beside a tool still writing.
 */
export function runTool(file: string, args: string[], signal?: AbortSignal, onOutput?: (chunk: string) => boolean | void): Promise<string> {
  return new Promise((resolve, reject) => {
    // Tied to the process that starts it (the tool host, itself tied to this one): a worker killed
    // outright leaves no ffmpeg encoding on alone. At a lower CPU priority than the web process:
    // fans first. Aborted, the tool's work is thrown away: SIGKILL, as a niced ffmpeg on a busy
    // machine can take seconds to act on SIGTERM.
    const child = startTool(...tiedToParent(...atLowPriority(file, args)), { stdout: true, signal });
    const out: Buffer[] = [];
    let err = '';
    let stopped = false;
    child.on('stdout', (chunk: Buffer) => {
      if (!onOutput) out.push(chunk);
      else if (!stopped && onOutput(chunk.toString('latin1'))) {
        stopped = true;
        child.kill();
      }
    });
    child.on('stderr', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    let abortError: Error | undefined;
    child.on('error', (error) => {
      // The abort's error comes as the tool is signalled; the run rejects with it once it has exited.
      if (signal?.aborted) abortError = error;
      else reject(error);
    });
    child.on('close', (code: number | null) => {
      if (abortError) reject(abortError);
      else if (code === 0 || stopped) resolve(Buffer.concat(out).toString());
      else reject(new ToolError(file, code, err.trim().split('\n').slice(-3).join(' | ')));
    });
  });
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
