import { describe, expect, it } from 'vitest';
import { decodeTensor, fieldsSize, fieldsTable, layFields, readmeTable, TABLE_BEGIN, TABLE_END, tensorBlock, withReadmeTable } from './tensor.js';

describe('observation tensor fields', () => {
  const fields = layFields([
    ['a', 2, 'two | floats'],
    ['b', 1, 'one'],
    ['c', 3, 'three'],
  ]);

  it('lays fields end to end from 0, and decodes a tensor by them', () => {
    expect(fields.map((f) => [f.name, f.offset, f.length])).toEqual([
      ['a', 0, 2],
      ['b', 2, 1],
      ['c', 3, 3],
    ]);
    expect(fieldsSize(fields)).toBe(6);
    expect(fieldsSize([])).toBe(0);
    expect(decodeTensor(fields, Float32Array.of(0, 1, 0.5, 0, 0, 1))).toEqual({ a: [0, 1], b: [0.5], c: [0, 0, 1] });
    expect(() => decodeTensor(fields, new Float32Array(5))).toThrow('has no field c at 3+3');
    expect(() => layFields([['x', -1, '']])).toThrow(RangeError);
    expect(Object.isFrozen(fields) && Object.isFrozen(fields[0])).toBe(true);
  });

  it('writes the README table between its markers, and reads it back', () => {
    const block = tensorBlock(fields, 3);
    expect(block.split('\n').slice(0, 4)).toEqual(['Default rules, 3 players: 6 floats.', '', '| field | offset | length | meaning |', '|---|---|---|---|']);
    expect(fieldsTable(fields)).toContain('| `a` | 0 | 2 | two \\| floats |');
    const readme = `# Game\n\n${TABLE_BEGIN}\nold\n${TABLE_END}\n\nmore\n`;
    const written = withReadmeTable(readme, block);
    expect(readmeTable(written)).toBe(block);
    expect(written.endsWith(`${TABLE_END}\n\nmore\n`)).toBe(true);
    expect(readmeTable('# no markers')).toBeUndefined();
    expect(() => withReadmeTable('# no markers', block)).toThrow('no <!-- observation-tensor:begin');
  });
});
