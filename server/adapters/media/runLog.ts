import { lastLines, ToolError, toolExit } from './run';

/**
 * Runs a tool to its end and answers its log (stderr), for filters that report only there
 * (blackdetect's intervals, loudnorm's measurement). Like runTool: started by the tool host, tied
 * to it, at a lower priority, killed on abort and settled only once it has exited.
 */
export async function runToolForLog(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  const log: Buffer[] = [];
  const code = await toolExit(file, args, signal, { stderr: (chunk) => log.push(chunk) });
  const text = Buffer.concat(log).toString();
  if (code === 0) return text;
  throw new ToolError(file, code, lastLines(text));
}
