import { describe, expect, it } from 'vitest';
import { buildWebPage } from './build.js';

describe('the browser bundle', () => {
  it("swaps the Node-only modules the games' bots reach for their stubs: the terminal's keys, onnxruntime", async () => {
    const html = await buildWebPage();
    expect(html).toContain('the terminal human bot cannot play in the browser');
    expect(html).toContain('models play only under Node');
    // Neither module's Node imports made it in.
    expect(html).not.toContain('onnxruntime-node/dist/binding.js');
    expect(html).not.toMatch(/node:(tty|module)/);
  });
});
