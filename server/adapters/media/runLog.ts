import { spawn } from 'node:child_process';
import { tiedToParent } from './tiedToParent';
import { atLowPriority } from './lowPriority';
import { ToolError } from './run';

/**
 * Runs a tool to its end and answers its log (stderr), for filters that report only there
 * (blackdetect's intervals, loudnorm's measurement). Like runTool: tied to this process, at a
 * lower priority, killed on abort and settled only once it has exited.
 */
export function runToolForLog(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(...tiedToParent(...atLowPriority(file, args)), { stdio: ['ignore', 'ignore', 'pipe'], signal, killSignal: 'SIGKILL' });
    const log: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk));
    let abortError: Error | undefined;
    child.on('error', (error) => {
      if (signal?.aborted) abortError = error;
      else reject(error);
    });
    child.on('close', (code) => {
      const text = Buffer.concat(log).toString();
      if (abortError) reject(abortError);
      else if (code === 0) resolve(text);
      else reject(new ToolError(file, code, text.trim().split('\n').slice(-3).join(' | ')));
    });
  });
}
