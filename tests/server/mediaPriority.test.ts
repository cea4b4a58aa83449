import { describe, expect, it } from 'vitest';
import { runTool } from '../../server/adapters/media/run';
import { MEDIA_NICENESS } from '../../server/adapters/media/lowPriority';

/** Encoders yield the CPU to the web process (issue 34 item 3): every media tool runs niced. */
describe('media tools at a lower CPU priority', () => {
  it('runs a tool with the niceness MEDIA_NICENESS above the server', async () => {
    // Field 19 of /proc/<pid>/stat is the niceness; the fields after the command's name, which is in parentheses.
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const own = niceOf(await runTool('/bin/cat', [`/proc/${process.pid}/stat`]));
    const tools = niceOf(await runTool('/bin/cat', ['/proc/self/stat']));
    expect(tools).toBe(Math.min(19, own + MEDIA_NICENESS));
  });
});
