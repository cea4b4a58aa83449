import { describe, expect, it } from 'vitest';
import { runTool } from '../../server/adapters/media/run';
import { BACKGROUND_NICENESS, inBackground, MEDIA_NICENESS } from '../../server/adapters/media/lowPriority';

// Field 19 of /proc/<pid>/stat is the niceness; the fields after the command's name, which is in parentheses.
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

/** Encoders yield the CPU to the web process: every media tool runs niced. */
describe('media tools at a lower CPU priority', () => {
  it('runs a tool with the niceness MEDIA_NICENESS above the server', async () => {
    const own = niceOf(await runTool('/bin/cat', [`/proc/${process.pid}/stat`]));
    const tools = niceOf(await runTool('/bin/cat', ['/proc/self/stat']));
    expect(tools).toBe(Math.min(19, own + MEDIA_NICENESS));
  });

  it('runs the tools of background work (a webm, a reel) lower still, so a first look beside it takes the CPU', async () => {
    const own = niceOf(await runTool('/bin/cat', [`/proc/${process.pid}/stat`]));
    const background = niceOf(await inBackground(() => runTool('/bin/cat', ['/proc/self/stat'])));
    const firstLook = niceOf(await runTool('/bin/cat', ['/proc/self/stat']));
    expect(background).toBe(Math.min(19, own + BACKGROUND_NICENESS));
    expect(firstLook).toBe(Math.min(19, own + MEDIA_NICENESS));
  });
});
