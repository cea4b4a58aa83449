import { tiedToParent } from './tiedToParent';
import { atLowPriority } from './lowPriority';
import { ToolError } from './run';
import { startTool } from './toolHost';

/**
 * Runs a tool to its end and answers its log (stderr), for filters that report only there
 * (blackdetect's intervals, loudnorm's measurement). Like runTool: started by the tool host, tied to it, at a
 * lower priority, killed on abort and settled only once it has exited.
 */
export function runToolForLog(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = startTool(...tiedToParent(...atLowPriority(file, args)), { stdout: false, signal });
    const log: Buffer[] = [];
    child.on('stderr', (chunk: Buffer) => log.push(chunk));
    let abortError: Error | undefined;
    child.on('error', (error) => {
      if (signal?.aborted) abortError = error;
      else reject(error);
    });
    child.on('close', (code: number | null) => {
      const text = Buffer.concat(log).toString();
      if (abortError) reject(abortError);
      else if (code === 0) resolve(text);
      else reject(new ToolError(file, code, text.trim().split('\n').slice(-3).join(' | ')));
    });
  });
}
