import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.js';

async function readAll<T>(queue: EventQueue<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of queue.read()) items.push(item);
  return items;
}

describe('EventQueue', () => {
  it('keeps items until they are read, in order, across a long run, then ends', async () => {
    const queue = new EventQueue<number>();
    const reading = readAll(queue);
    for (let n = 0; n < 5000; n++) queue.push(n);
    await Promise.resolve();
    for (let n = 5000; n < 6000; n++) queue.push(n);
    queue.end();
    queue.push(-1);
    expect(await reading).toEqual(Array.from({ length: 6000 }, (_, n) => n));
  });

  it('gives the reader the items before a failure, then the failure', async () => {
    const queue = new EventQueue<string>();
    queue.push('a');
    queue.fail(new Error('broken'));
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const item of queue.read()) seen.push(item);
      })(),
    ).rejects.toThrow('broken');
    expect(seen).toEqual(['a']);
  });

  it('tells when the reader leaves early, and not when it reads to the end', async () => {
    const left = new EventQueue<number>();
    let leaves = 0;
    left.onLeave = () => leaves++;
    left.push(1);
    left.push(2);
    for await (const item of left.read()) if (item === 1) break;
    expect(leaves).toBe(1);

    const read = new EventQueue<number>();
    read.onLeave = () => leaves++;
    read.push(1);
    read.end();
    await readAll(read);
    expect(leaves).toBe(1);
  });
});
