import { spawn } from 'node:child_process';

/** Runs a tool to its end; rejects with the last lines it printed when it fails. Aborting kills it. */
export function runTool(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
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
